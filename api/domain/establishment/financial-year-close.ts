// Closing a financial year (§6 (docs/rights.md#the-technical-user-and-administrators): the technical user only). This
// marks the year closed (unchangeable from then on, and no longer "open" for activity periods, billing…)
// once it has ended, when every earlier year is closed and the next year exists.
// The annual closure of NF525 (totals per VAT rate, period and perpetual grand totals,
// chained and signed: api/domain/ledger/closures.ts) is written here, in the same
// transaction.
import type { Knex } from 'knex';
import { badRequest, notFound } from '../../http/errors';
import { entityMeta } from '../../rest/entities';
import { recordHistory } from '../../rest/history';
import { readableColumns } from '../../rest/query';
import { addDays, formatDateFr, todayParis } from '../../../common/dates';
import { formatMessage } from '../../../common/messages';
import { closeYearInLedger } from './year-closing';
import type { FinancialYearRecord } from '../../../common/generated/types';

export async function closeFinancialYear(
  knex: Knex,
  id: number,
  userId: number,
  today = todayParis(),
): Promise<FinancialYearRecord> {
  const meta = entityMeta('financial-year');
  return knex.transaction(async (trx) => {
    // The same lock as the period rules: no year is created or moved meanwhile.
    await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', ['periods:financial_year']);
    const fy = await trx('financial_year').select(readableColumns(meta)).where('id', id).forUpdate().first();
    if (!fy) throw notFound();
    if (fy.isClosed) throw badRequest('NOTHING_TO_CLOSE');
    if (await trx('financial_year').where('endDate', '<', fy.startDate).where('isClosed', false).first('id'))
      throw badRequest('YEAR_MUST_BE_CLOSED');
    // The last day belongs to the year: it closes from the next day on (Europe/Paris).
    if (today <= fy.endDate)
      throw badRequest('FINANCIAL_YEAR_NOT_ENDED', undefined, { date: formatDateFr(addDays(fy.endDate, 1)) });
    // The next year receives what carries over: it must exist.
    if (!(await trx('financial_year').where('startDate', addDays(fy.endDate, 1)).first('id')))
      throw badRequest('CREATE_NEW_FINANCIAL_YEAR');
    // NF525: the year closure entry (sum of its closed months), in this transaction.
    await closeYearInLedger(trx, fy, userId);
    await trx('financial_year')
      .where('id', id)
      .update({ isClosed: true, closedAt: trx.fn.now(), updatedAt: trx.fn.now() });
    const after = await trx('financial_year').select(readableColumns(meta)).where('id', id).first();
    await recordHistory(trx, {
      userId,
      entity: meta,
      recordId: id,
      action: 'action',
      before: fy,
      after,
      detail: formatMessage('FINANCIAL_YEAR_CLOSE_DONE'),
    });
    return after;
  });
}
