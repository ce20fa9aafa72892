import type { PersonDto } from '@pp/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { AdminContext, testDataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { LiveProvider } from '../../live/LiveProvider';
import { i18nProvider } from '../../providers/i18nProvider';
import { useLeadList } from '../api/listQueries';
import { LeadList } from './LeadList';

const DAY = 86_400_000;
const lead = (id: string, fields: Partial<PersonDto> = {}) =>
  ({
    person_id: id,
    practice_id: 'p-1',
    first_name: `First${id}`,
    last_name: 'Lead',
    stage: 'Lead',
    created_at: new Date(Date.now() - 3 * DAY).toISOString(),
    is_unseen: false,
    pending_review_type: null,
    current_outreach_state: { control_mode: 'ai' },
    behavioral_insights: null,
    ...fields,
  }) as PersonDto;

const MAYA = lead('1', {
  first_name: 'Maya',
  last_name: 'Chen',
  is_unseen: true,
  pending_review_type: 'approval',
  current_outreach_state: {
    control_mode: 'ai',
    ai_insights: { procedures_of_interest: ['Botox', 'Fillers'] },
  },
  behavioral_insights: JSON.stringify({
    lead_intelligence: { lead_score: 86, conversion_probability: 0.72 },
    conversation_analysis: { engagement_level: 'high' },
    response_patterns: { preferred_contact_method: 'sms' },
  }),
});

/** The gateway's GET /people/: two pages, the second behind the cursor 'c2'. */
let requests: URL[] = [];
let pages: Record<string, { items: PersonDto[]; next_cursor: string | null; prev_cursor: string | null }> =
  {};
/** The practice's newest leads, as the live connection's catch-up asks for them (limit 100). */
let newest: PersonDto[] = [];

/** Stub IntersectionObserver: the test decides when a sentinel comes into view. */
const observers: { target: Element; callback: IntersectionObserverCallback }[] = [];
class StubObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    observers.push({ target, callback: this.callback });
  }
  disconnect() {
    for (let i = observers.length - 1; i >= 0; i--)
      if (observers[i].callback === this.callback) observers.splice(i, 1);
  }
}
const reveal = (testId: string) =>
  act(() => {
    const target = screen.getByTestId(testId);
    observers
      .filter((observer) => observer.target === target)
      .forEach(({ callback }) =>
        callback(
          [{ isIntersecting: true, target } as unknown as IntersectionObserverEntry],
          {} as IntersectionObserver,
        ),
      );
  });

class FakeSocket {
  static last: FakeSocket | null = null;
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor() {
    FakeSocket.last = this;
  }
  send() {}
  close() {}
}
const broadcast = (message: object) =>
  act(() => FakeSocket.last?.onmessage?.({ data: JSON.stringify(message) }));
const created = (stage = 'Lead') => ({ type: 'lead_created', person_id: 'new', person_data: { stage } });
const greet = () =>
  act(() => {
    FakeSocket.last?.onopen?.();
    FakeSocket.last?.onmessage?.({
      data: JSON.stringify({
        type: 'connection_established',
        practice_id: 'p-1',
        server_time: new Date().toISOString(),
      }),
    });
  });
/** The connection drops and its first retry (500 ms later) is greeted: the console catches up. */
async function dropAndReconnect() {
  const dropped = FakeSocket.last;
  act(() => dropped?.onclose?.({ code: 1006 }));
  act(() => jest.advanceTimersByTime(500));
  expect(FakeSocket.last).not.toBe(dropped);
  greet();
  await waitFor(() => expect(requests.some((url) => url.searchParams.get('limit') === '100')).toBe(true));
  await act(async () => undefined);
}

beforeEach(() => {
  requests = [];
  newest = [];
  observers.length = 0;
  FakeSocket.last = null;
  pages = {
    first: { items: [MAYA, lead('2'), lead('3')], next_cursor: 'c2', prev_cursor: null },
    c2: { items: [lead('4'), lead('5')], next_cursor: null, prev_cursor: 'c1' },
  };
  localStorage.setItem('access_token', 'tok');
  localStorage.setItem('selectedPracticeId', 'p-1');
  Object.defineProperty(window, 'IntersectionObserver', {
    value: StubObserver,
    writable: true,
    configurable: true,
  });
  Object.defineProperty(window, 'WebSocket', { value: FakeSocket, writable: true, configurable: true });
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined); // the new-lead beep
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://console.test');
    requests.push(url);
    if (url.searchParams.get('limit') === '100')
      return new Response(JSON.stringify({ items: newest, next_cursor: null, prev_cursor: null }));
    const page = pages[url.searchParams.get('after') ?? 'first'] ?? pages.first;
    return new Response(JSON.stringify(page), { status: 200 });
  }) as jest.Mock;
});

