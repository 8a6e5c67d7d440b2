// The admin's one query cache (react-admin's lists and forms, and the custom screens).
// An answer of the server in 4xx (not found, refused, no right) is final: retried three
// times with back-off, as react-query does by default, it kept a screen on « Chargement »
// for seven seconds before saying « Élément introuvable ». Network failures and 5xx are
// still retried; so are 408 and 429, which ask to try again.
import { QueryClient } from '@tanstack/react-query';

export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  const final = typeof status === 'number' && status >= 400 && status < 500 && status !== 408 && status !== 429;
  return !final && failureCount < 3;
}

export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: shouldRetry } } });
