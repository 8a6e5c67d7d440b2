// Loading the board per visible window: the board reports the rows and days it
// renders; the screen asks the API only for the (place, month) tiles it does not hold
// yet, in one request. Pure, unit-tested (tests/unit/planning-screens).

export type TileKey = string;

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM' of every month touching [start, end) (end exclusive). */
export function monthsBetween(start: string, end: string): string[] {
  const out: string[] = [];
  let y = Number(start.slice(0, 4));
  let m = Number(start.slice(5, 7));
  const last = end.slice(8, 10) === '01' ? prevMonth(end.slice(0, 7)) : end.slice(0, 7);
  for (;;) {
    const k = `${y}-${pad(m)}`;
    if (k > last) break;
    out.push(k);
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
  }
  return out;
}

function prevMonth(ym: string): string {
  let y = Number(ym.slice(0, 4));
  let m = Number(ym.slice(5, 7)) - 1;
  if (m === 0) {
    m = 12;
    y--;
  }
  return `${y}-${pad(m)}`;
}

export function nextMonthStart(ym: string): string {
  let y = Number(ym.slice(0, 4));
  let m = Number(ym.slice(5, 7)) + 1;
  if (m === 13) {
    m = 1;
    y++;
  }
  return `${y}-${pad(m)}-01`;
}

export interface TileRequest<Id = number> {
  from: string;
  to: string;
  placeIds: Id[];
}

/**
 * The request covering every (row, month) of the window not yet `held` (loaded or
 * loading): the rows missing something, from the first to the last missing month.
 * Null when the window is fully held.
 */
export function missingTiles<Id extends string | number>(
  held: ReadonlySet<TileKey>,
  rowIds: readonly Id[],
  start: string,
  end: string,
): TileRequest<Id> | null {
  const months = monthsBetween(start, end);
  const places: Id[] = [];
  let lo: string | null = null;
  let hi: string | null = null;
  for (const id of rowIds) {
    let missing = false;
    for (const m of months) {
      if (held.has(`${id}:${m}`)) continue;
      missing = true;
      if (lo === null || m < lo) lo = m;
      if (hi === null || m > hi) hi = m;
    }
    if (missing) places.push(id);
  }
  if (!places.length || lo === null || hi === null) return null;
  return { from: `${lo}-01`, to: nextMonthStart(hi), placeIds: places };
}

/** The tile keys a request covers. */
export function tilesOf<Id extends string | number>(req: TileRequest<Id>): TileKey[] {
  const months = monthsBetween(req.from, req.to);
  return req.placeIds.flatMap((id) => months.map((m) => `${id}:${m}`));
}

/** Forgets the tiles of some rows (after a move), so that the next window reloads them. */
export function dropRows<Id extends string | number>(held: Set<TileKey>, rowIds: readonly Id[]): void {
  const prefixes = rowIds.map((id) => `${id}:`);
  for (const k of [...held]) if (prefixes.some((p) => k.startsWith(p))) held.delete(k);
}

/** Quarters ('YYYY-MM-01' starts) touching [start, end): free places load by quarter. */
export function quartersBetween(start: string, end: string): { from: string; to: string }[] {
  const out: { from: string; to: string }[] = [];
  let y = Number(start.slice(0, 4));
  let q = Math.floor((Number(start.slice(5, 7)) - 1) / 3);
  for (;;) {
    const from = `${y}-${pad(q * 3 + 1)}-01`;
    if (from >= end) break;
    const nq = q + 1;
    const to = nq === 4 ? `${y + 1}-01-01` : `${y}-${pad(nq * 3 + 1)}-01`;
    out.push({ from, to });
    q = nq % 4;
    if (nq === 4) y++;
  }
  return out;
}
