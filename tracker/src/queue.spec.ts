import { TextEncoder } from 'node:util';
import { ScriptEvent, utf8Length } from './events';
import { EventQueue, MAX_BATCH_BYTES, retryDelay, RETRY_MAX_MS } from './queue';
import { memoryStore } from './storage';

const event = (id: string, extra: Partial<ScriptEvent> = {}): ScriptEvent => ({
  event_id: id,
  type: 'pageview',
  visitor_id: 'v1',
  session_id: 's1',
  url: 'https://clinic.example/',
  title: 'Clinic',
  referrer: null,
  occurred_at: '2026-11-24T10:00:00.000Z',
  ...extra,
});

function setup(statuses: Array<number | Error>) {
  const store = memoryStore();
  const bodies: Array<{ site_key: string; events: ScriptEvent[] }> = [];
  const beacons: string[] = [];
  const timers: Array<{ run: () => void; ms: number }> = [];
  const queue = new EventQueue({
    store,
    siteKey: 'site_test',
    send: async (body) => {
      bodies.push(JSON.parse(body));
      const next = statuses.shift() ?? 202;
      if (next instanceof Error) throw next;
      return next;
    },
    beacon: (body) => {
      beacons.push(body);
      return true;
    },
    setTimer: (run, ms) => timers.push({ run, ms }),
    clearTimer: () => undefined,
    random: () => 0,
  });
  return { store, queue, bodies, beacons, timers };
}

describe('the event queue', () => {
  it('stores an event before sending and removes it once the ingress accepted it', async () => {
    const { queue, store, bodies } = setup([202]);
    queue.enqueue(event('e1'));
    expect(JSON.parse(store.get('pp_queue:site_test') ?? '[]')).toHaveLength(1);
    await queue.flush();
    expect(bodies).toEqual([{ site_key: 'site_test', events: [event('e1')] }]);
    expect(queue.pending()).toEqual([]);
  });

  it('keeps the event on 503, 429 and network failures and sends the same event id again until accepted', async () => {
    const { queue, bodies, timers } = setup([503, 429, new TypeError('Failed to fetch'), 202]);
    queue.enqueue(event('e1'));
    await queue.flush();
    expect(queue.pending().map((e) => e.event_id)).toEqual(['e1']);
    await queue.flush();
    await queue.flush();
    expect(queue.pending().map((e) => e.event_id)).toEqual(['e1']);
    // Exponential backoff between the failed attempts (random() = 0: no jitter taken off).
    expect(timers.slice(1).map((t) => t.ms)).toEqual([1000, 2000, 4000]);
    await queue.flush();
    expect(queue.pending()).toEqual([]);
    expect(bodies.map((b) => b.events.map((e) => e.event_id))).toEqual([['e1'], ['e1'], ['e1'], ['e1']]);
  });

  it("waits as long as a 429's Retry-After asks when that is longer than the backoff", async () => {
    const timers: Array<{ run: () => void; ms: number }> = [];
    const answers = [
      { status: 429, retryAfterSeconds: 30 },
      { status: 503, retryAfterSeconds: null },
    ];
    const limited = new EventQueue({
      store: memoryStore(),
      siteKey: 'site_test',
      send: async () => answers.shift() ?? 202,
      beacon: () => true,
      setTimer: (run, ms) => timers.push({ run, ms }),
      clearTimer: () => undefined,
      random: () => 0,
    });
    limited.enqueue(event('e1'));
    await limited.flush();
    await limited.flush();
    expect(timers.slice(1).map((t) => t.ms)).toEqual([30_000, 2000]);
    expect(limited.pending()).toHaveLength(1);
  });

  it('drops an event the ingress refuses for good (a 4xx other than 408 and 429)', async () => {
    const { queue } = setup([422]);
    queue.enqueue(event('bad'));
    await queue.flush();
    expect(queue.pending()).toEqual([]);
  });

  it('after a refused batch sends its events one by one, so only the bad one is dropped', async () => {
    const { queue, bodies } = setup([422, 202, 422, 202]);
    queue.enqueue(event('good1'));
    queue.enqueue(event('bad'));
    queue.enqueue(event('good2'));
    await queue.flush();
    expect(bodies.map((b) => b.events.map((e) => e.event_id))).toEqual([
      ['good1', 'bad', 'good2'],
      ['good1'],
      ['bad'],
      ['good2'],
    ]);
    expect(queue.pending()).toEqual([]);
  });

  it('survives a page load: a new queue on the same storage sends what an earlier page left', async () => {
    const first = setup([503]);
    first.queue.enqueue(event('e1'));
    await first.queue.flush();
    const sent: string[] = [];
    const next = new EventQueue({
      store: first.store,
      siteKey: 'site_test',
      send: async (body) => {
        sent.push(...(JSON.parse(body) as { events: ScriptEvent[] }).events.map((e) => e.event_id));
        return 202;
      },
      beacon: () => true,
      setTimer: () => undefined,
      clearTimer: () => undefined,
    });
    await next.flush();
    expect(sent).toEqual(['e1']);
    expect(next.pending()).toEqual([]);
  });

  it('never queues the same event id twice', () => {
    const { queue } = setup([]);
    queue.enqueue(event('e1'));
    queue.enqueue(event('e1'));
    expect(queue.pending()).toHaveLength(1);
  });

  it('batches at most 50 events and under the body limit', () => {
    const { queue } = setup([]);
    for (let i = 0; i < 60; i++) queue.enqueue(event(`e${i}`));
    expect(JSON.parse(queue.nextBatch()!.body).events).toHaveLength(50);

    const big = setup([]);
    const value = 'x'.repeat(4000);
    for (let i = 0; i < 30; i++)
      big.queue.enqueue(event(`f${i}`, { type: 'form', fields: { a: value, b: value } }));
    const batch = big.queue.nextBatch()!;
    expect(new TextEncoder().encode(batch.body).length).toBeLessThanOrEqual(MAX_BATCH_BYTES);
    expect(batch.ids.length).toBeGreaterThan(1);
    expect(batch.ids.length).toBeLessThan(30);
  });

  it('counts UTF-8 bytes as the ingress does', () => {
    const text = 'Zoë — 診療 😀 plain';
    expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length);
  });

  it('backs off exponentially up to five minutes, with jitter taking off at most half', () => {
    expect([1, 2, 3, 4].map((n) => retryDelay(n, () => 0))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelay(30, () => 0)).toBe(RETRY_MAX_MS);
    expect(retryDelay(3, () => 0.999)).toBeGreaterThanOrEqual(2000);
  });

  it('hands everything queued to sendBeacon and keeps it queued, to be sent again and deduped', () => {
    const { queue, beacons } = setup([]);
    queue.enqueue(event('e1'));
    queue.enqueue(event('e2'));
    queue.beaconAll();
    expect(beacons.map((b) => JSON.parse(b).events.map((e: ScriptEvent) => e.event_id))).toEqual([
      ['e1', 'e2'],
    ]);
    expect(queue.pending()).toHaveLength(2);
  });
});
