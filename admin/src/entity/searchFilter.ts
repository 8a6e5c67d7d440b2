// The spec searches text from 3 characters: a shorter `q` is left out of every
// request (the list then shows everything), for lists and CSV exports alike.
export const MIN_SEARCH_LENGTH = 3;

export function withoutShortSearch<F extends Record<string, unknown> | undefined>(filter: F): F {
  const q = filter?.q;
  if (typeof q !== 'string' || q.trim().length >= MIN_SEARCH_LENGTH) return filter;
  const { q: _q, ...rest } = filter as Record<string, unknown>;
  return rest as F;
}
