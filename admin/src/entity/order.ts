// The order of rows of an entity with an order field, once one row moves (OrderButtons).

/**
 * The new order of every row once `id` swaps places with its neighbour among the
 * rows of `scope` (the list's fixed filter, e.g. one parent): the others keep theirs.
 */
export function swapWithNeighbour(all: number[], scope: number[], id: number, delta: -1 | 1): number[] | null {
  const at = scope.indexOf(id);
  const neighbour = at < 0 ? undefined : scope[at + delta];
  const i = all.indexOf(id);
  const j = neighbour === undefined ? -1 : all.indexOf(neighbour);
  if (i < 0 || j < 0) return null;
  const next = [...all];
  [next[i], next[j]] = [next[j], next[i]];
  return next;
}
