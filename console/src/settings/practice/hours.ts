/**
 * Business hours in the console (docs/product/settings.md#business-hours): null inherits the primary's; a missing
 * day is 09:00–17:00, open Monday to Friday, closed at the weekend (the shapes and defaults: `@pp/contracts`).
 */
import {
  BusinessHours,
  DayHours,
  defaultDayHours,
  HOURS_TIME as TIME,
  Weekday,
  WEEKDAYS,
} from '@pp/contracts';

export { defaultDayHours, WEEKDAYS, type BusinessHours, type DayHours, type Weekday } from '@pp/contracts';

/** Every weekday, from what is stored; a missing or malformed day takes the default. */
export function completeHours(stored: Record<string, unknown> | null | undefined): BusinessHours {
  return Object.fromEntries(
    WEEKDAYS.map((day) => {
      const fallback = defaultDayHours(day);
      const value = stored?.[day] as Partial<DayHours> | undefined;
      if (!value || typeof value !== 'object') return [day, fallback];
      return [
        day,
        {
          open: typeof value.open === 'string' && TIME.test(value.open) ? value.open : fallback.open,
          close: typeof value.close === 'string' && TIME.test(value.close) ? value.close : fallback.close,
          closed: typeof value.closed === 'boolean' ? value.closed : fallback.closed,
        },
      ];
    }),
  ) as BusinessHours;
}

interface HasHours {
  is_primary: boolean;
  business_hours: Record<string, unknown> | null;
}

/** A secondary location with no hours of its own inherits the primary's. */
export const inheritsHours = (location: HasHours): boolean =>
  !location.is_primary && location.business_hours === null;

/** The hours a location keeps: its own, else (inherited) the primary's, else the defaults. */
export function effectiveHours(location: HasHours, primary: HasHours | undefined): BusinessHours {
  if (location.business_hours !== null) return completeHours(location.business_hours);
  return completeHours(primary?.business_hours);
}

/** 'Override' starts a secondary's own hours as a copy of the primary's. */
export const overrideHours = (primary: HasHours | undefined): BusinessHours =>
  completeHours(primary?.business_hours);

/** One day changed, the others as they are. */
export function withDay(hours: BusinessHours, day: Weekday, change: Partial<DayHours>): BusinessHours {
  return { ...hours, [day]: { ...hours[day], ...change } };
}
