import ChatOutlined from '@mui/icons-material/ChatOutlined';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import SmsOutlined from '@mui/icons-material/SmsOutlined';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  FormControlLabel,
  Grid,
  Link,
  Stack,
  Switch,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { emailAccountStatusLabel, type EmailAccount } from '@pp/contracts';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { failureText } from '../../common/errorText';
import { ErrorState } from '../../common/ErrorState';
import type { SettingsPageProps } from '../categories';
import { useEmailAccounts } from '../email/api';
import { usePractice } from '../practice/api';
import { useSaveCommunications, useVirtualNumbers } from './api';
import { VirtualNumbersCard } from './VirtualNumbersCard';
import {
  AUTOMATION_LEVELS,
  channelStates,
  channelUnavailable,
  COMMUNICATION_CHANNELS,
  communicationEnabled,
  defaultNumber,
  shownAccounts,
  withChannel,
  withMasterSwitch,
  type AutomationLevel,
  type CommunicationChannel,
  type VirtualNumber,
} from './rules';

const ICONS: Record<CommunicationChannel, ReactNode> = {
  email: <EmailOutlined />,
  phone: <PhoneOutlined />,
  sms: <SmsOutlined />,
  chat: <ChatOutlined />,
};

/**
 * Settings › AI Communications (docs/product/settings.md#communications): the Enable Communication switch with
 * its per-channel memory, the automation level, and the four channel cards, each usable only when its
 * prerequisites hold (#channel-availability). Every change saves at once through PATCH practices/{id}.
 */
