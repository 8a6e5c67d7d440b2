// The tile loader of the three plannings (places, extras, cleaning): the board reports
// the window it renders, and only the (row, month) tiles not held yet are asked for, in
// one request. A tile is held from the moment it is asked (a second window does not ask
// it again) and given back when its request fails; `reset` forgets every tile and makes
// the answers still on their way stale, so that they do not overwrite newer ones.
import { useCallback, useMemo, useRef, useState } from 'react';
import type { VisibleWindow } from '../board';
import { dropRows as dropTiles, missingTiles, tilesOf, type TileKey, type TileRequest } from './tiles';

export interface TiledWindowSource<Id extends string | number> {
  /** the rows a window asks tiles of (one pseudo-row for a planning loaded by dates only) */
  rowsOf: (win: VisibleWindow) => readonly Id[];
  /** asks the API for the tiles and keeps the answer, unless `isCurrent()` has turned false (a reset came since) */
  fetch: (req: TileRequest<Id>, isCurrent: () => boolean) => Promise<void>;
  onError: (message: string) => void;
}

export interface TiledWindow<Id extends string | number> {
  /** asks the missing tiles of a window; settles when they are kept (or failed) */
  load: (win: VisibleWindow) => Promise<void>;
  /** forgets every tile: the next window asks everything again */
  reset: () => void;
  /** forgets the tiles of some rows (after a move) */
  dropRows: (rowIds: readonly Id[]) => void;
  loading: boolean;
}

export function useTiledWindow<Id extends string | number>(source: TiledWindowSource<Id>): TiledWindow<Id> {
  const held = useRef(new Set<TileKey>());
  const generation = useRef(0);
  const [pending, setPending] = useState(0);
  // The latest callbacks, read when a window comes: `load` itself stays the same function.
  const sourceRef = useRef(source);
  sourceRef.current = source;

  const load = useCallback(async (win: VisibleWindow) => {
    const { rowsOf, fetch, onError } = sourceRef.current;
    const req = missingTiles(held.current, rowsOf(win), win.startDate, win.endDate);
    if (!req) return;
    const keys = tilesOf(req);
    for (const k of keys) held.current.add(k);
    const gen = generation.current;
    setPending((n) => n + 1);
    try {
      await fetch(req, () => gen === generation.current);
    } catch (e) {
      for (const k of keys) held.current.delete(k);
      onError((e as Error)?.message ?? 'Une erreur est survenue');
    } finally {
      setPending((n) => n - 1);
    }
  }, []);

  const reset = useCallback(() => {
    generation.current++;
    held.current.clear();
  }, []);

  const dropRows = useCallback((rowIds: readonly Id[]) => dropTiles(held.current, rowIds), []);

  return useMemo(() => ({ load, reset, dropRows, loading: pending > 0 }), [load, reset, dropRows, pending]);
}

/** The rows of a planning loaded by dates only (extras, cleaning): one pseudo-row. */
export const ALL_ROWS = (): readonly string[] => ['all'];
