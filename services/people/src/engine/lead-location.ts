import { INBOUND_TYPES, TimelineFact } from './insights-rules';
import { EnginePractice, locationNamed } from './practice-settings';

/**
 * The lead's location (docs/product/ai-engine.md#what-the-engine-stores): whose prices are quoted, whose time zone
 * and hours apply. Pure.
 */

/**
 * The location an inquiry names: its location_id, else the form's location field (mapped to
 * location_preference) matched to one of the practice's locations by name or city; null for none.
 */
export function inquiryLocationId(practice: EnginePractice, event: TimelineFact | null): string | null {
  const value = event?.content_data.location_id;
  if (typeof value === 'string') return value;
  const mapped = event?.content_data.mapped as Record<string, unknown> | undefined;
  const preference = typeof mapped?.location_preference === 'string' ? mapped.location_preference : null;
  return locationNamed(practice, preference)?.location_id ?? null;
}

/**
 * The location the lead matched: the one the inquiry being read names, else the one its latest earlier inquiry
 * named (a form's location field), so a follow-up or a look without a new message keeps the lead's location
 * rather than falling back to the primary. Null when no inquiry named one.
 */
export function matchedLocationId(
  practice: EnginePractice,
  events: readonly TimelineFact[],
  trigger: TimelineFact | null,
): string | null {
  const named = inquiryLocationId(practice, trigger);
  if (named) return named;
  for (let i = events.length - 1; i >= 0; i--) {
    if (!INBOUND_TYPES.includes(events[i].event_type)) continue;
    const earlier = inquiryLocationId(practice, events[i]);
    if (earlier) return earlier;
  }
  return null;
}
