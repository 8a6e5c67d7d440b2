// The till as a bill source (api/domain/billing/sources.ts): the part of each ticket
// charged to a stay (payment kind « stay ») goes on the stay's final bill as
// « additional sales » lines (§9 (docs/constants.md#bill-line-types) line type 16), with the VAT of the ticket's lines;
// a gift voucher sold that way is a « gift vouchers » line (type 23, outside VAT: a
// liability, not turnover).
// A ticket partly charged gives its charged share, spread over its lines in proportion
// (largest remainder, so the lines add up to the charged amount exactly). Once billed,
// the ticket is linked to the bill (sale_stay_bill, migration 0039); a bill cancelled
// by credit notes frees its tickets for the next final bill.
import type { Knex } from 'knex';
import { registerBillSource, registerChargesSql, type StayCharge } from '../billing/sources';
import type { LineInput } from '../billing/lines';
import { exclVat, spread } from '../../../common/sales-totals';

type Trx = Knex.Transaction;
const ADDITIONAL_SALES = 16;
const GIFT_VOUCHERS = 23;

/** Tickets of the stay with a charged part, not held by a standing bill; locked. */
async function unbilledCharges(trx: Trx, bookingId: number): Promise<{ saleId: number; charged: number }[]> {
  const rows = await trx('sale as s')
    .join('sale_payment as p', 'p.saleId', 's.id')
    .where('s.bookingId', bookingId)
    .where('p.kind', 'stay')
    .whereNotExists((q) =>
      q
        .select(trx.raw('1'))
        .from('sale_stay_bill as sb')
        .join('bill as f', 'f.id', 'sb.billId')
        .whereRaw('sb.sale_id = s.id')
        .whereRaw(
          'f.total_incl_vat + coalesce((SELECT sum(c.total_incl_vat) FROM bill c WHERE c.credited_bill_id = ' +
            'f.id), 0) <> 0',
        ),
    )
    .groupBy('s.id')
    .orderBy('s.id')
    .select('s.id as saleId', trx.raw('sum(p.amount)::int as charged'));
  if (rows.length)
    await trx('sale')
      .whereIn(
        'id',
        rows.map((r) => r.saleId),
      )
      .forUpdate()
      .select('id');
  return rows.filter((r) => r.charged !== 0);
}

export async function chargedLines(trx: Trx, bookingId: number): Promise<{ lines: LineInput[]; saleIds: number[] }> {
  const charges = await unbilledCharges(trx, bookingId);
  const lines: LineInput[] = [];
  for (const c of charges) {
    const sale = await trx('sale').where('id', c.saleId).first('number', 'date', 'totalInclVat');
    const own = await trx('sale_line')
      .where('saleId', c.saleId)
      .orderBy('position')
      .select('label', 'quantity', 'amountInclVat', 'vatRateBp', 'giftVoucherId');
    const shares =
      c.charged === sale.totalInclVat
        ? own.map((l) => l.amountInclVat)
        : spread(
            c.charged,
            own.map((l) => l.amountInclVat),
          );
    own.forEach((l, i) => {
      const amountInclVat = shares[i];
      if (!amountInclVat) return;
      const vatAmount = amountInclVat - exclVat(amountInclVat, l.vatRateBp);
      lines.push({
        lineType: l.giftVoucherId ? GIFT_VOUCHERS : ADDITIONAL_SALES,
        label: `${l.label} (ticket ${sale.number})`,
        quantity: l.quantity,
        unitPriceInclVat: Math.round(amountInclVat / (l.quantity || 1)),
        amountInclVat,
        vatRateBp: l.vatRateBp,
        vatAmount,
        startDate: sale.date,
        endDate: null,
      });
    });
  }
  return { lines, saleIds: charges.map((c) => c.saleId) };
}

