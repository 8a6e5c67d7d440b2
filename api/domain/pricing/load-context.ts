// Loads from the database exactly the PricingContext one stay request needs: the one
// grid that prices it (only its periods overlapping the stay, their option prices), the
// catalogue rows it names, the offers that can apply, the settings in force. All of it
// in ONE call of a database function (its plan prepared once per session): every part
// is a JSON sub-select, turned back into camelCase rows here. Older grid versions come
// from their stored snapshot (one more query).
import type { Knex } from 'knex';
import { snakeToCamel } from '../../../common/names';
import { allEntities } from '../../rest/entities';
import { PricingError } from './errors';
import { loadGridVersion } from './grid-history';
import {
  lastMinuteToOffer,
  toAgeCategory,
  toBookingFee,
  toDiscount,
  toDownPayment,
  toInsurance,
  toItem,
  toPartner,
  toPriceGrid,
  toSpecialOffer,
  toSurcharge,
  toTariff,
  toVatRate,
  touristTaxMode,
  type GridRows,
  type Stored,
} from './mapping';
import type { PricingContext, StayRequest, TouristTaxSettings } from './types';

type Db = Knex | Knex.Transaction;
/** A row of the database function's answer, its columns still snake_case. */
type RawRow = Record<string, unknown>;
type RawRows = RawRow[] | null;
/** Extras, animal and vehicle types: what the engine reads of them (toItem). */
type ItemRow = Stored<'extra'> | Stored<'animal-type'> | Stored<'vehicle-type'>;

/** What bv_pricing_context answers (its keys camelCased, each part still raw). */
interface RawContext {
  grid: RawRow | null;
  periods: RawRows;
  options: RawRows;
  prices: RawRows;
  ageCategories: RawRows;
  extras: RawRows;
  animalTypes: RawRows;
  vehicleTypes: RawRows;
  vat: Stored<'tva'>[] | null;
  offers: RawRows;
  lastMinute: RawRows;
  discounts: RawRows;
  fees: RawRows;
  insurance: RawRow | null;
  partner: RawRow | null;
  tariffs: RawRows;
  surcharges: RawRows;
  arrivalSettings: RawRow | null;
  bookingSettings: RawRow | null;
  terms: RawRow | null;
}

/** The catalogue rows the grid's options name, by kind. */
interface Catalogue {
  ageCategories: Stored<'age-category'>[];
  extras: ItemRow[];
  animalTypes: ItemRow[];
  vehicleTypes: ItemRow[];
}

/** What the loader needs to know: the stay request plus how to find its grid. */
export interface LoadRequest extends Omit<StayRequest, 'quoteDate'> {
  quoteDate: string;
  /** a place: its place type's grid */
  placeId?: number | null;
  /** an older version of the grid (read-only history); null = the current one */
  historyVersion?: number | null;
  /** the insurance offered (default: the one flagged default, else the first active) */
  cancellationInsuranceId?: number | null;
  /** limits the occupants (capacity.ts); not priced */
  equipmentId?: number | null;
}

/** Settings when no pricing-settings row is in force: tourist tax au réel for a 3★ camping, no down payment. */
export const DEFAULT_SETTINGS = {
  touristTaxMode: 'real',
  touristTaxLabel: 'Taxe de séjour',
  classification: 3,
  paymentTermsId: null,
  downPaymentDueDays: 8,
  fullPaymentMaxNights: null,
  fullPaymentDaysBeforeArrival: null,
} as const;

const json = (v: unknown) => JSON.stringify(v);
const uniq = (xs: (number | null | undefined)[]) => [...new Set(xs.filter((x): x is number => Number.isInteger(x)))];

/**
 * json_agg rows carry column names: snake_case → the entities' camelCase. `T` is the
 * row the database function selects (migration 0013_pricing_guarantees).
 */
