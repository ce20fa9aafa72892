import { QueryClient } from '@tanstack/react-query';

/**
 * Globally no retry and no refetch on window focus (docs/product/shell.md); queries that deserve
 * retries or longer cache times say so themselves (docs/product/leads.md#constants).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
