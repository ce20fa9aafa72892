import { Box, Button, Container, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { Brand } from '../layout/Brand';

/** The public welcome page at / (docs/product/shell.md, route table). */
export function WelcomePage() {
  const translate = useTranslate();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Container maxWidth="lg" sx={{ py: 3 }}>
        <Brand />
      </Container>
      <Container
        maxWidth="md"
        sx={{ flex: 1, display: 'grid', placeItems: 'center', textAlign: 'center', pb: 10 }}
      >
        <Box>
          <Typography variant="h1" sx={{ mb: 2 }}>
            {translate('pp.welcome.title')}
          </Typography>
          <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 400, mb: 5 }}>
            {translate('pp.welcome.text')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
            <Button component={Link} to="/leads" variant="contained" size="large">
              {translate('pp.welcome.view_leads')}
            </Button>
            <Button component={Link} to="/onboarding" variant="outlined" size="large">
              {translate('pp.welcome.try_demo')}
            </Button>
            <Button component={Link} to="/login" variant="text" size="large">
              {translate('pp.welcome.login')}
            </Button>
          </Stack>
        </Box>
      </Container>
    </Box>
  );
}
