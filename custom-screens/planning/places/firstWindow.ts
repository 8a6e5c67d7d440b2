// The board's first window (issue 29 §8, docs/history.md#issue-29): the rows and days it opens on, and its
// bars asked for as soon as the set-up arrives, while the admin is still rendering the
// page — not once the board has rendered. The board's own first load (places/Board.tsx)
// asks the same address and takes this answer instead (../usePlanningData.ts).
import { addDays } from '../../../common/dates';
import { rest, restUrl } from '../../../admin/src/ui';
import { zoomForDays, type VisibleWindow, type Zoom } from '../board';
import { EMPTY_FILTERS, placeRows, type Filters, type PlaceRow, type Setup, type WindowAnswer } from '../shared/model';
import { missingTiles, type TileRequest } from '../shared/tiles';

/** Rows asked for around the row the board opens on. */
const ROWS = 50;
/** An early answer older than this is not taken: the board asks again. */
const FRESH_MS = 10_000;

/** Days loaded before and after the date the board opens at, by zoom. */
const SPAN: Record<Zoom, [number, number]> = { day: [40, 60], week: [60, 150], month: [120, 400] };

export function firstWindow(
  setup: Setup,
  rows: readonly PlaceRow[],
  zoom: Zoom,
  params: URLSearchParams,
): VisibleWindow {
  const at = rows.findIndex((r) => r.id === Number(params.get('placeId')));
  const from = Math.max(0, at - ROWS / 2);
  const date = params.get('date') ?? setup.today;
  const [before, after] = SPAN[zoom];
  const clamp = (d: string) =>
    d < setup.range.startDate ? setup.range.startDate : d > setup.range.endDate ? setup.range.endDate : d;
  return {
    firstRow: from,
    lastRow: from + ROWS,
    rowIds: rows.slice(from, from + ROWS).map((r) => r.id),
    startDate: clamp(addDays(date, -before)),
    endDate: clamp(addDays(date, after)),
  };
}

export const defaultZoom = (setup: Setup): Zoom => zoomForDays(setup.display?.defaultDays ?? 31, window.innerWidth);

export const queryString = (o: Record<string, string | number[] | undefined>) =>
  Object.entries(o)
    .filter(([, v]) => v !== undefined && !(Array.isArray(v) && !v.length))
    .map(([k, v]) => `${k}=${encodeURIComponent(Array.isArray(v) ? v.join(',') : v!)}`)
    .join('&');

/** The query of the bars of some tiles (GET /rest/planning/window). */
function windowQuery(req: TileRequest<number>, released: boolean) {
  const { from, to, placeIds } = req;
  return { from, to, placeIds: placeIds.length ? placeIds.join(',') : undefined, released: released ? '1' : undefined };
}
/** Its address: what an early answer is known by. */
export const windowPath = (req: TileRequest<number>, released: boolean): string =>
  restUrl('/planning/window', undefined, windowQuery(req, released));
/** The bars of some tiles, asked. */
export const askWindow = (req: TileRequest<number>, released: boolean): Promise<WindowAnswer> =>
  rest('get', '/planning/window', { query: windowQuery(req, released) });

/**
 * What the board keeps in the admin's store (react-admin's localStorageStore('1', 'bivouac'),
 * admin/src/App.tsx), read before the store exists. Wrong or missing, the early address
 * differs from the board's and is merely not taken.
 */
function stored<T>(key: string, fallback: T): T {
  try {
    const v = localStorage.getItem(`RaStorebivouac.${key}`);
    return v == null ? fallback : (JSON.parse(v) as T);
  } catch {
    return fallback;
  }
}

let early: { path: string; at: number; answer: Promise<WindowAnswer> } | null = null;

/** Starts the bars of the window the board will open on (the address it will ask). */
export function startFirstWindow(setup: Setup): void {
  const filters = { ...EMPTY_FILTERS, ...stored<Partial<Filters>>('planning.filters', {}) };
  const zoom = stored<Zoom>('planning.zoom', defaultZoom(setup));
  const win = firstWindow(setup, placeRows(setup, filters), zoom, new URLSearchParams(location.search));
  const req = missingTiles(new Set(), win.rowIds as number[], win.startDate, win.endDate);
  if (!req) return;
  const released = filters.categories.includes('cancelled');
  const path = windowPath(req, released);
  const answer = askWindow(req, released);
  answer.catch(() => undefined); // the board asks again, and reports its own failure
  early = { path, at: Date.now(), answer };
}

/** The early answer of `path`, once, while fresh. */
export function takeFirstWindow(path: string): Promise<WindowAnswer> | undefined {
  const e = early;
  if (!e || e.path !== path) return undefined;
  early = null;
  return Date.now() - e.at < FRESH_MS ? e.answer : undefined;
}
