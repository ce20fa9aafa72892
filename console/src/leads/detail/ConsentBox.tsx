import ExpandMore from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Chip,
  Link,
  Stack,
  Typography,
  type ChipProps,
} from '@mui/material';
import type {
  ConsentChannel,
  ConsentChannelDto,
  ConsentRecordDto,
  ConsentStatus,
  ConsentWithdrawal,
} from '@pp/contracts';
import { useTranslate } from 'react-admin';
import { usePracticeClock } from '../../practices/practiceClock';
import { useLeadConsents } from '../api/personQueries';
import { localDate } from '../format/time';
import { safeHttpUrl } from '../timeline/eventText';

/** Literal keys, so the i18n check sees each one used. */
const CHANNEL_LABEL: Record<ConsentChannel, string> = {
  sms: 'pp.leads.consent.channels.sms',
  phone: 'pp.leads.consent.channels.phone',
  email: 'pp.leads.consent.channels.email',
};

const STATUS: Record<
  ConsentStatus,
  { label: string; color: ChipProps['color']; variant: ChipProps['variant'] }
> = {
  granted: { label: 'pp.leads.consent.status.granted', color: 'success', variant: 'filled' },
  refused: { label: 'pp.leads.consent.status.refused', color: 'error', variant: 'filled' },
  withdrawn: { label: 'pp.leads.consent.status.withdrawn', color: 'default', variant: 'filled' },
  opted_out: { label: 'pp.leads.consent.status.opted_out', color: 'error', variant: 'outlined' },
  none: { label: 'pp.leads.consent.status.none', color: 'default', variant: 'outlined' },
};

const REASON: Record<ConsentWithdrawal, string> = {
  sms_keyword: 'pp.leads.consent.reasons.sms_keyword',
  carrier_unsubscribed: 'pp.leads.consent.reasons.carrier_unsubscribed',
  opt_out_message: 'pp.leads.consent.reasons.opt_out_message',
  staff_removal: 'pp.leads.consent.reasons.staff_removal',
  email_unsubscribe: 'pp.leads.consent.reasons.email_unsubscribe',
  email_reply: 'pp.leads.consent.reasons.email_reply',
};

const SOURCE: Record<string, string> = {
  website_form: 'pp.leads.consent.sources.website_form',
  sms_keyword: 'pp.leads.consent.sources.sms_keyword',
};

/** The day of a consent change, on the practice's clock. */
const day = (iso: string, zone: string) => localDate(new Date(iso), zone);

/**
 * Where the lead stands on each channel and the evidence behind it (docs/product/channels.md#consent-ledger):
 * what the form (or a START) said, when, on which page, and how each consent ended. Everything the lead typed is
 * shown as text; a page address only as an http(s) link.
 */
export function ConsentBox({ personId }: { personId: string }) {
  const translate = useTranslate();
  const ledger = useLeadConsents(personId);

  return (
    <Stack
      spacing={1}
      component="section"
      aria-label={translate('pp.leads.consent.title')}
      data-testid="consent"
    >
      <Typography variant="overline" color="text.secondary" component="h3">
        {translate('pp.leads.consent.title')}
      </Typography>
      {ledger.isPending ? (
        <Typography variant="body2" color="text.secondary">
          {translate('pp.leads.consent.loading')}
        </Typography>
      ) : ledger.error || !ledger.data ? (
        <Alert severity="error">{ledger.error?.message ?? translate('pp.errors.consents')}</Alert>
      ) : (
        <>
          <Stack spacing={0.5}>
            {ledger.data.channels.map((channel) => (
              <ChannelRow key={channel.channel} channel={channel} />
            ))}
          </Stack>
          <History records={ledger.data.records} />
        </>
      )}
    </Stack>
  );
}

function ChannelRow({ channel }: { channel: ConsentChannelDto }) {
  const translate = useTranslate();
  const { zone } = usePracticeClock();
  const status = STATUS[channel.status] ?? STATUS.none;
  return (
    <Stack direction="row" spacing={1} alignItems="center" data-testid={`consent-${channel.channel}`}>
      <Typography variant="body2" sx={{ minWidth: 64 }}>
        {translate(CHANNEL_LABEL[channel.channel])}
      </Typography>
      <Chip size="small" label={translate(status.label)} color={status.color} variant={status.variant} />
      {channel.since && (
        <Typography variant="caption" color="text.secondary">
          {translate('pp.leads.consent.since', { date: day(channel.since, zone) })}
        </Typography>
      )}
    </Stack>
  );
}

function History({ records }: { records: ConsentRecordDto[] }) {
  const translate = useTranslate();
  if (records.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('pp.leads.consent.no_history')}
      </Typography>
    );
  }
  return (
    <Accordion disableGutters elevation={0} sx={{ bgcolor: 'transparent', '&::before': { display: 'none' } }}>
      <AccordionSummary expandIcon={<ExpandMore />} sx={{ px: 0, minHeight: 0 }}>
        <Typography variant="body2">
          {translate('pp.leads.consent.history', { count: records.length })}
        </Typography>
      </AccordionSummary>
      <AccordionDetails sx={{ px: 0 }}>
        <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {records.map((record) => (
            <Record key={record.consent_id} record={record} />
          ))}
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}

function Record({ record }: { record: ConsentRecordDto }) {
  const translate = useTranslate();
  const { zone } = usePracticeClock();
  const channel = translate(CHANNEL_LABEL[record.channel]);
  const page = safeHttpUrl(record.page_url);
  const source = SOURCE[record.source]
    ? translate(SOURCE[record.source])
    : translate('pp.leads.consent.sources.other', { source: record.source });
  return (
    <Stack component="li" spacing={0.25} data-testid="consent-record">
      <Typography variant="body2">
        {translate(record.granted ? 'pp.leads.consent.given' : 'pp.leads.consent.refused_on', {
          channel,
          date: day(record.given_at, zone),
        })}{' '}
        {source}
      </Typography>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ fontStyle: 'italic', overflowWrap: 'anywhere' }}
      >
        “{record.consent_text}”
      </Typography>
      {page && (
        <Link
          variant="caption"
          href={page}
          target="_blank"
          rel="noopener noreferrer"
          sx={{ overflowWrap: 'anywhere' }}
        >
          {translate('pp.leads.consent.page')}: {page}
        </Link>
      )}
      {record.withdrawn_at && (
        <Typography variant="caption" color="text.secondary">
          {translate('pp.leads.consent.withdrawn', {
            date: day(record.withdrawn_at, zone),
            reason: translate(
              record.withdrawn_reason ? REASON[record.withdrawn_reason] : 'pp.leads.consent.reasons.unknown',
            ),
          })}
        </Typography>
      )}
    </Stack>
  );
}
