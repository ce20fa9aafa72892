import { relativeTime } from './relativeTime';

const now = new Date('2026-11-24T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

it('reads times relative to now', () => {
  expect(relativeTime(ago(10_000), now)).toBe('Just now');
  expect(relativeTime(ago(-5 * MIN), now)).toBe('Just now');
  expect(relativeTime(ago(5 * MIN), now)).toBe('5 min ago');
  expect(relativeTime(ago(59 * MIN), now)).toBe('59 min ago');
  expect(relativeTime(ago(HOUR), now)).toBe('1 hour ago');
  expect(relativeTime(ago(5 * HOUR), now)).toBe('5 hours ago');
  expect(relativeTime(ago(DAY + HOUR), now)).toBe('Yesterday');
  expect(relativeTime(ago(3 * DAY), now)).toBe('3 days ago');
  expect(relativeTime(ago(29 * DAY), now)).toBe('29 days ago');
  expect(relativeTime(ago(40 * DAY), now)).toMatch(/^[A-Z][a-z]{2} \d{1,2}, 2026$/);
  expect(relativeTime(null, now)).toBe('');
  expect(relativeTime('nonsense', now)).toBe('');
});
