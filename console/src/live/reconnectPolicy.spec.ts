import { createThrottle, decideOnClose, LiveTiming, retryDelay } from './reconnectPolicy';

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

  it.each([4001, 4003])('signs out on %p', (code) => {
    expect(decideOnClose(code, 0, false)).toEqual({ kind: 'unauthorized' });
    expect(decideOnClose(code, 5, false)).toEqual({ kind: 'unauthorized' });
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
