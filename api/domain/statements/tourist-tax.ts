// Tourist tax register and statement (rules-fr §1 (docs/statements.md#tourist-tax), CGCT R2333-50): per stay, the
// nights inside the period, the persons, the exempt persons and why, the taxable person-nights,
// the rate per person-night and the tax due; beside it, the tax billed (bill lines of
// type 2, credit notes included). The tax due comes from the stay's stored price — the
// pricing engine's tax lines, one per rate run, each `quantity = taxable persons ×
// nights` at `unitPrice` = rate (tariff × (1 + surcharges), rounded) — cut to the nights
// inside the period: a stay across two months counts in each for its own nights.
// The statement sums the register per rate, as the commune's form asks.
import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { CLOSED, STATUS } from '../../../common/stay-status';
import { isMinorsCategory } from '../pricing/minors';
import type { StoredPrice } from '../stays/price-model';
import { currentEstablishment } from '../establishment/company';
import type {
  AgeCategoryRecord,
  BillLineRecord,
  CustomerRecord,
  Establishment,
  OccupancyDetailRecord,
  OccupancyRecord,
} from '../../../common/generated/types';
import type { Exemption, TaxRegisterRow, TaxRun, TaxSettings, TaxStatementPeriod } from './tourist-tax-types';

export type { Exemption, TaxRegisterRow, TaxRun, TaxStatementPeriod } from './tourist-tax-types';

const TAX_LINE = 2;
const DAY = 86_400_000;
const day = (d: string) => Date.parse(`${d}T00:00:00Z`) / DAY;
const iso = (n: number) => new Date(n * DAY).toISOString().slice(0, 10);

/** Statuses whose stays owe the tax: confirmed, under way or over (not quotes, drafts, cancellations). */
const TAXED_STATUSES = [
  STATUS.CONFIRMED,
  STATUS.VALIDATED,
  STATUS.ACCEPTED,
  STATUS.ARRIVED,
  STATUS.TO_INTEGRATE,
  STATUS.INTEGRATED,
  ...CLOSED,
];

/**
 * Period [from, to] of night dates, both included, inside one civil year (§8 (docs/errors.md#messages) « Tax base start
 * must be in the same civil year »).
 */
export function checkTaxPeriod(from: string, to: string): void {
  if (from > to) throw badRequest('INCORRECT_DATES', { to: formatMessage('INCORRECT_DATES') });
  if (from.slice(0, 4) !== to.slice(0, 4))
    throw badRequest('TAX_BASE_SAME_YEAR', { from: formatMessage('TAX_BASE_SAME_YEAR') });
}

/** Nights of [start, end) that fall on dates from..to (included). */
const overlap = (start: string, end: string, from: string, to: string) =>
  Math.max(0, Math.min(day(end), day(to) + 1) - Math.max(day(start), day(from)));

export async function taxRegister(db: Knex, from: string, to: string): Promise<TaxRegisterRow[]> {
  checkTaxPeriod(from, to);
  const afterTo = iso(day(to) + 1);
  const occs: (Pick<OccupancyRecord, 'id' | 'bookingId' | 'startDate' | 'endDate' | 'pricedQuote'> &
    Pick<CustomerRecord, 'lastName' | 'firstName' | 'companyName'> & { code: string; placeCode: string | null })[] =
    await db('occupancy as o')
      .join('booking as b', 'b.id', 'o.bookingId')
      .leftJoin('customer as c', 'c.id', 'b.customerId')
      .leftJoin('place as p', 'p.id', 'o.placeId')
      .where('o.isCancelled', false)
      .whereIn('b.kind', ['booking', 'passage'])
      .whereIn('b.statusId', TAXED_STATUSES)
      .where('o.startDate', '<', afterTo)
      .where('o.endDate', '>', from)
      .orderBy([{ column: 'o.startDate' }, { column: 'o.id' }])
      .select(
        'o.id',
        'o.bookingId',
        'o.startDate',
        'o.endDate',
        'o.pricedQuote',
        'b.code',
        'c.lastName',
        'c.firstName',
        'c.companyName',
        'p.code as placeCode',
      );
  if (!occs.length) return [];
  const ids = occs.map((o) => o.id);
  const details: (Pick<OccupancyDetailRecord, 'occupancyId' | 'quantity' | 'exemptQuantity'> &
    Pick<AgeCategoryRecord, 'label' | 'maxAge' | 'isTouristTaxExempt'> & { reason: string | null })[] = await db(
    'occupancy_detail as d',
  )
    .join('age_category as a', 'a.id', 'd.ageCategoryId')
    .leftJoin('tourist_tax_exemption as x', 'x.id', 'd.touristTaxExemptionId')
    .whereIn('d.occupancyId', ids)
    .select(
      'd.occupancyId',
      'd.quantity',
      'd.exemptQuantity',
      'a.label',
      'a.maxAge',
      'a.isTouristTaxExempt',
      'x.label as reason',
    );
  const billed: Pick<BillLineRecord, 'occupancyId' | 'quantity' | 'amountInclVat' | 'startDate' | 'endDate'>[] =
    await db('bill_line')
      .whereIn('occupancyId', ids)
      .where('lineType', TAX_LINE)
      .select('occupancyId', 'quantity', 'amountInclVat', 'startDate', 'endDate');
  return occs
    .map((o) => {
      const nights = overlap(o.startDate, o.endDate, from, to);
      const mine = details.filter((d) => d.occupancyId === o.id);
      const exemptions: Exemption[] = [];
      const addExempt = (reason: string, persons: number) => {
        if (persons <= 0) return;
        const e = exemptions.find((x) => x.reason === reason);
        if (e) {
          e.persons += persons;
          e.personNights += persons * nights;
        } else exemptions.push({ reason, persons, personNights: persons * nights });
      };
      for (const d of mine) {
        if (d.isTouristTaxExempt || isMinorsCategory(d))
          addExempt(isMinorsCategory(d) ? `Mineurs (${d.label})` : d.label, d.quantity);
        else addExempt(d.reason ?? 'Autre exonération', Math.min(d.exemptQuantity ?? 0, d.quantity));
      }
      const price = o.pricedQuote as StoredPrice | null;
      const runs: TaxRun[] = [];
      for (const l of price?.quote?.lines ?? []) {
        if (l.lineType !== TAX_LINE) continue;
        const lineNights = day(l.endDate) - day(l.startDate);
        const inside = overlap(l.startDate, l.endDate, from, to);
        if (!inside || !lineNights) continue;
        const persons = l.quantity / lineNights;
        runs.push({
          rate: l.unitPrice,
          taxablePersons: persons,
          nights: inside,
          personNights: persons * inside,
          amount: persons * inside * l.unitPrice,
        });
      }
      // Billed tax lines cut the same way (a credit note's lines are negative).
      let amountBilled = 0;
      for (const l of billed.filter((b) => b.occupancyId === o.id)) {
        const start = l.startDate ?? o.startDate;
        const end = l.endDate ?? o.endDate;
        const lineNights = day(end) - day(start);
        amountBilled +=
          lineNights > 0 ? Math.round((Number(l.amountInclVat) * overlap(start, end, from, to)) / lineNights) : 0;
      }
      const customer = o.companyName || [o.lastName, o.firstName].filter(Boolean).join(' ');
      return {
        occupancyId: o.id,
        bookingId: o.bookingId,
        bookingCode: o.code,
        customer,
        place: o.placeCode ?? null,
        arrival: o.startDate,
        departure: o.endDate,
        nights,
        persons: mine.reduce((s, d) => s + d.quantity, 0),
        exemptPersons: exemptions.reduce((s, e) => s + e.persons, 0),
        exemptions,
        taxablePersonNights: runs.reduce((s, r) => s + r.personNights, 0),
        runs,
        amountDue: runs.reduce((s, r) => s + r.amount, 0),
        amountBilled,
      };
    })
    .filter((r) => r.nights > 0);
}

