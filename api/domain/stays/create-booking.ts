// Creating a booking (temporary or true) with its occupancies, and adding an occupancy to
// an existing one.
import type { Knex } from 'knex';
import { entityMeta } from '../../rest/entities';
import { saveRecord } from '../../rest/records';
import { recordHistory } from '../../rest/history';
import { badRequest } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { readableColumns } from '../../rest/query';
import { decide, decideIntegration, type Decision } from './state-machine';
import { bookingFacts, refreshBooking } from './store';
import { isModifiable } from './status';
import { pricingBatch } from './pricing';
import { type Trx, bookingMeta, lockBooking, clock, transitionError } from './action-support';
import type { BookingRecord, OccupancyRecord } from '../../../common/generated/types/index';
import { applyDecision } from './action-effects';

export interface OccupancyInput {
  placeId?: number | null;
  placeTypeId?: number | null;
  equipmentId?: number | null;
  startDate: string;
  endDate: string;
  isLocked?: boolean;
  notes?: string | null;
  /**
   * manual prices (stays/pricing.ts): the accommodation per night (priceGridOptionId null) or an option's unit price
   */
  priceOverrides?: { priceGridOptionId: number | null; unitPrice: number }[];
  details?: {
    ageCategoryId: number;
    quantity: number;
    exemptQuantity?: number;
    touristTaxExemptionId?: number | null;
  }[];
  animals?: { animalTypeId: number; quantity?: number; customerAnimalId?: number | null }[];
  vehicles?: { vehicleTypeId: number; licencePlate?: string | null; customerVehicleId?: number | null }[];
  extras?: { extraId: number; quantity?: number; startDate?: string | null; endDate?: string | null }[];
  attendantIds?: number[];
}

export interface CreateInput {
  temporary?: boolean;
  kind?: string;
  customerId?: number | null;
  partnerId?: number | null;
  accessChannelId?: number | null;
  optionExpiryDate?: string | null;
  promoCode?: string | null;
  discountIds?: number[];
  withCancellationInsurance?: boolean;
  notes?: string | null;
  /** The number of places asked for: the occupancies on a place must be exactly that many. */
  placeCount?: number | null;
  occupancies?: OccupancyInput[];
}

const arr = <T>(v: T[] | undefined, what: string): T[] => {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || v.length > 200)
    throw badRequest('INCORRECT_FORM', { [what]: formatMessage('INCORRECT_FORM') });
  return v;
};

/** Adds one occupancy with its occupants, animals, vehicles, extras and attendants. */
export async function addOccupancy(
  trx: Trx,
  bookingId: number,
  o: OccupancyInput,
  userId: number | null,
): Promise<OccupancyRecord> {
  if (!o || typeof o !== 'object') throw badRequest('INCORRECT_FORM');
  const { details, animals, vehicles, extras, attendantIds, ...fields } = o;
  const occ = await saveRecord(trx, entityMeta('occupancy'), { ...fields, bookingId }, userId, 0);
  for (const d of arr(details, 'details'))
    await saveRecord(trx, entityMeta('occupancy-detail'), { ...d, occupancyId: occ.id }, userId, 0);
  for (const a of arr(animals, 'animals'))
    await saveRecord(trx, entityMeta('occupancy-animal'), { ...a, occupancyId: occ.id }, userId, 0);
  for (const v of arr(vehicles, 'vehicles'))
    await saveRecord(trx, entityMeta('occupancy-vehicle'), { ...v, occupancyId: occ.id }, userId, 0);
  for (const x of arr(extras, 'extras'))
    await saveRecord(trx, entityMeta('occupancy-extra'), { ...x, occupancyId: occ.id }, userId, 0);
  for (const attendantId of arr(attendantIds, 'attendantIds'))
    await saveRecord(trx, entityMeta('occupancy-attendant'), { attendantId, occupancyId: occ.id }, userId, 0);
  return occ;
}

