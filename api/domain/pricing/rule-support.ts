// What the price grid and offer rules (./rules.ts, ./offer-rules.ts) share: refusals,
// the grid's lock and version bump, the checks of moved and referenced rows.
import type { Knex } from 'knex';
import type { WriteContext } from '../../rest/entities';
import { badRequest } from '../../http/errors';
import { formatMessage, type MessageCode } from '../../../common/messages';
import { writeGridVersion } from './grid-history';
import { validateSlices } from './validate';
import type { PriceGridRecord } from '../../../common/generated/types';

/** One field of a record the caller knows by its entity (a key the type checker may not see). */
const fieldOf = (r: object, k: string): unknown => (r as Record<string, unknown>)[k];

export const refuse = (code: MessageCode, field: string) => badRequest(code, { [field]: formatMessage(code) });

export const refuseMany = (errors: Record<string, MessageCode>) =>
  badRequest(
    Object.values(errors)[0],
    Object.fromEntries(Object.entries(errors).map(([k, c]) => [k, formatMessage(c)])),
  );

/** Fields a save may change without it being a change of the grid (timestamps). */
const IGNORED = new Set(['createdAt', 'updatedAt', 'version', 'historyVersion']);

export function changed<T extends object>(before: T | null, after: T): boolean {
  if (!before) return true;
  return Object.keys(after).some(
    (k) => !IGNORED.has(k) && JSON.stringify(fieldOf(before, k) ?? null) !== JSON.stringify(fieldOf(after, k) ?? null),
  );
}

export async function lockGrid(trx: Knex.Transaction, gridId: number): Promise<PriceGridRecord | null> {
  const grid = await trx('price_grid').where('id', gridId).forUpdate().first();
  // An unknown grid is left to the foreign key (REFERENCE_NOT_FOUND).
  return grid ?? null;
}

/** A child of a grid (period, option): only its grid is read. */
type GridChild = { priceGridId?: number };

export function refuseMove(rec: GridChild, existing: GridChild | null): void {
  if (existing && existing.priceGridId !== rec.priceGridId) throw refuse('PRICE_GRID_CANNOT_MOVE', 'priceGridId');
}

/** Every id of a list field must name an existing row of `table`. */
export async function checkIds<T extends object>(
  trx: Knex.Transaction,
  rec: T,
  field: keyof T & string,
  table: string,
  where?: (q: Knex.QueryBuilder) => void,
): Promise<void> {
  const value = rec[field];
  const list: number[] = Array.isArray(value) ? value : [];
  if (!list.length) return;
  const q = trx(table).whereIn('id', list);
  where?.(q);
  const found = new Set((await q.select('id')).map((r: { id: number }) => r.id));
  if (list.some((x) => !found.has(x))) throw refuse('REFERENCE_NOT_FOUND', field);
}

export async function bump(ctx: WriteContext, gridId: number, change: string, exclude = {}): Promise<number> {
  return writeGridVersion(ctx.trx, gridId, { userId: ctx.userId, change, exclude });
}

/** Slices start at night 1, follow each other without gap or overlap; only the last is open. */
export function checkSlices(slices: unknown): void {
  if (Array.isArray(slices) && !validateSlices(slices)) throw refuse('SLICES_INVALID', 'slices');
}
