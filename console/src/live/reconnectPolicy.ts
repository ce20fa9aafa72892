import { LiveCloseCodes } from '@pp/contracts';

/**
 * When the live connection retries (docs/product/live-connection.md). Pure: no sockets, no timers of its
 * own, so every rule is testable on its own.
 */
export const LiveTiming = {
  firstDelayMs: 500,
  maxDelayMs: 8_000,
  maxAttempts: 5,
  pingEveryMs: 30_000,
  visibilityThrottleMs: 60_000,
  /**
   * A connection counts as back (and the retry count starts again) only once it stayed open this long. A
   * server that accepts and then drops at once would otherwise reset the count on every open and be retried
   * every 500 ms forever.
   */
  stableOpenMs: 10_000,
} as const;

/** The delay before retry number `attempt` (1-based): 500 ms, 1 s, 2 s, 4 s, 8 s, then 8 s. */
export function retryDelay(attempt: number): number {
  return Math.min(LiveTiming.firstDelayMs * 2 ** Math.max(0, attempt - 1), LiveTiming.maxDelayMs);
}

export type CloseDecision =
  /** Try again after delayMs; this will be retry number `attempt`. */
  | { kind: 'retry'; attempt: number; delayMs: number }
  /** A deliberate close (code 1000) or a disabled connection: stay closed, no message. */
  | { kind: 'stop' }
  /** The token was refused (4001): sign out. */
  | { kind: 'unauthorized' }
  /** The practice is not the user's (4003): the token is fine, the practice choice is not; no retry. */
  | { kind: 'forbidden' }
  /** Every retry was used: stay closed and say so. */
  | { kind: 'exhausted' };

/**
 * The retries already spent when a connection closes: none when it had stayed open for stableOpenMs (it
 * was a working connection that dropped), else as many as before it opened (it opened and dropped at once,
 * which is no sign the server is back). `openForMs` is null when it never opened.
 */
export function attemptsSpent(attemptsBeforeOpen: number, openForMs: number | null): number {
  return openForMs !== null && openForMs >= LiveTiming.stableOpenMs ? 0 : attemptsBeforeOpen;
}

/**
 * What to do when the socket closes, given how many retries were spent (attemptsSpent). A deliberate close
 * never retries; a refused token signs out; a refused practice stops; otherwise retry until maxAttempts
 * are spent.
 */
export function decideOnClose(code: number, attemptsSoFar: number, disabled: boolean): CloseDecision {
  if (disabled || code === LiveCloseCodes.normal) return { kind: 'stop' };
  if (code === LiveCloseCodes.unauthenticated) return { kind: 'unauthorized' };
  if (code === LiveCloseCodes.forbidden) return { kind: 'forbidden' };
  if (attemptsSoFar >= LiveTiming.maxAttempts) return { kind: 'exhausted' };
  const attempt = attemptsSoFar + 1;
  return { kind: 'retry', attempt, delayMs: retryDelay(attempt) };
}

/**
 * A leading-edge throttle: the first call passes, later calls within `intervalMs` of the last pass are
 * refused. Used for the tab-became-visible reconnect (at most once per 60 s).
 */
export function createThrottle(intervalMs: number, now: () => number = Date.now): () => boolean {
  let last = -Infinity;
  return () => {
    const time = now();
    if (time - last < intervalMs) return false;
    last = time;
    return true;
  };
}
