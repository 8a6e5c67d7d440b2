// Financial years and activity periods: whole months, never overlapping (checked
// here for a friendly message; the exclusion constraints of migration 0009 are the
// guarantee), a financial year of 24 months at most (a first year may be long), a
// closed financial year unchangeable (x-readonly-when), an activity period inside
// open financial years ("Exercice absent ou clos"). Other modules ask
// `assertOpenFinancialYear(knex, date)` before dating a bill, payment, ticket or closure, and
// `assertStayInActivity` before a stay's dates are set (issue 24 point 6, docs/statements.md).
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

/**
 * The open financial year holding `date`; otherwise 400 "Exercice absent ou clos" (spec
 * §5, docs/entities.md#validation), on `field` when given. Called before anything is dated: a bill, credit note,
 * ticket, payment or closure (ledger's appendEntry, the payment hook, the closures); migration 0410's triggers refuse
 * the same in plain SQL.
 */
export async function assertOpenFinancialYear(
  knex: Knex | Knex.Transaction,
  date: string,
  field?: string,
): Promise<FinancialYear> {
  const fy = await financialYearAt(knex, date);
  if (!fy || fy.isClosed) throw field ? refuse('NO_FINANCIAL_YEAR', field) : badRequest('NO_FINANCIAL_YEAR');
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
 * period" (on `field` when given).
 */
export async function assertInActivityPeriod(
  knex: Knex | Knex.Transaction,
  date: string,
  field?: string,
): Promise<void> {
  if (await activityPeriodAt(knex, date)) return;
  const code = (await knex('activity_period').first('id')) ? 'DATE_OUTSIDE_ACTIVITY' : 'NO_ACTIVITY_PERIOD';
  throw field ? refuse(code, field) : badRequest(code);
}

/** The first night of the stay [start, end) — its first day when it has none — that no activity period holds. */
export async function firstNightOutsideActivity(
  knex: Knex | Knex.Transaction,
  start: string,
  end: string,
): Promise<string | null> {
  const last = end > start ? addDays(end, -1) : start;
  const periods: { startDate: string; endDate: string }[] = await knex('activity_period')
    .where('startDate', '<=', last)
    .where('endDate', '>=', start)
    .orderBy('startDate')
    .select('startDate', 'endDate');
  let day = start;
  for (const p of periods) {
    if (p.startDate > day) return day;
    day = addDays(p.endDate, 1);
    if (day > last) return null;
  }
  return day;
}

/**
 * Every night of a stay lies in an activity period (spec §5 (docs/entities.md#validation) « date within the activity
 * period », §8 (docs/errors.md#messages) « no activity period »): the error lands on the arrival when its first night
 * is outside, else on the departure.
 */
export async function assertStayInActivity(
  knex: Knex | Knex.Transaction,
  startDate: string,
  endDate: string,
): Promise<void> {
  const night = await firstNightOutsideActivity(knex, startDate, endDate);
  if (night) await assertInActivityPeriod(knex, night, night === startDate ? 'startDate' : 'endDate');
}
