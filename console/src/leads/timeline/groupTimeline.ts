import type { TimelineEventDto } from '@pp/contracts';
import { dayOn } from '../format/time';

/** docs/product/leads.md#timeline: a form without a session joins a visit to the same page within this window. */
export const SESSION_MERGE_WINDOW_MS = 5 * 60_000;
/** docs/product/leads.md#timeline: a page counts as engaged from this many seconds on. */
export const ENGAGED_SECONDS = 120;

const VISIT_TYPES = new Set(['website_visit', 'pageview']);
const FORM_TYPE = 'form_submission';
const CALL_TYPES = new Set(['phone_call_received', 'phone_call_sent', 'phone_call', 'phone_call_completed']);
/** Review items belong to the side panel's review box, never to the timeline (docs/product/leads.md). */
const HIDDEN_TYPES = new Set(['pending_review']);

export interface SessionPage {
  eventId: string;
  timestamp: Date;
  url: string | null;
  title: string | null;
  durationSeconds: number | null;
  engaged: boolean;
}

export interface SessionForm {
  eventId: string;
  timestamp: Date;
  url: string | null;
  /** Field name → what the visitor typed, as text. */
  fields: [string, string][];
}

export interface SessionItem {
  kind: 'session';
  key: string;
  /** When the session started: its earliest page or form. */
  timestamp: Date;
  sessionId: string | null;
  referrer: string | null;
  pages: SessionPage[];
  forms: SessionForm[];
  totalSeconds: number;
}

export type CallDirection = 'inbound' | 'outbound' | 'unknown';

export interface CallItem {
  kind: 'call';
  key: string;
  timestamp: Date;
  callSid: string | null;
  direction: CallDirection;
  from: string | null;
  to: string | null;
  durationSeconds: number | null;
  status: string | null;
  summary: string | null;
  transcript: string | null;
  recordingUrl: string | null;
  /** What staff wrote when they logged the call. */
  notes: string | null;
  completed: boolean;
  /**
   * A call staff made and logged as an outcome ('Called Patient'): it is over when it is logged, so it is
   * never 'In progress', and it says who made it.
   */
  logged: boolean;
  /** Who made or logged the call (event_metadata.performed_by_name), when known. */
  performedBy: string | null;
  /** The events this call was built from, newest last (for reasoning and metadata). */
  events: TimelineEventDto[];
}

/** Messages, field updates, appointments, escalations, scheduled actions...: one event each. */
export interface EventItem {
  kind: 'event';
  key: string;
  timestamp: Date;
  event: TimelineEventDto;
}

export type TimelineItem = SessionItem | CallItem | EventItem;

