import type { PersonDto } from '@pp/contracts';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { i18nProvider } from '../providers/i18nProvider';
import { LeadsPage } from './LeadsPage';

// The detail and the side panel are another part's work; here they only show which lead they were given.
jest.mock('./detail/LeadDetail', () => ({
  LeadDetail: ({ personId }: { personId: string | null }) => <p data-testid="detail">{personId ?? 'none'}</p>,
}));
jest.mock('./panel/LeadSidePanel', () => ({ LeadSidePanel: () => null }));

const GLOW = 'p-glow';
const NORTH = 'p-north';
const lead = (id: string, practice: string, stage = 'Lead') =>
  ({
    person_id: id,
    practice_id: practice,
    first_name: id,
    last_name: 'Lead',
    stage,
    created_at: new Date().toISOString(),
    is_unseen: false,
    pending_review_type: null,
    current_outreach_state: { control_mode: 'ai' },
    behavioral_insights: null,
  }) as PersonDto;

const LEADS: Record<string, PersonDto> = Object.fromEntries(
  [lead('g1', GLOW), lead('g2', GLOW), lead('n1', NORTH), lead('n2', NORTH)].map((item) => [
    item.person_id,
    item,
  ]),
);
const requests: URL[] = [];

function gateway(url: URL): Response {
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
  const practice = url.searchParams.get('practice_id');
  if (url.pathname === '/api/v1/people/stats')
    return json({ total: 2, needs_review: 0, by_stage: { Lead: 2, 'Closed - Lost': 0 } });
  if (url.pathname === '/api/v1/people/') {
    if (url.searchParams.get('stage')) return json({ items: [], next_cursor: null, prev_cursor: null });
    const items = Object.values(LEADS).filter((item) => item.practice_id === practice);
    const anchor = url.searchParams.get('anchor_id');
    const at = anchor ? items.findIndex((item) => item.person_id === anchor) : 0;
    if (at < 0) return json({ detail: 'Person not found' }, 404);
    return json({ items: items.slice(at), next_cursor: null, prev_cursor: at > 0 ? 'newer' : null });
  }
  const person = LEADS[url.pathname.split('/').pop() ?? ''];
  return person ? json(person) : json({ detail: 'Person not found' }, 404);
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderPage(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext
        i18nProvider={i18nProvider}
        queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <Routes>
          <Route path="/leads/:leadId?" element={<LeadsPage />} />
        </Routes>
        <Where />
      </AdminContext>
    </MemoryRouter>,
  );
}

const where = () => screen.getByTestId('where').textContent;
const selectedRow = () =>
  screen.getByRole('list', { name: /^Leads in/ }).querySelector('a[aria-current="true"]');

beforeEach(() => {
  requests.length = 0;
  localStorage.setItem('access_token', 'tok');
  localStorage.setItem('selectedPracticeId', GLOW);
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://console.test');
    requests.push(url);
    return gateway(url);
  }) as jest.Mock;
});

describe('LeadsPage', () => {
  it('selects the first lead of /leads and replaces the URL with it', async () => {
    renderPage('/leads');
    await waitFor(() => expect(where()).toBe('/leads/g1'));
    expect(screen.getByTestId('detail')).toHaveTextContent('g1');
    expect(selectedRow()).toHaveAttribute('aria-label', 'g1 Lead');
  });

  it('anchors the list at a deep-linked lead', async () => {
    renderPage('/leads/g2');
    await waitFor(() => expect(selectedRow()).toHaveAttribute('aria-label', 'g2 Lead'));
    const listCall = requests.find((url) => url.pathname === '/api/v1/people/');
    expect(listCall?.searchParams.get('anchor_id')).toBe('g2');
  });

  it("switches to the lead's practice when it belongs to another of the user's practices, staying on the lead", async () => {
    renderPage('/leads/n2');
    await waitFor(() => expect(localStorage.getItem('selectedPracticeId')).toBe(NORTH));
    await waitFor(() => expect(selectedRow()).toHaveAttribute('aria-label', 'n2 Lead'));
    expect(where()).toBe('/leads/n2');
    // The list was never asked for the lead under the wrong practice.
    const lists = requests.filter((url) => url.pathname === '/api/v1/people/');
    expect(lists.every((url) => url.searchParams.get('practice_id') === NORTH)).toBe(true);
  });

  it('shows the list without selection and only warns for a lead the user cannot open', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderPage('/leads/elsewhere');
    await screen.findByRole('link', { name: 'g1 Lead' });
    expect(selectedRow()).toBeNull();
    expect(screen.getByTestId('detail')).toHaveTextContent('none');
    expect(where()).toBe('/leads/elsewhere');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('not accessible'));
    warn.mockRestore();
  });

  it('goes back to /leads when the chosen stage has no leads', async () => {
    renderPage('/leads');
    await waitFor(() => expect(where()).toBe('/leads/g1'));
    const sidebar = screen.getByRole('navigation', { name: 'Lead stages' });
    await userEvent.click(within(sidebar).getByRole('button', { name: /^Closed \/ Lost/ }));
    await screen.findByText('No leads in Closed / Lost');
    expect(where()).toBe('/leads?stage=closed');
    expect(screen.getByRole('heading', { name: 'Closed / Lost', level: 2 })).toBeInTheDocument();
    expect(screen.getByTestId('detail')).toHaveTextContent('none');
  });
});
