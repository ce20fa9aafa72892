import type { LeadBroadcastMessage } from '@pp/contracts';
import { en } from '../i18n/en';
import { ANALYTICS } from './constants';

/** The Live Lead Events rows (docs/product/live-connection.md#live-event-rows), derived from lead events. */

export const CHANNELS = ['phone', 'email', 'sms', 'webchat', 'appointment'] as const;
export type Channel = (typeof CHANNELS)[number];
export type Direction = 'incoming' | 'outgoing' | 'unknown';

/** A new phone row's status until the call completes. */
export const IN_PROGRESS = en.pp.analytics.realtime.in_progress;
export const COMPLETED = 'completed';
/** A call staff logged by hand: no call of the voice channel (no call_sid), so nothing is in progress. */
export const LOGGED_CALL = en.pp.analytics.realtime.logged_call;

/** The voice channel's call statuses after which nothing is in progress any more (Twilio's words). */
const ENDED_CALL = new Set(['completed', 'busy', 'no-answer', 'failed', 'canceled', 'voicemail']);

export interface LiveEventRow {
  /** The event that made (or last updated) the row. */
  id: string;
  channel: Channel;
  direction: Direction;
  status: string;
  timestamp: string;
  person: { person_id: string; name: string };
  /** Phone rows: the call, so its completion finds the row. */
  call_sid: string | null;
}

/** The event's channel, or null for a type that is none of them (the event is ignored). */
export function channelOf(eventType: string): Channel | null {
  const type = eventType.toLowerCase();
  if (type.startsWith('appointment_')) return 'appointment';
  if (type.startsWith('phone_') || type.startsWith('call_') || type.includes('_call')) return 'phone';
  if (type.startsWith('email_')) return 'email';
  if (type.startsWith('sms_')) return 'sms';
  if (type.startsWith('webchat_') || type.startsWith('chat_')) return 'webchat';
  return null;
}

/** Outgoing for '_sent' types, unknown for appointments, incoming otherwise. */
export function directionOf(eventType: string, channel: Channel): Direction {
  if (channel === 'appointment') return 'unknown';
  return eventType.includes('_sent') ? 'outgoing' : 'incoming';
}

const callSidOf = (event: Pick<LeadBroadcastMessage, 'content_data'>): string | null => {
  const sid = event.content_data?.call_sid;
  return typeof sid === 'string' && sid ? sid : null;
};

const nameOf = (event: LeadBroadcastMessage): string =>
  [event.person_data?.first_name, event.person_data?.last_name]
    .filter((part): part is string => Boolean(part?.trim()))
    .join(' ');

/**
 * A phone row's status: 'completed' for a phone_call_completed; for a call of the voice channel (it has a
 * call_sid) 'In Progress' until it ends, else the status it ended with (busy, no-answer...); a call without a
 * call_sid is one staff logged by hand: 'Logged'.
 */
function phoneStatus(event: LeadBroadcastMessage): string {
  if (event.event_type === 'phone_call_completed') return COMPLETED;
  if (!callSidOf(event)) return LOGGED_CALL;
  const ended = event.content_data?.status;
  return typeof ended === 'string' && ENDED_CALL.has(ended) ? ended : IN_PROGRESS;
}

/**
 * A new row for an event, or null when the event is not processed (no person_id, or a type of no channel).
 * Phone rows of the voice channel start 'In Progress' (a phone_call_completed that matches no row is already
 * completed: our reading, so a call whose start was missed does not pulse for ever); appointment rows take the
 * type without 'appointment_'; the others are 'sent' for '_sent' types, else 'received'.
 */
export function rowOf(event: LeadBroadcastMessage): LiveEventRow | null {
  if (!event.person_id) return null;
  const channel = channelOf(event.event_type ?? '');
  if (!channel) return null;
  const type = event.event_type;
  const status =
    channel === 'phone'
      ? phoneStatus(event)
      : channel === 'appointment'
        ? type.replace(/^appointment_/, '')
        : type.includes('_sent')
          ? 'sent'
          : 'received';
  return {
    id: event.event_id,
    channel,
    direction: directionOf(type, channel),
    status,
    timestamp: event.timestamp,
    person: { person_id: event.person_id, name: nameOf(event) },
    call_sid: channel === 'phone' ? callSidOf(event) : null,
  };
}

/**
 * The rows after one more event (newest first, at most 100): a phone_call_completed whose call_sid matches a row
 * completes that row with the new time; an event already listed is not added twice; otherwise a new row goes on
 * top.
 */
export function applyEvent(rows: readonly LiveEventRow[], event: LeadBroadcastMessage): LiveEventRow[] {
  if (!event.person_id) return rows as LiveEventRow[];
  const sid = callSidOf(event);
  if (event.event_type === 'phone_call_completed' && sid) {
    const index = rows.findIndex((row) => row.channel === 'phone' && row.call_sid === sid);
    if (index >= 0) {
      const next = [...rows];
      next[index] = { ...rows[index], status: COMPLETED, timestamp: event.timestamp };
      return next;
    }
  }
  if (rows.some((row) => row.id === event.event_id)) return rows as LiveEventRow[];
  const row = rowOf(event);
  if (!row) return rows as LiveEventRow[];
  return [row, ...rows].slice(0, ANALYTICS.liveKeep);
}

/** The rows of the events loaded at first (newest first, as the server lists them): applied oldest first. */
export function rowsOf(events: readonly LeadBroadcastMessage[]): LiveEventRow[] {
  return [...events].reverse().reduce<LiveEventRow[]>(applyEvent, []);
}

/** The rows shown: the first 50. */
export const visibleRows = (rows: readonly LiveEventRow[]): LiveEventRow[] =>
  rows.slice(0, ANALYTICS.liveShow);

/** A call really in progress (the voice channel's, not yet ended): highlighted with a pulsing green. */
export const isUnfinishedCall = (row: LiveEventRow): boolean =>
  row.channel === 'phone' && row.call_sid !== null && row.status === IN_PROGRESS;
