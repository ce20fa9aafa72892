import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  LinearProgress,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useSessionStatus, type SessionState } from './api';
import { DemoChatCard } from './DemoChatCard';
import { ExtractedDataCard } from './ExtractedDataCard';
import { progressPercent, type SessionStatus } from './rules';
import { SignUpCard } from './SignUpCard';
import { VoiceDemoCard } from './VoiceDemoCard';

const BADGE_COLOR: Record<SessionStatus, 'success' | 'error' | 'info'> = {
  initiated: 'info',
  crawling: 'info',
  processing: 'info',
  ready: 'success',
  failed: 'error',
};

/** Two columns from md up (extracted data | chat, call and sign-up); one below. Columns may shrink: no side scroll. */
const COLUMNS = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
  alignItems: 'start',
} as const;

function NewSessionLink({ label }: { label: string }) {
  return (
    <Link component={RouterLink} to="/onboarding" underline="hover">
      {label}
    </Link>
  );
}

/**
 * One demo session (docs/product/onboarding.md#demo-session): its status asked every 5 s until ready or failed,
 * then the extracted data, the demo chat, the voice-call demo and the sign-up invitation.
 */
export function DemoSession({ sessionId }: { sessionId: string | undefined }) {
  const translate = useTranslate();
  if (!sessionId)
    return (
      <Alert severity="warning" data-testid="onboarding-no-session">
        {translate('pp.onboarding.no_session')}{' '}
        <NewSessionLink label={translate('pp.onboarding.start_new')} />
      </Alert>
    );
  return <KnownSession sessionId={sessionId} />;
}

function KnownSession({ sessionId }: { sessionId: string }) {
  const translate = useTranslate();
  const status = useSessionStatus(sessionId);

  if (status.error)
    return (
      <Alert severity="error" role="alert" data-testid="onboarding-session-error">
        {translate('pp.onboarding.load_failed', { message: status.error.message })}{' '}
        <NewSessionLink label={translate('pp.onboarding.try_new')} />
      </Alert>
    );
  if (!status.data)
    return (
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', py: 4 }}
        data-testid="onboarding-loading"
      >
        <CircularProgress size={24} />
        <Typography sx={{ overflowWrap: 'anywhere' }}>
          {translate('pp.onboarding.loading', { id: sessionId })}
        </Typography>
      </Stack>
    );

  const session = status.data;
  const ready = session.status === 'ready';
  return (
    <Stack spacing={3}>
      <SessionHeader sessionId={sessionId} session={session} />
      {session.status === 'failed' ? (
        <Alert severity="error" data-testid="onboarding-failed">
          <AlertTitle>{translate('pp.onboarding.failed_title')}</AlertTitle>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere', mb: 1 }}>
            {session.error_message?.trim() || translate('pp.onboarding.failed_unknown')}
          </Typography>
          <NewSessionLink label={translate('pp.onboarding.failed_retry')} />
        </Alert>
      ) : (
        <Box sx={COLUMNS}>
          {ready ? <ExtractedDataCard session={session} /> : <InProgressCard session={session} />}
          <Stack spacing={3} sx={{ minWidth: 0 }}>
            <DemoChatCard
              sessionId={sessionId}
              ready={ready}
              practiceName={session.extracted_data?.practice_name}
            />
            {ready && <VoiceDemoCard sessionId={sessionId} />}
            {ready && <SignUpCard sessionId={sessionId} />}
          </Stack>
        </Box>
      )}
      {ready && (
        <Box>
          <Button component={RouterLink} to="/onboarding" variant="outlined">
            {translate('pp.onboarding.new_session')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

function SessionHeader({ sessionId, session }: { sessionId: string; session: SessionState }) {
  const translate = useTranslate();
  const expires = session.expires_at ? new Date(session.expires_at) : undefined;
  return (
    <Card variant="outlined" data-testid="onboarding-header">
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}
        >
          <Typography variant="h5" component="h1">
            {translate('pp.onboarding.status_title')}
          </Typography>
          <Chip
            label={session.status.toUpperCase()}
            color={BADGE_COLOR[session.status] ?? 'info'}
            size="small"
            data-testid="onboarding-status-badge"
          />
        </Stack>
        <Typography sx={{ mt: 1, overflowWrap: 'anywhere' }} data-testid="onboarding-website">
          {session.website_url}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {translate('pp.onboarding.session_id', { id: sessionId })}
        </Typography>
        {expires && !Number.isNaN(expires.getTime()) && (
          <Typography variant="body2" color="text.secondary">
            {translate('pp.onboarding.expires', {
              date: expires.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }),
            })}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

function InProgressCard({ session }: { session: SessionState }) {
  const translate = useTranslate();
  const percent = progressPercent(session.progress);
  const found = session.progress?.pages_found ?? 0;
  return (
    <Card variant="outlined" data-testid="onboarding-in-progress">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('pp.onboarding.analyzing')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('pp.onboarding.stage', { status: session.status })}
        </Typography>
        <LinearProgress
          variant={percent === undefined ? 'indeterminate' : 'determinate'}
          value={percent}
          aria-label={translate('pp.onboarding.progress_label')}
          sx={{ mb: 1 }}
        />
        <Typography variant="body2" color="text.secondary" data-testid="onboarding-progress">
          {found > 0
            ? translate('pp.onboarding.progress', {
                found,
                processed: Math.min(session.progress?.pages_processed ?? 0, found),
              })
            : translate('pp.onboarding.progress_searching')}
        </Typography>
      </CardContent>
    </Card>
  );
}
