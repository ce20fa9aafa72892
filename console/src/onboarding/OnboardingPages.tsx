import { Box, Container, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { Brand } from '../layout/Brand';

/**
 * The public demo (/onboarding and /onboarding-session/:id) needs no sign-in. Its form, status polling, chat
 * and voice demo arrive with the onboarding release; until then the page says so.
 */
export function OnboardingPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Container maxWidth="lg" sx={{ py: 3 }}>
        <Box component={Link} to="/" sx={{ textDecoration: 'none' }}>
          <Brand />
        </Box>
      </Container>
      <Container maxWidth="sm" sx={{ py: 6 }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {translate('pp.onboarding.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {translate('pp.onboarding.text')}
        </Typography>
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography data-testid="not-built">{translate('pp.onboarding.not_built')}</Typography>
        </Paper>
      </Container>
    </Box>
  );
}