/**
 * "Create temp" and "create true": the booking and its occupancies in one
 * transaction. A true booking is created temporary, then confirmed by the state
 * machine once its occupancies exist (customer and places required); with
 * `integrate` (the online booking's reference, imports.ts) it becomes "Intégrée".
 */
/**
 * §5 (docs/stays.md#validation) « places selected must match the number expected »: a request for several places
 * (`placeCount`, a group asking for three pitches) is created only with exactly that many
 * occupancies on a place.
 */
function checkPlaceCount(placeCount: unknown, occupancies: OccupancyInput[]): void {
  if (placeCount === undefined || placeCount === null) return;
  if (!Number.isInteger(placeCount) || (placeCount as number) < 1 || (placeCount as number) > 200)
    throw badRequest('INCORRECT_FORM', { placeCount: formatMessage('MUST_BE_STRICTLY_POSITIVE') });
  const selected = occupancies.filter((o) => o && typeof o === 'object' && o.placeId != null).length;
  if (selected === 0) throw badRequest('SELECT_PLACES', { occupancies: formatMessage('SELECT_PLACES') });
  if (selected !== placeCount)
    throw badRequest('PLACES_COUNT_MISMATCH', {
      occupancies: `${formatMessage('PLACES_COUNT_MISMATCH')} (${selected} sur ${placeCount})`,
    });
}

export async function createBooking(
  knex: Knex,
  input: CreateInput,
  userId: number | null,
  trxIn?: Trx,
  opts: { integrate?: string } = {},
): Promise<BookingRecord> {
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw badRequest('INCORRECT_FORM');
  const { temporary, occupancies, placeCount, ...fields } = input;
  checkPlaceCount(placeCount, arr(occupancies, 'occupancies'));
  const run = async (trx: Trx) => {
    const booking = await saveRecord(trx, bookingMeta(), { kind: 'booking', ...fields }, userId, 0);
    await pricingBatch(trx, async () => {
      for (const o of arr(occupancies, 'occupancies')) await addOccupancy(trx, booking.id, o, userId);
    });
    await refreshBooking(trx, booking.id);
    const before = await lockBooking(trx, booking.id);
    if (temporary === true) {
      const after: BookingRecord = await trx('booking')
        .select(readableColumns(bookingMeta()))
        .where('id', booking.id)
        .first();
      await recordHistory(trx, {
        userId,
        entity: bookingMeta(),
        recordId: booking.id,
        action: 'action',
        detail: 'Création (temporaire)',
      });
      return after;
    }
    let d: Decision;
    try {
      const facts = await bookingFacts(trx, before);
      d = opts.integrate ? decideIntegration(facts, opts.integrate) : decide(facts, 'confirm', {}, clock());
    } catch (e) {
      transitionError(e);
    }
    return applyDecision(
      trx,
      before,
      {
        ...d!,
        detail: opts.integrate ? `Création : ${d!.detail}` : `Création (définitive) : ${d!.detail.toLowerCase()}`,
      },
      userId,
    );
  };
  return trxIn ? run(trxIn) : knex.transaction(run);
}

/** Adds an occupancy to an existing booking (the booking screen's "Ajouter une occupation"). */
export async function addOccupancyToBooking(
  knex: Knex,
  bookingId: number,
  o: OccupancyInput,
  userId: number | null,
): Promise<OccupancyRecord> {
  return knex.transaction(async (trx) => {
    const b = await lockBooking(trx, bookingId);
    if (!isModifiable(b.statusId)) throw badRequest('INVALID_TRANSITION');
    const occ = await pricingBatch(trx, () => addOccupancy(trx, bookingId, o, userId));
    await refreshBooking(trx, bookingId);
    await recordHistory(trx, {
      userId,
      entity: bookingMeta(),
      recordId: bookingId,
      action: 'action',
      detail: `Occupation ajoutée du ${o.startDate} au ${o.endDate}`,
    });
    return occ;
  });
}
