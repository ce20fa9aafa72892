import CloseOutlined from '@mui/icons-material/CloseOutlined';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import SmsOutlined from '@mui/icons-material/SmsOutlined';
import { Avatar, Box, Button, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import type { AppointmentDto, EscalationOutcome } from '@pp/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { usePerson } from '../leads/api/personQueries';
import { EscalationOutcomeDialog } from '../leads/escalation/EscalationOutcomeDialog';
import { appointmentLabel, formatPhone, ghlContactUrl } from './calendarRules';
import { browserZone, zoneOf } from './clock';
import { ghlAppUrl } from './ghl';
import { StatusLabel } from './StatusLabel';

export const PANEL_WIDTH = 340;

/**
 * 'Tuesday, November 24, 2026, 10:00 AM – 10:30 AM CST' on the location's clock (its tz, else the practice's
 * zone), whatever the browser's zone (docs/decisions/0025-calendar-clock.md).
 */
export function when(appointment: AppointmentDto, fallbackZone: string): string {
  const start = new Date(appointment.start_time);
  const end = new Date(appointment.end_time);
  if (Number.isNaN(start.getTime())) return '';
  const timeZone = zoneOf(appointment, fallbackZone);
  const day = new Intl.DateTimeFormat(undefined, {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(start);
  const time = (instant: Date, named: boolean) =>
    new Intl.DateTimeFormat(undefined, {
      timeZone,
      hour: 'numeric',
      minute: '2-digit',
      ...(named ? { timeZoneName: 'short' } : {}),
    }).format(instant);
  const range = Number.isNaN(end.getTime())
    ? time(start, true)
    : `${time(start, false)} – ${time(end, true)}`;
  return `${day}, ${range}`;
}

/**
 * The right panel: the selected appointment (docs/product/calendar.md#appointment-detail). The practice's own
 * appointments with a lead get 'View Lead Profile' and Call, SMS and Email, which open the lead's escalation
 * outcome form with that outcome chosen (as the lead panel's quick actions do); external ones are labelled
 * 'External (source or Read-Only)' and link to the contact in GHL.
 */
export function AppointmentPanel({
  appointment,
  fallbackZone = browserZone(),
  onClose,
}: {
  appointment: AppointmentDto | null;
  /** The zone of an appointment without one of its own (the practice's). */
  fallbackZone?: string;
  onClose: () => void;
}) {
  const translate = useTranslate();
  return (
    <Box
      component="aside"
      aria-label={translate('pp.calendar.detail.title')}
      data-testid="appointment-panel"
      sx={{
        width: PANEL_WIDTH,
        flexShrink: 0,
        borderLeft: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        overflowY: 'auto',
        p: 2,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="overline" component="h2" color="text.secondary">
          {translate('pp.calendar.detail.title')}
        </Typography>
        <Tooltip title={translate('pp.calendar.detail.close')}>
          <IconButton size="small" aria-label={translate('pp.calendar.detail.close')} onClick={onClose}>
            <CloseOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      {appointment ? (
        <AppointmentDetail appointment={appointment} fallbackZone={fallbackZone} />
      ) : (
        <Typography color="text.secondary" variant="body2">
          {translate('pp.calendar.detail.not_found')}
        </Typography>
      )}
    </Box>
  );
}

function AppointmentDetail({
  appointment,
  fallbackZone,
}: {
  appointment: AppointmentDto;
  fallbackZone: string;
}) {
  const translate = useTranslate();
  const editable = appointment.is_editable !== false;
  const name =
    appointment.person_name?.trim() ||
    [appointment.person_first_name, appointment.person_last_name].filter(Boolean).join(' ');
  const education = (appointment.person_education ?? [])
    .map((entry) => [entry.degree, entry.name].filter(Boolean).join(', '))
    .filter(Boolean);
  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="h6" component="h3" data-testid="appointment-title">
          {appointmentLabel(appointment)}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="appointment-when">
          {when(appointment, fallbackZone)}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
          <Chip size="small" label={<StatusLabel status={appointment.status?.toLowerCase() ?? ''} />} />
          {!editable && (
            <Chip
              size="small"
              color="secondary"
              variant="outlined"
              label={translate('pp.calendar.detail.external')}
            />
          )}
        </Stack>
      </Box>
      {appointment.location_name && (
        <Field label={translate('pp.calendar.detail.location')}>{appointment.location_name}</Field>
      )}
      {(name || appointment.person_phone || appointment.person_email) && (
        <Box>
          <Typography variant="subtitle2" component="h4" gutterBottom>
            {translate('pp.calendar.detail.person')}
          </Typography>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
            {/* The initial, never a remote image (docs/decisions/0044-console-csp-and-map-tiles.md). */}
            <Avatar alt="" sx={{ width: 40, height: 40 }}>
              {name.charAt(0).toUpperCase()}
            </Avatar>
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }} noWrap>
                {name}
              </Typography>
              {(appointment.person_title || appointment.person_organization) && (
                <Typography variant="body2" color="text.secondary" noWrap>
                  {[appointment.person_title, appointment.person_organization].filter(Boolean).join(' · ')}
                </Typography>
              )}
            </Box>
          </Stack>
          {appointment.person_phone && (
            <Field label={translate('pp.calendar.detail.phone')}>
              {formatPhone(appointment.person_phone)}
            </Field>
          )}
          {appointment.person_email && (
            <Field label={translate('pp.calendar.detail.email')} oneLine={appointment.person_email} />
          )}
          {appointment.person_age !== null && appointment.person_age !== undefined && (
            <Field label={translate('pp.calendar.detail.age')}>{appointment.person_age}</Field>
          )}
          {appointment.person_location && (
            <Field label={translate('pp.calendar.detail.lives_in')}>{appointment.person_location}</Field>
          )}
          {education.length > 0 && (
            <Field label={translate('pp.calendar.detail.education')}>{education.join('; ')}</Field>
          )}
        </Box>
      )}
      {editable ? <LeadActions appointment={appointment} /> : <ExternalActions appointment={appointment} />}
    </Stack>
  );
}

/**
 * A labelled value. A value that must stay on one line (an e-mail) is cut with an ellipsis when long, the whole
 * of it on hover (docs/decisions/0039-console-on-front-desk-screens.md).
 */
function Field({ label, children, oneLine }: { label: string; children?: ReactNode; oneLine?: string }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, py: 0.25, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 72, flexShrink: 0 }}>
        {label}
      </Typography>
      {oneLine ? (
        <Typography variant="body2" noWrap title={oneLine} sx={{ minWidth: 0 }}>
          {oneLine}
        </Typography>
      ) : (
        <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
          {children}
        </Typography>
      )}
    </Box>
  );
}

