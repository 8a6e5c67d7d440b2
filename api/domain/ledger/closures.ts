// Closures (§4 (docs/billing.md#bills): bills → periods (days) → months → year), each one a ledger entry in the
// same transaction as its checks, so a killed process leaves the whole closure or none.
// - A day closure (Z) of date D covers exactly the sales and payments of business date
//   ≤ D that no earlier Z covers: never one dated after D (issue 24, docs/statements.md). D is never before
//   the previous Z's date, so an entry is covered by the first Z recorded after it whose
//   date is on or after its own: the uncovered ones are those recorded after the last Z,
//   or dated after its day (a payment dated tomorrow waits for tomorrow's Z).
// - A month closure holds the transactions dated in the month, once the month is over
//   and no transaction dated in it is left outside a Z; from then on nothing is dated in it
//   (appendEntry refuses it: « Mois déjà clôturé »).
// - A year closure sums its months, inside the financial year's closing (technical user).
// Each carries its totals, the perpetual grand total of its level (previous + period)
// and the sequence numbers covered. Two closures at once: the second answers 409
// « Clôture en cours » (advisory lock), and a unique index keeps one per period.
import type { Knex } from 'knex';
import { badRequest, HttpError } from '../../http/errors';
import { addDays, todayParis } from '../../../common/dates';
import { isValidDate } from '../../../common/formats';
import { appendEntry, establishmentId, isMonthClosed, type AppendedEntry } from './append';
import type { Canonical } from './canonical';
import { frozenVat } from './month-freeze';
import { sumTotals, type ClosureTotals } from './totals';
import { assertOpenFinancialYear, financialYearAt } from '../establishment/periods';
import {
  type Trx,
  type ClosureLevel,
  type ClosureRow,
  TRANSACTION_KINDS,
  type Closure,
  monthEnd,
  closureOf,
  lockClosures,
  closures,
  lastClosure,
  uncovered,
  totalsOfRows,
} from './closure-base';
export { type ClosureLevel, type Closure, monthEnd, closureOf } from './closure-base';
export { listClosures, closureBySeq, closureStatus } from './closure-list';

/** What the Z of `date` would cover now (the confirmation before closing); no lock, nothing written. */
export async function dayClosurePreview(
  db: Knex,
  date: string,
): Promise<ClosureTotals & { date: string; firstDate: string | null; lastDate: string | null }> {
  if (!isValidDate(date)) throw badRequest('INCORRECT_DATES', { date: 'Date de clôture incorrecte' });
  const rows = await uncovered(db, await establishmentId(db), date);
  const dates = rows.map((r) => String(r.businessDate)).sort();
  return { date, ...totalsOfRows(rows), firstDate: dates[0] ?? null, lastDate: dates.at(-1) ?? null };
}

async function record(
  trx: Trx,
  level: ClosureLevel,
  date: string,
  periodEnd: string,
  totals: ClosureTotals,
  previous: Closure | null,
  userId: number | null,
  extra: Record<string, Canonical> = {},
): Promise<AppendedEntry> {
  const perpetual = (previous?.perpetual ?? 0) + totals.sales;
  const entry = await appendEntry(trx, {
    kind: `closure-${level}`,
    date,
    periodEnd,
    amount: totals.sales,
    data: { ...totals, perpetual, userId, ...extra },
  });
  await appendEntry(trx, {
    chain: 'jet',
    kind: 'closure',
    date,
    periodEnd,
    data: { level, fiscalSeq: entry.seq, userId },
  });
  return entry;
}

async function closureAt(db: Knex | Trx, est: number, seq: number): Promise<Closure> {
  return closureOf(
    await db('ledger_entry')
      .where({ establishmentId: est, chain: 'fiscal', seq })
      .first('seq', 'kind', 'body', 'hash', 'signature'),
  );
}

/** What the closure of `month` (YYYY-MM) would hold now, and how many of its transactions still wait for a Z. */
export async function monthClosurePreview(
  db: Knex,
  month: string,
): Promise<ClosureTotals & { month: string; waiting: number }> {
  const start = `${month}-01`;
  if (!/^\d{4}-\d{2}$/.test(month) || !isValidDate(start))
    throw badRequest('INCORRECT_DATES', { month: 'Mois incorrect' });
  const end = monthEnd(start);
  const est = await establishmentId(db);
  const rows = await db('ledger_entry')
    .where({ establishmentId: est, chain: 'fiscal' })
    .whereIn('kind', TRANSACTION_KINDS)
    .whereBetween('businessDate', [start, end])
    .orderBy('seq')
    .select('seq', 'kind', 'amount', 'body');
  const waiting = (await uncovered(db, est, end)).filter((r) => String(r.businessDate) >= start).length;
  return { month, ...totalsOfRows(rows), waiting };
}

/** The Z of `date`: every transaction dated up to `date` that no Z covers yet. */
export async function closeDay(
  knex: Knex,
  date: string,
  userId: number | null,
  today = todayParis(),
): Promise<Closure> {
  if (!isValidDate(date) || date > today) throw badRequest('INCORRECT_DATES', { date: 'Date de clôture incorrecte' });
  return knex.transaction(async (trx) => {
    const est = await lockClosures(trx);
    // A day of no financial year, or of a closed one, is never closed (spec §5 (docs/entities.md#validation),
    // issue 24 point 6, docs/statements.md).
    await assertOpenFinancialYear(trx, date, 'date');
    if (await isMonthClosed(trx, est, date)) throw badRequest('MONTH_ALREADY_CLOSED');
    if (await closures(trx, est, 'day').where('businessDate', date).first('seq'))
      throw badRequest('CLOSURE_DOCUMENTS_GENERATED');
    const previous = await lastClosure(trx, est, 'day');
    if (previous && date < previous.date)
      throw badRequest('NOTHING_TO_CLOSE', { date: 'Une journée postérieure est déjà clôturée' });
    const rows = await uncovered(trx, est, date);
    if (!rows.length) throw badRequest('NO_INVOICE_SINCE_LAST_PERIOD');
    const totals = totalsOfRows(rows);
    const entry = await record(trx, 'day', date, date, totals, previous, userId);
    return closureAt(trx, est, entry.seq);
  });
}

