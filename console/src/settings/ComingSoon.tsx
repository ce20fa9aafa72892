import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import { Box, Chip, Paper, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * A category whose page is not built: its title and 'settings are currently under development. This section
 * will be available in a future update.' (docs/product/settings.md#settings-shell).
 */
export function ComingSoon({ title }: { title: string }) {
  const translate = useTranslate();
  const name = translate(title);
  return (
    <Paper variant="outlined" sx={{ p: 4, maxWidth: 720 }} data-testid="settings-coming-soon">
      <Stack direction="row" spacing={2.5} alignItems="flex-start">
        <ConstructionOutlined color="primary" sx={{ fontSize: 36 }} />
        <Box>
          <Stack direction="row" spacing={1.5} alignItems="center" sx={{ mb: 1 }}>
            <Typography variant="h6" component="h2">
              {name}
            </Typography>
            <Chip size="small" label={translate('pp.settings.coming_soon')} />
          </Stack>
          <Typography color="text.secondary">
            {translate('pp.settings.coming_soon_text', { title: name })}
          </Typography>
        </Box>
      </Stack>
    </Paper>
  );
}
