import type { AnalyticsMetricsResponse, RealtimeLeadEvent, RealtimePageviewsResponse } from '@pp/contracts';
import { QueryClient } from '@tanstack/react-query';
import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, testDataProvider } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { LiveProvider } from '../live/LiveProvider';
import { i18nProvider } from '../providers/i18nProvider';
import AnalyticsPage from './AnalyticsPage';
import { analyticsKeys } from './analyticsQueries';
import { defaultRange } from './dateRange';
import { OTHER_COLOUR, sliceColour } from './overviewRules';
import { aLeadEvent, aPageview } from './testKit';

jest.mock('leaflet/dist/leaflet.css', () => ({}));

// Recharts and Leaflet draw on mount; a busy machine needs more than the default 1 s wait.
configure({ asyncUtilTimeout: 5000 });

const PRACTICE = { practice_id: 'p-glow', name: 'Glow Aesthetics' };

class FakeSocket {
  static last: FakeSocket | null = null;
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FakeSocket.last = this;
  }
  send() {}
  close() {}
}
const broadcast = (message: object) =>
  act(() => FakeSocket.last?.onmessage?.({ data: JSON.stringify(message) }));

const metric = (value: number, change_percent: number) => ({ value, change_percent });

function anAnswer(changes: Partial<AnalyticsMetricsResponse> = {}): AnalyticsMetricsResponse {
  return {
    metrics: {
      conv_value: metric(12345, 12.5),
      time_saved: metric(135, -3.04),
      leads: metric(42, 0),
      scheduled_consults: metric(7, 100),
    },
    procedure_distribution: [
      { procedure_name: 'Botox', lead_count: 20, avg_interest_score: 80 },
      { procedure_name: 'Lip Filler', lead_count: 12, avg_interest_score: 70 },
      { procedure_name: 'Other', lead_count: 3, avg_interest_score: 40 },
    ],
    total_unique_procedures: 5,
    chart_data: [
      { date: '2026-11-01', leads: 3 },
      { date: '2026-11-02', leads: 0 },
      { date: '2026-11-03', leads: 39 },
    ],
    recent_events: [
      {
        event_id: 'e1',
        type: 'sms_sent',
        direction: 'outgoing',
        contact_id: 'lead-1',
        contact_name: 'Sofia Marquez',
        timestamp: new Date().toISOString(),
        status: 'delivered',
      },
      {
        event_id: 'e2',
        type: 'email_received',
        direction: 'incoming',
        contact_id: 'lead-2',
        contact_name: null,
        timestamp: new Date().toISOString(),
        status: null,
      },
    ],
    ...changes,
  };
}

interface Routes {
  metrics: () => Response | Promise<Response>;
  events: () => Response;
  pageviews: () => Response;
}
let routes: Routes;
let requests: URL[];
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function pageviewsAnswer(changes: Partial<RealtimePageviewsResponse> = {}) {
  return { pageviews: [], avg_session_duration_seconds: 0, ...changes };
}

/** jsdom lays nothing out: the charts' containers are given a size, as a browser would. */
const measure = HTMLElement.prototype.getBoundingClientRect;
beforeAll(() => {
  jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    if (this.classList.contains('recharts-responsive-container')) return new DOMRect(0, 0, 600, 260);
    return measure.call(this);
  });
});

beforeEach(() => {
  FakeSocket.last = null;
  requests = [];
  localStorage.setItem('access_token', 'tok');
  localStorage.setItem('selectedPracticeId', PRACTICE.practice_id);
  Object.defineProperty(window, 'WebSocket', { value: FakeSocket, writable: true, configurable: true });
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  routes = {
    metrics: () => json(anAnswer()),
    events: () => json([]),
    pageviews: () => json(pageviewsAnswer()),
  };
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://console.test');
    requests.push(url);
    if (url.pathname === '/api/v1/analytics/metrics') return routes.metrics();
    if (url.pathname === '/api/v1/analytics/realtime/events') return routes.events();
    if (url.pathname === '/api/v1/analytics/realtime/pageviews') return routes.pageviews();
    return json({ detail: 'Not Found' }, 404);
  }) as jest.Mock;
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

