import { ScriptEvent } from './events';
import { SESSION_IDLE_MS } from './identity';
import { memoryStore } from './storage';
import { HEARTBEAT_MS, startTracker, Tracker } from './tracker';

let clock = Date.parse('2026-11-24T10:00:00Z');
let sent: ScriptEvent[];
let beacons: ScriptEvent[][];
let tracker: Tracker | null;
let visibility: DocumentVisibilityState;

function start(options: { respectDnt?: boolean; store?: ReturnType<typeof memoryStore> } = {}) {
  tracker = startTracker({
    siteKey: 'site_test',
    endpoint: 'https://pp.example/api/v1/tracking/events',
    respectDnt: options.respectDnt ?? false,
    win: window,
    store: options.store ?? memoryStore(),
    now: () => clock,
    send: async (body) => {
      sent.push(...(JSON.parse(body) as { events: ScriptEvent[] }).events);
      return 202;
    },
    beacon: (body) => {
      beacons.push((JSON.parse(body) as { events: ScriptEvent[] }).events);
      return true;
    },
  });
  return tracker;
}

async function settle() {
  await jest.advanceTimersByTimeAsync(1);
}

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  jest.useFakeTimers();
  sent = [];
  beacons = [];
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  window.history.replaceState(null, '', '/?utm_source=google&utm_campaign=spring');
  document.title = 'Glow Aesthetics';
  document.body.innerHTML = '';
});

afterEach(() => {
  tracker?.stop();
  tracker = null;
  jest.useRealTimers();
  Object.defineProperty(window.navigator, 'doNotTrack', { configurable: true, get: () => null });
});

describe('the website script', () => {
  it('sends a pageview on load with url (UTM included), title, referrer, a visitor id and a session id', async () => {
    start();
    await settle();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      type: 'pageview',
      url: 'http://localhost/?utm_source=google&utm_campaign=spring',
      title: 'Glow Aesthetics',
      occurred_at: '2026-11-24T10:00:00.000Z',
    });
    expect(sent[0].event_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0].visitor_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0].session_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps the visitor id across page loads and starts a new session after 30 minutes without events', async () => {
    const store = memoryStore();
    start({ store })!.stop();
    await settle();
    clock += SESSION_IDLE_MS - 1000;
    start({ store })!.stop();
    await settle();
    clock += SESSION_IDLE_MS + 1000;
    start({ store });
    await settle();
    const [a, b, c] = sent;
    expect(new Set([a.visitor_id, b.visitor_id, c.visitor_id]).size).toBe(1);
    expect(b.session_id).toBe(a.session_id);
    expect(c.session_id).not.toBe(a.session_id);
    expect(new Set(sent.map((e) => e.event_id)).size).toBe(3);
  });

  it('keeps the visitor id in a first-party cookie too', async () => {
    start();
    await settle();
    expect(document.cookie).toContain(`pp_vid=${sent[0].visitor_id}`);
  });

  it('counts SPA navigation (pushState, replaceState, back) as pageviews, closing the previous one', async () => {
    start();
    await settle();
    const first = tracker!.pageviewId();
    clock += 5000;
    window.history.pushState(null, '', '/treatments');
    window.history.replaceState(null, '', '/treatments'); // same address: nothing new
    window.history.replaceState(null, '', '/treatments#prices'); // an anchor: nothing new
    window.history.replaceState(null, '', '/contact');
    window.history.back();
    await jest.advanceTimersByTimeAsync(10);
    window.dispatchEvent(new PopStateEvent('popstate'));
    await settle();
    const types = sent.map((e) => `${e.type} ${new URL(e.url).pathname}`);
    expect(types.slice(0, 5)).toEqual([
      'pageview /',
      'pageleave /treatments',
      'pageview /treatments',
      'pageleave /contact',
      'pageview /contact',
    ]);
    expect(sent[1]).toMatchObject({ pageview_id: first, duration_seconds: 5 });
    expect(sent[2].referrer).toBe('http://localhost/?utm_source=google&utm_campaign=spring');
  });

  it('sends heartbeats with the visible time on page, pausing while the page is hidden', async () => {
    start();
    await settle();
    const id = tracker!.pageviewId();
    clock += HEARTBEAT_MS;
    await jest.advanceTimersByTimeAsync(HEARTBEAT_MS);
    setVisibility('hidden'); // a heartbeat at hiding, handed to sendBeacon
    clock += 60_000;
    await jest.advanceTimersByTimeAsync(60_000); // no heartbeat while hidden
    setVisibility('visible');
    clock += HEARTBEAT_MS;
    await jest.advanceTimersByTimeAsync(HEARTBEAT_MS);
    const beats = sent.filter((e) => e.type === 'heartbeat');
    expect(beats.map((e) => [e.pageview_id, e.duration_seconds])).toEqual([
      [id, 15],
      [id, 15],
      [id, 30],
    ]);
    expect(beacons.flat().some((e) => e.type === 'heartbeat')).toBe(true);
  });

  it('on pagehide queues a pageleave and hands the queue to sendBeacon', async () => {
    start();
    await settle();
    clock += 42_000;
    window.dispatchEvent(new Event('pagehide'));
    const beaconed = beacons.flat();
    expect(beaconed.map((e) => e.type)).toEqual(['pageleave']);
    expect(beaconed[0]).toMatchObject({ pageview_id: tracker!.pageviewId(), duration_seconds: 42 });
    // A second pagehide adds no pageleave; the queued one goes again under its own id (the ingress dedupes).
    window.dispatchEvent(new Event('pagehide'));
    const leaves = beacons.flat().filter((e) => e.type === 'pageleave');
    expect(new Set(leaves.map((e) => e.event_id)).size).toBe(1);
  });

  it('sends a submitted form with its fields and never its password', async () => {
    start();
    await settle();
    document.body.innerHTML = `<form id="contact" action="#">
      <input name="name" value="Rosa Delgado"><input name="email" value="rosa@example.com">
      <input type="password" name="password" value="hunter2"><button type="submit">Send</button></form>`;
    const form = document.getElementById('contact') as HTMLFormElement;
    form.addEventListener('submit', (e) => e.preventDefault());
    form.requestSubmit();
    await settle();
    const forms = sent.filter((e) => e.type === 'form');
    expect(forms).toHaveLength(1);
    expect(forms[0].fields).toEqual({ name: 'Rosa Delgado', email: 'rosa@example.com' });
    expect(JSON.stringify(sent)).not.toContain('hunter2');
  });

  it('never sends a password a GET form put in the address', async () => {
    window.history.replaceState(null, '', '/thanks?name=Rosa&password=hunter2');
    start();
    await settle();
    expect(sent[0].url).toBe('http://localhost/thanks?name=Rosa');
  });

  it('with data-respect-dnt sends nothing and stores nothing when the browser asks not to be tracked', async () => {
    Object.defineProperty(window.navigator, 'doNotTrack', { configurable: true, get: () => '1' });
    const store = memoryStore();
    expect(start({ respectDnt: true, store })).toBeNull();
    await settle();
    expect(sent).toEqual([]);
    expect(store.get('pp_vid')).toBeNull();
  });

  it('without data-respect-dnt tracks whatever the browser asks', async () => {
    Object.defineProperty(window.navigator, 'doNotTrack', { configurable: true, get: () => '1' });
    start({ respectDnt: false });
    await settle();
    expect(sent.map((e) => e.type)).toEqual(['pageview']);
  });
});
