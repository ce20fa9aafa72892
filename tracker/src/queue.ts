import { ScriptEvent, TRACKING_LIMITS, utf8Length } from './events';
import { KeyValueStore } from './storage';

/** The ingress's answer: its HTTP status, and its Retry-After in seconds when it gave one (429, 503). */
export interface Answer {
  status: number;
  retryAfterSeconds?: number | null;
}
/** Posts a batch: the answer (or just its status); a rejection is a network failure. */
export type Send = (body: string) => Promise<number | Answer>;
/** navigator.sendBeacon: true when the browser took the body to send after the page is gone. */
export type Beacon = (body: string) => boolean;

export interface QueueOptions {
  store: KeyValueStore;
  siteKey: string;
  send: Send;
  beacon: Beacon;
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
  random?: () => number;
}

/** Retry delays: 1 s, 2 s, 4 s ... capped at 5 minutes, each with up to 50 % jitter taken off. */
export const RETRY_BASE_MS = 1000;
export const RETRY_MAX_MS = 5 * 60 * 1000;
/** Events kept while the ingress cannot be reached; past it the oldest go first. */
export const MAX_STORED_EVENTS = 500;
/** Under the ingress's 64 KiB body limit with room to spare (sendBeacon and keepalive allow 64 KiB in flight). */
export const MAX_BATCH_BYTES = TRACKING_LIMITS.maxBodyBytes - 4 * 1024;

export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const full = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(full * (1 - random() * 0.5));
}

const retryable = (status: number) => status === 0 || status === 408 || status === 429 || status >= 500;

/**
 * The outbox: every event is stored in localStorage (key `pp_queue:{site_key}`) before anything is sent, and
 * removed only once the ingress accepted it (2xx) or refused it for good (a 4xx other than 408 and 429). Failed
 * sends (network, 408, 429, 5xx) are retried with exponential backoff, and on the next page load. The ingress
 * dedupes by event id, so sending an event twice (two tabs, a beacon whose answer is never seen) is harmless.
 */
export class EventQueue {
  private readonly key: string;
  private readonly random: () => number;
  private timer: unknown = null;
  private sending = false;
  private failures = 0;
  /** Ids of a refused multi-event batch: sent one by one next, so that one bad event drops alone. */
  private readonly isolate = new Set<string>();

  constructor(private readonly options: QueueOptions) {
    this.key = `pp_queue:${options.siteKey}`;
    this.random = options.random ?? Math.random;
  }

  pending(): ScriptEvent[] {
    try {
      const parsed = JSON.parse(this.options.store.get(this.key) ?? '[]') as unknown;
      return Array.isArray(parsed) ? (parsed as ScriptEvent[]) : [];
    } catch {
      return [];
    }
  }

  private save(events: ScriptEvent[]): void {
    if (events.length === 0) this.options.store.remove(this.key);
    else this.options.store.set(this.key, JSON.stringify(events.slice(-MAX_STORED_EVENTS)));
  }

  /** Stores the event and sends soon (events of the same moment share one request). */
  enqueue(event: ScriptEvent): void {
    const events = this.pending();
    if (!events.some((known) => known.event_id === event.event_id)) events.push(event);
    this.save(events);
    if (this.failures === 0) this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.timer !== null) this.options.clearTimer(this.timer);
    this.timer = this.options.setTimer(() => {
      this.timer = null;
      void this.flush();
    }, ms);
  }

  /** The next request's body and the ids it carries: up to 50 events and under the byte limit, oldest first. */
  nextBatch(events: ScriptEvent[] = this.pending()): { body: string; ids: string[] } | null {
    const head = `{"site_key":${JSON.stringify(this.options.siteKey)},"events":[`;
    let size = utf8Length(head) + 2;
    const parts: string[] = [];
    const ids: string[] = [];
    for (const event of events) {
      if (parts.length >= TRACKING_LIMITS.maxEvents) break;
      if (parts.length > 0 && (this.isolate.has(event.event_id) || this.isolate.has(ids[0]))) break;
      const json = JSON.stringify(event);
      const bytes = utf8Length(json) + (parts.length ? 1 : 0);
      if (size + bytes > MAX_BATCH_BYTES) {
        if (parts.length === 0) {
          // Too large for any request (never built by this script): it can never be accepted.
          this.drop([event.event_id]);
          return this.nextBatch();
        }
        break;
      }
      size += bytes;
      parts.push(json);
      ids.push(event.event_id);
    }
    return parts.length ? { body: `${head}${parts.join(',')}]}`, ids } : null;
  }

  private drop(ids: string[]): void {
    const gone = new Set(ids);
    for (const id of ids) this.isolate.delete(id);
    this.save(this.pending().filter((event) => !gone.has(event.event_id)));
  }

  /** Sends batches until the queue is empty or a send fails (then retries later, with backoff). */
  async flush(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    try {
      for (let batch = this.nextBatch(); batch; batch = this.nextBatch()) {
        const answer = await this.options.send(batch.body).catch((): Answer => ({ status: 0 }));
        const { status, retryAfterSeconds } = typeof answer === 'number' ? { status: answer } : answer;
        if (status >= 200 && status < 300) {
          this.failures = 0;
          this.drop(batch.ids);
        } else if (retryable(status)) {
          this.failures++;
          // The ingress's Retry-After when it is longer than the backoff (capped like the backoff).
          const asked = Math.min(RETRY_MAX_MS, Math.max(0, (retryAfterSeconds ?? 0) * 1000));
          this.schedule(Math.max(retryDelay(this.failures, this.random), asked));
          return;
        } else if (batch.ids.length > 1) {
          for (const id of batch.ids) this.isolate.add(id);
        } else {
          this.drop(batch.ids);
        }
      }
    } finally {
      this.sending = false;
    }
  }

  /** Retry now (the browser came back online, or the page was shown again). */
  retryNow(): void {
    this.failures = 0;
    this.schedule(0);
  }

  /**
   * The page is going away (hidden, closed, navigated): hand what is queued to sendBeacon, which the browser
   * sends even after the page is gone. The events stay queued: whether the ingress accepted them is never
   * known, so the next page of the site sends them again and the ingress's dedupe drops the repeat.
   */
  beaconAll(): void {
    let events = this.pending();
    while (events.length) {
      const batch = this.nextBatch(events);
      if (!batch || !this.options.beacon(batch.body)) return;
      const sent = new Set(batch.ids);
      events = events.filter((event) => !sent.has(event.event_id));
    }
  }
}