function Harness({ filterId, onRefresh }: { filterId: 'all' | 'closed'; onRefresh: () => void }) {
  const list = useLeadList('p-1', filterId, null);
  const scrollRef = useRef<HTMLDivElement>(null);
  return (
    <LeadList filterId={filterId} query={list} selectedId="2" onRefresh={onRefresh} scrollRef={scrollRef} />
  );
}

async function renderList(filterId: 'all' | 'closed' = 'all') {
  const onRefresh = jest.fn();
  render(
    <MemoryRouter>
      <AdminContext
        i18nProvider={i18nProvider}
        dataProvider={testDataProvider({
          getMyPractices: async () => [{ practice_id: 'p-1', name: 'Glow Aesthetics' }],
          // The practice's locations (its clock): none here, so the browser's.
          getList: async () => ({ data: [], total: 0 }),
        } as never)}
      >
        <QueryClientProvider client={new QueryClient()}>
          <LiveProvider>
            <Harness filterId={filterId} onRefresh={onRefresh} />
          </LiveProvider>
        </QueryClientProvider>
      </AdminContext>
    </MemoryRouter>,
  );
  if (pages.first.items.length) await screen.findByRole('link', { name: 'Maya Chen' });
  await waitFor(() => expect(FakeSocket.last).toBeTruthy()); // the practice is confirmed: connected
  return onRefresh;
}

const scrollAway = () => {
  const scroller = screen.getByTestId('lead-list-scroller');
  Object.defineProperty(scroller, 'scrollTop', { value: 900, writable: true, configurable: true });
};