/** The periods of a civil year for a statement frequency (module preference-tax-statement). */
export function statementPeriods(year: number, frequency: string): { from: string; to: string }[] {
  const months = frequency === 'monthly' ? 1 : frequency === 'yearly' ? 12 : 3;
  const out: { from: string; to: string }[] = [];
  for (let m = 0; m < 12; m += months) {
    const from = `${year}-${String(m + 1).padStart(2, '0')}-01`;
    const to = iso(Date.UTC(year, m + months, 1) / DAY - 1);
    out.push({ from, to });
  }
  return out;
}

export function sumRegister(from: string, to: string, rows: TaxRegisterRow[]): TaxStatementPeriod {
  const p: TaxStatementPeriod = {
    from,
    to,
    stays: rows.length,
    nights: 0,
    personNights: 0,
    taxablePersonNights: 0,
    rates: [],
    exemptions: [],
    amountDue: 0,
    amountBilled: 0,
  };
  for (const r of rows) {
    p.nights += r.nights;
    p.personNights += r.persons * r.nights;
    p.taxablePersonNights += r.taxablePersonNights;
    p.amountDue += r.amountDue;
    p.amountBilled += r.amountBilled;
    for (const run of r.runs) {
      const x = p.rates.find((y) => y.rate === run.rate);
      if (x) {
        x.personNights += run.personNights;
        x.amount += run.amount;
      } else p.rates.push({ rate: run.rate, personNights: run.personNights, amount: run.amount });
    }
    for (const e of r.exemptions) {
      const x = p.exemptions.find((y) => y.reason === e.reason);
      if (x) x.personNights += e.personNights;
      else p.exemptions.push({ reason: e.reason, personNights: e.personNights });
    }
  }
  p.rates.sort((a, b) => a.rate - b.rate);
  p.exemptions.sort((a, b) => a.reason.localeCompare(b.reason, 'fr'));
  return p;
}

async function taxSettings(db: Knex): Promise<TaxSettings> {
  const row = await db('module_config')
    .where('kind', 'preference-tax-statement')
    .orderBy([{ column: 'isActive', order: 'desc' }, { column: 'id' }])
    .first('settings');
  return (row?.settings ?? {}) as TaxSettings;
}

/** The statement of a civil year to the commune, one row per period of the chosen frequency, or of one given period. */
export async function taxStatement(db: Knex, year: number, range?: { from: string; to: string }) {
  const settings = await taxSettings(db);
  const est: Partial<Establishment> = (await currentEstablishment(db)) ?? {};
  const frequency = settings.period ?? 'quarterly';
  const periods = range ? [range] : statementPeriods(year, frequency);
  const rows: TaxStatementPeriod[] = [];
  for (const p of periods) rows.push(sumRegister(p.from, p.to, await taxRegister(db, p.from, p.to)));
  const total = { personNights: 0, taxablePersonNights: 0, amountDue: 0, amountBilled: 0 };
  for (const r of rows) {
    total.personNights += r.personNights;
    total.taxablePersonNights += r.taxablePersonNights;
    total.amountDue += r.amountDue;
    total.amountBilled += r.amountBilled;
  }
  return {
    commune: settings.collectivity || est.town || '',
    communeCode: settings.communeCode ?? null,
    operatorNumber: settings.operatorNumber ?? null,
    establishment: est.corporateName || est.name || '',
    siret: est.siret ?? null,
    frequency,
    year,
    periods: rows,
    total,
  };
}
