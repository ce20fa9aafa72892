import { attemptsSpent, createThrottle, decideOnClose, LiveTiming, retryDelay } from './reconnectPolicy';

describe('retryDelay', () => {
  it('starts at 500 ms and doubles up to 8 s', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(retryDelay)).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000]);
  });
});

describe('decideOnClose', () => {
  it('retries an unexpected close with the growing delay', () => {
    expect(decideOnClose(1006, 0, false)).toEqual({ kind: 'retry', attempt: 1, delayMs: 500 });
    expect(decideOnClose(1006, 3, false)).toEqual({ kind: 'retry', attempt: 4, delayMs: 4000 });
    expect(decideOnClose(1011, 4, false)).toEqual({ kind: 'retry', attempt: 5, delayMs: 8000 });
  });

  it('gives up after 5 attempts', () => {
    expect(LiveTiming.maxAttempts).toBe(5);
    expect(decideOnClose(1006, 5, false)).toEqual({ kind: 'exhausted' });
  });

  it('never retries a normal close (1000) or a disabled connection', () => {
    expect(decideOnClose(1000, 0, false)).toEqual({ kind: 'stop' });
    expect(decideOnClose(1006, 0, true)).toEqual({ kind: 'stop' });
  });

  it('signs out on 4001', () => {
    expect(decideOnClose(4001, 0, false)).toEqual({ kind: 'unauthorized' });
    expect(decideOnClose(4001, 5, false)).toEqual({ kind: 'unauthorized' });
  });

  it('stops without signing out on 4003 (a practice the user cannot see)', () => {
    expect(decideOnClose(4003, 0, false)).toEqual({ kind: 'forbidden' });
  });
});

describe('attemptsSpent', () => {
  it('keeps the count when the connection never opened or dropped within 10 s of opening', () => {
    expect(attemptsSpent(3, null)).toBe(3);
    expect(attemptsSpent(3, 0)).toBe(3);
    expect(attemptsSpent(3, LiveTiming.stableOpenMs - 1)).toBe(3);
  });

  it('starts again from 0 after a connection that stayed open', () => {
    expect(attemptsSpent(3, LiveTiming.stableOpenMs)).toBe(0);
    expect(attemptsSpent(5, 60_000)).toBe(0);
  });
});

describe('createThrottle', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-03-20T09:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('lets the first call through and refuses others for 60 s', () => {
    const allow = createThrottle(LiveTiming.visibilityThrottleMs);
    expect(allow()).toBe(true);
    jest.advanceTimersByTime(59_999);
    expect(allow()).toBe(false);
    jest.advanceTimersByTime(1);
    expect(allow()).toBe(true);
    expect(allow()).toBe(false);
  });
});
