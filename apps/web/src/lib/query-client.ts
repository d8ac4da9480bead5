import { QueryClient } from '@tanstack/react-query';

/** SPEC §7: failed queries are retried twice; no refetch when the window regains focus. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 2, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
