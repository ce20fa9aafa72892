import type { Weekday } from '@pp/contracts';

/**
 * The hours in which the AI may text or call a lead, in the lead's own time zone
 * (docs/product/channels.md#quiet-hours). Everywhere: 08:00–21:00 (the TCPA's calling hours). Some states set
 * stricter hours for calls and texts that are not a reply the lead asked for; the product applies them to every
 * AI text and call to a lead in that state, on the side of caution. Minutes after local midnight, the end
 * excluded; a day without a window (null) allows no text or call. Public holidays are not modelled.
 *
 * The table is the product's reading of the state laws as of 2026, not legal advice: a practice's counsel may
 * ask for changes, which are one line here.
 */
export interface DayWindow {
  start: number;
  end: number;
}

const at = (hours: number, minutes = 0) => hours * 60 + minutes;
const window = (from: number, to: number): DayWindow => ({ start: from, end: to });

/** The federal window, every day. */
export const FEDERAL_WINDOW: DayWindow = window(at(8), at(21));

/** A state's hours: `all` for every day, then the days that differ (null: no texts or calls that day). */
export interface StateWindows {
  all: DayWindow;
  days?: Partial<Record<Weekday, DayWindow | null>>;
  /** What the rule is, in words, for the documentation table. */
  rule: string;
}

const EIGHT_TO_EIGHT = window(at(8), at(20));

export const STATE_WINDOWS: Readonly<Record<string, StateWindows>> = {
  AL: { all: EIGHT_TO_EIGHT, days: { sunday: null }, rule: '08:00–20:00, none on Sunday' },
  CT: { all: window(at(9), at(20)), rule: '09:00–20:00' },
  FL: { all: EIGHT_TO_EIGHT, rule: '08:00–20:00' },
  KY: { all: window(at(10), at(21)), rule: '10:00–21:00' },
  LA: { all: EIGHT_TO_EIGHT, days: { sunday: null }, rule: '08:00–20:00, none on Sunday' },
  MA: { all: EIGHT_TO_EIGHT, rule: '08:00–20:00' },
  MD: { all: EIGHT_TO_EIGHT, rule: '08:00–20:00' },
  MN: { all: window(at(9), at(21)), rule: '09:00–21:00' },
  MS: { all: EIGHT_TO_EIGHT, days: { sunday: null }, rule: '08:00–20:00, none on Sunday' },
  OK: { all: EIGHT_TO_EIGHT, rule: '08:00–20:00' },
  PA: {
    all: FEDERAL_WINDOW,
    days: { sunday: window(at(13, 30), at(21)) },
    rule: '08:00–21:00, Sunday 13:30–21:00',
  },
  RI: {
    all: window(at(9), at(18)),
    days: { saturday: window(at(10), at(17)), sunday: null },
    rule: 'weekdays 09:00–18:00, Saturday 10:00–17:00, none on Sunday',
  },
  TX: {
    all: window(at(9), at(21)),
    days: { sunday: window(at(12), at(21)) },
    rule: '09:00–21:00, Sunday 12:00–21:00',
  },
  UT: { all: FEDERAL_WINDOW, days: { sunday: null }, rule: '08:00–21:00, none on Sunday' },
  WA: { all: EIGHT_TO_EIGHT, rule: '08:00–20:00' },
};

/** The window on a local weekday for a lead in `state` (null: unknown or no stricter rule → federal). */
export function windowOn(state: string | null, weekday: Weekday): DayWindow | null {
  const rules = state ? STATE_WINDOWS[state] : undefined;
  if (!rules) return FEDERAL_WINDOW;
  const day = rules.days?.[weekday];
  return day === undefined ? rules.all : day;
}