describe('LeadList', () => {
  it('titles the list with the stage and lists each lead as a link named by the lead', async () => {
    await renderList();
    expect(screen.getByRole('heading', { name: 'All Leads', level: 2 })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Leads in All Leads' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Maya Chen',
      'First2 Lead',
      'First3 Lead',
    ]);
    expect(links[0]).toHaveAttribute('href', '/leads/1');
    expect(links[1]).toHaveAttribute('aria-current', 'true');
    expect(links[0]).not.toHaveAttribute('aria-current');
    expect(requests[0].searchParams.get('limit')).toBe('50');
  });

  it('shows the unseen dot, the review warning, procedure badges, age and a score badge with its tooltip', async () => {
    await renderList();
    const row = screen.getByRole('link', { name: 'Maya Chen' });
    expect(within(row).getByTestId('unseen-dot')).toBeInTheDocument();
    expect(within(row).getByLabelText('AI decision needs review')).toBeInTheDocument();
    expect(
      within(row)
        .getAllByTestId('procedure-badge')
        .map((badge) => badge.textContent),
    ).toEqual(['Botox', 'Fillers']);
    expect(within(row).getByText('3 days ago')).toBeInTheDocument();
    const score = within(row).getByTestId('score-badge');
    expect(score).toHaveAttribute('data-tier', 'flame');
    expect(score).toHaveTextContent('86');
    expect(score).toHaveAttribute(
      'aria-label',
      'Score: 86 · Engagement: high · Conversion: 72% · Preferred contact: sms',
    );
    const plain = screen.getByRole('link', { name: 'First2 Lead' });
    expect(within(plain).queryByTestId('unseen-dot')).not.toBeInTheDocument();
    expect(within(plain).queryByLabelText('AI decision needs review')).not.toBeInTheDocument();
  });

  it('loads the next page when the bottom sentinel comes into view', async () => {
    await renderList();
    reveal('list-bottom-sentinel');
    expect(await screen.findByRole('link', { name: 'First5 Lead' })).toBeInTheDocument();
    expect(requests[1].searchParams.get('after')).toBe('c2');
    expect(screen.getAllByRole('link')).toHaveLength(5);
  });

  it('counts new leads on a pill while scrolled away, capped at 99+, and refreshes from the top on click', async () => {
    const onRefresh = await renderList();
    scrollAway();
    for (let i = 0; i < 3; i++) broadcast(created());
    expect(screen.getByTestId('new-leads-pill')).toHaveTextContent('3 New Leads');
    for (let i = 0; i < 97; i++) broadcast(created());
    expect(screen.getByTestId('new-leads-pill')).toHaveTextContent('99+ New Leads');
    expect(onRefresh).not.toHaveBeenCalled();

    await userEvent.click(screen.getByTestId('new-leads-pill'));
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('new-leads-pill')).not.toBeInTheDocument();
    expect(screen.getByTestId('lead-list-scroller').scrollTop).toBe(0);
  });

  it('after a drop, counts on the pill the leads of its stage created while away, once each, without reloading', async () => {
    const shownAndNew = lead('3', { created_at: new Date().toISOString() });
    pages.first = { items: [MAYA, lead('2'), shownAndNew], next_cursor: 'c2', prev_cursor: null };
    const onRefresh = await renderList('all');
    jest.useFakeTimers();
    greet();
    scrollAway();
    broadcast({ ...created(), person_id: 'pushed' });
    expect(screen.getByTestId('new-leads-pill')).toHaveTextContent('1 New Leads');

    const now = Date.now();
    const at = (secondsAgo: number) => new Date(now - secondsAgo * 1000).toISOString();
    // Leads created while the connection was down (two of them while the gateway restarted), the one pushed
    // before the drop, one the list already shows, and an old one.
    newest = [
      lead('away-1', { created_at: at(1) }),
      lead('away-2', { created_at: at(2) }),
      lead('pushed', { created_at: at(3) }),
      shownAndNew,
      lead('old', { created_at: at(3 * 86_400) }),
    ];
    await dropAndReconnect();
    expect(screen.getByTestId('new-leads-pill')).toHaveTextContent('3 New Leads');
    expect(onRefresh).not.toHaveBeenCalled(); // the pill, not a reload (docs/product/leads.md)

    // A late broadcast of a lead already caught up does not count it again.
    broadcast({ ...created(), person_id: 'away-1' });
    expect(screen.getByTestId('new-leads-pill')).toHaveTextContent('3 New Leads');
    jest.useRealTimers();
  });

  it('after a drop, leaves the leads of other stages off the pill', async () => {
    pages.first = { items: [MAYA], next_cursor: null, prev_cursor: null };
    await renderList('closed');
    jest.useFakeTimers();
    greet();
    scrollAway();
    newest = [
      lead('lost', { stage: 'Closed - Lost', created_at: new Date().toISOString() }),
      lead('open', { stage: 'Lead', created_at: new Date().toISOString() }),
    ];
    await dropAndReconnect();
    expect(screen.getByTestId('new-leads-pill')).toHaveTextContent('1 New Leads');
    jest.useRealTimers();
  });

  it('after a drop, refreshes from the top when the list is at the top', async () => {
    const onRefresh = await renderList();
    jest.useFakeTimers();
    greet();
    expect(onRefresh).not.toHaveBeenCalled(); // the first connection: nothing missed
    await dropAndReconnect(); // nothing created meanwhile: a lead may have changed stage all the same
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('new-leads-pill')).not.toBeInTheDocument();
    jest.useRealTimers();
  });

  it('refreshes instead of counting when the list is at the top', async () => {
    const onRefresh = await renderList();
    broadcast(created());
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('new-leads-pill')).not.toBeInTheDocument();
  });

  it('ignores new leads that do not belong to the stage shown', async () => {
    pages.first = { items: [MAYA], next_cursor: null, prev_cursor: null };
    const onRefresh = await renderList('closed');
    scrollAway();
    broadcast(created('Lead'));
    expect(screen.queryByTestId('new-leads-pill')).not.toBeInTheDocument();
    expect(onRefresh).not.toHaveBeenCalled();
  });

  it('refreshes on the window event lead_updated carrying a stage, only at the top', async () => {
    const onRefresh = await renderList();
    act(() => void window.dispatchEvent(new CustomEvent('lead_updated', { detail: { person_data: {} } })));
    expect(onRefresh).not.toHaveBeenCalled();
    const changed = { detail: { person_data: { stage: 'Scheduled' } } };
    act(() => void window.dispatchEvent(new CustomEvent('lead_updated', changed)));
    expect(onRefresh).toHaveBeenCalledTimes(1);
    scrollAway();
    act(() => void window.dispatchEvent(new CustomEvent('lead_updated', changed)));
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });

  it('ignores live updates until the first page has arrived (a deep link keeps its anchor)', async () => {
    global.fetch = jest.fn(() => new Promise<Response>(() => undefined)) as jest.Mock;
    pages.first = { items: [], next_cursor: null, prev_cursor: null }; // renderList waits for nothing
    const onRefresh = await renderList();
    const changed = { detail: { person_data: { stage: 'Lead' } } };
    act(() => void window.dispatchEvent(new CustomEvent('lead_updated', changed)));
    broadcast(created());
    expect(onRefresh).not.toHaveBeenCalled();
    expect(screen.queryByTestId('new-leads-pill')).not.toBeInTheDocument();
  });

  it('says so when the stage has no leads', async () => {
    pages.first = { items: [], next_cursor: null, prev_cursor: null };
    await renderList('closed');
    expect(await screen.findByText('No leads in Closed / Lost')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('list', { name: /Leads in/ })).not.toBeInTheDocument());
  });
});