function camel<T extends object>(row: RawRow | null): T | null {
  if (!row) return null;
  const out: RawRow = {};
  for (const k of Object.keys(row)) out[snakeToCamel(k)] = row[k];
  return out as T;
}
const camelAll = <T extends object>(rows: RawRows): T[] => (rows ?? []).map((r) => camel<T>(r)!);

async function placeTypeOfPlace(db: Db, placeId: number): Promise<number> {
  const place = allEntities().find((m) => m.name === 'place');
  const row = place ? await db(place.table).where('id', placeId).first('placeTypeId') : undefined;
  if (!row?.placeTypeId) throw new PricingError(row ? 'PLACE_NEEDS_PLACE_TYPE' : 'PLACE_NOT_FOUND', String(placeId));
  return row.placeTypeId;
}

/**
 * The statement lives in the database function bv_pricing_context (migration
 * 0013_pricing_guarantees) so that its plan is kept per session. Which grid it takes:
 * the one named by id; else, among the active grids of the place type that are public
 * or the partner's own: one with periods for some nights of the stay beats one with
 * none, then the partner's own beats a public one, then the grid covering more nights
 * (seasonal grids: per night out of season, per week in summer), then the lowest id.
 */
const CALL =
  'SELECT bv_pricing_context(?::int, ?::int, ?::int, ?::date, ?::date, ?::date, ?::jsonb, ?::jsonb, ?::jsonb, ' +
  '?::jsonb, ?::jsonb, ?::boolean, ?::int) AS ctx';

export interface LoadedContext {
  context: PricingContext;
  /** the request as the engine takes it, its grid resolved */
  request: StayRequest;
}

/** Catalogue rows an older grid version names that the current one does not. */
async function missingItems(db: Db, rows: GridRows, b: Catalogue): Promise<void> {
  const parts: [keyof Stored<'price-grid-option'>, string, { id: number }[]][] = [
    ['ageCategoryId', 'age_category', b.ageCategories],
    ['extraId', 'extra', b.extras],
    ['animalTypeId', 'animal_type', b.animalTypes],
    ['vehicleTypeId', 'vehicle_type', b.vehicleTypes],
  ];
  for (const [field, table, list] of parts) {
    const missing = uniq(rows.options.map((o) => o[field] as number | null | undefined)).filter(
      (id) => !list.some((r) => r.id === id),
    );
    if (missing.length) list.push(...(await db(table).whereIn('id', missing)));
  }
}

