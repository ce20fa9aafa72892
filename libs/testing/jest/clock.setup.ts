/**
 * The unit, console and tracker tests run on a clock of their own, never the machine's (jest.config.js): `Date.now()`
 * and `new Date()` start at the instant TEST_CLOCK names (ISO 8601) and tick on from there in real time, so durations
 * and timeouts behave as they do in the product; `jest.useFakeTimers()` starts there too (the projects' fakeTimers
 * setting). A test that depends on the hour or the date it runs at fails at every run or at none: `npm test` runs
 * the clock-sensitive files a second time at 00:30 UTC on a month's first day, when America's date is still the
 * previous month's (deploy/local/test.mjs).
 */
const RealDate = globalThis.Date;
const start = RealDate.parse(process.env.TEST_CLOCK ?? '');
if (Number.isNaN(start)) throw new Error(`TEST_CLOCK is not an ISO 8601 instant: ${process.env.TEST_CLOCK}`);
const offset = start - RealDate.now();
const now = () => RealDate.now() + offset;

/**
 * Date on the test clock. Its prototype is the real Date.prototype, so libraries that read Date's methods
 * (@date-fns/tz's TZDate wraps every getter it finds there) behave as in the product, and `now` is its own
 * property, so `jest.spyOn(Date, 'now')` works as it does on the real Date.
 */
function TestClockDate(this: unknown, ...args: unknown[]): Date | string {
  if (!new.target) return new RealDate(now()).toString();
  return Reflect.construct(RealDate, args.length > 0 ? args : [now()], new.target) as Date;
}
Object.setPrototypeOf(TestClockDate, RealDate);
TestClockDate.prototype = RealDate.prototype;
TestClockDate.now = now;

globalThis.Date = TestClockDate as unknown as DateConstructor;
