import { QueryClient } from '@tanstack/react-query';

/** One QueryClient for the whole suite (libs/data is an MF singleton). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: true,
      retry: 1,
    },
  },
});
