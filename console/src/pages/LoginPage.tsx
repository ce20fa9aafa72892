import { Alert, Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { useLogin, useTranslate } from 'react-admin';
import { AFTER_LOGIN_PATH } from '../providers/authProvider';
import { clearSignInNotice, peekSignInNotice, takeReturnPath } from '../providers/storage';
import { AuthFrame } from './AuthFrame';

/** An inert link: present as the spec asks, with no action yet. */
function InertLink({ children }: { children: string }) {
  return (
    <Link
      component="button"
      type="button"
      underline="hover"
      sx={{ verticalAlign: 'baseline', fontSize: 'inherit' }}
    >
      {children}
    </Link>
  );
}

/**
 * Sign-in (docs/product/shell.md#sign-in, #errors). Success goes to /leads, or to the deep link the auth gate
 * interrupted. Errors show the server's detail or the spec's fallback texts.
 */
export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const [notice] = useState(peekSignInNotice);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  useEffect(clearSignInNotice, []);

  // Sign-in goes to /leads (docs/product/shell.md); only a deep link the auth gate interrupted is returned to
  // (docs/decisions/0039-console-on-front-desk-screens.md), never the page a user signed out from.
  const [next] = useState(() => {
    const path = takeReturnPath();
    return path && path.startsWith('/') && !path.startsWith('//') && path !== '/login'
      ? path
      : AFTER_LOGIN_PATH;
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(null);
    setSubmitting(true);
    try {
      await login(
        { username: String(form.get('email')).trim(), password: String(form.get('password')) },
        next,
      );
    } catch (failure) {
      setError((failure as Error)?.message || translate('pp.login.failed'));
      setSubmitting(false);
    }
  };

  return (
    <AuthFrame>
      <Typography variant="h4" component="h1" sx={{ mb: 0.5 }}>
        {translate('pp.login.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('pp.login.subtitle')}
      </Typography>
      {notice && !error && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="login-notice">
          {notice}
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert" data-testid="login-error">
          {error}
        </Alert>
      )}
      <Stack component="form" spacing={2.5} onSubmit={submit} aria-label={translate('pp.login.title')}>
        <TextField
          name="email"
          type="email"
          label={translate('pp.login.email')}
          autoComplete="username"
          required
          autoFocus
        />
        <TextField
          name="password"
          type="password"
          label={translate('pp.login.password')}
          autoComplete="current-password"
          required
        />
        <Box sx={{ textAlign: 'right', mt: '8px !important', typography: 'body2' }}>
          <InertLink>{translate('pp.login.forgot_password')}</InertLink>
        </Box>
        <Button type="submit" variant="contained" size="large" disabled={submitting}>
          {translate(submitting ? 'pp.login.submitting' : 'pp.login.submit')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        {translate('pp.login.no_account')} <InertLink>{translate('pp.login.sign_up')}</InertLink>
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 3, textAlign: 'center' }}>
        {translate('pp.login.agree')} <InertLink>{translate('pp.login.terms')}</InertLink>{' '}
        {translate('pp.login.and')} <InertLink>{translate('pp.login.privacy')}</InertLink>.
      </Typography>
    </AuthFrame>
  );
}