/** 'View Lead Profile', and Call/SMS/Email when the lead has a phone or an email. */
function LeadActions({ appointment }: { appointment: AppointmentDto }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const personId = appointment.person_id;
  const hasPhone = Boolean(appointment.person_phone);
  const hasEmail = Boolean(appointment.person_email);
  const [outcome, setOutcome] = useState<EscalationOutcome | null>(null);
  // The outcome form needs the lead itself; it is loaded once a contact button is used.
  const person = usePerson(outcome && personId ? personId : null).data;
  if (!personId) return null;
  const contact = (value: EscalationOutcome, label: string, icon: ReactNode) => (
    <Button size="small" variant="outlined" startIcon={icon} onClick={() => setOutcome(value)}>
      {label}
    </Button>
  );
  return (
    <Stack spacing={1}>
      <Button variant="contained" onClick={() => navigate(`/leads/${encodeURIComponent(personId)}`)}>
        {translate('pp.calendar.detail.view_lead')}
      </Button>
      {(hasPhone || hasEmail) && (
        <Stack direction="row" spacing={1}>
          {hasPhone && contact('phone_call_sent', translate('pp.calendar.detail.call'), <PhoneOutlined />)}
          {hasPhone && contact('sms_sent', translate('pp.calendar.detail.sms'), <SmsOutlined />)}
          {hasEmail && contact('email_sent', translate('pp.calendar.detail.email_action'), <EmailOutlined />)}
        </Stack>
      )}
      {person && person.person_id === personId && (
        <EscalationOutcomeDialog person={person} outcome={outcome} onClose={() => setOutcome(null)} />
      )}
    </Stack>
  );
}

/** 'View in GHL': the contact in GHL, in a new tab, when the appointment names its location and contact. */
function ExternalActions({ appointment }: { appointment: AppointmentDto }) {
  const translate = useTranslate();
  const url = ghlContactUrl(ghlAppUrl(), appointment);
  return (
    <Stack spacing={1}>
      {appointment.source && (
        <Typography variant="body2" color="text.secondary">
          {translate('pp.calendar.detail.source', { source: appointment.source })}
        </Typography>
      )}
      {url && (
        <Button
          variant="outlined"
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          endIcon={<OpenInNewOutlined />}
        >
          {translate('pp.calendar.detail.view_in_ghl')}
        </Button>
      )}
    </Stack>
  );
}
