import PhoneInTalk from '@mui/icons-material/PhoneInTalk';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  CircularProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { useCallMe } from './api';

/**
 * The voice-call demo (docs/product/onboarding.md#demo-session, #calls): the visitor's number is saved on the
 * session, then the demo assistant calls it. 'Call Me Now' waits while the number is blank or a request runs;
 * the number is not checked here (#validation).
 */
export function VoiceDemoCard({ sessionId }: { sessionId: string }) {
  const translate = useTranslate();
  const callMe = useCallMe(sessionId);
  const [phone, setPhone] = useState('');
  const [calledPhone, setCalledPhone] = useState<string | null>(null);
  const number = phone.trim();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!number || callMe.isPending) return;
    setCalledPhone(null);
    callMe.mutate(number, { onSuccess: () => setCalledPhone(number) });
  };

  return (
    <Card variant="outlined" data-testid="onboarding-voice">
      <CardHeader
        title={
          <Typography variant="h6" component="h2">
            {translate('pp.onboarding.voice.title')}
          </Typography>
        }
        subheader={translate('pp.onboarding.voice.text')}
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack component="form" spacing={2} onSubmit={submit}>
          {calledPhone && (
            <Alert severity="success" data-testid="onboarding-call-started" sx={{ overflowWrap: 'anywhere' }}>
              {translate('pp.onboarding.voice.initiated', { phone: calledPhone })}
            </Alert>
          )}
          {callMe.error && (
            <Alert severity="error" role="alert" data-testid="onboarding-call-error">
              {callMe.error.message}
            </Alert>
          )}
          <TextField
            type="tel"
            label={translate('pp.onboarding.voice.phone_label')}
            placeholder={translate('pp.onboarding.voice.phone_placeholder')}
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            size="small"
            fullWidth
            slotProps={{ htmlInput: { autoComplete: 'tel' } }}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={!number || callMe.isPending}
            startIcon={callMe.isPending ? <CircularProgress size={18} color="inherit" /> : <PhoneInTalk />}
          >
            {translate('pp.onboarding.voice.call')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
