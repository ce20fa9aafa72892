import { Alert, Button, CircularProgress, Link, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { AuthFrame } from '../pages/AuthFrame';
import { setSelectedPracticeId } from '../practices/selectedPractice';
import { AFTER_LOGIN_PATH, LOGIN_PATH } from '../providers/authProvider';
import { setAccessToken } from '../providers/storage';
import type { SessionState } from './api';
import { retrySessionStatus } from './rules';
import {
  normalised,
  SIGN_UP_FIELDS,
  signUpApi,
  type SignUpError,
  signUpKeys,
  signUpProblems,
  type SignUpField,
  type SignUpValues,
} from './signUp';

const EMPTY: SignUpValues = { first_name: '', last_name: '', email: '', password: '', practice_name: '' };

/** The demo named in the address (?demo_session_id=…), its status, and whether it can be saved. */
function useDemo(sessionId: string | undefined) {
  const query = useQuery<SessionState, SignUpError>({
    queryKey: signUpKeys.demo(sessionId ?? ''),
    queryFn: ({ signal }) => signUpApi.demo(sessionId ?? '', signal),
    enabled: Boolean(sessionId),
    retry: retrySessionStatus,
    // Asked once: what the page shows from it (the site, the practice name) does not change meanwhile.
    staleTime: Infinity,
    retryOnMount: false,
    refetchOnWindowFocus: false,
  });
  const notFound = query.error?.status === 404;
  return {
    session: query.data,
    pending: Boolean(sessionId) && query.isPending,
    error: query.error,
    notFound,
    /** Sent with the account unless the server said the demo is unknown or expired. */
    idToSend: sessionId && !query.isPending && !notFound ? sessionId : undefined,
  };
}

/**
 * /signup (public): creates the account with POST /api/v1/auth/register. Coming from the demo (the gateway's
 * redirect adds ?demo_session_id=…), it says which site's demo will be kept and prefills the practice name. On
 * success the token is stored as the sign-in stores it, the new practice becomes the selected one, and the
 * visitor lands in /leads.
 */
export function SignUpPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const demoSessionId = searchParams.get('demo_session_id')?.trim() || undefined;
  const demo = useDemo(demoSessionId);

  const [values, setValues] = useState<SignUpValues>(EMPTY);
  /** Whether the visitor has typed a practice name: until then it follows the demo's. */
  const [practiceTyped, setPracticeTyped] = useState(false);
  const [problems, setProblems] = useState<Partial<Record<SignUpField, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const inputs = useRef<Partial<Record<SignUpField, HTMLInputElement | null>>>({});

  const demoPracticeName = demo.session?.extracted_data?.practice_name;
  const shown: SignUpValues = {
    ...values,
    practice_name:
      practiceTyped || typeof demoPracticeName !== 'string' ? values.practice_name : demoPracticeName,
  };

  const change = (field: SignUpField) => (value: string) => {
    if (field === 'practice_name') setPracticeTyped(true);
    setValues((current) => ({ ...current, [field]: value }));
    setProblems((current) => {
      const others = { ...current };
      delete others[field];
      return others;
    });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || demo.pending) return;
    const request = normalised(shown);
    const found = signUpProblems(request);
    setProblems(found);
    const firstProblem = SIGN_UP_FIELDS.find((field) => found[field]);
    if (firstProblem) {
      setError(null);
      inputs.current[firstProblem]?.focus();
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      const answer = await signUpApi.register(
        demo.idToSend ? { ...request, demo_session_id: demo.idToSend } : request,
      );
      setAccessToken(answer.access_token);
      if (answer.practice_id) setSelectedPracticeId(answer.practice_id);
      // The admin checked the (missing) token when this public page opened: check again before entering.
      await queryClient.invalidateQueries({ queryKey: ['auth'] });
      navigate(AFTER_LOGIN_PATH);
    } catch (failure) {
      setError((failure as Error)?.message || translate('pp.signup.errors.failed'));
      setSubmitting(false);
    }
  };

  const field = (name: SignUpField) => ({
    name,
    value: shown[name],
    onChange: (event: { target: { value: string } }) => change(name)(event.target.value),
    error: Boolean(problems[name]),
    helperText: problems[name] ? translate(problems[name]) : undefined,
    inputRef: (element: HTMLInputElement | null) => {
      inputs.current[name] = element;
    },
    required: true,
    fullWidth: true,
  });

  return (
    <AuthFrame maxWidth={520}>
      <Typography variant="h4" component="h1" sx={{ mb: demoSessionId ? 1 : 3 }}>
        {translate('pp.signup.title')}
      </Typography>
      {demo.session && (
        <Typography color="text.secondary" sx={{ mb: 3, overflowWrap: 'anywhere' }} data-testid="signup-demo">
          {translate('pp.signup.demo', { website: demo.session.website_url ?? '' })}
        </Typography>
      )}
      {demo.pending && (
        <Typography
          color="text.secondary"
          sx={{ mb: 3, display: 'flex', alignItems: 'center', gap: 1 }}
          role="status"
        >
          <CircularProgress size={16} />
          {translate('pp.signup.demo_loading')}
        </Typography>
      )}
      {demo.error && (
        <Alert
          severity={demo.notFound ? 'info' : 'warning'}
          sx={{ mb: 3 }}
          data-testid="signup-demo-unavailable"
        >
          {demo.notFound
            ? demo.error.message
            : translate('pp.signup.demo_failed', { message: demo.error.message })}
        </Alert>
      )}
      <Stack
        component="form"
        spacing={2.5}
        noValidate
        onSubmit={submit}
        aria-label={translate('pp.signup.title')}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
          <TextField
            {...field('first_name')}
            label={translate('pp.signup.first_name')}
            autoComplete="given-name"
            autoFocus
          />
          <TextField
            {...field('last_name')}
            label={translate('pp.signup.last_name')}
            autoComplete="family-name"
          />
        </Stack>
        <TextField
          {...field('email')}
          type="email"
          label={translate('pp.signup.email')}
          autoComplete="email"
          slotProps={{ htmlInput: { inputMode: 'email', autoCapitalize: 'none', spellCheck: false } }}
        />
        <TextField
          {...field('password')}
          type="password"
          label={translate('pp.signup.password')}
          autoComplete="new-password"
          helperText={translate(problems.password ?? 'pp.signup.password_help')}
        />
        <TextField
          {...field('practice_name')}
          label={translate('pp.signup.practice_name')}
          autoComplete="organization"
        />
        {error && (
          <Alert severity="error" role="alert" data-testid="signup-error">
            {error}
          </Alert>
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={submitting || demo.pending}
          startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {translate(submitting ? 'pp.signup.submitting' : 'pp.signup.submit')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        {translate('pp.signup.have_account')}{' '}
        <Link component={RouterLink} to={LOGIN_PATH} underline="hover">
          {translate('pp.signup.sign_in')}
        </Link>
      </Typography>
    </AuthFrame>
  );
}