const authProvider = {
  login: jest.fn(),
  logout: jest.fn().mockResolvedValue(undefined),
  checkAuth: jest.fn().mockResolvedValue(undefined),
  checkError: jest.fn((error: { status?: number }) =>
    error?.status === 401 || error?.status === 403 ? Promise.reject(error) : Promise.resolve(),
  ),
  getPermissions: jest.fn().mockResolvedValue(undefined),
};

function renderPage(path = '/analytics') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        dataProvider={testDataProvider({ getMyPractices: async () => [PRACTICE] } as never)}
        queryClient={queryClient}
      >
        <LiveProvider>
          <Routes>
            <Route path="/analytics/:view?" element={<AnalyticsPage />} />
            <Route path="/leads/:leadId" element={<p>lead page</p>} />
            <Route path="/login" element={<p>login page</p>} />
          </Routes>
          <Where />
        </LiveProvider>
      </AdminContext>
    </MemoryRouter>,
  );
  return queryClient;
}

const metricsCalls = () => requests.filter((url) => url.pathname === '/api/v1/analytics/metrics');

describe('the analytics side menu', () => {
  it("offers Realtime Activity and Overview, and Reports and Insights disabled, marked 'Soon'", async () => {
    renderPage();
    const menu = screen.getByRole('navigation', { name: 'Analytics views' });
    const items = within(menu).getAllByRole('link');
    expect(items.map((item) => item.textContent)).toEqual(['Realtime Activity', 'Overview']);
    for (const name of ['Reports', 'Insights']) {
      const item = within(menu).getByText(name).closest('[data-key]') as HTMLElement;
      expect(item).toHaveAttribute('aria-disabled', 'true');
      expect(item).toHaveTextContent('Soon');
    }
    expect(within(menu).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(menu).getByRole('link', { name: 'Realtime Activity' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/analytics/realtime');
    expect(await screen.findByRole('heading', { name: 'Realtime Activity' })).toBeInTheDocument();
  });
});

describe('the Overview', () => {
  it('loads the last 30 days for the selected practice, once, and shows the four cards in order', async () => {
    const client = renderPage();
    expect(screen.getByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    expect(await screen.findByTestId('summary-cards')).toBeInTheDocument();
    const [call] = metricsCalls();
    const range = defaultRange();
    expect(call.searchParams.get('practice_id')).toBe('p-glow');
    expect(call.searchParams.get('start_date')).toBe(range.start);
    expect(call.searchParams.get('end_date')).toBe(range.end);
    expect(metricsCalls()).toHaveLength(1);
    // Cached 60 s, not refetched on window focus.
    const range30 = analyticsKeys.metrics('p-glow', range.start, range.end);
    const options = client.getQueryCache().find({ queryKey: range30 })?.observers[0]?.options;
    expect(options?.staleTime).toBe(60_000);
    expect(options?.refetchOnWindowFocus).toBe(false);

    const cards = within(screen.getByTestId('summary-cards')).getAllByRole('heading', { level: 3 });
    expect(cards.map((card) => card.textContent)).toEqual([
      'Estimated Value',
      'Time Saved',
      'Leads',
      'Scheduled Consults',
    ]);
    const card = (key: string) => screen.getByTestId(`card-${key}`);
    expect(card('conv_value')).toHaveTextContent('$12,345');
    expect(card('conv_value')).toHaveTextContent('+12.5%');
    expect(card('conv_value')).toHaveTextContent('Up from last period');
    expect(card('conv_value')).toHaveTextContent('Revenue from scheduled consults');
    expect(card('time_saved')).toHaveTextContent('2 h 15 m');
    expect(card('time_saved')).toHaveTextContent('-3.0%');
    expect(card('time_saved')).toHaveTextContent('Down from last period');
    expect(card('time_saved')).toHaveTextContent('Automated actions and responses');
    expect(card('leads')).toHaveTextContent('42');
    expect(card('leads')).toHaveTextContent('0.0%');
    expect(card('leads')).toHaveTextContent('No change from last period');
    expect(card('leads')).toHaveTextContent('Total leads this period');
    expect(card('scheduled_consults')).toHaveTextContent('+100.0%');
    expect(card('scheduled_consults')).toHaveTextContent('Booked appointments');
  });

  it('shows the procedure donut with its legend, the unique count and Other in grey', async () => {
    renderPage();
    const donut = await screen.findByTestId('procedure-interests');
    expect(within(donut).getByRole('heading', { name: 'Procedure Interests' })).toBeInTheDocument();
    expect(within(donut).getByTestId('procedures-centre')).toHaveTextContent('5Procedures');
    const legend = within(donut).getByTestId('procedure-legend');
    expect(legend).toHaveStyle({ maxHeight: '250px', overflowY: 'auto' });
    const entries = within(legend).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'Botox20 leads',
      'Lip Filler12 leads',
      'Other3 leads',
    ]);
    const swatches = within(legend).getAllByTestId('legend-swatch');
    expect(swatches[0]).toHaveAttribute('data-colour', sliceColour('Botox'));
    expect(swatches[2]).toHaveAttribute('data-colour', OTHER_COLOUR);
    // The donut's slices carry the same colours.
    const fills = () =>
      [...donut.querySelectorAll('.recharts-pie-sector path')].map((path) => path.getAttribute('fill'));
    await waitFor(() =>
      expect(fills()).toEqual([sliceColour('Botox'), sliceColour('Lip Filler'), OTHER_COLOUR]),
    );
  });

  it('says so when there is no procedure data', async () => {
    routes.metrics = () => json(anAnswer({ procedure_distribution: [], total_unique_procedures: 0 }));
    renderPage();
    const donut = await screen.findByTestId('procedure-interests');
    expect(donut).toHaveTextContent('No procedure data for this period');
    expect(donut).toHaveTextContent('Procedure interests will appear as leads are analyzed by AI');
  });

  it('plots lead volume by day, zero days included, with the period total', async () => {
    renderPage();
    const chart = await screen.findByTestId('lead-volume');
    expect(within(chart).getByRole('heading', { name: 'Lead Volume' })).toBeInTheDocument();
    expect(within(chart).getByTestId('lead-volume-total')).toHaveTextContent('42 leads this period');
    expect(chart.querySelector('[data-points]')).toHaveAttribute('data-points', '3');
    // One tick per day, the zero day too (jsdom measures no text, so the labels themselves are checked in
    // overviewRules.spec.ts), and the area drawn.
    await waitFor(() =>
      expect(chart.querySelectorAll('.recharts-xAxis .recharts-cartesian-axis-tick')).toHaveLength(3),
    );
    expect(chart.querySelector('.recharts-area-area')).not.toBeNull();
  });

  it("lists the events with links to the lead, 'Unknown' without a name and '-' without a status", async () => {
    renderPage();
    const table = await screen.findByTestId('events-table');
    expect(within(table).getByTestId('events-count')).toHaveTextContent('2 communication events');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Type', 'Contact', 'Time', 'Status']);
    const [first, second] = within(table).getAllByTestId('event-row');
    expect(within(first).getByRole('link', { name: 'Sofia Marquez' })).toHaveAttribute(
      'href',
      '/leads/lead-1',
    );
    expect(within(first).getByTestId('event-status')).toHaveTextContent('delivered');
    expect(first).toHaveTextContent('Just now');
    expect(within(second).getByRole('link', { name: 'Unknown' })).toHaveAttribute('href', '/leads/lead-2');
    expect(within(second).getAllByRole('cell')[3]).toHaveTextContent(/^-$/);
    await userEvent.click(within(first).getByRole('link', { name: 'Sofia Marquez' }));
    expect(await screen.findByText('lead page')).toBeInTheDocument();
  });

  it('says so when the period has no events', async () => {
    routes.metrics = () => json(anAnswer({ recent_events: [] }));
    renderPage();
    const table = await screen.findByTestId('events-table');
    expect(table).toHaveTextContent('No events in this time period');
    expect(table).toHaveTextContent('0 communication events');
  });

  it("shows 'Loading analytics...' while loading", async () => {
    routes.metrics = () => new Promise<Response>(() => undefined);
    renderPage();
    expect(await screen.findByText('Loading analytics...')).toBeInTheDocument();
  });

  it("shows 'No data available' for an empty period", async () => {
    const zero = metric(0, 0);
    routes.metrics = () =>
      json({
        metrics: { conv_value: zero, time_saved: zero, leads: zero, scheduled_consults: zero },
        procedure_distribution: [],
        total_unique_procedures: 0,
        chart_data: [{ date: '2026-11-01', leads: 0 }],
        recent_events: [],
      });
    renderPage();
    expect(await screen.findByText('No data available')).toBeInTheDocument();
    expect(screen.queryByTestId('summary-cards')).not.toBeInTheDocument();
  });

  it("shows 'Failed to load analytics data' and the server's detail on an error, and tries again", async () => {
    const answer = routes.metrics;
    routes.metrics = () => json({ detail: 'start_date must not be after end_date' }, 422);
    renderPage();
    const failed = await screen.findByTestId('analytics-error');
    expect(within(failed).getByText('Failed to load analytics data')).toBeInTheDocument();
    expect(failed).toHaveTextContent('start_date must not be after end_date');

    routes.metrics = answer;
    await userEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('summary-cards')).toBeInTheDocument();
    expect(screen.queryByTestId('analytics-error')).not.toBeInTheDocument();
  });

  it("falls back to 'Failed to fetch analytics metrics' without a detail", async () => {
    routes.metrics = () => new Response('', { status: 502 });
    renderPage();
    const failed = await screen.findByTestId('analytics-error');
    expect(within(failed).getByText('Failed to load analytics data')).toBeInTheDocument();
    expect(failed).toHaveTextContent('Failed to fetch analytics metrics');
  });

  it('signs out on a 401', async () => {
    routes.metrics = () => json({ detail: 'Not authenticated' }, 401);
    renderPage();
    await waitFor(() => expect(authProvider.logout).toHaveBeenCalled());
  });

  it('reloads for a preset chosen in the date range picker', async () => {
    renderPage();
    await screen.findByTestId('summary-cards');
    await userEvent.click(screen.getByRole('button', { name: 'Date range' }));
    const dialog = await screen.findByRole('dialog', { name: 'Date range' });
    const presets = within(dialog)
      .getAllByRole('button')
      .map((button) => button.textContent)
      .filter((text) => text && !/^\d+$/.test(text));
    expect(presets).toEqual([
      'Today',
      'Yesterday',
      'Last 7 days',
      'This month',
      'Last 30 days',
      'Last 90 days',
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(metricsCalls()).toHaveLength(2));
    const last = metricsCalls()[1];
    const start = new Date(`${last.searchParams.get('start_date')}T00:00:00`);
    const end = new Date(`${last.searchParams.get('end_date')}T00:00:00`);
    expect(Math.round((end.getTime() - start.getTime()) / 86_400_000)).toBe(6);
  });

  it('reloads for a range picked on the calendar, first click the start, second the end', async () => {
    renderPage();
    await screen.findByTestId('summary-cards');
    await userEvent.click(screen.getByRole('button', { name: 'Date range' }));
    const calendar = await screen.findByTestId('range-calendar');
    const days = [...calendar.querySelectorAll<HTMLElement>('[data-day]')];
    const second = days[1].dataset.day as string;
    const fifth = days[4].dataset.day as string;
    await userEvent.click(days[4]);
    await userEvent.click(days[1]);
    await waitFor(() => expect(metricsCalls()).toHaveLength(2));
    expect(metricsCalls()[1].searchParams.get('start_date')).toBe(second);
    expect(metricsCalls()[1].searchParams.get('end_date')).toBe(fifth);
  });
});

describe('Realtime Activity', () => {
  const visit = () => renderPage('/analytics/realtime');

  it("shows 'No practice selected' without a practice, and calls nothing", async () => {
    localStorage.removeItem('selectedPracticeId');
    visit();
    expect(await screen.findByText('No practice selected')).toBeInTheDocument();
    expect(requests.filter((url) => url.pathname.startsWith('/api/v1/analytics'))).toEqual([]);
  });

  it('shows the title, the LIVE badge and the empty states', async () => {
    visit();
    expect(screen.getByRole('heading', { name: 'Realtime Activity' })).toBeInTheDocument();
    expect(screen.getByTestId('live-badge')).toHaveTextContent('LIVE');
    expect(screen.getByText('Real-time website activity for the last 30 minutes')).toBeInTheDocument();
    expect(await screen.findByText('No traffic yet')).toBeInTheDocument();
    expect(screen.getByText('No active visitors right now')).toBeInTheDocument();
    expect(screen.getByText('No pageviews yet')).toBeInTheDocument();
    expect(await screen.findByText('No lead events yet')).toBeInTheDocument();
    expect(within(screen.getByTestId('rt-card-avg_session')).getByTestId('rt-card-value')).toHaveTextContent(
      '0s',
    );
    const pageviews = requests.find((url) => url.pathname === '/api/v1/analytics/realtime/pageviews') as URL;
    expect(pageviews.searchParams.get('practice_id')).toBe('p-glow');
    expect(pageviews.searchParams.get('seconds')).toBe('1800');
  });

  it('says why the pageviews could not be fetched, and tries again', async () => {
    const answer = routes.pageviews;
    routes.pageviews = () => json({ detail: 'The analytics service is not answering' }, 503);
    visit();
    const failed = await screen.findByTestId('realtime-error');
    expect(failed).toHaveTextContent('The analytics service is not answering');

    routes.pageviews = answer;
    await userEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByTestId('realtime-error')).not.toBeInTheDocument());
  });

  it('counts visitors, pageviews, active pages and the average session, and lists sources, pages and views', async () => {
    routes.pageviews = () =>
      json(
        pageviewsAnswer({
          avg_session_duration_seconds: 125,
          pageviews: [
            aPageview({
              visitor_id: 'a',
              url: 'https://glow.example/botox',
              title: 'Botox',
              source: 'google',
            }),
            aPageview({
              visitor_id: 'b',
              url: 'https://glow.example/botox',
              title: 'Botox',
              source: 'facebook',
              is_lead: true,
              person_id: 'lead-7',
              person_name: 'Maya Chen',
              latitude: 40.71,
              longitude: -74,
              city: 'New York',
            }),
            aPageview({
              visitor_id: 'a',
              url: 'https://glow.example/',
              title: 'Home',
              source: 'google',
              duration_seconds: 42,
            }),
          ],
        }),
      );
    visit();
    const value = (key: string) => within(screen.getByTestId(`rt-card-${key}`)).getByTestId('rt-card-value');
    await waitFor(() => expect(value('pageviews')).toHaveTextContent('3'));
    expect(value('active_users')).toHaveTextContent('2');
    expect(value('active_pages')).toHaveTextContent('1');
    expect(value('avg_session')).toHaveTextContent('2m 5s');

    const sources = screen.getByTestId('source-counts');
    expect(
      within(sources)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Google Organic: 1', 'Facebook: 1']);
    const pages = within(screen.getByTestId('active-pages')).getAllByTestId('active-page');
    expect(pages.map((page) => page.textContent)).toEqual(['Botox2 users']);

    const views = within(screen.getByTestId('recent-pageviews')).getAllByTestId('pageview');
    expect(views).toHaveLength(3);
    expect(views[2]).toHaveTextContent('42s on page');
    expect(views[2]).toHaveTextContent('Google Organic');
    const badge = within(views[1]).getByRole('link', { name: 'Lead: Maya Chen' });
    expect(badge).toHaveAttribute('href', '/leads/lead-7');
    expect(within(views[0]).queryByText(/^Lead:/)).not.toBeInTheDocument();
  });

  it('links a pageview’s address only when it is http(s), never a javascript: one', async () => {
    routes.pageviews = () =>
      json(
        pageviewsAnswer({
          pageviews: [
            aPageview({ visitor_id: 'a', url: 'javascript:alert(document.cookie)', title: 'Crafted' }),
            aPageview({ visitor_id: 'b', url: 'https://glow.example/lips', title: 'Lips' }),
          ],
        }),
      );
    visit();
    await waitFor(() =>
      expect(within(screen.getByTestId('recent-pageviews')).getAllByTestId('pageview')).toHaveLength(2),
    );
    const [crafted, lips] = within(screen.getByTestId('recent-pageviews')).getAllByTestId('pageview');
    expect(within(crafted).getByText('javascript:alert(document.cookie)')).not.toHaveAttribute('href');
    expect(within(lips).getByText('https://glow.example/lips')).toHaveAttribute(
      'href',
      'https://glow.example/lips',
    );
  });

  it("puts a marker per located visitor on the map, its popup 'city, country'", async () => {
    routes.pageviews = () =>
      json(
        pageviewsAnswer({
          pageviews: [
            aPageview({ visitor_id: 'a' }),
            aPageview({ visitor_id: 'b', latitude: 40.71, longitude: -74, city: 'New York', country: null }),
            aPageview({ visitor_id: 'c', latitude: null, longitude: null }),
          ],
        }),
      );
    visit();
    const locations = screen.getByTestId('visitor-locations');
    await waitFor(() => expect(locations.querySelectorAll('path.leaflet-interactive')).toHaveLength(2));
    // No tile server configured (the default): a plain map that says so; the SVG markers need no tiles.
    expect(screen.getByTestId('visitor-map')).toHaveAttribute('data-tiles', 'off');
    expect(within(locations).getByTestId('map-no-tiles')).toHaveTextContent(
      'Map background off: each dot is a visitor’s approximate location',
    );
    expect(locations.querySelector('img')).toBeNull();
    expect(within(locations).getByRole('link', { name: 'IP Geolocation by DB-IP' })).toBeInTheDocument();
    const [, newYork] = [...locations.querySelectorAll('path.leaflet-interactive')];
    await act(async () => {
      newYork.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    });
    expect(await within(locations).findByText('New York, Unknown')).toBeInTheDocument();
  });

  it('draws the tiles of the tile server the page names, and says nothing about a missing background', async () => {
    const meta = document.createElement('meta');
    meta.name = 'pp-map-tiles';
    meta.content = 'https://tiles.example.org/{z}/{x}/{y}.png';
    document.head.append(meta);
    try {
      routes.pageviews = () => json(pageviewsAnswer({ pageviews: [aPageview({ visitor_id: 'a' })] }));
      visit();
      const locations = screen.getByTestId('visitor-locations');
      await waitFor(() => expect(locations.querySelectorAll('path.leaflet-interactive')).toHaveLength(1));
      expect(screen.getByTestId('visitor-map')).toHaveAttribute('data-tiles', 'on');
      expect(within(locations).queryByTestId('map-no-tiles')).toBeNull();
      expect(within(locations).getByRole('link', { name: 'OpenStreetMap' })).toBeInTheDocument();
    } finally {
      meta.remove();
    }
  });

  it('refetches the pageviews every 15 seconds and loads the lead events once', async () => {
    const client = visit();
    await screen.findByText('No pageviews yet');
    const observed = (key: readonly unknown[]) =>
      client.getQueryCache().find({ queryKey: key })?.observers[0]?.options;
    await waitFor(() => expect(observed(analyticsKeys.pageviews('p-glow'))).toBeDefined());
    expect(observed(analyticsKeys.pageviews('p-glow'))?.refetchInterval).toBe(15_000);
    const events = observed(analyticsKeys.events('p-glow'));
    expect(events?.refetchInterval).toBeFalsy();
    expect(events?.staleTime).toBe(Infinity);
    expect(events?.refetchOnWindowFocus).toBe(false);
  });

  it('lists the loaded lead events and the live ones, completing a call by its call_sid', async () => {
    const loaded: RealtimeLeadEvent[] = [
      aLeadEvent('phone_call_received', { event_id: 'call-start', content_data: { call_sid: 'CA1' } }),
      aLeadEvent('sms_sent', { event_id: 'sms-1', person_id: 'lead-2' }),
    ];
    routes.events = () => json(loaded);
    visit();
    const table = screen.getByTestId('live-lead-events');
    await waitFor(() => expect(within(table).getAllByTestId('lead-event-row')).toHaveLength(2));
    const rows = () => within(table).getAllByTestId('lead-event-row');
    // Newest first, as the server lists them.
    expect(rows()[0]).toHaveTextContent('Phone');
    expect(rows()[0]).toHaveTextContent('In Progress');
    expect(rows()[0]).toHaveTextContent('Incoming');
    expect(rows()[0]).toHaveAttribute('data-unfinished', 'true');
    expect(rows()[1]).toHaveTextContent('SMS');
    expect(rows()[1]).toHaveTextContent('Outgoing');
    expect(rows()[1]).toHaveTextContent('sent');
    expect(within(rows()[0]).getByRole('link', { name: 'Sofia Marquez' })).toHaveAttribute(
      'href',
      '/leads/lead-1',
    );

    // The badge follows the live connection.
    expect(within(table).getByTestId('lead-events-badge')).toHaveTextContent('CONNECTING');
    await waitFor(() => expect(FakeSocket.last).not.toBeNull());
    await act(async () => {
      (FakeSocket.last as FakeSocket).readyState = 1;
      FakeSocket.last?.onopen?.();
    });
    expect(within(table).getByTestId('lead-events-badge')).toHaveTextContent('LIVE');

    await broadcast(aLeadEvent('appointment_scheduled', { event_id: 'apt-1' }));
    expect(rows()).toHaveLength(3);
    expect(rows()[0]).toHaveTextContent('Appointment');
    expect(rows()[0]).toHaveTextContent('scheduled');
    expect(rows()[0]).toHaveTextContent('Unknown');

    await broadcast(
      aLeadEvent('phone_call_completed', { event_id: 'call-end', content_data: { call_sid: 'CA1' } }),
    );
    expect(rows()).toHaveLength(3);
    const call = rows().find((row) => row.dataset.channel === 'phone') as HTMLElement;
    expect(within(call).getByTestId('lead-event-status')).toHaveTextContent('completed');
    expect(call).not.toHaveAttribute('data-unfinished');

    // Events that are no row: no person, or a type of no channel.
    await broadcast(aLeadEvent('lead_created', { type: 'lead_created', broadcast_type: 'lead_created' }));
    expect(rows()).toHaveLength(3);
  });

  it('shows at most 50 of the lead events', async () => {
    routes.events = () =>
      json(Array.from({ length: 70 }, (_, index) => aLeadEvent('sms_received', { event_id: `e-${index}` })));
    visit();
    const table = screen.getByTestId('live-lead-events');
    await waitFor(() => expect(within(table).getAllByTestId('lead-event-row')).toHaveLength(50));
  });
});
