// Bill sources: where the lines of a stay's final bill come from. The stay itself (its
// occupancies' stored prices) is the first source; the sales/till module (tickets
// « charged to the stay ») and the rent receipts plug in with registerBillSource. Each
// source answers, inside the bill's transaction, the lines of the §9 (docs/constants.md#bill-line-types) line types it
// has to bill for a stay, and is told the bill's id once the bill is inserted so it can
// mark what it handed over as billed (frozen: « Billed sale, stay or rent receipt
// cannot be edited »). See the README's « Bill sources ».
import type { Knex } from 'knex';
import type { StoredPrice } from '../stays/price-model';
import { stayLines, type LineInput } from './lines';

export interface BillSourceContext {
  bookingId: number;
  customerId: number | null;
  /** the bill being issued: sources other than the stay contribute to final bills only */
  kind: 'deposit' | 'final';
}

export interface BillSource {
  /** unique key, e.g. 'stay', 'sale', 'rent-receipt' */
  key: string;
  /**
   * The lines still to bill for this stay (VAT-inclusive cents, each with its VAT,
   * `lineType` of §9 (docs/constants.md#bill-line-types): 16 additional sales, 18 residential deadline…). Runs inside
   * the bill's transaction after the stay row is locked: lock your own rows (FOR UPDATE)
   * so that they cannot change before `billed` marks them.
   */
  lines(trx: Knex.Transaction, ctx: BillSourceContext): Promise<LineInput[]>;
  /** Called in the same transaction once the bill exists, with the lines this source gave. */
  billed?(trx: Knex.Transaction, ctx: BillSourceContext & { billId: number }, lines: LineInput[]): Promise<void>;
  /**
   * What this source charged to the stay (a till ticket « porté sur le séjour »…), billed or not, for the stay's
   * money summary: those without a standing bill add to what the guest owes. Reads only.
   */
  charges?(db: Knex | Knex.Transaction, bookingId: number): Promise<StayCharge[]>;
  /**
   * The same as `charges`, as SQL: a json array of StayCharge objects (null for none) of the booking aliased
   * `alias`. The stay's balance route (stay-balance.ts) then reads them within its one statement.
   */
  chargesSql?(alias: string): string;
}

/** One item a source charged to a stay: billed once a standing bill holds it (billId). */
export interface StayCharge {
  source: string;
  id: number;
  /** e.g. the ticket's number */
  number: string;
  date: string;
  /** cents, VAT included */
  amount: number;
  billId: number | null;
  billNumber: string | null;
}

const sources = new Map<string, BillSource>();

/** Adds (or replaces, same key) a source; returns the one it replaces. */
export function registerBillSource(source: BillSource): BillSource | undefined {
  const before = sources.get(source.key);
  sources.set(source.key, source);
  return before;
}

export const billSources = (): BillSource[] => [...sources.values()];

/** The stay: the lines of its active occupancies' stored prices (null: one is unpriced). */
export async function stayOwnLines(trx: Knex.Transaction, bookingId: number): Promise<LineInput[] | null> {
  const occs: { id: number; pricedQuote: StoredPrice | null }[] = await trx('occupancy')
    .where({ bookingId, isCancelled: false })
    .orderBy('id')
    .select('id', 'pricedQuote');
  return occs.length ? stayLines(occs) : null;
}

/** The first source: the stay's own price (nothing when an occupancy is unpriced). */
export const STAY_SOURCE: BillSource = {
  key: 'stay',
  lines: async (trx, ctx) => (await stayOwnLines(trx, ctx.bookingId)) ?? [],
};
registerBillSource(STAY_SOURCE);

const chargesSqls = new Map<string, (alias: string) => string>();

/**
 * SQL (integer cents) of what a source charged to the booking aliased `alias` and did not bill yet — the lists'
 * balance due (./balance.ts) adds it, as stayBalance adds the source's `charges`.
 */
export function registerChargesSql(key: string, sql: (alias: string) => string): void {
  chargesSqls.set(key, sql);
}

/** ` + (…)` per registered source: the unbilled charges of the booking aliased `alias`. */
export const unbilledChargesSql = (alias: string): string =>
  [...chargesSqls.values()].map((f) => ` + (${f(alias)})`).join('');

/** Everything the sources charged to the stay, oldest first. */
export async function stayCharges(db: Knex | Knex.Transaction, bookingId: number): Promise<StayCharge[]> {
  const all: StayCharge[] = [];
  for (const source of billSources()) if (source.charges) all.push(...(await source.charges(db, bookingId)));
  return all.sort(chargeOrder);
}

/** Oldest first, then by id. */
export const chargeOrder = (a: StayCharge, b: StayCharge): number => a.date.localeCompare(b.date) || a.id - b.id;

/** The lines the other sources give for a final bill, kept per source for `billed`. */
export async function extraLines(
  trx: Knex.Transaction,
  ctx: BillSourceContext,
): Promise<{ source: BillSource; lines: LineInput[] }[]> {
  if (ctx.kind !== 'final') return [];
  const out: { source: BillSource; lines: LineInput[] }[] = [];
  for (const source of billSources()) {
    if (source.key === STAY_SOURCE.key) continue;
    const lines = await source.lines(trx, ctx);
    if (lines.length) out.push({ source, lines });
  }
  return out;
}

/** Tells each source which bill took its lines. */
export async function markBilled(
  trx: Knex.Transaction,
  ctx: BillSourceContext,
  billId: number,
  given: { source: BillSource; lines: LineInput[] }[],
): Promise<void> {
  for (const g of given) await g.source.billed?.(trx, { ...ctx, billId }, g.lines);
}
