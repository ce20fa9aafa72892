import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import { Box, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** An area whose release has not landed yet says so plainly, with no made-up content. */
export function NotBuiltPage({ area }: { area: 'leads' | 'calendar' | 'analytics' | 'settings' }) {
  const translate = useTranslate();
  const name = translate(`pp.areas.${area}`);
  return (
    <Box sx={{ p: { xs: 2, md: 4 } }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {name}
      </Typography>
      <Paper
        variant="outlined"
        sx={{ p: 4, maxWidth: 640, display: 'flex', gap: 2.5, alignItems: 'flex-start' }}
      >
        <ConstructionOutlined color="primary" sx={{ fontSize: 36 }} />
        <Box>
          <Typography variant="h6" component="h2" gutterBottom>
            {translate('pp.common.not_built_title', { area: name })}
          </Typography>
          <Typography color="text.secondary" data-testid="not-built">
            {translate('pp.common.not_built', { area: name })}
          </Typography>
        </Box>
      </Paper>
    </Box>
  );
}
