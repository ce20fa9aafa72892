import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { i18nProvider } from '../providers/i18nProvider';
import { LiveIndicator } from './LiveIndicator';
import { LiveProvider, useLeadBroadcasts } from './LiveProvider';

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
});

function Listener({ onMessage }: { onMessage: (type: string) => void }) {
  useLeadBroadcasts((message) => onMessage(message.type));
  return null;
}

function renderLive() {
  const queryClient = new QueryClient();
  const invalidate = jest.spyOn(queryClient, 'invalidateQueries');
  const heard = jest.fn();
  render(
    <MemoryRouter initialEntries={['/leads']}>
      <AdminContext i18nProvider={i18nProvider}>
        <QueryClientProvider client={queryClient}>
          <LiveProvider>
            <LiveIndicator />
            <Listener onMessage={heard} />
            <Routes>
              <Route path="/leads" element={<p>Leads page</p>} />
              <Route path="/login" element={<p>Login page</p>} />
            </Routes>
          </LiveProvider>
        </QueryClientProvider>
      </AdminContext>
    </MemoryRouter>,
  );
  return { invalidate, heard };
}

const keysOf = (invalidate: jest.SpyInstance) =>
  invalidate.mock.calls.map(([filters]) => (filters as { queryKey: unknown[] }).queryKey);

describe('LiveProvider', () => {
  it("connects to the selected practice's events with the token", () => {
    renderLive();
    expect(socket().url).toBe('ws://localhost/api/v1/practices/p-1/events?token=tok');
  });

  it('on lead_created refreshes the stats, beeps at volume 0.2 and tells the list', async () => {
    const { invalidate, heard } = renderLive();
    act(() => socket().onopen?.());
    await act(async () =>
      socket().onmessage?.({ data: JSON.stringify({ type: 'lead_created', person_id: 'lead-9' }) }),
    );
    expect(keysOf(invalidate)).toEqual([['people', 'stats', 'p-1']]);
    expect(played).toEqual([{ src: '/sounds/beep.wav', volume: 0.2 }]);
    expect(heard).toHaveBeenCalledWith('lead_created');
  });

  it('on lead_updated refreshes the stats and the person and fires the window event lead_updated', () => {
    const { invalidate } = renderLive();
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

  it('removes the token and goes to /login when the server refuses it (4001)', () => {
    renderLive();
    act(() => socket().onclose?.({ code: 4001 }));
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(screen.getByText('Login page')).toBeInTheDocument();
  });

  it('shows why when the connection is lost', () => {
    renderLive();
    act(() => socket().onopen?.());
    expect(screen.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
    act(() => socket().onclose?.({ code: 1006 }));
    expect(screen.getByTestId('live-status')).toHaveTextContent('Connection lost');
  });

  it('opens no connection without a selected practice', () => {
    localStorage.removeItem('selectedPracticeId');
    renderLive();
    expect(FakeSocket.all).toHaveLength(0);
  });
});
