import { QueryClient } from '@tanstack/react-query';

/**
 * The app's query cache. No automatic retries: the API client already reports every failure to the
 * learner once (spec §8), and a retry would report it again.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