/** Every ticket of the stay with a part charged to it, with the standing bill that holds it (null: not billed yet). */
export async function saleCharges(db: Knex | Trx, bookingId: number): Promise<StayCharge[]> {
  const rows: { id: number; number: string; date: string; amount: number; billId: number | null }[] = await db(
    'sale as s',
  )
    .join('sale_payment as p', 'p.saleId', 's.id')
    .where('s.bookingId', bookingId)
    .where('p.kind', 'stay')
    .groupBy('s.id')
    .orderBy('s.id')
    .select(
      's.id',
      's.number',
      's.date',
      db.raw('sum(p.amount)::int as amount'),
      db.raw(
        `(SELECT f.id FROM sale_stay_bill sb JOIN bill f ON f.id = sb.bill_id WHERE sb.sale_id = s.id
          AND f.total_incl_vat + coalesce((SELECT sum(c.total_incl_vat) FROM bill c WHERE c.credited_bill_id = f.id),
          0) <> 0 ORDER BY f.id DESC LIMIT 1) AS "billId"`,
      ),
    );
  const billIds = rows.map((r) => r.billId).filter((x): x is number => x != null);
  const numbers = new Map<number, string>(
    billIds.length ? (await db('bill').whereIn('id', billIds).select('id', 'number')).map((b) => [b.id, b.number]) : [],
  );
  return rows
    .filter((r) => r.amount !== 0)
    .map((r) => ({
      source: 'sale',
      id: r.id,
      number: r.number,
      date: r.date,
      amount: r.amount,
      billId: r.billId ?? null,
      billNumber: r.billId != null ? (numbers.get(r.billId) ?? null) : null,
    }));
}

/** saleCharges in SQL, for the stay's balance route: the same rows, as a json array. */
const saleChargesSql = (alias: string) =>
  `(SELECT json_agg(json_build_object('source', 'sale', 'id', x.id, 'number', x.number, 'date', x.date, 'amount',
      x.amount, 'billId', x.bill_id, 'billNumber', (SELECT f.number FROM bill f WHERE f.id = x.bill_id)) ORDER BY x.id)
    FROM (SELECT s.id, s.number, s.date, sum(p.amount)::int AS amount, (SELECT f.id FROM sale_stay_bill sb
        JOIN bill f ON f.id = sb.bill_id WHERE sb.sale_id = s.id AND f.total_incl_vat
          + coalesce((SELECT sum(c.total_incl_vat) FROM bill c WHERE c.credited_bill_id = f.id), 0) <> 0
        ORDER BY f.id DESC LIMIT 1) AS bill_id
      FROM sale s JOIN sale_payment p ON p.sale_id = s.id WHERE s.booking_id = ${alias}.id AND p.kind = 'stay'
      GROUP BY s.id) x
    WHERE x.amount <> 0)`;

/** The same as saleCharges' unbilled ones, in SQL, for the lists' balance due (billing/balance.ts). */
const unbilledChargesSql = (alias: string) =>
  `SELECT coalesce(sum(p.amount), 0) FROM sale s JOIN sale_payment p ON p.sale_id = s.id
    WHERE s.booking_id = ${alias}.id AND p.kind = 'stay' AND NOT EXISTS (SELECT 1 FROM sale_stay_bill sb
      JOIN bill f ON f.id = sb.bill_id WHERE sb.sale_id = s.id AND f.total_incl_vat
        + coalesce((SELECT sum(c.total_incl_vat) FROM bill c WHERE c.credited_bill_id = f.id), 0) <> 0)`;

export function registerSalesBillSource(): void {
  registerChargesSql('sale', unbilledChargesSql);
  registerBillSource({
    key: 'sale',
    charges: saleCharges,
    chargesSql: saleChargesSql,
    lines: async (trx, ctx) => (await chargedLines(trx, ctx.bookingId)).lines,
    billed: async (trx, ctx) => {
      const { saleIds } = await chargedLines(trx, ctx.bookingId);
      if (saleIds.length) await trx('sale_stay_bill').insert(saleIds.map((saleId) => ({ saleId, billId: ctx.billId })));
    },
  });
}
