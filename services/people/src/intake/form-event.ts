import type { FormSubmittedV1 } from '@pp/contracts';
import { isUUID } from 'class-validator';

/**
 * Whether a tracking.forms payload is a form submission this service can take in. Anything else is skipped, never
 * retried: a payload that could not be stored must not hold up the practice's partition.
 */
export function isFormSubmittedEvent(event: unknown): event is FormSubmittedV1 {
  const candidate = event as Partial<FormSubmittedV1> | null;
  return (
    !!candidate &&
    candidate.type === 'form_submitted' &&
    isUUID(candidate.event_id) &&
    isUUID(candidate.practice_id) &&
    typeof candidate.tracking_event_id === 'string' &&
    candidate.tracking_event_id.length > 0 &&
    typeof candidate.fields === 'object' &&
    candidate.fields !== null &&
    !Array.isArray(candidate.fields)
  );
}

/** The fields as strings (the ingress sends strings; anything else is written as text, null as ''). */
export function formFields(fields: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [
      name,
      typeof value === 'string' ? value : value === null || value === undefined ? '' : JSON.stringify(value),
    ]),
  );
}

/** A timestamp of the event, or the fallback when it is missing or not a date. */
export function eventTime(value: unknown, fallback: Date): Date {
  const date = typeof value === 'string' ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : fallback;
}

/** A text of the event or null. */
export function eventText(value: unknown): string | null {
  return typeof value === 'string' && value ? value : null;
}
