import { TZDate } from '@date-fns/tz';
import type { Weekday } from '@pp/contracts';
import { windowOn } from './contact-windows';
import { asClock, ClockLike, ContactChannel, isAllowedTime, nextAllowedTime } from './timing-rules';

/**
 * When the AI reminds a lead of a booked appointment (docs/product/ai-engine.md#appointment-reminders,
 * docs/decisions/0023-appointment-reminders.md). Pure, like timing-rules.ts: every rule takes the instants and the
 * clocks it is judged on.
 *
 * Two reminders: the day before (the same wall-clock time on the location's clock the day before, "24 h") and
 * 2 hours before the start. Each goes at its target when the lead's calling hours allow it (e-mail always);
 * otherwise at the latest allowed time before the target when that is at most 3 hours earlier (a 21:30
 * appointment's day-before reminder at 20:59); otherwise when the hours next open after the target, if that still
 * leaves enough time before the start (the 24 h one at least 12 hours, the 2 h one at least 30 minutes: a 09:00
 * appointment's 2 h reminder goes at 08:00); otherwise not at all. A reminder whose target has passed when it is
 * planned (a booking made less than a day or 2 hours ahead) is not sent, nor any for an appointment that started.
 */

export type ReminderLabel = '24h' | '2h';

export interface ReminderRule {
  label: ReminderLabel;
  /** The target, before the start. */
  before: { days?: number; hours?: number };
  /** How far before its target a reminder may move to stay inside the calling hours. */
  maxEarlierMs: number;
  /** How long before the start a reminder moved after its target must still go. */
  minBeforeStartMs: number;
}

const WEEKDAYS: Weekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const REMINDER_RULES: readonly ReminderRule[] = [
  { label: '24h', before: { days: 1 }, maxEarlierMs: 3 * HOUR, minBeforeStartMs: 12 * HOUR },
  { label: '2h', before: { hours: 2 }, maxEarlierMs: 3 * HOUR, minBeforeStartMs: 30 * MINUTE },
];

export interface PlannedReminder {
  label: ReminderLabel;
  /** When the rule aims at (before moving it into the calling hours). */
  target: Date;
  due_at: Date;
}

/** The target of a rule: a day before on the location's wall clock (DST-proof), or hours before in real time. */
export function reminderTarget(rule: ReminderRule, start: Date, timeZone: string): Date {
  if (rule.before.days) {
    const local = new TZDate(start.getTime(), timeZone);
    return new Date(
      new TZDate(
        local.getFullYear(),
        local.getMonth(),
        local.getDate() - rule.before.days,
        local.getHours(),
        local.getMinutes(),
        local.getSeconds(),
        0,
        timeZone,
      ).getTime(),
    );
  }
  return new Date(start.getTime() - (rule.before.hours ?? 0) * HOUR);
}

/**
 * The latest instant at or before `at` (to the minute) inside the lead's calling hours, looking back `lookBackMs`,
 * or null. Candidates: `at` itself, and the last minute of each window in each of the lead's zones.
 */
export function latestAllowedTime(
  channel: ContactChannel,
  at: Date,
  clock: ClockLike,
  lookBackMs: number,
): Date | null {
  if (isAllowedTime(channel, at, clock)) return at;
  const contact = asClock(clock);
  const earliest = at.getTime() - lookBackMs;
  const candidates: Date[] = [];
  for (const zone of contact.zones) {
    const local = new TZDate(at.getTime(), zone);
    for (let offset = -2; offset <= 0; offset++) {
      const noon = new TZDate(
        local.getFullYear(),
        local.getMonth(),
        local.getDate() + offset,
        12,
        0,
        0,
        0,
        zone,
      );
      const window = windowOn(contact.state, WEEKDAYS[noon.getDay()]);
      if (!window) continue;
      const last = window.end - 1;
      candidates.push(
        new Date(
          new TZDate(
            noon.getFullYear(),
            noon.getMonth(),
            noon.getDate(),
            Math.floor(last / 60),
            last % 60,
            0,
            0,
            zone,
          ).getTime(),
        ),
      );
    }
  }
  const found = candidates
    .filter((c) => c.getTime() <= at.getTime() && c.getTime() >= earliest)
    .filter((c) => isAllowedTime(channel, c, contact))
    .sort((a, b) => b.getTime() - a.getTime());
  return found[0] ?? null;
}

/**
 * When one reminder goes, or null when it does not (see the rule above). `now`: a reminder is never planned in
 * the past, and not at all once its target has passed.
 */
export function reminderTime(
  rule: ReminderRule,
  input: { channel: ContactChannel; start: Date; now: Date; timeZone: string; clock: ClockLike },
): PlannedReminder | null {
  const { channel, start, now, clock } = input;
  if (start.getTime() <= now.getTime()) return null;
  const target = reminderTarget(rule, start, input.timeZone);
  if (target.getTime() < now.getTime()) return null;
  const plan = (due: Date): PlannedReminder => ({ label: rule.label, target, due_at: due });
  if (isAllowedTime(channel, target, clock)) return plan(target);
  const before = latestAllowedTime(channel, target, clock, rule.maxEarlierMs);
  if (before && before.getTime() >= now.getTime()) return plan(before);
  const after = nextAllowedTime(channel, target, clock);
  if (isAllowedTime(channel, after, clock) && start.getTime() - after.getTime() >= rule.minBeforeStartMs) {
    return plan(after);
  }
  return null;
}

/** Both reminders of an appointment, in order, each only when it goes (see `reminderTime`). */
export function reminderSchedule(input: {
  channel: ContactChannel;
  start: Date;
  now: Date;
  /** The location's zone: "the day before" is its calendar day. */
  timeZone: string;
  /** The lead's clock: texts only inside its calling hours. */
  clock: ClockLike;
}): PlannedReminder[] {
  return REMINDER_RULES.flatMap((rule) => {
    const planned = reminderTime(rule, input);
    return planned ? [planned] : [];
  });
}

/** The reminder of a label, for the reasons staff read. */
export function reminderName(label: ReminderLabel): string {
  return label === '24h' ? 'Reminder the day before' : 'Reminder 2 hours before';
}
