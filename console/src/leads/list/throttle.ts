/**
 * Runs `fn` at most once per `intervalMs`: the first call at once, and the last call of a burst once the
 * interval is over, so a burst of live updates ends with one refresh that sees the latest data
 * (docs/product/leads.md, refresh throttle 500 ms).
 */
export function throttle(fn: () => void, intervalMs: number): { (): void; cancel: () => void } {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const run = () => {
    timer = null;
    last = Date.now();
    fn();
  };
  const throttled = () => {
    const wait = last + intervalMs - Date.now();
    if (wait <= 0 && !timer) run();
    else if (!timer) timer = setTimeout(run, Math.max(wait, 0));
  };
  throttled.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  return throttled;
}
