import { formatPhone, type TimelineEventDto } from '@pp/contracts';
import { en } from '../../i18n/en';

/** Reading timeline events for display. Pure, so the rules are tested without rendering. */

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The AI's reasoning behind an event, wherever the engine put it (docs/product/leads.md, event_metadata). */
export function reasoningOf(event: Pick<TimelineEventDto, 'content_data' | 'event_metadata'>): string | null {
  const meta = event.event_metadata ?? {};
  return (
    text(meta.ai_reasoning) ??
    text(record(meta.orchestrator_decision).reasoning) ??
    text(record(meta.ai_content_analysis).reasoning) ??
    text(event.content_data?.reasoning)
  );
}

/**
 * Only http(s) addresses become links: a javascript: or data: URL from a record is never clickable. A bare
 * 'linkedin.com/in/x' (enrichment providers often drop the scheme) is read as https.
 */
export function safeHttpUrl(value: unknown): string | null {
  const candidate = text(value)?.trim();
  if (!candidate) return null;
  const withScheme = /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}(\/|$)/i.test(candidate)
    ? `https://${candidate}`
    : candidate;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** '45s', '5m 12s', '1h 3m': how long a page was viewed or a call lasted. */
export function formatDuration(seconds: number | null | undefined): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return '';
  const whole = Math.round(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  if (hours > 0) return `${hours}h ${minutes}m`;
  if (minutes > 0) return `${minutes}m ${rest}s`;
  return `${rest}s`;
}

/** 'appointment_rescheduled' → 'Appointment rescheduled', for types the timeline has no words of its own for. */
export function humanise(eventType: string): string {
  const words = eventType.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A machine token ('opt_out', 'send_sms') reads as words; any other text is shown as written. */
export function readable(value: unknown): string | null {
  const raw = text(value);
  if (!raw) return null;
  return /^[a-z]+(_[a-z]+)*$/.test(raw.trim()) ? humanise(raw.trim()) : raw;
}

const FIELD_LABELS: Record<string, string> = {
  first_name: en.pp.leads.timeline.field_first_name,
  last_name: en.pp.leads.timeline.field_last_name,
  primary_phone: en.pp.leads.timeline.field_primary_phone,
  primary_email: en.pp.leads.timeline.field_primary_email,
  stage: en.pp.leads.timeline.field_stage,
};

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/%\{(\w+)\}/g, (match, name: string) => values[name] ?? match);

/**
 * A person_field_updated event as a sentence: 'Phone changed from (214) 555-0131 to (469) 555-0100 by Dana
 * Whitfield'. Phones are shown formatted.
 */
export function fieldChangeText(event: Pick<TimelineEventDto, 'content_data' | 'event_metadata'>): string {
  const t = en.pp.leads.timeline;
  const field = String(event.content_data.field ?? '');
  const show = (value: unknown) => {
    const raw = value === null || value === undefined ? '' : String(value);
    return field === 'primary_phone' ? formatPhone(raw) : raw;
  };
  const label = FIELD_LABELS[field] ?? humanise(field);
  const from = show(event.content_data.old_value);
  const to = show(event.content_data.new_value);
  const sentence = !to
    ? fill(t.field_cleared, { field: label })
    : !from
      ? fill(t.field_set, { field: label, to })
      : fill(t.field_changed, { field: label, from, to });
  const by = text(event.event_metadata?.performed_by_name);
  return by ? `${sentence} ${fill(t.by, { name: by })}` : sentence;
}

export type MessageDirection = 'inbound' | 'outbound';

/** sms_received/email_received are the lead's; everything else in a bubble is ours. */
export const messageDirection = (eventType: string): MessageDirection =>
  eventType.endsWith('_received') ? 'inbound' : 'outbound';

export const isMock = (event: Pick<TimelineEventDto, 'content_data'>) =>
  event.content_data.mock_execution === true;
