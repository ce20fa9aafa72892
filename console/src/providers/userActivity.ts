/**
 * Whether the person at the screen is using the console. The gateway signs a session out after 30 minutes
 * without user activity (docs/architecture.md#security-at-the-edge); requests the console makes on its own —
 * live refreshes, polling — must not count as activity, or an open tab of a busy practice would never go idle.
 * A request sent while nobody has pressed a key, clicked, scrolled or touched for a minute is marked as
 * background (`X-PP-Background: 1`), and the gateway checks the session without extending it.
 */
export const BACKGROUND_HEADER = 'X-PP-Background';
/** How long after the last input the person counts as present. */
export const USER_ACTIVITY_WINDOW_MS = 60_000;

const INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/** Loading the page is the person's doing. */
let lastInputAt = Date.now();
let listening = false;

function noteInput() {
  lastInputAt = Date.now();
}

/** Starts following the person's input (idempotent; the HTTP client calls it). */
export function watchUserActivity(target: Pick<Window, 'addEventListener'> | undefined = globalThis.window) {
  if (listening || !target) return;
  listening = true;
  for (const type of INPUT_EVENTS) target.addEventListener(type, noteInput, { capture: true, passive: true });
}

/** True when the person used the console within the last minute. */
export function userIsActive(now: number = Date.now()): boolean {
  return now - lastInputAt < USER_ACTIVITY_WINDOW_MS;
}
