import { QueryClient } from '@tanstack/react-query';
import { ReadDeadlineError } from './supabase-client';

/** A read that ran out of time is shown as failed at once (with Retry); others get one more try. */
export function retryRead(failures: number, error: unknown): boolean {
  if (error instanceof ReadDeadlineError) return false;
  if (error instanceof Error && /did not answer within/.test(error.message)) return false;
  return failures < 1;
}

/** One QueryClient for the whole suite (libs/data is an MF singleton). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: true,
      retry: retryRead,
    },
  },
});
