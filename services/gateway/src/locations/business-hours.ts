import { BusinessHours, defaultDayHours, HOURS_TIME as TIME, WEEKDAYS } from '@pp/contracts';

export { defaultDayHours, WEEKDAYS, type BusinessHours, type DayHours, type Weekday } from '@pp/contracts';

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
