// Financial years and activity periods: whole months, never overlapping (checked
// here for a friendly message; the exclusion constraints of migration 0009 are the
// guarantee), a financial year of 24 months at most (a first year may be long), a
// closed financial year unchangeable (x-readonly-when), an activity period inside
// open financial years ("Exercice absent ou clos"). Other modules ask
// `assertOpenFinancialYear(knex, date)` before billing or closing on a date.
import type { Knex } from 'knex';
import { registerHooks } from '../../rest/entities';
import { registerConstraintMessage } from '../../db/errors';
import { badRequest } from '../../http/errors';
import { formatMessage, type MessageCode } from '../../../common/messages';
import { wholeMonths } from '../../../common/periods';
import { addDays } from '../../../common/dates';

const refuse = (code: MessageCode, field: string, params?: Record<string, number>) =>
  badRequest(code, { [field]: formatMessage(code, params) }, params);

const RULES: Record<string, { table: string; maxMonths: number }> = {
  'financial-year': { table: 'financial_year', maxMonths: 24 },
  'activity-period': { table: 'activity_period', maxMonths: 12 },
};

export function registerPeriodRules(): void {
  registerConstraintMessage('ex_financial_year__overlap', 'OVERLAPPING_PERIODS');
  registerConstraintMessage('ex_activity_period__overlap', 'OVERLAPPING_PERIODS');
  registerConstraintMessage('ck_financial_year__whole_months', 'WHOLE_MONTHS_OR_YEARS');
  registerConstraintMessage('ck_activity_period__whole_months', 'WHOLE_MONTHS_OR_YEARS');
  registerConstraintMessage('uq_financial_year__label', 'FINANCIAL_YEAR_EXISTS');
  registerConstraintMessage('uq_activity_period__label', 'ACTIVITY_PERIOD_EXISTS');
  registerConstraintMessage('uq_starting_base__payment_method_id__year_month', 'MONTH_EXISTS', ['yearMonth']);
  for (const [entity, { table, maxMonths }] of Object.entries(RULES)) {
    registerHooks(entity, {
      async beforeSave(rec, existing, { trx }) {
        const months = wholeMonths(rec.startDate, rec.endDate);
        if (months === null)
          throw refuse('WHOLE_MONTHS_OR_YEARS', rec.endDate < rec.startDate ? 'endDate' : 'startDate');
        if (months > maxMonths) throw refuse('PERIOD_TOO_LONG', 'endDate', { limit: maxMonths });
        // Serialises concurrent writes of this table; the exclusion constraint stays the guarantee.
        await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`periods:${table}`]);
        const q = trx(table).where('startDate', '<=', rec.endDate).where('endDate', '>=', rec.startDate);
        if (existing) q.whereNot('id', existing.id);
        if (await q.first('id')) throw refuse('OVERLAPPING_PERIODS', 'startDate');
        // Only when the dates change: a period of a year closed since keeps its label editable.
        const datesChanged = !existing || existing.startDate !== rec.startDate || existing.endDate !== rec.endDate;
        if (entity === 'activity-period' && datesChanged) {
          const gap = await firstDayWithoutOpenFinancialYear(trx, rec.startDate, rec.endDate);
          if (gap) throw refuse('NO_FINANCIAL_YEAR', gap === rec.startDate ? 'startDate' : 'endDate');
        }
      },
    });
  }
}

export interface FinancialYear {
  id: number;
  label: string;
  startDate: string;
  endDate: string;
  isClosed: boolean;
  closedAt: string | null;
}

export async function financialYearAt(knex: Knex | Knex.Transaction, date: string): Promise<FinancialYear | undefined> {
  return knex('financial_year').where('startDate', '<=', date).where('endDate', '>=', date).first();
}

/** The open financial year holding `date`; otherwise 400 "Exercice absent ou clos". */
export async function assertOpenFinancialYear(knex: Knex | Knex.Transaction, date: string): Promise<FinancialYear> {
  const fy = await financialYearAt(knex, date);
  if (!fy || fy.isClosed) throw badRequest('NO_FINANCIAL_YEAR');
  return fy;
}

/** The first day of [start, end] (inclusive) that no open financial year holds, or null. */
export async function firstDayWithoutOpenFinancialYear(
  knex: Knex | Knex.Transaction,
  start: string,
  end: string,
): Promise<string | null> {
  const years: FinancialYear[] = await knex('financial_year')
    .where('startDate', '<=', end)
    .where('endDate', '>=', start)
    .orderBy('startDate');
  let day = start;
  for (const fy of years) {
    if (fy.startDate > day || fy.isClosed) return day;
    day = addDays(fy.endDate, 1);
    if (day > end) return null;
  }
  return day;
}

export async function activityPeriodAt(knex: Knex | Knex.Transaction, date: string) {
  return knex('activity_period').where('startDate', '<=', date).where('endDate', '>=', date).first();
}

/**
 * `date` lies in an activity period: "Aucune période d'activité" when none exists, else "date not in the activity
 * period".
 */
export async function assertInActivityPeriod(knex: Knex | Knex.Transaction, date: string): Promise<void> {
  if (await activityPeriodAt(knex, date)) return;
  const any = await knex('activity_period').first('id');
  throw badRequest(any ? 'DATE_OUTSIDE_ACTIVITY' : 'NO_ACTIVITY_PERIOD');
}
