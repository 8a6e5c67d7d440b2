// The lines of a rent receipt, read from the contract and the reference data (rules in
// docs/residential.md): the deadline's share of the yearly fee after revision (§9 (docs/constants.md) line
// type 18), the residential fees whose period starts in the deadline (19), the flat
// tourist tax on the first deadline of a year (2, outside VAT), the consumption of the
// place's meters since the last billed reading at the meter tariff (22), and what a
// sublet sold by the campsite owes the resident (24, negative, outside VAT).
import type { Knex } from 'knex';
import type {
  PlaceAffectationRecord,
  ResidentialFeesRecord,
  SubletRecord,
} from '../../../common/generated/types/index';
import { badRequest } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { formatDateFr } from '../../../common/dates';
import {
  consumptionAmount,
  coveredDays,
  deadlinesOfYear,
  feeOccurrences,
  proRata,
  revisedFee,
  slicedAmount,
  split,
  type Periodicity,
  type Slice,
} from './engine';
import { nightsBetween } from '../../../common/dates';
import { residentSubletLines } from './sublet-fees';
import { euros, slicedLabel } from './tariff-words';

type Db = Knex | Knex.Transaction;
type Affectation = PlaceAffectationRecord;
type Fee = Pick<ResidentialFeesRecord, 'id' | 'label' | 'amount' | 'periodicity' | 'tvaId'>;
/** A meter reading to bill, with its meter and meter type. */
interface ReadingRow {
  id: number;
  readingDate: string;
  quantity: number | string;
  consumption: number | string;
  number: string;
  meterTypeId: number;
  label: string;
  unit: string;
  tvaId: number | null;
}

export interface ReceiptLine {
  lineType: 2 | 18 | 19 | 22 | 24;
  label: string;
  quantity: number;
  amountInclVat: number;
  vatRateBp: number | null;
  meterReadingId?: number | null;
  subletId?: number | null;
}

export interface ReceiptPeriod {
  rank: number;
  startDate: string;
  endDate: string;
}

const noPrice = (field: string) =>
  badRequest('RENT_RECEIPTS_NO_PRICE', { [field]: formatMessage('RENT_RECEIPTS_NO_PRICE') });
/**
 * Reference data read once per run (VAT rates, the residential fees and their price
 * periods): a multi-creation over hundreds of contracts reads them once, not per receipt.
 */
export type RefCache = Map<string, Promise<unknown>>;
function memo<T>(cache: RefCache | undefined, key: string, read: () => Promise<T>): Promise<T> {
  if (!cache) return read();
  let v = cache.get(key) as Promise<T> | undefined;
  if (!v) {
    v = read();
    cache.set(key, v);
    v.catch(() => cache.delete(key)); // a failed read is not kept
  }
  return v;
}

function defaultVatRate(db: Db, cache?: RefCache): Promise<number | null> {
  return memo(
    cache,
    'tva:default',
    async () => (await db('tva').where({ isDefault: true }).first('rate'))?.rate ?? null,
  );
}

function rateOf(db: Db, tvaId: number | null, cache?: RefCache): Promise<number | null> {
  if (tvaId == null) return Promise.resolve(null);
  return memo(cache, `tva:${tvaId}`, async () => (await db('tva').where('id', tvaId).first('rate'))?.rate ?? null);
}

/** The price of a residential fee for the period starting at `date` (its amount when it has none). */
function feePrice(db: Db, fee: Fee, date: string, cache?: RefCache): Promise<number> {
  return memo(cache, `fee:${fee.id}:${date}`, async () => {
    const p = await db('residential_fees_price_period')
      .where('residentialFeesId', fee.id)
      .where('startDate', '<=', date)
      .where('endDate', '>', date)
      .first('price');
    return p ? p.price : fee.amount;
  });
}

/** The yearly fee that applies at `date`: the contract's own price period, its revised fee, its parcel's price. */
export async function yearlyFeeAt(db: Db, aff: Affectation, date: string): Promise<number> {
  const own = await db('place_affectation_price_period')
    .where('placeAffectationId', aff.id)
    .where('startDate', '<=', date)
    .where('endDate', '>', date)
    .first('price');
  if (own) return own.price;
  if (aff.yearlyFee > 0)
    return revisedFee(aff.yearlyFee, Number(date.slice(0, 4)) - Number(aff.startDate.slice(0, 4)), {
      rule: aff.revisionRule,
      rateBp: aff.revisionRateBp,
      referenceIndex: aff.referenceIndexValue,
      currentIndex: aff.currentIndexValue,
    });
  if (aff.parcelTypeId != null) {
    const p = await db('parcel_type_price_period')
      .where('parcelTypeId', aff.parcelTypeId)
      .where('startDate', '<=', date)
      .where('endDate', '>', date)
      .first('price');
    if (p) return p.price;
  }
  throw noPrice('yearlyFee');
}

