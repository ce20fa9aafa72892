import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { SettingsPageProps } from '../categories';
import { useOAuthFailedBanner } from '../common/useOAuthFailedBanner';
import { AddCalendarIntegration } from './AddCalendarIntegration';
import { useCalendarIntegrations } from './api';
import { DeleteIntegrationDialog } from './DeleteIntegrationDialog';
import { IntegrationCard } from './IntegrationCard';
import type { CalendarIntegration } from './types';

/**
 * Settings › Calendar Integrations (docs/product/settings.md#calendar-integrations): /settings/calendar lists
 * the integrations, /settings/calendar/add chooses a provider, /settings/calendar/add/{provider} is the
 * provider's authorization flow.
 */
export function CalendarSettings({ practiceId }: SettingsPageProps) {
  const { action } = useParams();
  if (action === 'add') return <AddCalendarIntegration practiceId={practiceId} />;
  return <IntegrationList practiceId={practiceId} />;
}

function IntegrationList({ practiceId }: SettingsPageProps) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`pp.settings.calendar_integrations.${key}`, options);
  const integrations = useCalendarIntegrations(practiceId);
  const [failed, dismiss] = useOAuthFailedBanner();
  const [deleting, setDeleting] = useState<CalendarIntegration | null>(null);
  const list = integrations.data ?? [];

  let body;
  if (integrations.isLoading) {
    body = (
      <Stack direction="row" spacing={1.5} alignItems="center" role="status">
        <CircularProgress size={20} />
        <Typography>{t('loading')}</Typography>
      </Stack>
    );
  } else if (list.length === 0) {
    // A failed fetch is only logged (docs/product/settings.md#errors): the list is then simply empty.
    body = (
      <Typography color="text.secondary" data-testid="calendar-integrations-empty">
        {t('empty')}
      </Typography>
    );
  } else {
    body = (
      <Stack spacing={2}>
        {list.map((integration) => (
          <IntegrationCard
            key={integration.calendar_integration_id}
            practiceId={practiceId}
            integration={integration}
            onDelete={() => setDeleting(integration)}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Stack spacing={2}>
      {failed && (
        <Alert severity="error" onClose={dismiss} data-testid="calendar-oauth-failed">
          {t('oauth_failed')}
        </Alert>
      )}
      <Card variant="outlined">
        <CardContent>
          <Box
            sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, mb: 2 }}
          >
            <Box>
              <Typography variant="h5" component="h2">
                {t('title')}
              </Typography>
              <Typography color="text.secondary">{t('intro')}</Typography>
            </Box>
            {/* Only while no integration exists (docs/product/settings.md#calendar-integrations). */}
            {!integrations.isLoading && list.length === 0 && (
              <Button
                variant="contained"
                component={RouterLink}
                to="/settings/calendar/add"
                sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
              >
                {t('add')}
              </Button>
            )}
          </Box>
          {list.length > 0 && (
            <Alert severity="info" sx={{ mb: 2 }} data-testid="calendar-one-active">
              {t('one_active')}
            </Alert>
          )}
          {body}
        </CardContent>
      </Card>
      {deleting && (
        <DeleteIntegrationDialog
          practiceId={practiceId}
          integration={deleting}
          onClose={() => setDeleting(null)}
        />
      )}
    </Stack>
  );
}
