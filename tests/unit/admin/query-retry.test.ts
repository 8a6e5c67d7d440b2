// The admin's query cache retries what may succeed later, never a server's final answer:
// a 404 retried with back-off kept the till on « Chargement » for seven seconds.
import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { queryClient, shouldRetry } from '../../../admin/src/queryClient';

describe('query retries', () => {
  it('never retries a 4xx answer', () => {
    for (const status of [400, 401, 403, 404, 409, 422])
      expect(shouldRetry(0, new HttpError('refusé', status)), String(status)).toBe(false);
  });

  it('retries network failures, 5xx, 408 and 429, three times at most', () => {
    for (const error of [new TypeError('Failed to fetch'), new HttpError('x', 500), new HttpError('x', 503)]) {
      expect(shouldRetry(0, error)).toBe(true);
      expect(shouldRetry(2, error)).toBe(true);
      expect(shouldRetry(3, error)).toBe(false);
    }
    expect(shouldRetry(0, new HttpError('x', 408))).toBe(true);
    expect(shouldRetry(0, new HttpError('x', 429))).toBe(true);
    expect(shouldRetry(0, null)).toBe(true);
  });

  it('is the default of every query of the admin', () => {
    expect(queryClient.getDefaultOptions().queries?.retry).toBe(shouldRetry);
  });
});
