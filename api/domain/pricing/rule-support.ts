// What the price grid and offer rules (./rules.ts, ./offer-rules.ts) share: refusals,
// the grid's lock and version bump, the checks of moved and referenced rows.
import type { Knex } from 'knex';
import type { WriteContext } from '../../rest/entities';
import { badRequest } from '../../http/errors';
import { formatMessage, type MessageCode } from '../../../common/messages';
import { writeGridVersion } from './grid-history';
import { validateSlices } from './validate';

export type Row = Record<string, any>;

export const refuse = (code: MessageCode, field: string) => badRequest(code, { [field]: formatMessage(code) });

export const refuseMany = (errors: Record<string, MessageCode>) =>
  badRequest(
    Object.values(errors)[0],
    Object.fromEntries(Object.entries(errors).map(([k, c]) => [k, formatMessage(c)])),
  );

/** Fields a save may change without it being a change of the grid (timestamps). */
const IGNORED = new Set(['createdAt', 'updatedAt', 'version', 'historyVersion']);

export function changed(before: Row | null, after: Row): boolean {
  if (!before) return true;
  return Object.keys(after).some(
    (k) => !IGNORED.has(k) && JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null),
  );
}

export async function lockGrid(trx: Knex.Transaction, gridId: number): Promise<Row> {
  const grid = await trx('price_grid').where('id', gridId).forUpdate().first();
  // An unknown grid is left to the foreign key (REFERENCE_NOT_FOUND).
  return grid ?? null;
}

export function refuseMove(rec: Row, existing: Row | null): void {
  if (existing && existing.priceGridId !== rec.priceGridId) throw refuse('PRICE_GRID_CANNOT_MOVE', 'priceGridId');
}

/** Every id of a list field must name an existing row of `table`. */
export async function checkIds(
  trx: Knex.Transaction,
  rec: Row,
  field: string,
  table: string,
  where?: (q: Knex.QueryBuilder) => void,
): Promise<void> {
  const list: number[] = Array.isArray(rec[field]) ? rec[field] : [];
  if (!list.length) return;
  const q = trx(table).whereIn('id', list);
  where?.(q);
  const found = new Set((await q.select('id')).map((r: Row) => r.id));
  if (list.some((x) => !found.has(x))) throw refuse('REFERENCE_NOT_FOUND', field);
}

export async function bump(ctx: WriteContext, gridId: number, change: string, exclude = {}): Promise<number> {
  return writeGridVersion(ctx.trx, gridId, { userId: ctx.userId, change, exclude });
}

/** Slices start at night 1, follow each other without gap or overlap; only the last is open. */
export function checkSlices(slices: unknown): void {
  if (Array.isArray(slices) && !validateSlices(slices)) throw refuse('SLICES_INVALID', 'slices');
}
