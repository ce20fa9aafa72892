import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import { Box, Button, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

/** An address the console has no page for: says so plainly and offers the way back to the leads. */
export function NotFoundPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: { xs: 2, md: 4 } }} data-testid="not-found">
      <Paper
        variant="outlined"
        sx={{ p: 4, maxWidth: 640, display: 'flex', gap: 2.5, alignItems: 'flex-start' }}
      >
        <SearchOffOutlined color="primary" sx={{ fontSize: 36 }} />
        <Box>
          <Typography variant="h5" component="h1" gutterBottom>
            {translate('pp.common.not_found_title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {translate('pp.common.not_found_text')}
          </Typography>
          <Button variant="contained" component={RouterLink} to="/leads">
            {translate('pp.common.back_to_leads')}
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
