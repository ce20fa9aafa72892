/**
 * Business hours of a location (docs/product/settings.md#business-hours): keyed monday..sunday, each open/close
 * 'HH:MM' and closed.
 */
export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface DayHours {
  open: string;
  close: string;
  closed: boolean;
}

export type BusinessHours = Record<Weekday, DayHours>;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Defaults for a missing day: 09:00 to 17:00 Monday to Friday; weekends closed. */
export function defaultDayHours(day: Weekday): DayHours {
  const weekend = day === 'saturday' || day === 'sunday';
  return { open: '09:00', close: '17:00', closed: weekend };
}

export function defaultBusinessHours(): BusinessHours {
  return Object.fromEntries(WEEKDAYS.map((day) => [day, defaultDayHours(day)])) as BusinessHours;
}

/**
 * Validates business hours sent by a client and fills missing days with the defaults.
 * Returns the complete hours, or an error message naming the first problem.
 */
export function parseBusinessHours(input: unknown): { hours: BusinessHours } | { error: string } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { error: 'business_hours must be an object keyed by weekday, or null' };
  }
  const entries = input as Record<string, unknown>;
  const unknownDay = Object.keys(entries).find((key) => !(WEEKDAYS as readonly string[]).includes(key));
  if (unknownDay) return { error: `business_hours has an unknown day '${unknownDay}'` };
  const hours = {} as BusinessHours;
  for (const day of WEEKDAYS) {
    const value = entries[day];
    if (value === undefined) {
      hours[day] = defaultDayHours(day);
      continue;
    }
    if (typeof value !== 'object' || value === null)
      return { error: `business_hours.${day} must be an object` };
    const { open, close, closed } = value as Record<string, unknown>;
    if (typeof open !== 'string' || !TIME.test(open))
      return { error: `business_hours.${day}.open must be HH:MM` };
    if (typeof close !== 'string' || !TIME.test(close))
      return { error: `business_hours.${day}.close must be HH:MM` };
    if (typeof closed !== 'boolean') return { error: `business_hours.${day}.closed must be true or false` };
    if (!closed && open >= close)
      return { error: `business_hours.${day}: closing time must be after opening time` };
    hours[day] = { open, close, closed };
  }
  return { hours };
}
