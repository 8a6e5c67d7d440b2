// History versions of price grids. The live rows (price_grid, price_grid_period,
// price_grid_option, option_price) always hold the CURRENT version, so ids stay stable
// for stays that name a grid option; every saved change raises price_grid.history_version
// and stores the whole grid as it now stands in price_grid_version (append-only: the
// database refuses UPDATE and DELETE). Older versions are read from there, read-only.
import type { Knex } from 'knex';
import type { GridRows } from './mapping';

export interface Excluded {
  periodId?: number;
  optionId?: number;
  priceId?: number;
}

type Db = Knex | Knex.Transaction;

/** The grid and its children as stored, children in the order the engine reads them. */
export async function loadGridRows(db: Db, gridId: number, exclude: Excluded = {}): Promise<GridRows | null> {
  const grid = await db('price_grid').where('id', gridId).first();
  if (!grid) return null;
  const periods = db('price_grid_period')
    .where('priceGridId', gridId)
    .orderBy([{ column: 'startDate' }, { column: 'id' }]);
  if (exclude.periodId) periods.whereNot('id', exclude.periodId);
  const options = db('price_grid_option')
    .where('priceGridId', gridId)
    .orderBy([{ column: 'order' }, { column: 'id' }]);
  if (exclude.optionId) options.whereNot('id', exclude.optionId);
  const prices = db('option_price')
    .join('price_grid_option', 'price_grid_option.id', 'option_price.price_grid_option_id')
    .where('price_grid_option.price_grid_id', gridId)
    .select('option_price.*')
    .orderBy('option_price.id');
  if (exclude.priceId) prices.whereNot('option_price.id', exclude.priceId);
  if (exclude.periodId) prices.whereNot('option_price.price_grid_period_id', exclude.periodId);
  if (exclude.optionId) prices.whereNot('option_price.price_grid_option_id', exclude.optionId);
  return { grid, periods: await periods, options: await options, prices: await prices };
}

/** JSON-safe copy: timestamps as ISO strings, nothing else changes. */
function plain(rows: GridRows): GridRows {
  return JSON.parse(JSON.stringify(rows));
}

export interface VersionWrite {
  userId: number | null;
  /** what changed, in French, for the version list */
  change: string;
  /** false when writing version 1 of a new grid */
  bump?: boolean;
  exclude?: Excluded;
}

/**
 * Writes the grid's next version (or its first) in the caller's transaction and answers
 * its number. The grid row is locked first: concurrent changes of one grid queue up.
 */
export async function writeGridVersion(trx: Knex.Transaction, gridId: number, w: VersionWrite): Promise<number> {
  const current = await trx('price_grid').where('id', gridId).forUpdate().first('id', 'historyVersion');
  if (!current) return 0;
  const version = w.bump === false ? current.historyVersion : current.historyVersion + 1;
  if (version !== current.historyVersion) {
    await trx('price_grid').where('id', gridId).update({ historyVersion: version, updatedAt: trx.fn.now() });
  }
  const rows = await loadGridRows(trx, gridId, w.exclude);
  const user = w.userId ? await trx('app_user').where('id', w.userId).first('name') : null;
  await trx('price_grid_version').insert({
    priceGridId: gridId,
    historyVersion: version,
    label: String(rows!.grid.label).slice(0, 80),
    userId: w.userId,
    userName: user?.name ?? null,
    change: w.change.slice(0, 200),
    snapshot: JSON.stringify(plain(rows!)),
  });
  return version;
}

/** A stored version of a grid (the current one too), or null. */
export async function loadGridVersion(db: Db, gridId: number, version: number): Promise<GridRows | null> {
  const row = await db('price_grid_version').where({ priceGridId: gridId, historyVersion: version }).first('snapshot');
  if (!row) return null;
  return typeof row.snapshot === 'string' ? JSON.parse(row.snapshot) : row.snapshot;
}

export interface VersionSummary {
  historyVersion: number;
  label: string;
  userName: string | null;
  change: string | null;
  createdAt: string;
}

export async function listGridVersions(db: Db, gridId: number): Promise<VersionSummary[]> {
  return db('price_grid_version')
    .where('priceGridId', gridId)
    .orderBy('historyVersion', 'desc')
    .select('historyVersion', 'label', 'userName', 'change', 'createdAt');
}
