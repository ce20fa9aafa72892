import { Button, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { API_URL } from '../providers/http';
import { browser } from '../settings/email/leavePage';

/** The register page of the gateway, told which demo to keep (docs/product/onboarding.md#demo-session). */
export const registerUrl = (sessionId: string) =>
  `${API_URL}/auth/register?demo_session_id=${encodeURIComponent(sessionId)}`;

/** 'Like what you see?': the sign-up button leaves the console for the register page (a plain navigation). */
export function SignUpCard({ sessionId }: { sessionId: string }) {
  const translate = useTranslate();
  return (
    <Card
      variant="outlined"
      data-testid="onboarding-signup"
      sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}
    >
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('pp.onboarding.signup.title')}
        </Typography>
        <Typography sx={{ mb: 2, opacity: 0.9 }}>{translate('pp.onboarding.signup.text')}</Typography>
        <Button
          variant="contained"
          color="inherit"
          sx={{ color: 'primary.main', bgcolor: 'common.white', '&:hover': { bgcolor: 'grey.100' } }}
          onClick={() => browser.leaveFor(registerUrl(sessionId))}
        >
          {translate('pp.onboarding.signup.button')}
        </Button>
      </CardContent>
    </Card>
  );
}
