// What the FEC (fec.ts) is made of, read from the database: the financial year's dates,
// the SIREN the file is named after, the fiscal ledger's rows of the period and each
// payment method's own account; and the FEC of a year from them.
import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';
import { establishmentId } from '../ledger/append';
import { buildFec, fecFileName, type BillLineTotal, type LedgerRow } from './fec';
import { loadPlanSettings } from './plan';

/** The financial year of `year`: the one ending in it, else the calendar year. */
export async function fecPeriod(db: Knex, year: number): Promise<{ startDate: string; endDate: string }> {
  const fy = await db('financial_year')
    .whereRaw('extract(year from end_date) = ?', [year])
    .orderBy('endDate', 'desc')
    .first('startDate', 'endDate');
  return fy ?? { startDate: `${year}-01-01`, endDate: `${year}-12-31` };
}

/** The SIREN the FEC file is named after (COMPANY_SIREN_REQUIRED without one). */
export async function fecSiren(db: Knex): Promise<string> {
  const est = await db('establishment').orderBy('id').first('siren');
  const siren = String(est?.siren ?? '').replace(/\s/g, '');
  if (!/^\d{9}$/.test(siren)) throw badRequest('COMPANY_SIREN_REQUIRED');
  return siren;
}

/** The fiscal ledger rows the FEC is made of, dated inside [startDate, endDate]. */
export async function ledgerRows(db: Knex, startDate: string, endDate: string): Promise<LedgerRow[]> {
  const rows = await db('ledger_entry')
    .where({ establishmentId: await establishmentId(db), chain: 'fiscal' })
    .whereIn('kind', ['bill', 'credit-note', 'cash-ticket', 'payment', 'payment-cancel'])
    .whereBetween('businessDate', [startDate, endDate])
    .orderBy('seq')
    .select('id', 'seq', 'kind', 'amount', 'body', 'sourceTable', 'sourceId');
  const details = await billLineTotals(
    db,
    rows.filter((r) => r.sourceTable === 'bill' && r.sourceId !== null).map((r) => Number(r.sourceId)),
  );
  return rows.map((r) => {
    const b = JSON.parse(r.body);
    return {
      lines: r.sourceTable === 'bill' ? details.get(Number(r.sourceId)) : undefined,
      id: Number(r.id),
      seq: Number(r.seq),
      kind: r.kind,
      date: b.date,
      at: b.at,
      amount: Number(r.amount),
      data: b.data,
      sourceTable: r.sourceTable,
      sourceId: r.sourceId === null ? null : Number(r.sourceId),
    };
  });
}

/**
 * A bill's amounts excluding VAT per line type and rate, for the detail plan and the
 * discounts (issued lines never change: triggers; the verifier matches them to the ledger).
 */
async function billLineTotals(db: Knex, billIds: number[]): Promise<Map<number, BillLineTotal[]>> {
  const out = new Map<number, BillLineTotal[]>();
  for (let i = 0; i < billIds.length; i += 5000) {
    const rows = await db('bill_line')
      .whereIn('billId', billIds.slice(i, i + 5000))
      .groupBy('billId', 'lineType', 'vatRateBp')
      .select('billId', 'lineType', 'vatRateBp', db.raw('sum(amount_excl_vat)::bigint AS excl'));
    for (const r of rows) {
      const list = out.get(Number(r.billId)) ?? [];
      list.push({
        lineType: Number(r.lineType),
        rateBp: r.vatRateBp === null ? null : Number(r.vatRateBp),
        exclVat: Number(r.excl),
      });
      out.set(Number(r.billId), list);
    }
  }
  return out;
}

/** Each payment method's own accounting code, when it has one. */
export async function methodAccounts(db: Knex): Promise<Map<number, string | null>> {
  const methods = await db('payment_method').select('id', 'accountingCode');
  return new Map(methods.map((m) => [m.id, m.accountingCode ? String(m.accountingCode) : null]));
}

export async function fecOfYear(db: Knex, year: number): Promise<{ fileName: string; text: string }> {
  const siren = await fecSiren(db);
  const { startDate, endDate } = await fecPeriod(db, year);
  const rows = await ledgerRows(db, startDate, endDate);
  const text = buildFec(rows, await methodAccounts(db), await loadPlanSettings(db));
  return { fileName: fecFileName(siren, endDate), text };
}