export function CommunicationsSettings({ practiceId }: SettingsPageProps) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`pp.settings.communications.${key}`, options);
  const practice = usePractice(practiceId);
  const accounts = useEmailAccounts(practiceId);
  const numbers = useVirtualNumbers(practiceId);
  const save = useSaveCommunications(practiceId);

  if (practice.isLoading) {
    return (
      <Stack direction="row" spacing={1.5} alignItems="center" role="status">
        <CircularProgress size={20} />
        <Typography>{t('loading')}</Typography>
      </Stack>
    );
  }
  if (!practice.data) {
    return <Alert severity="error">{t('load_failed', { message: practice.error?.message ?? '' })}</Alert>;
  }

  const preferences = practice.data.outreach_preferences ?? {};
  const enabled = communicationEnabled(preferences);
  const states = channelStates(preferences);
  const level = (AUTOMATION_LEVELS as readonly string[]).includes(practice.data.automation_level)
    ? (practice.data.automation_level as AutomationLevel)
    : null;
  const context = { enabled, accounts: accounts.data ?? [], numbers: numbers.data ?? [] };
  // A failed save goes back to what the server holds and says why, beside what was changed, with 'Try again'
  // (docs/decisions/0039-console-on-front-desk-screens.md).
  const failed = save.error ? (
    <Box sx={{ mt: 2 }}>
      <ErrorState
        testId="communications-save-failed"
        message={failureText(save.error, translate('pp.leads.validation.save_failed'))}
        onRetry={save.variables ? () => save.mutate(save.variables) : undefined}
      />
    </Box>
  ) : null;
  const levelFailed = Boolean(save.variables && 'automation_level' in save.variables);

  return (
    <Stack spacing={2} data-testid="communications-settings">
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h5" component="h2">
            {t('title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('intro')}
          </Typography>
          <FormControlLabel
            control={
              <Switch
                checked={enabled}
                onChange={(event) =>
                  save.mutate({ outreach_preferences: withMasterSwitch(preferences, event.target.checked) })
                }
              />
            }
            label={t('enable')}
          />
          <Typography color="text.secondary" variant="body2" data-testid="communication-state">
            {enabled ? t('enable_on') : t('enable_off')}
          </Typography>
          {!levelFailed && failed}
        </CardContent>
      </Card>

      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h3" id="automation-level-title" sx={{ mb: 1.5 }}>
            {t('automation')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            color="primary"
            value={level}
            aria-labelledby="automation-level-title"
            onChange={(_, value: AutomationLevel | null) => {
              if (value && value !== level) save.mutate({ automation_level: value });
            }}
            // Equal columns that wrap evenly (never one lonely button on a second line of its own width).
            sx={{
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
              gap: 1,
              '& .MuiToggleButtonGroup-grouped': {
                m: 0,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
              },
              '& .MuiToggleButtonGroup-grouped.Mui-selected': { borderColor: 'primary.main' },
            }}
          >
            {AUTOMATION_LEVELS.map((value) => (
              <ToggleButton
                key={value}
                value={value}
                data-testid={`automation-${value}`}
                sx={{
                  textTransform: 'none',
                  flexDirection: 'column',
                  alignItems: 'flex-start',
                  justifyContent: 'flex-start',
                }}
              >
                <Typography fontWeight={600}>
                  {translate(`pp.settings.communications.levels.${value}`)}
                </Typography>
                <Typography variant="body2" color="text.secondary" textAlign="left">
                  {translate(`pp.settings.communications.level_meaning.${value}`)}
                </Typography>
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {levelFailed && failed}
        </CardContent>
      </Card>

      <Typography variant="h6" component="h3">
        {t('channels_title')}
      </Typography>
      <Grid container spacing={2}>
        {COMMUNICATION_CHANNELS.map((channel) => {
          const reason = channelUnavailable(channel, context);
          return (
            <Grid key={channel} size={{ xs: 12, md: 6 }}>
              <ChannelCard
                channel={channel}
                on={states[channel] && !reason}
                reason={reason ? translate(`pp.settings.communications.unavailable.${reason}`) : null}
                onChange={(on) =>
                  save.mutate({ outreach_preferences: withChannel(preferences, channel, on) })
                }
              >
                {channel === 'email' && <EmailAccounts accounts={accounts.data ?? []} />}
                {(channel === 'phone' || channel === 'sms') && <DefaultNumber numbers={numbers.data ?? []} />}
              </ChannelCard>
            </Grid>
          );
        })}
      </Grid>
      {numbers.data && <VirtualNumbersCard practiceId={practiceId} numbers={numbers.data} />}
    </Stack>
  );
}

function ChannelCard({
  channel,
  on,
  reason,
  onChange,
  children,
}: {
  channel: CommunicationChannel;
  on: boolean;
  reason: string | null;
  onChange: (on: boolean) => void;
  children?: ReactNode;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`pp.settings.communications.${key}`, options);
  const name = translate(`pp.settings.communications.channels.${channel}`);
  return (
    <Card variant="outlined" data-testid={`channel-${channel}`} sx={{ height: '100%' }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Stack direction="row" spacing={1} alignItems="center">
            {ICONS[channel]}
            <Typography variant="subtitle1" component="h4" fontWeight={600}>
              {name}
            </Typography>
          </Stack>
          <Switch
            checked={on}
            disabled={reason !== null}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: { 'aria-label': t('channel_toggle', { channel: name }) } }}
          />
        </Box>
        <Typography variant="body2" color="text.secondary">
          {translate(`pp.settings.communications.channel_help.${channel}`)}
        </Typography>
        {reason && (
          <Typography variant="body2" color="warning.main" sx={{ mt: 1 }} data-testid="channel-unavailable">
            {reason}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}

/** The email card's accounts: 2, then '+N more' (docs/product/settings.md#communications). */
function EmailAccounts({ accounts }: { accounts: readonly EmailAccount[] }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`pp.settings.communications.${key}`, options);
  const { shown, more } = shownAccounts(accounts);
  return (
    <Box sx={{ mt: 1.5 }}>
      {shown.length === 0 ? (
        <Typography variant="body2">{t('no_accounts')}</Typography>
      ) : (
        <Stack spacing={0.5} data-testid="channel-email-accounts">
          {shown.map((account) => (
            <Stack key={account.email_account_id} direction="row" spacing={1} alignItems="center">
              <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>
                {account.email_address}
              </Typography>
              <Chip
                size="small"
                label={emailAccountStatusLabel(account.status)}
                color={account.status === 'active' ? 'success' : 'default'}
              />
            </Stack>
          ))}
          {more > 0 && (
            <Typography variant="body2" color="text.secondary" data-testid="channel-email-more">
              {t('more_accounts', { count: more })}
            </Typography>
          )}
        </Stack>
      )}
      <Link
        component={RouterLink}
        to="/settings/email"
        variant="body2"
        sx={{ display: 'inline-block', mt: 1 }}
      >
        {t('manage_accounts')}
      </Link>
    </Box>
  );
}

function DefaultNumber({ numbers }: { numbers: readonly VirtualNumber[] }) {
  const translate = useTranslate();
  const number = defaultNumber(numbers);
  if (!number) return null;
  return (
    <Typography variant="body2" sx={{ mt: 1 }}>
      {translate('pp.settings.communications.default_number', { number: number.phone_number })}
    </Typography>
  );
}
