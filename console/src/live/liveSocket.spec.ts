import { LiveSocket, liveUrl, parseLiveMessage, type LiveStatus } from './liveSocket';

/** A socket the test drives: it records what the client sends and closes with. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closedWith: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  // The server's side
  accept() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(data: string) {
    this.onmessage?.({ data });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const latest = () => FakeSocket.all[FakeSocket.all.length - 1];

function startClient() {
  const statuses: LiveStatus[] = [];
  const messages: unknown[] = [];
  const onUnauthorized = jest.fn();
  const welcomes: { serverTime: string | null; reopened: boolean }[] = [];
  const client = new LiveSocket({
    url: 'ws://console.test/api/v1/practices/p-1/events?token=t',
    onStatus: (status) => statuses.push(status),
    onMessage: (message) => messages.push(message),
    onUnauthorized,
    onWelcome: (welcome) => welcomes.push(welcome),
    createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
  });
  client.start();
  return {
    client,
    statuses,
    messages,
    welcomes,
    onUnauthorized,
    last: () => statuses[statuses.length - 1],
  };
}

beforeEach(() => {
  FakeSocket.all = [];
  jest.useFakeTimers({ now: new Date('2026-03-20T09:00:00Z') });
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('liveUrl', () => {
  it('uses ws on http and wss on https, on the page host', () => {
    expect(liveUrl('p 1', 'a+b', { protocol: 'http:', host: 'localhost:8080' })).toBe(
      'ws://localhost:8080/api/v1/practices/p%201/events?token=a%2Bb',
    );
    expect(liveUrl('p-1', 't', { protocol: 'https:', host: 'app.example' })).toMatch(
      /^wss:\/\/app\.example\//,
    );
  });
});

describe('the live connection', () => {
  it('goes connecting → open and sends ping every 30 s', () => {
    const { statuses, last } = startClient();
    expect(statuses[0].state).toBe('connecting');
    latest().accept();
    expect(last()).toEqual({ state: 'open', error: null, attempts: 0 });
    jest.advanceTimersByTime(29_999);
    expect(latest().sent).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(latest().sent).toEqual(['ping']);
    jest.advanceTimersByTime(30_000);
    expect(latest().sent).toEqual(['ping', 'ping']);
  });

  it('retries after 500 ms, 1 s, 2 s, 4 s and 8 s, then says max attempts reached', () => {
    const { last } = startClient();
    latest().accept();
    latest().drop();
    expect(last()).toMatchObject({ state: 'closed', error: 'Connection lost', attempts: 1 });
    for (const delay of [500, 1000, 2000, 4000, 8000]) {
      const before = FakeSocket.all.length;
      jest.advanceTimersByTime(delay - 1);
      expect(FakeSocket.all.length).toBe(before);
      jest.advanceTimersByTime(1);
      expect(FakeSocket.all.length).toBe(before + 1);
      latest().drop(); // the server is still unreachable
    }
    expect(last()).toMatchObject({ state: 'closed', error: 'Max reconnection attempts reached' });
    expect(console.warn).toHaveBeenCalledWith('Connection lost after max attempts');
    jest.advanceTimersByTime(60_000);
    expect(FakeSocket.all.length).toBe(6);
  });

  it("says 'Connection error' when it never got through", () => {
    const { last } = startClient();
    latest().drop();
    expect(last()).toMatchObject({ state: 'closed', error: 'Connection error' });
  });

  it('starts counting again only after a reopened connection stayed open 10 s', () => {
    const { last } = startClient();
    latest().drop();
    jest.advanceTimersByTime(500);
    latest().accept();
    expect(last()).toMatchObject({ state: 'open' });
    jest.advanceTimersByTime(10_000);
    latest().drop();
    expect(last()).toMatchObject({ attempts: 1 });
    jest.advanceTimersByTime(499);
    expect(FakeSocket.all.length).toBe(2);
    jest.advanceTimersByTime(1);
    expect(FakeSocket.all.length).toBe(3);
  });

  it('keeps backing off when every reconnect opens and drops at once (attempt 1 of 5 is not forever)', () => {
    const { last, statuses } = startClient();
    latest().accept();
    jest.advanceTimersByTime(60_000); // a connection that worked for a minute
    latest().drop(1011);
    expect(last()).toMatchObject({ state: 'closed', error: 'Connection lost', attempts: 1 });
    for (const [index, delay] of [500, 1000, 2000, 4000, 8000].entries()) {
      const before = FakeSocket.all.length;
      jest.advanceTimersByTime(delay - 1);
      expect(FakeSocket.all.length).toBe(before);
      jest.advanceTimersByTime(1);
      expect(FakeSocket.all.length).toBe(before + 1);
      expect(last()).toMatchObject({ state: 'connecting', attempts: index + 1 });
      latest().accept(); // the server accepts…
      latest().drop(1011); // …and drops at once
    }
    expect(last()).toMatchObject({ state: 'closed', error: 'Max reconnection attempts reached' });
    jest.advanceTimersByTime(120_000);
    expect(FakeSocket.all.length).toBe(6);
    const counts = statuses.filter((status) => status.state === 'connecting').map((s) => s.attempts);
    expect(counts).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('does not retry a normal close (1000) or after stop()', () => {
    const first = startClient();
    latest().accept();
    latest().drop(1000);
    jest.advanceTimersByTime(10_000);
    expect(FakeSocket.all.length).toBe(1);
    expect(first.last()).toEqual({ state: 'closed', error: null, attempts: 0 });

    FakeSocket.all = [];
    const second = startClient();
    latest().accept();
    second.client.stop();
    expect(latest().closedWith).toBe(1000);
    latest().drop(1000);
    jest.advanceTimersByTime(10_000);
    expect(FakeSocket.all.length).toBe(1);
  });

  it('calls onUnauthorized on 4001 and does not retry', () => {
    const { onUnauthorized } = startClient();
    latest().drop(4001);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(10_000);
    expect(FakeSocket.all.length).toBe(1);
  });

  it('calls onForbidden, not onUnauthorized, on 4003 and does not retry', () => {
    const onForbidden = jest.fn();
    const onUnauthorized = jest.fn();
    const client = new LiveSocket({
      url: 'ws://console.test/api/v1/practices/p-x/events?token=t',
      onStatus: () => undefined,
      onMessage: () => undefined,
      onUnauthorized,
      onForbidden,
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    });
    client.start();
    latest().drop(4003);
    expect(onForbidden).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).not.toHaveBeenCalled();
    jest.advanceTimersByTime(10_000);
    expect(FakeSocket.all.length).toBe(1);
  });

  it('reconnects when the tab becomes visible, at most once per 60 s, with a fresh retry count', () => {
    const { client, last } = startClient();
    latest().drop();
    for (const delay of [500, 1000, 2000, 4000, 8000]) {
      jest.advanceTimersByTime(delay);
      latest().drop();
    }
    expect(last().error).toBe('Max reconnection attempts reached');

    client.onVisible();
    expect(FakeSocket.all.length).toBe(7);
    expect(last()).toMatchObject({ state: 'connecting', attempts: 0 });
    latest().drop();
    jest.advanceTimersByTime(500); // a fresh count: the first retry comes after 500 ms again
    expect(FakeSocket.all.length).toBe(8);
    latest().drop();

    client.onVisible(); // within 60 s of the last one: ignored
    expect(FakeSocket.all.length).toBe(8);
    jest.advanceTimersByTime(60_000);
    client.onVisible();
    expect(FakeSocket.all.length).toBeGreaterThan(8);
  });

  it('does not open a second socket when visible while already open', () => {
    const { client } = startClient();
    latest().accept();
    client.onVisible();
    expect(FakeSocket.all.length).toBe(1);
  });

  it('passes lead broadcasts on and ignores greetings and keep-alives', () => {
    const { messages } = startClient();
    latest().accept();
    latest().receive(JSON.stringify({ type: 'connection_established', practice_id: 'p-1' }));
    latest().receive('pong');
    latest().receive(JSON.stringify({ type: 'pong' }));
    latest().receive('not json');
    latest().receive(JSON.stringify({ type: 'lead_created', person_id: 'lead-1' }));
    expect(messages).toEqual([{ type: 'lead_created', person_id: 'lead-1' }]);
  });
});

describe('LiveSocket greetings', () => {
  const greeting = (serverTime?: string) =>
    JSON.stringify({ type: 'connection_established', practice_id: 'p-1', server_time: serverTime });

  it('reports each greeting with the server clock, the first as a first connect and the next ones as reopened', () => {
    const { welcomes } = startClient();
    latest().accept();
    latest().receive(greeting('2026-03-20T09:00:00.000Z'));
    latest().drop();
    // A retry that never got as far as a greeting does not count as a connection.
    jest.advanceTimersByTime(500);
    latest().drop();
    jest.advanceTimersByTime(1_000);
    latest().accept();
    latest().receive(greeting('2026-03-20T09:05:00.000Z'));
    expect(welcomes).toEqual([
      { serverTime: '2026-03-20T09:00:00.000Z', reopened: false },
      { serverTime: '2026-03-20T09:05:00.000Z', reopened: true },
    ]);
  });

  it('reports a greeting without a readable clock with none', () => {
    const { welcomes } = startClient();
    latest().accept();
    latest().receive(greeting('yesterday'));
    expect(welcomes).toEqual([{ serverTime: null, reopened: false }]);
  });
});

describe('parseLiveMessage', () => {
  it('reads broadcast_type when type is missing and drops unknown kinds', () => {
    expect(
      parseLiveMessage(JSON.stringify({ broadcast_type: 'lead_updated', person_id: 'x' })),
    ).toMatchObject({
      type: 'lead_updated',
    });
    expect(parseLiveMessage(JSON.stringify({ type: 'something_else' }))).toBeNull();
    expect(parseLiveMessage(JSON.stringify({ type: 'ping' }))).toBeNull();
  });
});
