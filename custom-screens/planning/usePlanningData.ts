// The board's data, loaded per visible window: bars by (place, month) tiles, free
// places per day by quarter for the current filters, kept in one cache each and
// published as one stable array per load (the board rebuilds its index on a new array).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { VisibleWindow } from './board';
import { barsOf, type Filters, type StayBar } from './shared/model';
import { quartersBetween } from './shared/tiles';
import { useTiledWindow } from './shared/useTiledWindow';
import { rest } from '../../admin/src/ui';
import { askWindow, queryString as qs, takeFirstWindow, windowPath } from './places/firstWindow';

export function usePlanningData(filters: Filters, onError: (message: string) => void) {
  const released = filters.categories.includes('cancelled');
  const cache = useRef(new Map<string, StayBar>());
  const lastWindow = useRef<VisibleWindow | null>(null);
  const [bars, setBars] = useState<StayBar[]>([]);
  const errorRef = useRef(onError);
  errorRef.current = onError;
  const releasedRef = useRef(released);
  releasedRef.current = released;

  const publish = useCallback(() => setBars([...cache.current.values()]), []);

  const tiles = useTiledWindow<number>({
    rowsOf: (win) => win.rowIds as number[],
    onError: (m) => errorRef.current(m),
    fetch: async (req, isCurrent) => {
      const released = releasedRef.current;
      // The first window was asked for when the set-up arrived (places/firstWindow.ts).
      const w = await (takeFirstWindow(windowPath(req, released)) ?? askWindow(req, released));
      if (!isCurrent()) return;
      // A reloaded row loses the bars that are gone from it.
      const places = new Set(req.placeIds);
      for (const [id, b] of cache.current) {
        if (places.has(b.rowId) && b.startDate < req.to && b.endDate > req.from) cache.current.delete(id);
      }
      for (const b of barsOf(w)) cache.current.set(String(b.id), b);
      publish();
    },
  });

  /** Settles when every bars request asked so far has answered (free places wait for it). */
  const inflight = useRef<Promise<unknown>>(Promise.resolve());
  const { load: loadTiles, reset: resetTiles, dropRows } = tiles;
  const load = useCallback(
    (win: VisibleWindow): Promise<void> => {
      const p = loadTiles(win);
      inflight.current = Promise.allSettled([inflight.current, p]);
      return p;
    },
    [loadTiles],
  );

  const onWindow = useCallback(
    (win: VisibleWindow) => {
      lastWindow.current = win;
      void load(win);
    },
    [load],
  );

  /** Everything again (refresh button, filter "released" toggled). */
  const reloadAll = useCallback(() => {
    resetTiles();
    cache.current.clear();
    publish();
    if (lastWindow.current) void load(lastWindow.current);
  }, [load, publish, resetTiles]);

  /** Some rows again (after a move: the server's truth for both places). */
  const reloadRows = useCallback(
    (rowIds: number[]) => {
      dropRows(rowIds);
      if (lastWindow.current)
        void load({
          ...lastWindow.current,
          rowIds: [...new Set([...rowIds.filter((id) => lastWindow.current!.rowIds.includes(id))])],
        });
    },
    [load, dropRows],
  );

  /** Applies an accepted move to the cache right away (before the reload). */
  const patchBar = useCallback(
    (id: string, patch: Partial<StayBar>) => {
      const b = cache.current.get(id);
      if (!b) return;
      cache.current.set(id, { ...b, ...patch });
      publish();
    },
    [publish],
  );

  const removeBar = useCallback(
    (id: string) => {
      if (cache.current.delete(id)) publish();
    },
    [publish],
  );

  // Changes of the filters (not the first render: the cache is empty, a primed window may be loading).
  const mounted = useRef({ released: false, free: false });
  useEffect(() => {
    if (!mounted.current.released) {
      mounted.current.released = true;
      return;
    }
    reloadAll();
    // A filter change reloads; reloadAll is stable in effect (reads refs)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [released]);

  // ---- free places per day (by quarter, for the filters) --------------------
  const filterKey = useMemo(
    () =>
      qs({
        layoutIds: filters.layoutIds,
        familyIds: filters.familyIds,
        typeIds: filters.typeIds,
        featureIds: filters.featureIds,
      }),
    [filters],
  );
  const free = useRef(new Map<string, number>());
  const freeHeld = useRef(new Set<string>());
  const [freeCounts, setFreeCounts] = useState<Record<string, number>>({});
  const freeGen = useRef(0);

  const loadFree = useCallback(
    async (start: string, end: string) => {
      const gen = freeGen.current;
      for (const q of quartersBetween(start, end)) {
        if (freeHeld.current.has(q.from)) continue;
        freeHeld.current.add(q.from);
        try {
          const filtered = Object.fromEntries(new URLSearchParams(filterKey));
          const r = await rest('get', '/planning/free', { query: { from: q.from, to: q.to, ...filtered } });
          if (gen !== freeGen.current) return;
          for (const [d, n] of Object.entries(r.days ?? {})) free.current.set(d, n);
          setFreeCounts(Object.fromEntries(free.current));
        } catch (e) {
          freeHeld.current.delete(q.from);
          errorRef.current((e as Error)?.message ?? 'Une erreur est survenue');
        }
      }
    },
    [filterKey],
  );

  const resetFree = useCallback(() => {
    freeGen.current++;
    free.current.clear();
    freeHeld.current.clear();
    setFreeCounts({});
    if (lastWindow.current) void loadFree(lastWindow.current.startDate, lastWindow.current.endDate);
  }, [loadFree]);

  useEffect(() => {
    if (!mounted.current.free) {
      mounted.current.free = true;
      return;
    }
    resetFree();
    // A filter change resets the free counts; resetFree reads the current window from a ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filterKey]);

  const onWindowAll = useCallback(
    (win: VisibleWindow) => {
      onWindow(win);
      void inflight.current.then(() => loadFree(win.startDate, win.endDate));
    },
    [onWindow, loadFree],
  );

  const reloadEverything = useCallback(() => {
    reloadAll();
    resetFree();
  }, [reloadAll, resetFree]);
  /** Loads a window the board is about to show (before it reports it): its tiles are then held, not asked twice. */
  const prime = useCallback(
    (win: VisibleWindow) => {
      // The bars first (one database connection on PGlite: requests queue), then the free places.
      void load(win);
      void inflight.current.then(() => loadFree(win.startDate, win.endDate));
    },
    [load, loadFree],
  );
  return useMemo(
    () => ({
      bars,
      freeCounts,
      loading: tiles.loading,
      onWindow: onWindowAll,
      reloadAll: reloadEverything,
      reloadRows,
      patchBar,
      removeBar,
      resetFree,
      prime,
    }),
    [bars, freeCounts, tiles.loading, onWindowAll, reloadEverything, reloadRows, patchBar, removeBar, resetFree, prime],
  );
}