export async function loadPricingContext(db: Db, req: LoadRequest): Promise<LoadedContext> {
  const placeTypeId =
    req.placeTypeId ??
    (req.placeId != null && req.priceGridId == null ? await placeTypeOfPlace(db, req.placeId) : null);
  if (req.priceGridId == null && placeTypeId == null) throw new PricingError('QUOTE_TARGET_REQUIRED');
  const result = await db.raw(CALL, [
    req.priceGridId ?? null,
    placeTypeId,
    req.partnerId ?? null,
    req.startDate,
    req.endDate,
    req.quoteDate,
    json(uniq((req.occupants ?? []).map((o) => o.ageCategoryId))),
    json(uniq((req.extras ?? []).map((e) => e.extraId))),
    json(uniq((req.animals ?? []).map((e) => e.animalTypeId))),
    json(uniq((req.vehicles ?? []).map((e) => e.vehicleTypeId))),
    json(uniq(req.discountIds ?? [])),
    !!req.withCancellationInsurance,
    req.cancellationInsuranceId ?? null,
  ]);
  const raw = result.rows[0].ctx;
  const b = camel<RawContext>(typeof raw === 'string' ? JSON.parse(raw) : raw)!;
  const gridRow = camel<Stored<'price-grid'> & { placeTypeTvaId?: number | null }>(b.grid);
  if (!gridRow)
    throw new PricingError(
      'PRICE_GRID_NOT_FOUND',
      req.priceGridId != null ? String(req.priceGridId) : `type d'emplacement ${placeTypeId}`,
    );
  if (req.withCancellationInsurance && req.cancellationInsuranceId != null && !b.insurance) {
    throw new PricingError('REFERENCE_NOT_FOUND', `assurance ${req.cancellationInsuranceId}`);
  }
  let rows: GridRows = {
    grid: gridRow,
    periods: camelAll(b.periods),
    options: camelAll(b.options),
    prices: camelAll(b.prices),
  };
  const catalogue: Catalogue = {
    ageCategories: camelAll(b.ageCategories),
    extras: camelAll(b.extras),
    animalTypes: camelAll(b.animalTypes),
    vehicleTypes: camelAll(b.vehicleTypes),
  };
  if (req.historyVersion != null && req.historyVersion !== gridRow.historyVersion) {
    const stored = await loadGridVersion(db, gridRow.id, req.historyVersion);
    if (!stored) throw new PricingError('PRICE_GRID_NOT_FOUND', `${gridRow.id} version ${req.historyVersion}`);
    const periods = stored.periods.filter((p) => p.startDate < req.endDate && p.endDate > req.startDate);
    const periodIds = new Set(periods.map((p) => p.id));
    rows = {
      grid: stored.grid,
      periods,
      options: stored.options,
      prices: stored.prices.filter((p) => periodIds.has(p.priceGridPeriodId)),
    };
    await missingItems(db, rows, catalogue);
  }

  const grid = toPriceGrid(rows, gridRow.placeTypeTvaId ?? null);
  const arrival = camel<Stored<'pricing-settings'>>(b.arrivalSettings) ?? DEFAULT_SETTINGS;
  const booking = camel<Stored<'pricing-settings'>>(b.bookingSettings) ?? DEFAULT_SETTINGS;
  const touristTax: TouristTaxSettings = {
    mode: touristTaxMode(arrival.touristTaxMode),
    label: arrival.touristTaxLabel ?? DEFAULT_SETTINGS.touristTaxLabel,
    classificationId: arrival.classification ?? DEFAULT_SETTINGS.classification,
    tariffs: arrival.touristTaxMode === 'flat' ? [] : camelAll<Stored<'tourist-tax-tariff'>>(b.tariffs).map(toTariff),
    surcharges:
      arrival.touristTaxMode === 'flat' ? [] : camelAll<Stored<'tourist-tax-surcharge'>>(b.surcharges).map(toSurcharge),
  };
  const partner = camel<Stored<'partner'>>(b.partner);
  const insurance = camel<Stored<'cancellation-insurance'>>(b.insurance);
  const context: PricingContext = {
    priceGrids: [grid],
    ageCategories: catalogue.ageCategories.map(toAgeCategory),
    extras: catalogue.extras.map(toItem),
    animalTypes: catalogue.animalTypes.map(toItem),
    vehicleTypes: catalogue.vehicleTypes.map(toItem),
    vatRates: (b.vat ?? []).map(toVatRate),
    specialOffers: [
      ...camelAll<Stored<'special-offer'>>(b.offers).map(toSpecialOffer),
      ...camelAll<Stored<'last-minute-offer'>>(b.lastMinute).map((r) => lastMinuteToOffer(r, [grid.id])),
    ],
    discounts: camelAll<Stored<'discount'>>(b.discounts).map(toDiscount),
    bookingFees: camelAll<Stored<'booking-fee'>>(b.fees).map(toBookingFee),
    cancellationInsurance: insurance ? toInsurance(insurance) : null,
    partners: partner ? [toPartner(partner)] : [],
    touristTax,
    downPayment: toDownPayment(booking, camel<Stored<'payment-terms'>>(b.terms)),
  };
  const { placeId: _p, historyVersion: _h, cancellationInsuranceId: _c, equipmentId: _e, ...stay } = req;
  return { context, request: { ...stay, priceGridId: grid.id, placeTypeId: grid.placeTypeId } };
}
