import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, testDataProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { Practice } from '../providers/dataProvider';
import { i18nProvider } from '../providers/i18nProvider';
import { PracticeSwitcher } from './PracticeSwitcher';

const PRACTICES: Practice[] = [
  { practice_id: 'p-1', name: 'North Clinic' },
  { practice_id: 'p-2', name: 'South Clinic' },
];

function newQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

function renderSwitcher({
  getMyPractices = jest.fn().mockResolvedValue(PRACTICES),
  queryClient = newQueryClient(),
  path = '/calendar',
}: {
  getMyPractices?: jest.Mock;
  queryClient?: QueryClient;
  path?: string;
} = {}) {
  const dataProvider = testDataProvider({ getMyPractices });
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} queryClient={queryClient}>
        <PracticeSwitcher />
        <Routes>
          <Route path="/leads" element={<h1>Leads page</h1>} />
          <Route path="*" element={<h1>Other page</h1>} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
  return { getMyPractices, queryClient };
}

const switcher = () => screen.getByTestId('practice-switcher');

describe('PracticeSwitcher', () => {
  beforeEach(() => localStorage.setItem('access_token', 'tok')); // signed in
  it("shows 'Select Practice' until the practices load, then the selected practice's name", async () => {
    let answer: (practices: Practice[]) => void = () => undefined;
    const getMyPractices = jest.fn(() => new Promise<Practice[]>((resolve) => (answer = resolve)));
    localStorage.setItem('selectedPracticeId', 'p-2');

    renderSwitcher({ getMyPractices });

    expect(switcher()).toHaveTextContent('Select Practice');
    expect(switcher()).toHaveTextContent('Practice');
    answer(PRACTICES);
    await waitFor(() => expect(switcher()).toHaveTextContent('South Clinic'));
    expect(switcher()).not.toHaveTextContent('Select Practice');
    expect(within(switcher()).getByText('Practice')).toBeInTheDocument();
  });

  it("lists exactly the user's practices and marks the selected one", async () => {
    localStorage.setItem('selectedPracticeId', 'p-1');
    renderSwitcher();
    await waitFor(() => expect(switcher()).toHaveTextContent('North Clinic'));

    await userEvent.click(switcher());

    const menu = await screen.findByRole('menu', { name: 'Practices' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['North Clinic', 'South Clinic']);
    expect(items[0]).toHaveClass('Mui-selected');
    expect(items[1]).not.toHaveClass('Mui-selected');
  });

  it('says so when the user has no practices', async () => {
    localStorage.setItem('selectedPracticeId', 'p-1');
    renderSwitcher({ getMyPractices: jest.fn().mockResolvedValue([]) });
    // Loaded: the stored practice is not among (no) practices, so it is removed.
    await waitFor(() => expect(localStorage.getItem('selectedPracticeId')).toBeNull());

    await userEvent.click(switcher());

    const menu = await screen.findByRole('menu', { name: 'Practices' });
    expect(within(menu).getByRole('menuitem')).toHaveTextContent('No practices yet');
    expect(switcher()).toHaveTextContent('Select Practice');
  });

  it('choosing a practice stores it, drops cached person data and goes to /leads', async () => {
    localStorage.setItem('selectedPracticeId', 'p-1');
    const queryClient = newQueryClient();
    queryClient.setQueryData(['people', 'p-1', { page: 1 }], [{ name: 'Jane Doe' }]);
    queryClient.setQueryData(['settings', 'p-1'], { sms: true });
    renderSwitcher({ queryClient });
    await waitFor(() => expect(switcher()).toHaveTextContent('North Clinic'));
    expect(screen.getByRole('heading', { name: 'Other page' })).toBeInTheDocument();
    expect(queryClient.getQueryData(['people', 'p-1', { page: 1 }])).toEqual([{ name: 'Jane Doe' }]);

    await userEvent.click(switcher());
    await userEvent.click(await screen.findByRole('menuitem', { name: 'South Clinic' }));

    expect(localStorage.getItem('selectedPracticeId')).toBe('p-2');
    expect(await screen.findByRole('heading', { name: 'Leads page' })).toBeInTheDocument();
    expect(queryClient.getQueryData(['people', 'p-1', { page: 1 }])).toBeUndefined();
    expect(queryClient.getQueryData(['settings', 'p-1'])).toEqual({ sms: true });
    await waitFor(() => expect(switcher()).toHaveTextContent('South Clinic'));
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it("replaces a stored practice that is not the user's with the first of theirs", async () => {
    localStorage.setItem('selectedPracticeId', 'p-someone-elses');

    renderSwitcher();

    await waitFor(() => expect(localStorage.getItem('selectedPracticeId')).toBe('p-1'));
    expect(switcher()).toHaveTextContent('North Clinic');
  });

  it('selects and stores the first practice when none was stored', async () => {
    renderSwitcher();

    await waitFor(() => expect(localStorage.getItem('selectedPracticeId')).toBe('p-1'));
    expect(switcher()).toHaveTextContent('North Clinic');
  });

  it('follows a practice chosen in another tab', async () => {
    localStorage.setItem('selectedPracticeId', 'p-1');
    renderSwitcher();
    await waitFor(() => expect(switcher()).toHaveTextContent('North Clinic'));

    act(() => {
      localStorage.setItem('selectedPracticeId', 'p-2');
      window.dispatchEvent(new StorageEvent('storage', { key: 'selectedPracticeId', newValue: 'p-2' }));
    });

    await waitFor(() => expect(switcher()).toHaveTextContent('South Clinic'));
  });

  it('does not write the practice back once the user is signed out (logout forgot it)', async () => {
    localStorage.setItem('selectedPracticeId', 'p-1');
    renderSwitcher();
    await waitFor(() => expect(switcher()).toHaveTextContent('North Clinic'));
    act(() => {
      localStorage.removeItem('access_token');
      localStorage.removeItem('selectedPracticeId');
      window.dispatchEvent(new StorageEvent('storage'));
    });
    expect(localStorage.getItem('selectedPracticeId')).toBeNull();
  });
});
