import type { PersonDto } from '@pp/contracts';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { i18nProvider } from '../providers/i18nProvider';
import { LeadSearch } from './LeadSearch';

const maya = {
  person_id: 'lead-1',
  practice_id: 'p-1',
  first_name: 'Maya',
  last_name: 'Chen',
  primary_email: 'maya.chen@example.com',
  primary_phone: '+12145550134',
  created_at: new Date().toISOString(),
  last_activity_at: null,
  enrichment_data: null,
  behavioral_insights: { lead_intelligence: { lead_score: 84.6 } },
  current_outreach_state: {
    control_mode: 'ai',
    ai_insights: { procedures_of_interest: ['Botox', 'Fillers', 'Laser', 'Peel'] },
  },
} as unknown as PersonDto;

interface Call {
  url: URL;
  signal: AbortSignal;
  answer: (body: unknown, status?: number) => void;
}
let calls: Call[] = [];

/** A fetch whose answers the test gives; it rejects like a browser when its request is aborted. */
function mockFetch() {
  calls = [];
  global.fetch = jest.fn(
    (input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        const signal = init!.signal!;
        signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        calls.push({
          url: new URL(String(input), 'http://console.test'),
          signal,
          answer: (body, status = 200) => resolve(new Response(JSON.stringify(body), { status })),
        });
      }),
  ) as jest.Mock;
}

function LeadPage() {
  return <p>Lead page {useParams().leadId}</p>;
}

function renderSearch() {
  render(
    <MemoryRouter initialEntries={['/calendar']}>
      <AdminContext i18nProvider={i18nProvider}>
        <LeadSearch />
        <Routes>
          <Route path="/leads/:leadId" element={<LeadPage />} />
          <Route path="*" element={<p>Elsewhere</p>} />
        </Routes>
        <button type="button">outside</button>
      </AdminContext>
    </MemoryRouter>,
  );
  return userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
}

const box = () => screen.getByRole('combobox', { name: 'Search leads' });
const wait = (ms: number) => act(async () => void jest.advanceTimersByTime(ms));
const answer = async (call: Call, body: unknown, status?: number) =>
  act(async () => call.answer(body, status));

beforeEach(() => {
  jest.useFakeTimers();
  mockFetch();
  localStorage.setItem('access_token', 'tok');
  localStorage.setItem('selectedPracticeId', 'p-1');
});
afterEach(() => jest.useRealTimers());

describe('the top-bar lead search', () => {
  it('sends nothing under 2 characters, or without a selected practice', async () => {
    const user = renderSearch();
    await user.type(box(), ' m ');
    await wait(1000);
    expect(calls).toHaveLength(0);
    expect(screen.queryByText('Searching…')).not.toBeInTheDocument();

    localStorage.removeItem('selectedPracticeId');
    act(() => void window.dispatchEvent(new Event('storage')));
    await user.type(box(), 'aya');
    await wait(1000);
    expect(calls).toHaveLength(0);
  });

  it('waits 300 ms after the last key, then asks for 5 leads of the selected practice', async () => {
    const user = renderSearch();
    await user.type(box(), 'may');
    expect(screen.getByText('Searching…')).toBeInTheDocument();
    await wait(299);
    expect(calls).toHaveLength(0);
    await wait(1);
    expect(calls).toHaveLength(1);
    expect(calls[0].url.pathname).toBe('/api/v1/people/search');
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({
      practice_id: 'p-1',
      q: 'may',
      limit: '5',
    });
  });

  it('aborts the earlier request when the text changes', async () => {
    const user = renderSearch();
    await user.type(box(), 'ma');
    await wait(300);
    await user.type(box(), 'y');
    expect(calls[0].signal.aborted).toBe(true);
    await wait(300);
    expect(calls).toHaveLength(2);
    expect(calls[1].url.searchParams.get('q')).toBe('may');
    expect(calls[1].signal.aborted).toBe(false);
  });

  it('shows the rows with the typed text marked in name, email and phone digits', async () => {
    const user = renderSearch();
    await user.type(box(), 'maya');
    await wait(300);
    await answer(calls[0], [maya]);
    const option = screen.getByRole('option');
    expect(within(option).getByTestId('search-name').querySelector('mark')).toHaveTextContent(/^Maya$/);
    expect(within(option).getByTestId('search-email').querySelector('mark')).toHaveTextContent(/^maya$/);
    expect(within(option).getByTestId('search-phone')).toHaveTextContent('(214) 555-0134');
    expect(within(option).getByText('Today')).toBeInTheDocument();
    expect(within(option).getByText('Last activity —')).toBeInTheDocument();
    expect(
      within(option)
        .getAllByTestId('procedure-badge')
        .map((badge) => badge.textContent),
    ).toEqual(['Botox', 'Fillers', 'Laser']);
    expect(within(option).getByTestId('search-score')).toHaveTextContent('85');
    expect(within(option).getByTestId('search-score')).toHaveAttribute('data-tier', 'flame');

    await user.clear(box());
    await user.type(box(), '214555');
    await wait(300);
    await answer(calls[calls.length - 1], [maya]);
    const marks = [...screen.getByTestId('search-phone').querySelectorAll('mark')].map(
      (mark) => mark.textContent,
    );
    expect(marks).toEqual(['214', '555']);
  });

  it("says 'No leads found' for no match and for a failed search", async () => {
    const user = renderSearch();
    await user.type(box(), 'zz');
    await wait(300);
    await answer(calls[0], { items: [] });
    expect(screen.getByText('No leads found')).toBeInTheDocument();
    await user.type(box(), 'z');
    await wait(300);
    await answer(calls[1], { detail: 'boom' }, 500);
    expect(screen.getByText('No leads found')).toBeInTheDocument();
  });

  it('opens the chosen lead and clears the search', async () => {
    const user = renderSearch();
    await user.type(box(), 'maya');
    await wait(300);
    await answer(calls[0], [maya]);
    await user.click(screen.getByRole('option'));
    expect(screen.getByText('Lead page lead-1')).toBeInTheDocument();
    expect(box()).toHaveValue('');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('chooses with the arrow keys and Enter', async () => {
    const user = renderSearch();
    await user.type(box(), 'maya');
    await wait(300);
    await answer(calls[0], [maya, { ...maya, person_id: 'lead-2', first_name: 'Mayra' }]);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(screen.getByText('Lead page lead-2')).toBeInTheDocument();
  });

  it('Escape cancels the request in flight and clears the search', async () => {
    const user = renderSearch();
    await user.type(box(), 'maya');
    await wait(300);
    await user.keyboard('{Escape}');
    expect(calls[0].signal.aborted).toBe(true);
    expect(box()).toHaveValue('');
    expect(screen.queryByText('Searching…')).not.toBeInTheDocument();
  });

  it('a click outside cancels and clears too', async () => {
    const user = renderSearch();
    await user.type(box(), 'maya');
    await wait(300);
    await user.click(screen.getByRole('button', { name: 'outside' }));
    expect(calls[0].signal.aborted).toBe(true);
    expect(box()).toHaveValue('');
  });
});
