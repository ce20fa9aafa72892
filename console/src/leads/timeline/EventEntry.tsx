import BlockOutlined from '@mui/icons-material/BlockOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import TimelineOutlined from '@mui/icons-material/TimelineOutlined';
import { Typography } from '@mui/material';
import type { TimelineEventDto } from '@pp/contracts';
import { useTranslate } from 'react-admin';
import { EntryFrame } from './EntryFrame';
import { fieldChangeText, humanise, readable, reasoningOf } from './eventText';
import { MessageEntry } from './MessageEntry';
import { dateTimeOn, timeOn, usePracticeClock, zoneOfAppointment } from '../../practices/practiceClock';

const str = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);

const MESSAGE_TYPES = new Set(['sms_sent', 'sms_received', 'email_sent', 'email_received']);

/** Every timeline entry that is one event: messages, field updates, appointments, escalations, actions. */
export function EventEntry({ event }: { event: TimelineEventDto }) {
  const translate = useTranslate();
  const clock = usePracticeClock();
  const at = new Date(event.timestamp);
  const data = event.content_data;
  const reasoning = reasoningOf(event);
  const line = (value: string | null) =>
    value ? (
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {value}
      </Typography>
    ) : null;

  if (MESSAGE_TYPES.has(event.event_type)) return <MessageEntry event={event} />;

  switch (event.event_type) {
    case 'person_field_updated':
      return (
        <EntryFrame
          icon={<EditOutlined fontSize="small" />}
          title={fieldChangeText(event)}
          at={at}
          reasoning={reasoning}
        />
      );
    case 'appointment_scheduled':
    case 'appointment_rescheduled':
    case 'appointment_cancelled':
    case 'appointment_no_show': {
      const cancelled = event.event_type === 'appointment_cancelled';
      const start = cancelled ? (data.cancelled_start_time ?? data.start_time) : data.start_time;
      const end = cancelled ? (data.cancelled_end_time ?? data.end_time) : data.end_time;
      // On the location's clock, as the calendar shows it (the zone's name when it is not the browser's): the
      // zone the calendar sent with the event, else its location's, else the practice's.
      const zone = zoneOfAppointment(data, clock.locations, clock.zone);
      const endText = end ? timeOn(end, zone) : '';
      const when = endText
        ? [dateTimeOn(start, zone, { named: false }), endText].filter(Boolean).join(' – ')
        : dateTimeOn(start, zone);
      const movedFrom =
        event.event_type === 'appointment_rescheduled' ? dateTimeOn(data.from_start_time, zone) : '';
      return (
        <EntryFrame
          icon={<EventOutlined fontSize="small" />}
          title={translate(`pp.leads.timeline.${event.event_type}`)}
          at={at}
          reasoning={reasoning}
        >
          {line(when || null)}
          {movedFrom && (
            <Typography variant="caption" color="text.secondary">
              {translate('pp.leads.timeline.moved_from', { time: movedFrom })}
            </Typography>
          )}
          {line([str(data.title), str(data.location)].filter(Boolean).join(' · ') || str(data.description))}
          {line(readable(data.reason))}
        </EntryFrame>
      );
    }
    case 'ai_escalation':
      return (
        <EntryFrame
          icon={<NotificationsActiveOutlined fontSize="small" color="warning" />}
          title={translate('pp.leads.timeline.escalation')}
          at={at}
          reasoning={reasoning}
          meta={
            str(data.priority) && (
              <Typography variant="caption" color="warning.main">
                {translate('pp.leads.timeline.priority', { priority: str(data.priority) })}
              </Typography>
            )
          }
        >
          {line(str(data.reason))}
        </EntryFrame>
      );
    case 'scheduled_action':
    case 'action_executed':
      return (
        <EntryFrame
          icon={<ScheduleOutlined fontSize="small" />}
          title={translate(`pp.leads.timeline.${event.event_type}`)}
          at={at}
          reasoning={reasoning}
        >
          <Typography variant="caption" color="text.secondary" component="p">
            {[
              readable(data.action_type ?? data.action),
              readable(data.channel),
              dateTimeOn(data.start_time, clock.zone),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
          {line(str(data.message) ?? str(data.message_template) ?? readable(data.reason))}
          {line(str(data.notes))}
        </EntryFrame>
      );
    case 'outreach_stopped':
      return (
        <EntryFrame
          icon={<BlockOutlined fontSize="small" color="error" />}
          title={translate('pp.leads.timeline.outreach_stopped')}
          at={at}
          reasoning={reasoning}
        >
          {line(str(event.event_metadata.description) ?? readable(data.reason))}
          {line(str(data.notes))}
        </EntryFrame>
      );
    default:
      return (
        <EntryFrame
          icon={<TimelineOutlined fontSize="small" />}
          title={humanise(event.event_type)}
          at={at}
          reasoning={reasoning}
        >
          {line(str(event.event_metadata.description) ?? str(data.message) ?? str(data.reason))}
        </EntryFrame>
      );
  }
}
