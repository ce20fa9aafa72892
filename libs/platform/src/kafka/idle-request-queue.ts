import { createRequire } from 'node:module';

/** The kafkajs release whose request queue this file corrects (its last; the lockfile pins it). */
export const KAFKAJS_VERSION_CORRECTED = '2.2.4';

interface RequestQueue {
  pending: unknown[];
  throttledUntil: number;
  scheduleCheckPendingRequests(): void;
}

interface RequestQueueClass {
  prototype: RequestQueue & { [CORRECTED]?: true };
}

const CORRECTED = Symbol.for('practicepilot.kafkajs.idleRequestQueue');
const load = createRequire(__filename);

/**
 * kafkajs 2.2.4 schedules its request queue's next check even when nothing waits: with no client-side throttle,
 * `throttledUntil - Date.now()` is negative, the timer fires after 1 ms and schedules the next one, for ever, on
 * every broker connection (tulios/kafkajs#1556, #1704; the fix of #1667 was never released). Measured here, each
 * service's event loop woke about 1,450 times a second at rest, some 5 % of a core per process: half a core for
 * the stack at rest, and the same share taken from a burst of forms. A queue with nothing pending has nothing to
 * check: a request pushed later is sent at once or schedules its own check, and a response checks the queue when
 * it arrives. So the check is scheduled only when a request waits or a throttle is running, as before.
 *
 * Applied once per process, on import of the Kafka module; a kafkajs other than 2.2.4 is left as it is (and the
 * spec fails, so that whoever upgrades it looks again). Returns whether the correction is in place.
 */
export function correctIdleRequestQueue(): boolean {
  const { version } = load('kafkajs/package.json') as { version: string };
  if (version !== KAFKAJS_VERSION_CORRECTED) return false;
  const RequestQueue = load('kafkajs/src/network/requestQueue') as RequestQueueClass;
  const prototype = RequestQueue.prototype;
  if (prototype[CORRECTED]) return true;
  const schedule = prototype.scheduleCheckPendingRequests;
  prototype.scheduleCheckPendingRequests = function (this: RequestQueue): void {
    if (this.pending.length === 0 && this.throttledUntil <= Date.now()) return;
    schedule.call(this);
  };
  prototype[CORRECTED] = true;
  return true;
}