export interface TimelineDay {
  /** yyyy-mm-dd in local time. */
  key: string;
  label: string;
  items: TimelineItem[];
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : typeof value === 'number' ? String(value) : null;

const num = (value: unknown): number | null => {
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : null;
};

/** The page a URL points at, without its #fragment: '/a#form' and '/a' are the same page. */
export function pageOf(url: string | null): string | null {
  if (!url) return null;
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}

const timeOf = (event: TimelineEventDto) => new Date(event.timestamp);
const urlOf = (event: TimelineEventDto) => text(event.content_data.url) ?? text(event.content_data.page_url);

function toPage(event: TimelineEventDto): SessionPage {
  const durationSeconds = num(event.content_data.duration_seconds);
  return {
    eventId: event.event_id,
    timestamp: timeOf(event),
    url: urlOf(event),
    title: text(event.content_data.title),
    durationSeconds,
    engaged: durationSeconds !== null && durationSeconds >= ENGAGED_SECONDS,
  };
}

/** Whatever the visitor typed becomes text: objects and lists are shown as JSON, never as markup. */
function fieldText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function toForm(event: TimelineEventDto): SessionForm {
  const data = event.content_data.form_data;
  const fields =
    data && typeof data === 'object' && !Array.isArray(data)
      ? Object.entries(data as Record<string, unknown>).map(([name, value]): [string, string] => [
          name,
          fieldText(value),
        ])
      : [];
  return { eventId: event.event_id, timestamp: timeOf(event), url: urlOf(event), fields };
}

function toSession(key: string, sessionId: string | null, events: TimelineEventDto[]): SessionItem {
  const sorted = [...events].sort((a, b) => timeOf(a).getTime() - timeOf(b).getTime());
  // website_visit opens a session and is followed by a pageview per page, the first page included; it is
  // shown as a page only when the session has no pageviews.
  const pageviews = sorted.filter((event) => event.event_type === 'pageview');
  const pages = (
    pageviews.length ? pageviews : sorted.filter((event) => VISIT_TYPES.has(event.event_type))
  ).map(toPage);
  const forms = sorted.filter((event) => event.event_type === FORM_TYPE).map(toForm);
  return {
    kind: 'session',
    key,
    timestamp: timeOf(sorted[0]),
    sessionId,
    referrer: sorted.map((event) => text(event.content_data.referrer)).find(Boolean) ?? null,
    pages,
    forms,
    totalSeconds: pages.reduce((sum, page) => sum + (page.durationSeconds ?? 0), 0),
  };
}

/**
 * Page visits and forms grouped by session id. A form with no session (or whose session has no visit here)
 * joins the session with a visit to the same page, hash ignored, nearest in time within 5 minutes.
 */
function groupSessions(events: TimelineEventDto[]): SessionItem[] {
  const bySession = new Map<string, TimelineEventDto[]>();
  const loose: TimelineEventDto[] = [];
  for (const event of events) {
    if (event.session_id)
      bySession.set(event.session_id, [...(bySession.get(event.session_id) ?? []), event]);
    else loose.push(event);
  }
  const hasVisit = (group: TimelineEventDto[]) => group.some((event) => VISIT_TYPES.has(event.event_type));

  const orphanForms = [
    ...loose.filter((event) => event.event_type === FORM_TYPE),
    ...[...bySession.values()].filter((group) => !hasVisit(group)).flat(),
  ];
  const visitSessions = [...bySession.entries()].filter(([, group]) => hasVisit(group));
  // A visit without a session id is a session of its own, so a loose form can join it too.
  const looseVisits: [string, TimelineEventDto[]][] = loose
    .filter((event) => VISIT_TYPES.has(event.event_type))
    .map((event) => [`visit:${event.event_id}`, [event]]);
  const candidates = new Map<string, TimelineEventDto[]>([...visitSessions, ...looseVisits]);

  const standalone = new Map<string, TimelineEventDto[]>();
  for (const form of orphanForms) {
    const target = nearestVisitSession(form, candidates);
    if (target) candidates.get(target)!.push(form);
    else {
      const key = form.session_id ?? `form:${form.event_id}`;
      standalone.set(key, [...(standalone.get(key) ?? []), form]);
    }
  }

  const sessionIdOf = (key: string) => (key.startsWith('visit:') || key.startsWith('form:') ? null : key);
  return [...candidates.entries(), ...standalone.entries()].map(([key, group]) =>
    toSession(key, sessionIdOf(key), group),
  );
}

function nearestVisitSession(
  form: TimelineEventDto,
  sessions: Map<string, TimelineEventDto[]>,
): string | null {
  const page = pageOf(urlOf(form));
  if (!page) return null;
  const at = timeOf(form).getTime();
  let best: { key: string; distance: number } | null = null;
  for (const [key, group] of sessions) {
    for (const visit of group) {
      if (!VISIT_TYPES.has(visit.event_type) || pageOf(urlOf(visit)) !== page) continue;
      const distance = Math.abs(timeOf(visit).getTime() - at);
      if (distance <= SESSION_MERGE_WINDOW_MS && (!best || distance < best.distance))
        best = { key, distance };
    }
  }
  return best?.key ?? null;
}

function directionOf(events: TimelineEventDto[]): CallDirection {
  if (events.some((event) => event.event_type === 'phone_call_received')) return 'inbound';
  if (events.some((event) => event.event_type === 'phone_call_sent')) return 'outbound';
  const stated = events.map((event) => text(event.content_data.direction)).find(Boolean);
  if (stated === 'inbound' || stated === 'incoming') return 'inbound';
  if (stated === 'outbound' || stated === 'outgoing') return 'outbound';
  return 'unknown';
}

/** A call and its completed-call event become one item: the first says who called, the second how it went. */
function toCall(key: string, events: TimelineEventDto[]): CallItem {
  const sorted = [...events].sort((a, b) => timeOf(a).getTime() - timeOf(b).getTime());
  const completedEvent = sorted.filter((event) => event.event_type === 'phone_call_completed').at(-1);
  const start = sorted.find((event) => event.event_type !== 'phone_call_completed') ?? sorted[0];
  // The completed event knows best; the start event fills in what it does not say.
  const pick = (field: string) =>
    (completedEvent ? text(completedEvent.content_data[field]) : null) ?? text(start.content_data[field]);
  const duration =
    num(completedEvent?.content_data.duration_seconds) ??
    num(completedEvent?.content_data.duration) ??
    num(start.content_data.duration_seconds) ??
    num(start.content_data.duration);
  const logged = sorted.some(
    (event) => event.event_type === 'phone_call_sent' && event.event_metadata?.source === 'human_action',
  );
  const performedBy =
    sorted.map((event) => text(event.event_metadata?.performed_by_name)).find(Boolean) ?? null;
  return {
    kind: 'call',
    key,
    timestamp: timeOf(start),
    callSid: text(start.content_data.call_sid) ?? text(completedEvent?.content_data.call_sid),
    direction: directionOf(sorted),
    from: pick('from_number'),
    to: pick('to_number'),
    durationSeconds: duration,
    status: pick('status') ?? (completedEvent || logged ? 'completed' : null),
    summary: pick('summary'),
    transcript: pick('transcript'),
    recordingUrl: pick('recording_url'),
    notes: pick('notes'),
    completed: Boolean(completedEvent) || logged,
    logged,
    performedBy,
    events: sorted,
  };
}

function groupCalls(events: TimelineEventDto[]): CallItem[] {
  const bySid = new Map<string, TimelineEventDto[]>();
  for (const event of events) {
    const sid = text(event.content_data.call_sid);
    const key = sid ? `call:${sid}` : `call-event:${event.event_id}`;
    bySid.set(key, [...(bySid.get(key) ?? []), event]);
  }
  return [...bySid.entries()].map(([key, group]) => toCall(key, group));
}

/** The timeline's items, newest first: sessions and calls merged, pending reviews left out. */
export function timelineItems(events: readonly TimelineEventDto[]): TimelineItem[] {
  const visible = events.filter((event) => !HIDDEN_TYPES.has(event.event_type));
  const web = visible.filter((event) => VISIT_TYPES.has(event.event_type) || event.event_type === FORM_TYPE);
  const calls = visible.filter((event) => CALL_TYPES.has(event.event_type));
  const rest = visible.filter(
    (event) =>
      !VISIT_TYPES.has(event.event_type) &&
      event.event_type !== FORM_TYPE &&
      !CALL_TYPES.has(event.event_type),
  );
  const items: TimelineItem[] = [
    ...groupSessions(web),
    ...groupCalls(calls),
    ...rest.map((event): EventItem => ({
      kind: 'event',
      key: event.event_id,
      timestamp: timeOf(event),
      event,
    })),
  ];
  return items.sort((a, b) => b.timestamp.getTime() - a.timestamp.getTime() || a.key.localeCompare(b.key));
}

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' of the day an instant falls on, on a zone's clock (the browser's without one). */
export function dayKey(date: Date, zone?: string): string {
  return new Date(dayOn(date, zone)).toISOString().slice(0, 10);
}

/**
 * 'Today', 'Yesterday', else 'Monday, March 2' (with the year when it is not this year's): days on the practice's
 * clock (`zone`; the browser's without one), so the browser's midnight moves no entry to another day.
 */
export function dayLabel(
  date: Date,
  now: Date,
  words = { today: 'Today', yesterday: 'Yesterday' },
  zone?: string,
): string {
  const day = dayOn(date, zone);
  const today = dayOn(now, zone);
  if (day === today) return words.today;
  if (day === today - DAY_MS) return words.yesterday;
  // The day's noon in UTC, read in UTC: the same calendar day whatever the browser's zone.
  const noon = new Date(day + DAY_MS / 2);
  return noon.toLocaleDateString('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    ...(noon.getUTCFullYear() === new Date(today).getUTCFullYear() ? {} : { year: 'numeric' }),
  });
}

/**
 * The timeline as the lead detail shows it: items grouped by day on the practice's clock (`zone`; the browser's
 * without one), newest day first.
 */
export function buildTimeline(
  events: readonly TimelineEventDto[],
  now: Date,
  words?: { today: string; yesterday: string },
  zone?: string,
): TimelineDay[] {
  const days: TimelineDay[] = [];
  for (const item of timelineItems(events)) {
    const key = dayKey(item.timestamp, zone);
    const last = days.at(-1);
    if (last?.key === key) last.items.push(item);
    else days.push({ key, label: dayLabel(item.timestamp, now, words, zone), items: [item] });
  }
  return days;
}
