import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, testDataProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { i18nProvider } from '../providers/i18nProvider';
import { LiveIndicator } from './LiveIndicator';
import { LiveProvider, useLeadBroadcasts, useLiveCatchUp } from './LiveProvider';

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send() {}
  close() {
    this.readyState = 3;
  }
}
const socket = () => FakeSocket.all[FakeSocket.all.length - 1];

const played: { src: string; volume: number }[] = [];

beforeEach(() => {
  FakeSocket.all = [];
  played.length = 0;
  Object.defineProperty(window, 'WebSocket', { value: FakeSocket, writable: true, configurable: true });
  Object.defineProperty(window, 'Audio', {
    configurable: true,
    writable: true,
    value: function Audio(this: { src: string; volume: number; play: () => Promise<void> }, src: string) {
      this.src = src;
      this.volume = 1;
      this.play = () => {
        played.push({ src: this.src, volume: this.volume });
        return Promise.reject(new Error('NotAllowedError: autoplay')); // the policy refuses: no crash
      };
    },
  });
  localStorage.setItem('access_token', 'tok');
  localStorage.setItem('selectedPracticeId', 'p-1');
  myPractices = [{ practice_id: 'p-1', name: 'Glow Aesthetics' }];
  caughtUp = [];
});
afterEach(() => jest.useRealTimers());

function Listener({ onMessage }: { onMessage: (type: string) => void }) {
  useLeadBroadcasts((message) => onMessage(message.type));
  return null;
}

/** What each catch-up told its listeners: the ids of the leads missed. */
let caughtUp: string[][] = [];
function CatchUpListener() {
  useLiveCatchUp((missed) => caughtUp.push(missed.map((lead) => lead.person_id)));
  return null;
}

/** The practices the signed-in user belongs to, as GET /users/me/practices answers. */
let myPractices = [{ practice_id: 'p-1', name: 'Glow Aesthetics' }];

async function renderLive() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidate = jest.spyOn(queryClient, 'invalidateQueries');
  const heard = jest.fn();
  const dataProvider = testDataProvider({
    getMyPractices: jest.fn(async () => myPractices),
  } as never);
  const authProvider = {
    login: jest.fn(),
    logout: jest.fn(async () => {
      localStorage.removeItem('access_token');
      localStorage.removeItem('selectedPracticeId');
    }),
    checkAuth: jest.fn(async () => undefined),
    checkError: jest.fn(async () => undefined),
    getPermissions: jest.fn(async () => undefined),
  };
  render(
    <MemoryRouter initialEntries={['/leads']}>
      <AdminContext
        i18nProvider={i18nProvider}
        dataProvider={dataProvider}
        authProvider={authProvider}
        queryClient={queryClient}
      >
        <QueryClientProvider client={queryClient}>
          <LiveProvider>
            <LiveIndicator />
            <Listener onMessage={heard} />
            <CatchUpListener />
            <Routes>
              <Route path="/leads" element={<p>Leads page</p>} />
              <Route path="/login" element={<p>Login page</p>} />
            </Routes>
          </LiveProvider>
        </QueryClientProvider>
      </AdminContext>
    </MemoryRouter>,
  );
  // The socket opens once the user's practices confirm the stored one.
  if (myPractices.length) await waitFor(() => expect(FakeSocket.all.length).toBeGreaterThan(0));
  else await act(async () => undefined);
  invalidate.mockClear();
  return { invalidate, heard, authProvider };
}

const keysOf = (invalidate: jest.SpyInstance) =>
  invalidate.mock.calls.map(([filters]) => (filters as { queryKey: unknown[] }).queryKey);

