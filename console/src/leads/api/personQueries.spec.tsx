import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, type AuthProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { peopleApi } from '../../providers/peopleApi';
import { aPerson, httpFailure } from '../detail/testKit';
import { leadKeys } from './keys';
import { useLeadEvents, useLogAction, usePerson } from './personQueries';

const get = jest.spyOn(peopleApi, 'get');
const events = jest.spyOn(peopleApi, 'events');
const logAction = jest.spyOn(peopleApi, 'logAction');

/** signsOut: false keeps the user signed in, so only the query's own retries are counted. */
function setUp({ signsOut = true } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retryDelay: 1 } } });
  const authProvider: AuthProvider = {
    login: jest.fn(),
    logout: jest.fn().mockResolvedValue(undefined),
    checkAuth: jest.fn().mockResolvedValue(undefined),
    checkError: jest.fn((error: { status?: number }) =>
      signsOut && (error?.status === 401 || error?.status === 403)
        ? Promise.reject(error)
        : Promise.resolve(),
    ),
  };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter>
      <AdminContext authProvider={authProvider} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AdminContext>
    </MemoryRouter>
  );
  return { queryClient, authProvider, wrapper };
}

beforeEach(() => jest.clearAllMocks());

describe('usePerson and useLeadEvents', () => {
  it('retry a failed load twice', async () => {
    get.mockRejectedValue(httpFailure(500));
    const { wrapper } = setUp();
    const { result } = renderHook(() => usePerson('lead-1'), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(get).toHaveBeenCalledTimes(3);
  });

  it.each([401, 403])('never retry after %p', async (status) => {
    get.mockRejectedValue(httpFailure(status));
    const { wrapper } = setUp({ signsOut: false });
    const { result } = renderHook(() => usePerson('lead-1'), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(get).toHaveBeenCalledTimes(1);
  });

  it.each([401, 403])('sign the user out after %p', async (status) => {
    events.mockRejectedValue(httpFailure(status));
    const { wrapper, authProvider } = setUp();
    renderHook(() => useLeadEvents('lead-1'), { wrapper });
    await waitFor(() => expect(authProvider.logout).toHaveBeenCalled());
    expect(authProvider.checkError).toHaveBeenCalledWith(expect.objectContaining({ status }));
  });

  it('load nothing without a lead', () => {
    const { wrapper } = setUp();
    renderHook(() => usePerson(null), { wrapper });
    expect(get).not.toHaveBeenCalled();
  });
});

describe('a change to a lead', () => {
  it('refreshes the person (and its events), the stats and the lists of its practice', async () => {
    localStorage.setItem('selectedPracticeId', 'p-glow');
    logAction.mockResolvedValue({ person: aPerson(), next_scheduled_action: null });
    const { wrapper, queryClient } = setUp();
    for (const key of [
      leadKeys.person('lead-1'),
      leadKeys.events('lead-1'),
      leadKeys.stats('p-glow'),
      leadKeys.list('p-glow', 'review'),
      leadKeys.person('lead-2'),
    ]) {
      queryClient.setQueryData(key, {});
    }
    const { result } = renderHook(() => useLogAction('lead-1'), { wrapper });
    await result.current.mutateAsync({ action: 'snooze' });

    const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(invalidated(leadKeys.person('lead-1'))).toBe(true);
    expect(invalidated(leadKeys.events('lead-1'))).toBe(true);
    expect(invalidated(leadKeys.stats('p-glow'))).toBe(true);
    expect(invalidated(leadKeys.list('p-glow', 'review'))).toBe(true);
    expect(invalidated(leadKeys.person('lead-2'))).toBe(false);
  });
});
