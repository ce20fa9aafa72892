import { Alert, Button, CircularProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useStartDemo } from './api';
import { isWebsiteUrl } from './rules';

/**
 * The demo start form (docs/product/onboarding.md#demo-start): a website address, checked here
 * (#validation), sent to POST /api/v1/onboarding/start; success opens the session page.
 */
export function StartDemo() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const start = useStartDemo();
  const [websiteUrl, setWebsiteUrl] = useState('');
  const [invalid, setInvalid] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (start.isPending) return;
    const url = websiteUrl.trim();
    if (!isWebsiteUrl(url)) {
      setInvalid(true);
      start.reset();
      return;
    }
    setInvalid(false);
    start.mutate(url, {
      onSuccess: (sessionId) => navigate(`/onboarding-session/${encodeURIComponent(sessionId)}`),
    });
  };

  const error = invalid ? translate('pp.onboarding.errors.invalid_url') : start.error?.message;

  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        {translate('pp.onboarding.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('pp.onboarding.text')}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {/* The product's own message replaces the browser's bubble for an invalid address. */}
        <Stack
          component="form"
          spacing={2}
          noValidate
          onSubmit={submit}
          aria-label={translate('pp.onboarding.title')}
        >
          {error && (
            <Alert severity="error" role="alert" data-testid="onboarding-start-error">
              {error}
            </Alert>
          )}
          <TextField
            name="website_url"
            type="url"
            label={translate('pp.onboarding.website_label')}
            placeholder={translate('pp.onboarding.website_placeholder')}
            value={websiteUrl}
            onChange={(event) => setWebsiteUrl(event.target.value)}
            required
            autoFocus
            fullWidth
            error={invalid}
            disabled={start.isPending}
            slotProps={{ htmlInput: { inputMode: 'url', autoComplete: 'url' } }}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={start.isPending}
            startIcon={start.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {translate(start.isPending ? 'pp.onboarding.starting' : 'pp.onboarding.start')}
          </Button>
          <Typography variant="body2" color="text.secondary" data-testid="onboarding-footnote">
            {translate('pp.onboarding.footnote')}
          </Typography>
        </Stack>
      </Paper>
    </>
  );
}