describe('LiveProvider', () => {
  it("connects to the selected practice's events with the token", async () => {
    await renderLive();
    expect(socket().url).toBe('ws://localhost/api/v1/practices/p-1/events?token=tok');
  });

  it('never connects to a stored practice the user does not belong to (another user signed out here)', async () => {
    localStorage.setItem('selectedPracticeId', 'p-of-someone-else');
    await renderLive();
    expect(FakeSocket.all.map((each) => each.url)).toEqual([
      'ws://localhost/api/v1/practices/p-1/events?token=tok',
    ]);
    expect(localStorage.getItem('selectedPracticeId')).toBe('p-1');
  });

  it('on lead_created refreshes the stats, beeps at volume 0.2 and tells the list', async () => {
    const { invalidate, heard } = await renderLive();
    act(() => socket().onopen?.());
    await act(async () =>
      socket().onmessage?.({ data: JSON.stringify({ type: 'lead_created', person_id: 'lead-9' }) }),
    );
    expect(keysOf(invalidate)).toEqual([['people', 'stats', 'p-1']]);
    expect(played).toEqual([{ src: '/sounds/beep.wav', volume: 0.2 }]);
    expect(heard).toHaveBeenCalledWith('lead_created');
  });

  it('on lead_updated refreshes the stats and the person and fires the window event lead_updated', async () => {
    const { invalidate } = await renderLive();
    const fired = jest.fn();
    window.addEventListener('lead_updated', fired);
    const message = { type: 'lead_updated', person_id: 'lead-9', person_data: { stage: 'Scheduled' } };
    act(() => socket().onmessage?.({ data: JSON.stringify(message) }));
    window.removeEventListener('lead_updated', fired);
    expect(keysOf(invalidate)).toEqual([
      ['people', 'stats', 'p-1'],
      ['person', 'lead-9'],
    ]);
    expect((fired.mock.calls[0][0] as CustomEvent).detail).toMatchObject(message);
    expect(played).toEqual([]);
  });

  it('turns a burst of 105 lead_created broadcasts into two stats refreshes (500 ms throttle)', async () => {
    const { invalidate, heard } = await renderLive();
    jest.useFakeTimers();
    act(() => {
      for (let index = 0; index < 105; index += 1)
        socket().onmessage?.({ data: JSON.stringify({ type: 'lead_created', person_id: `lead-${index}` }) });
    });
    expect(heard).toHaveBeenCalledTimes(105);
    expect(keysOf(invalidate)).toEqual([['people', 'stats', 'p-1']]); // the first at once
    act(() => jest.advanceTimersByTime(500));
    expect(keysOf(invalidate)).toEqual([
      ['people', 'stats', 'p-1'],
      ['people', 'stats', 'p-1'], // the rest of the burst, once
    ]);
    act(() => jest.advanceTimersByTime(5_000));
    expect(invalidate).toHaveBeenCalledTimes(2);
    // A refresh never restarts a fetch already under way.
    expect(invalidate.mock.calls.every(([, options]) => options?.cancelRefetch === false)).toBe(true);
  });

  it('after a drop, once greeted again, refreshes the stats and every person and tells of the leads created while away', async () => {
    // GET /people/ as the gateway answers it: the practice's newest leads, newest first.
    const asked: URL[] = [];
    const newest = [
      { person_id: 'while-away', created_at: '2026-03-20T09:04:00.000Z', stage: 'Lead' },
      { person_id: 'heard-live', created_at: '2026-03-20T09:02:00.000Z', stage: 'Lead' },
      { person_id: 'long-ago', created_at: '2026-03-19T15:00:00.000Z', stage: 'Lead' },
    ];
    global.fetch = jest.fn(async (input: RequestInfo | URL) => {
      asked.push(new URL(String(input), 'http://console.test'));
      const body = { items: newest, next_cursor: null, prev_cursor: null };
      return new Response(JSON.stringify(body), { status: 200 });
    }) as jest.Mock;
    const greet = (serverTime: string) =>
      socket().onmessage?.({
        data: JSON.stringify({ type: 'connection_established', practice_id: 'p-1', server_time: serverTime }),
      });
    const { invalidate, heard } = await renderLive();
    jest.useFakeTimers();
    act(() => {
      socket().onopen?.();
      greet('2026-03-20T09:00:00.000Z');
    });
    act(() =>
      socket().onmessage?.({ data: JSON.stringify({ type: 'lead_created', person_id: 'heard-live' }) }),
    );
    // The first connection asks for nothing: the page has just loaded what it shows.
    expect(asked).toEqual([]);
    expect(caughtUp).toEqual([]);

    act(() => socket().onclose?.({ code: 1006 }));
    expect(screen.getByTestId('live-status')).toHaveTextContent('Connection lost');
    act(() => jest.advanceTimersByTime(500)); // the first retry
    expect(FakeSocket.all).toHaveLength(2);
    invalidate.mockClear();
    played.length = 0;
    await act(async () => {
      socket().onopen?.();
      greet('2026-03-20T09:06:00.000Z');
    });
    await waitFor(() => expect(caughtUp).toHaveLength(1));

    expect(keysOf(invalidate)).toEqual([['people', 'stats', 'p-1'], ['person']]);
    expect(
      asked.map((url) => [url.pathname, url.searchParams.get('practice_id'), url.searchParams.get('limit')]),
    ).toEqual([['/api/v1/people/', 'p-1', '100']]);
    expect(asked[0].searchParams.has('stage')).toBe(false); // every stage: each list picks its own
    // Created since the previous greeting and never pushed; the one pushed before the drop is not told again.
    expect(caughtUp).toEqual([['while-away']]);
    expect(played).toHaveLength(1);

    // Its broadcast arriving late (a gateway catching up on Kafka) is not told a second time.
    heard.mockClear();
    act(() =>
      socket().onmessage?.({ data: JSON.stringify({ type: 'lead_created', person_id: 'while-away' }) }),
    );
    expect(heard).not.toHaveBeenCalled();
    act(() =>
      socket().onmessage?.({ data: JSON.stringify({ type: 'lead_created', person_id: 'brand-new' }) }),
    );
    expect(heard).toHaveBeenCalledWith('lead_created');
  });

  it('signs the user out and goes to /login when the server refuses the token (4001)', async () => {
    const { authProvider } = await renderLive();
    act(() => socket().onclose?.({ code: 4001 }));
    await waitFor(() => expect(authProvider.logout).toHaveBeenCalled());
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(await screen.findByText('Login page')).toBeInTheDocument();
  });

  it('keeps the user signed in on 4003 and re-checks their practices', async () => {
    const { authProvider, invalidate } = await renderLive();
    myPractices = [{ practice_id: 'p-2', name: 'Northside Dental' }]; // p-1 was taken away meanwhile
    act(() => socket().onclose?.({ code: 4003 }));
    expect(keysOf(invalidate)).toContainEqual(['practices', 'mine']);
    await waitFor(() => expect(FakeSocket.all.length).toBe(2)); // connected to the practice still theirs
    expect(socket().url).toBe('ws://localhost/api/v1/practices/p-2/events?token=tok');
    expect(authProvider.logout).not.toHaveBeenCalled();
    expect(localStorage.getItem('access_token')).toBe('tok');
    expect(screen.getByText('Leads page')).toBeInTheDocument();
  });

  it('shows why when the connection is lost', async () => {
    await renderLive();
    act(() => socket().onopen?.());
    expect(screen.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
    act(() => socket().onclose?.({ code: 1006 }));
    expect(screen.getByTestId('live-status')).toHaveTextContent('Connection lost');
  });

  it('opens no connection while the user has no practice', async () => {
    myPractices = [];
    localStorage.removeItem('selectedPracticeId');
    await renderLive();
    expect(FakeSocket.all).toHaveLength(0);
  });
});
