import { throttle } from './throttle';

beforeEach(() => jest.useFakeTimers({ now: new Date('2026-03-20T09:00:00Z') }));
afterEach(() => jest.useRealTimers());

describe('throttle', () => {
  it('runs the first call at once and a burst once more after 500 ms', () => {
    const fn = jest.fn();
    const refresh = throttle(fn, 500);
    refresh();
    expect(fn).toHaveBeenCalledTimes(1);
    refresh();
    refresh();
    refresh();
    expect(fn).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(499);
    expect(fn).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    jest.advanceTimersByTime(5000);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('runs at once again when calls are more than 500 ms apart', () => {
    const fn = jest.fn();
    const refresh = throttle(fn, 500);
    refresh();
    jest.advanceTimersByTime(600);
    refresh();
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('drops a pending call when cancelled', () => {
    const fn = jest.fn();
    const refresh = throttle(fn, 500);
    refresh();
    refresh();
    refresh.cancel();
    jest.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
