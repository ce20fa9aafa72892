import {
  Alert,
  Button,
  Card,
  CardActionArea,
  CardContent,
  CircularProgress,
  Stack,
  Typography,
} from '@mui/material';
import { useEffect, useRef } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import type { SettingsPageProps } from '../categories';
import { browser } from '../email/leavePage';
import { useCalendarIntegrations, useConnectCalendar, useCreateInternalIntegration } from './api';
import { providerName } from './providerNames';
import { CALENDAR_PROVIDERS, isOAuthCalendarProvider, type CalendarProvider } from './types';

/** What each provider's card says under its name (literal keys: the catalogue check reads them). */
const PROVIDER_HELP: Record<CalendarProvider, string> = {
  ghl: 'pp.settings.calendar_integrations.provider_help.ghl',
  symplast: 'pp.settings.calendar_integrations.provider_help.symplast',
  leadar: 'pp.settings.calendar_integrations.provider_help.leadar',
  internal: 'pp.settings.calendar_integrations.provider_help.internal',
};

/**
 * /settings/calendar/add: the choice of provider (docs/product/settings.md#calendar-integrations). GoHighLevel,
 * Symplast and Leadar open /settings/calendar/add/{provider}, the authorization flow; Internal is created at
 * once, or says 'Failed to create internal calendar integration. Please try again.'.
 */
export function AddCalendarIntegration({ practiceId }: SettingsPageProps) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`pp.settings.calendar_integrations.${key}`, options);
  const { provider } = useParams();
  const navigate = useNavigate();
  const integrations = useCalendarIntegrations(practiceId);
  const create = useCreateInternalIntegration(practiceId);

  if (isOAuthCalendarProvider(provider))
    return <AuthorizationFlow practiceId={practiceId} provider={provider} />;

  const choose = (choice: CalendarProvider) => {
    if (isOAuthCalendarProvider(choice)) navigate(`/settings/calendar/add/${choice}`);
    else create.mutate(undefined, { onSuccess: () => navigate('/settings/calendar') });
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h5" component="h2" gutterBottom>
          {t('add_title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('add_intro')}
        </Typography>
        {!!integrations.data?.length && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('one_active')}
          </Alert>
        )}
        {create.isError && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="calendar-create-failed">
            {t('create_internal_failed')}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          {CALENDAR_PROVIDERS.map((choice) => (
            <Card key={choice} variant="outlined" sx={{ flex: 1 }}>
              <CardActionArea
                onClick={() => choose(choice)}
                disabled={create.isPending}
                aria-label={providerName(translate, choice)}
                sx={{ height: '100%' }}
              >
                <CardContent>
                  <Typography variant="h6" component="h3">
                    {providerName(translate, choice)}
                  </Typography>
                  <Typography color="text.secondary" variant="body2">
                    {choice === 'internal' && create.isPending
                      ? t('creating')
                      : translate(PROVIDER_HELP[choice])}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Stack>
        <Button component={RouterLink} to="/settings/calendar">
          {t('back')}
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * /settings/calendar/add/{provider}: asks for the provider's authorization URL once and sends the browser there.
 * A failure to start is only logged (docs/product/settings.md#errors); the way back stays.
 */
function AuthorizationFlow({
  practiceId,
  provider,
}: {
  practiceId: string;
  provider: 'ghl' | 'symplast' | 'leadar';
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`pp.settings.calendar_integrations.${key}`, options);
  const connect = useConnectCalendar(practiceId, (url) => browser.leaveFor(url));
  const started = useRef(false);
  const { mutate } = connect;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate(provider);
  }, [mutate, provider]);
  const name = providerName(translate, provider);

  return (
    <Card variant="outlined" data-testid="calendar-authorization">
      <CardContent>
        <Typography variant="h5" component="h2" gutterBottom>
          {t('authorize_title', { provider: name })}
        </Typography>
        <Stack direction="row" spacing={1.5} alignItems="center" sx={{ mb: 2 }}>
          {!connect.isError && <CircularProgress size={18} />}
          <Typography color="text.secondary">{t('authorize_text', { provider: name })}</Typography>
        </Stack>
        <Button component={RouterLink} to="/settings/calendar">
          {t('back')}
        </Button>
      </CardContent>
    </Card>
  );
}