/** Lines 18, 19 and 2 of a deadline: what the contract fixes in advance. */
export async function fixedLines(
  db: Db,
  aff: Affectation,
  d: ReceiptPeriod,
  count: number,
  cache?: RefCache,
): Promise<ReceiptLine[]> {
  const lines: ReceiptLine[] = [];
  const year = Number(d.startDate.slice(0, 4));
  const yearly = await yearlyFeeAt(db, aff, d.startDate);
  const days = nightsBetween(d.startDate, d.endDate);
  const covered = coveredDays(d.startDate, d.endDate, aff.startDate, aff.endDate);
  const share = proRata(split(yearly, count)[d.rank - 1] ?? 0, covered, days);
  const period = `du ${formatDateFr(d.startDate)} au ${formatDateFr(d.endDate)}`;
  if (share > 0)
    lines.push({
      lineType: 18,
      label: `Redevance ${year}, échéance ${d.rank}/${count} ${period}`,
      quantity: 1,
      amountInclVat: share,
      vatRateBp: await defaultVatRate(db, cache),
    });
  const fees: Fee[] = await memo(cache, 'fees', async () =>
    db('residential_fees').orderBy('label').select('id', 'label', 'amount', 'periodicity', 'tvaId'),
  );
  for (const f of fees) {
    const starts = feeOccurrences(f.periodicity as Periodicity, d.startDate, d.endDate).filter(
      (s) => s >= aff.startDate && (aff.endDate == null || s < aff.endDate),
    );
    if (!starts.length) continue;
    let amount = 0;
    for (const s of starts) amount += await feePrice(db, f, s, cache);
    if (amount > 0)
      lines.push({
        lineType: 19,
        label: f.label + (starts.length > 1 ? ` (${starts.length} périodes)` : ''),
        quantity: starts.length,
        amountInclVat: amount,
        vatRateBp: await rateOf(db, f.tvaId, cache),
      });
  }
  const first = deadlinesOfYear(year, count).find((x) =>
    coveredDays(x.startDate, x.endDate, aff.startDate, aff.endDate),
  );
  if (aff.touristTaxMode === 'flat' && aff.touristTaxFlat > 0 && first?.rank === d.rank)
    lines.push({
      lineType: 2,
      label: `Taxe de séjour forfaitaire ${year}`,
      quantity: 1,
      amountInclVat: aff.touristTaxFlat,
      vatRateBp: null,
    });
  return lines;
}

/**
 * Lines 22 and 24 of a receipt: the readings of the place's meters dated before its end
 * and billed on no other receipt, each at the tariff of its date; the resident's share
 * of the campsite's sublets ended before its end and not yet paid back.
 */
export async function variableLines(
  db: Db,
  aff: Affectation,
  receiptId: number,
  endDate: string,
): Promise<ReceiptLine[]> {
  const lines: ReceiptLine[] = [];
  const readings: ReadingRow[] = await db('meter_reading as r')
    .join('meter as m', 'm.id', 'r.meterId')
    .join('meter_type as t', 't.id', 'm.meterTypeId')
    .where('m.placeId', aff.placeId)
    .where('r.readingDate', '>=', aff.startDate)
    .where('r.readingDate', '<', endDate)
    .whereNotNull('r.consumption')
    .whereNotExists((q) =>
      q
        .select(db.raw('1'))
        .from('rent_receipt_line as l')
        .whereRaw('l.meter_reading_id = r.id')
        .whereNot('l.rentReceiptId', receiptId),
    )
    .orderBy(['m.id', 'r.readingDate'])
    .select(
      'r.id',
      'r.readingDate',
      'r.quantity',
      'r.consumption',
      'm.number',
      'm.meterTypeId',
      't.label',
      't.unit',
      't.tvaId',
    );
  for (const r of readings) {
    const tariff = await db('meter_tarification_type')
      .where('meterTypeId', r.meterTypeId)
      .where('startDate', '<=', r.readingDate)
      .where((q) => q.whereNull('endDate').orWhere('endDate', '>', r.readingDate))
      .orderBy('startDate', 'desc')
      .first('id', 'unitPrice');
    if (!tariff) throw noPrice('meterReadingId');
    const slices: Slice[] = await db('meter_tarification_slice')
      .where('meterTarificationTypeId', tariff.id)
      .orderBy('fromQuantity')
      .select('fromQuantity', 'unitPrice');
    const qty = Number(r.consumption);
    const head =
      `${r.label} (compteur ${r.number}) relevé du ${formatDateFr(r.readingDate)} : ` +
      `${qty.toLocaleString('fr-FR')} ${r.unit}`;
    lines.push({
      lineType: 22,
      // by slices, the consumption since the previous reading is priced on its own; with one
      // price, the difference of the two indexes priced, so a year's lines add up exactly
      label: slices.length
        ? slicedLabel(head, tariff.unitPrice, slices, r.unit)
        : `${head} × ${euros(tariff.unitPrice)}`,
      quantity: 1,
      amountInclVat: slices.length
        ? slicedAmount(qty, tariff.unitPrice, slices)
        : consumptionAmount(Number(r.quantity) - qty, Number(r.quantity), tariff.unitPrice),
      vatRateBp: await rateOf(db, r.tvaId),
      meterReadingId: r.id,
    });
  }
  const sublets: Pick<SubletRecord, 'id' | 'startDate' | 'endDate' | 'residentShare'>[] = await db('sublet as s')
    .where({ 's.placeAffectationId': aff.id, 's.mode': 'campsite', 's.statusId': 2 })
    .where('s.endDate', '<=', endDate)
    .whereNotExists((q) =>
      q
        .select(db.raw('1'))
        .from('rent_receipt_line as l')
        .whereRaw('l.sublet_id = s.id')
        .whereNot('l.rentReceiptId', receiptId),
    )
    .orderBy('s.startDate')
    .select('s.id', 's.startDate', 's.endDate', 's.residentShare');
  for (const s of sublets)
    if (s.residentShare > 0)
      lines.push({
        lineType: 24,
        label: `Reversement sous-location du ${formatDateFr(s.startDate)} au ${formatDateFr(s.endDate)}`,
        quantity: 1,
        amountInclVat: -s.residentShare,
        vatRateBp: null,
        subletId: s.id,
      });
  // The resident's own sublets: visitor fees and tourist tax of their occupants.
  lines.push(...(await residentSubletLines(db, aff, receiptId, endDate)));
  return lines;
}