/** The month starting `month` (YYYY-MM): the transactions dated in it. */
export async function closeMonth(
  knex: Knex,
  month: string,
  userId: number | null,
  today = todayParis(),
): Promise<Closure> {
  const start = `${month}-01`;
  if (!/^\d{4}-\d{2}$/.test(month) || !isValidDate(start))
    throw badRequest('INCORRECT_DATES', { month: 'Mois incorrect' });
  const end = monthEnd(start);
  if (end >= today) throw badRequest('NOTHING_TO_CLOSE', { month: 'Le mois n’est pas terminé' });
  return knex.transaction(async (trx) => {
    const est = await lockClosures(trx);
    await assertOpenFinancialYear(trx, start, 'month');
    if (await isMonthClosed(trx, est, start)) throw badRequest('MONTH_ALREADY_CLOSED');
    // Months close in order: an earlier month with closed days must be closed first.
    const earlier: { m: string }[] = await closures(trx, est, 'day')
      .where('businessDate', '<', start)
      .select(trx.raw("distinct to_char(business_date, 'YYYY-MM') AS m"));
    for (const { m } of earlier)
      if (!(await isMonthClosed(trx, est, `${m}-01`))) throw badRequest('MONTH_MUST_BE_CLOSED', { month: m });
    if ((await uncovered(trx, est, end)).length) throw badRequest('PERIOD_MUST_BE_CLOSED');
    // Exactly the transactions dated in the month (each one is in a Z by now).
    const totals = totalsOfRows(
      await trx('ledger_entry')
        .where({ establishmentId: est, chain: 'fiscal' })
        .whereIn('kind', TRANSACTION_KINDS)
        .whereBetween('businessDate', [start, end])
        .orderBy('seq')
        .select('seq', 'kind', 'amount', 'body'),
    );
    // The month's VAT statement, frozen: it never changes afterwards (statements/vat.ts).
    const vatStatement = await frozenVat(trx, month);
    const previous = await lastClosure(trx, est, 'month');
    const entry = await record(trx, 'month', start, end, totals, previous, userId, { vatStatement });
    return closureAt(trx, est, entry.seq);
  });
}

/**
 * The year closure of a financial year, inside its closing transaction
 * (api/domain/establishment/financial-year-close.ts): the sum of its months.
 */
export async function closeLedgerYear(
  trx: Trx,
  fy: { startDate: string; endDate: string },
  userId: number | null,
): Promise<Closure> {
  const est = await lockClosures(trx);
  const days: { m: string }[] = await closures(trx, est, 'day')
    .whereBetween('businessDate', [fy.startDate, fy.endDate])
    .select(trx.raw("distinct to_char(business_date, 'YYYY-MM') AS m"));
  for (const { m } of days)
    if (!(await isMonthClosed(trx, est, `${m}-01`))) throw badRequest('MONTH_MUST_BE_CLOSED', { month: m });
  if ((await uncovered(trx, est, fy.endDate)).length) throw badRequest('PERIOD_MUST_BE_CLOSED');
  if (await closures(trx, est, 'year').where('businessDate', fy.startDate).first('seq'))
    throw badRequest('CLOSURE_DOCUMENTS_GENERATED');
  const months: ClosureRow[] = await closures(trx, est, 'month')
    .whereBetween('businessDate', [fy.startDate, fy.endDate])
    .orderBy('seq')
    .select('seq', 'kind', 'body', 'hash', 'signature');
  const entry = await record(
    trx,
    'year',
    fy.startDate,
    fy.endDate,
    sumTotals(months.map((d) => closureOf(d))),
    await lastClosure(trx, est, 'year'),
    userId,
  );
  return closureAt(trx, est, entry.seq);
}

/** The nightly Z of yesterday, when something was recorded since the last one. */
export async function autoCloseDay(knex: Knex, today = todayParis()): Promise<Closure | null> {
  const yesterday = addDays(today, -1);
  const est = await establishmentId(knex);
  if (await closures(knex, est, 'day').where('businessDate', '>=', yesterday).first('seq')) return null;
  if (await isMonthClosed(knex, est, yesterday)) return null;
  // Nothing is dated in a day of no open financial year: the job leaves it (a Z of an earlier day covers the rest).
  const fy = await financialYearAt(knex, yesterday);
  if (!fy || fy.isClosed) return null;
  if (!(await uncovered(knex, est, yesterday)).length) return null;
  return closeDay(knex, yesterday, null, today);
}

/** The nightly job: yesterday's Z when due; another process closing it meanwhile is no error. */
export async function nightlyClosure(knex: Knex): Promise<Closure | null> {
  try {
    return await autoCloseDay(knex);
  } catch (e) {
    if (e instanceof HttpError && (e.status === 409 || e.code === 'CLOSURE_DOCUMENTS_GENERATED')) return null;
    throw e;
  }
}
