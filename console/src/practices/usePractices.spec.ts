import { QueryClient } from '@tanstack/react-query';
import { HttpError } from 'react-admin';
import { clearPersonCache, retryUnlessUnauthorized } from './usePractices';

describe('clearPersonCache', () => {
  it('drops cached person data and keeps everything else', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['people', 'p-1', { page: 1 }], ['Jane']);
    queryClient.setQueryData(['person', 'lead-7'], { name: 'Jane' });
    queryClient.setQueryData(['leads', 'p-1'], []);
    queryClient.setQueryData(['practices', 'mine'], [{ practice_id: 'p-1' }]);
    queryClient.setQueryData(['auth', 'getIdentity'], { id: 'u-1' });

    clearPersonCache(queryClient);

    const left = queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.queryKey[0]);
    expect(left.sort()).toEqual(['auth', 'practices']);
  });
});

describe('retryUnlessUnauthorized', () => {
  it('retries a failed load twice', () => {
    const error = new HttpError('Failed to fetch practices', 500);
    expect(retryUnlessUnauthorized(0, error)).toBe(true);
    expect(retryUnlessUnauthorized(1, error)).toBe(true);
    expect(retryUnlessUnauthorized(2, error)).toBe(false);
  });

  it.each([401, 403])('never retries after %p', (status) => {
    expect(retryUnlessUnauthorized(0, new HttpError('Nope', status))).toBe(false);
  });
});
