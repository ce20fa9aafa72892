import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import HelpOutline from '@mui/icons-material/HelpOutline';
import HourglassEmpty from '@mui/icons-material/HourglassEmpty';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import { Box, Button, Chip, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { CalendarConfigPanel } from './CalendarConfigPanel';
import { providerName } from './providerNames';
import type { CalendarIntegration } from './types';
import { useConnectionTest, type ConnectionTestState } from './useConnectionTest';

type ChipColour = 'success' | 'error' | 'warning' | 'default';

/** Each status with its colour and icon (literal keys: the catalogue check reads them); others are grey. */
const STATUSES: Record<string, { label: string; colour: ChipColour; icon: ReactElement }> = {
  active: {
    label: 'pp.settings.calendar_integrations.statuses.active',
    colour: 'success',
    icon: <CheckCircleOutline />,
  },
  error: {
    label: 'pp.settings.calendar_integrations.statuses.error',
    colour: 'error',
    icon: <ErrorOutline />,
  },
  pending: {
    label: 'pp.settings.calendar_integrations.statuses.pending',
    colour: 'warning',
    icon: <HourglassEmpty />,
  },
};

/** The test button's look in each state of the connection test. */
const TEST_BUTTON: Record<ConnectionTestState, { label: string; colour: 'primary' | 'success' | 'error' }> = {
  idle: { label: 'pp.settings.calendar_integrations.test_connection', colour: 'primary' },
  testing: { label: 'pp.settings.calendar_integrations.testing', colour: 'primary' },
  success: { label: 'pp.settings.calendar_integrations.connected', colour: 'success' },
  error: { label: 'pp.settings.calendar_integrations.failed', colour: 'error' },
};

const TEST_ICONS: Record<ConnectionTestState, ReactElement> = {
  idle: <SyncOutlined />,
  testing: <CircularProgress size={16} color="inherit" />,
  success: <CheckCircleOutline />,
  error: <ErrorOutline />,
};

/**
 * One integration: provider, status, account and last sync, its configuration panel (opened and closed per
 * integration), the connection test and Delete (docs/product/settings.md#calendar-integrations).
 */
export function IntegrationCard({
  practiceId,
  integration,
  onDelete,
}: {
  practiceId: string;
  integration: CalendarIntegration;
  onDelete: () => void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`pp.settings.calendar_integrations.${key}`, options);
  const [configuring, setConfiguring] = useState(false);
  const test = useConnectionTest(integration.calendar_integration_id);
  const name = providerName(translate, integration.provider);
  const status = STATUSES[integration.status];
  const lastSync =
    test.syncedAt ?? (integration.last_sync_timestamp && new Date(integration.last_sync_timestamp));
  const button = TEST_BUTTON[test.state];

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="calendar-integration">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2 }}>
        <Box sx={{ flex: 1, minWidth: 220 }}>
          <Stack direction="row" spacing={1.5} alignItems="center" sx={{ mb: 0.5 }}>
            <Typography variant="h6" component="h3">
              {name}
            </Typography>
            <Chip
              size="small"
              variant="outlined"
              data-testid="calendar-integration-status"
              data-status={integration.status}
              color={status?.colour ?? 'default'}
              icon={status?.icon ?? <HelpOutline />}
              label={status ? translate(status.label) : integration.status}
            />
          </Stack>
          {/* Internal's account is the practice itself: nothing to tell staff. */}
          {integration.provider !== 'internal' && (
            <Typography variant="body2" color="text.secondary">
              {t('account', { account: integration.provider_tenant_id })}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary" data-testid="calendar-last-sync">
            {t('last_sync', { time: lastSync ? lastSync.toLocaleString() : t('never_synced') })}
          </Typography>
          {integration.last_error && (
            <Typography variant="body2" color="error" sx={{ mt: 0.5 }}>
              {integration.last_error}
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
          <Button
            variant="outlined"
            startIcon={<SettingsOutlined />}
            aria-expanded={configuring}
            onClick={() => setConfiguring((open) => !open)}
          >
            {configuring ? t('hide_configuration') : t('configure')}
          </Button>
          <Button
            variant="outlined"
            color={button.colour}
            startIcon={TEST_ICONS[test.state]}
            data-testid="calendar-connection-test"
            data-state={test.state}
            aria-live="polite"
            disabled={test.state === 'testing'}
            onClick={() => {
              if (test.state === 'idle') void test.run();
            }}
          >
            {translate(button.label)}
          </Button>
          <Button
            variant="outlined"
            color="error"
            startIcon={<DeleteOutline />}
            aria-label={t('delete_label', { provider: name })}
            onClick={onDelete}
          >
            {t('delete')}
          </Button>
        </Stack>
      </Box>
      {configuring && <CalendarConfigPanel practiceId={practiceId} integration={integration} />}
    </Paper>
  );
}
