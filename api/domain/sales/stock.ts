// Stock of tracked articles: every change is a stock movement (append-only) beside the
// article's current stock, both written in the same transaction. Article rows are
// locked FOR UPDATE in id order (no deadlock between two tills), so two tills selling
// the last unit at once queue: the first takes it, the second reads 0 and is refused
// « Quantité supérieure au stock ».
import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';
import type { ArticleRecord } from '../../../common/generated/types';

export type MovementKind = 'sale' | 'return' | 'adjustment' | 'delivery';

export interface StockChange {
  articleId: number;
  quantity: number;
}

export interface StockPlan {
  articleId: number;
  quantity: number;
  stockAfter: number;
}

/**
 * Locks the articles, checks and sets their new stock (signed quantities: − out, + in;
 * a sale or an adjustment may not go below zero). Untracked articles are left alone.
 * The movements are written by `writeMovements` once the ticket has its id.
 */
export async function reserveStock(
  trx: Knex.Transaction,
  changes: StockChange[],
  kind: MovementKind,
): Promise<StockPlan[]> {
  const ids = [...new Set(changes.map((c) => c.articleId))].sort((a, b) => a - b);
  if (!ids.length) return [];
  const rows = await trx('article')
    .whereIn('id', ids)
    .orderBy('id')
    .forUpdate()
    .select('id', 'label', 'stock', 'isStockTracked');
  const plan = planStock(rows, changes, kind);
  await setStock(trx, plan);
  return plan;
}

/**
 * The new stock of each tracked article, from its row read FOR UPDATE in this
 * transaction (sales/sale-context.ts reads them so for a sale); 400 « Quantité
 * supérieure au stock » when a sale or an adjustment would go below zero.
 */
export function planStock(
  rows: Pick<ArticleRecord, 'id' | 'label' | 'stock' | 'isStockTracked'>[],
  changes: StockChange[],
  kind: MovementKind,
): StockPlan[] {
  const byArticle = new Map<number, number>();
  for (const c of changes) byArticle.set(c.articleId, (byArticle.get(c.articleId) ?? 0) + c.quantity);
  const plan: StockPlan[] = [];
  for (const a of [...rows].sort((x, y) => x.id - y.id)) {
    const delta = byArticle.get(a.id);
    if (delta === undefined || !a.isStockTracked || delta === 0) continue;
    const after = Number(a.stock) + delta;
    if (after < 0 && (kind === 'sale' || kind === 'adjustment')) {
      throw badRequest('QUANTITY_ABOVE_STOCK', { [`article.${a.id}`]: `${a.label} : ${a.stock} en stock` });
    }
    plan.push({ articleId: a.id, quantity: delta, stockAfter: after });
  }
  return plan;
}

/** The stock of the planned articles, set in one statement (their rows are locked). */
export function stockUpdate(trx: Knex.Transaction, plan: StockPlan[]): Knex.Raw {
  return trx.raw(
    'UPDATE article AS a SET stock = p.after FROM unnest(?::int[], ?::int[]) AS p(id, after) WHERE a.id = p.id',
    [plan.map((p) => p.articleId), plan.map((p) => p.stockAfter)],
  );
}

async function setStock(trx: Knex.Transaction, plan: StockPlan[]): Promise<void> {
  if (plan.length) await stockUpdate(trx, plan);
}

/** The movements of a plan, to insert once the ticket has its id. */
export function movementRows(
  plan: StockPlan[],
  kind: MovementKind,
  opts: { saleId?: number | null; userId?: number | null; notes?: string | null } = {},
) {
  return plan.map((p) => ({
    ...p,
    kind,
    saleId: opts.saleId ?? null,
    userId: opts.userId ?? null,
    notes: opts.notes ?? null,
  }));
}

export async function writeMovements(
  trx: Knex.Transaction,
  plan: StockPlan[],
  kind: MovementKind,
  opts: { saleId?: number | null; userId?: number | null; notes?: string | null } = {},
): Promise<void> {
  if (!plan.length) return;
  await trx('stock_movement').insert(movementRows(plan, kind, opts));
}

export interface MovementInput {
  kind: 'delivery' | 'adjustment';
  quantity: number;
  notes?: string | null;
}

/** A delivery (+) or an inventory adjustment (±) typed at the back office. */
export async function recordMovement(
  knex: Knex,
  articleId: number,
  input: MovementInput,
  userId: number | null,
): Promise<Pick<ArticleRecord, 'id' | 'label' | 'stock'>> {
  return knex.transaction(async (trx) => {
    const a = await trx('article').where('id', articleId).first('id', 'isStockTracked');
    if (!a) throw badRequest('ARTICLE_UNKNOWN');
    if (!a.isStockTracked)
      throw badRequest('ARTICLE_UNKNOWN', { articleId: "Le stock de cet article n'est pas suivi" });
    const quantity = input.kind === 'delivery' ? Math.abs(input.quantity) : input.quantity;
    await writeMovements(trx, await reserveStock(trx, [{ articleId, quantity }], input.kind), input.kind, {
      userId,
      notes: input.notes ?? null,
    });
    return (await trx('article').where('id', articleId).first('id', 'label', 'stock')) as Pick<
      ArticleRecord,
      'id' | 'label' | 'stock'
    >;
  });
}
