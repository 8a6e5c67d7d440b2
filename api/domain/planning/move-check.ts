// Every rule of a move on the board, nothing written: the refusal (French message), or
// the warnings that need an override and the price change (see ./moves.ts).
import { independent } from '../../db/queries';
import type { Knex } from 'knex';
import { notFound } from '../../http/errors';
import { checkVersion } from '../../rest/write';
import { formatMessage, type MessageCode } from '../../../common/messages';
import { todayParis } from '../../../common/dates';
import { occupancyPersons, placeConflict, allotmentOn, leasedSql } from '../stays/store';
import { isModifiable, holdsPlaces, STATUS, type Kind } from '../stays/status';
import { bookingTotalWith, previewOccupancyPrice } from '../stays/pricing';
import type { StoredPrice } from '../stays/price-model';
import {
  changesPastNights,
  type MoveCheck,
  type MoveInput,
  type MoveNotice,
  type MovePrice,
  type MoveSummary,
  type Span,
} from './move-input';
import type { PlaceRecord, PlaceTypeRecord } from '../../../common/generated/types';

type Trx = Knex.Transaction;
type Db = Knex | Trx;
/** A place with what a move checks of its type and family. */
interface PlaceWithType extends Pick<PlaceRecord, 'id' | 'code' | 'capacity' | 'isActive' | 'placeTypeId'> {
  typeLabel: string;
  maxPersons: PlaceTypeRecord['maxPersons'];
  isResidential: boolean;
  isRental: boolean;
  familyKind: string;
  familyId: number;
}

const notice = (code: MessageCode, blocking: boolean, params?: Record<string, string | number>): MoveNotice => ({
  code,
  message: formatMessage(code, params),
  blocking,
});

async function placeWithType(db: Db, placeId: number): Promise<PlaceWithType | undefined> {
  return db('place as p')
    .join('place_type as t', 't.id', 'p.placeTypeId')
    .join('place_family as f', 'f.id', 't.placeFamilyId')
    .where('p.id', placeId)
    .first(
      'p.id',
      'p.code',
      'p.capacity',
      'p.isActive',
      'p.placeTypeId',
      't.label as typeLabel',
      't.maxPersons',
      't.isResidential',
      't.isRental',
      'f.kind as familyKind',
      'f.id as familyId',
    );
}

type Priced = { total: number; warnings: { code: string; message: string }[] } | { error: string };

/** A stored or previewed price as the check shows it. */
function shown(p: StoredPrice): Priced {
  return p.quote
    ? { total: p.quote.total, warnings: p.quote.warnings.map((w) => ({ code: w.code, message: w.message })) }
    : { error: p.error?.message ?? formatMessage('PLACE_NOT_FOUND') };
}

/** Free places of a type on [start, end) large enough for `persons`, the moved one excepted. */
async function alternatives(
  db: Db,
  placeTypeId: number,
  exceptPlaceId: number,
  start: string,
  end: string,
  persons: number,
): Promise<{ id: number; code: string }[]> {
  return db('place as p')
    .where({ 'p.placeTypeId': placeTypeId, 'p.isActive': true })
    .whereNot('p.id', exceptPlaceId)
    .where('p.capacity', '>=', persons)
    .whereRaw(
      'NOT EXISTS (SELECT 1 FROM place_reservation r WHERE r.place_id = p.id AND r.nights && daterange(?::date, ' +
        '?::date))',
      [start, end],
    )
    .whereRaw(`NOT ${leasedSql('p.id')}`, [start, end, start, end])
    .orderBy('p.order')
    .orderBy('p.code')
    .limit(5)
    .select('p.id', 'p.code');
}

const refusal = (
  code: MessageCode,
  summary: MoveSummary,
  params?: Record<string, string | number>,
  extra: Partial<MoveCheck> = {},
): MoveCheck => ({
  ok: false,
  code,
  message: formatMessage(code, params),
  warnings: [],
  needsForce: false,
  price: null,
  summary,
  ...extra,
});

const stale = (rec: Span & { placeId: number | null }, from: MoveInput['from']) =>
  !!from && (rec.placeId !== from.placeId || rec.startDate !== from.startDate || rec.endDate !== from.endDate);

async function checkUnavailability(db: Db, input: MoveInput, lock: boolean): Promise<MoveCheck> {
  const q = db('unavailability').where('id', input.id);
  if (lock) q.forUpdate();
  const u = await q.first();
  if (!u) throw notFound();
  // The record changed since the board read it (another user): 409 with it as it is now.
  checkVersion(u, input.version);
  const target = await placeWithType(db, input.placeId);
  const summary: MoveSummary = {
    kind: 'unavailability',
    id: u.id,
    reason: u.reason,
    fromPlaceId: u.placeId,
    toPlaceId: input.placeId,
    toPlaceCode: target?.code ?? null,
    from: { startDate: u.startDate, endDate: u.endDate },
    to: { startDate: input.startDate, endDate: input.endDate },
  };
  if (stale(u, input.from)) return refusal('PLANNING_STALE', summary);
  if (!target || !target.isActive) return refusal('PLACE_UNAVAILABLE', summary);
  const c = await placeConflict(
    db,
    input.placeId,
    input.startDate,
    input.endDate,
    { unavailabilityId: u.id },
    { lease: false },
  );
  if (c) return refusal(c.code, summary);
  return { ok: true, warnings: [], needsForce: false, price: null, summary };
}

/** Every rule of a move, nothing written. `lock` takes the rows FOR UPDATE (inside the write transaction). */
export async function checkMove(db: Db, input: MoveInput, lock = false): Promise<MoveCheck> {
  if (input.kind === 'unavailability') return checkUnavailability(db, input, lock);
  const oq = db('occupancy').where('id', input.id);
  if (lock) oq.forUpdate();
  const occ = await oq.first();
  if (!occ) throw notFound();
  checkVersion(occ, input.version);
  const booking = await db('booking as b')
    .leftJoin('customer as c', 'c.id', 'b.customerId')
    .where('b.id', occ.bookingId)
    .first('b.*', db.raw(`trim(concat_ws(' ', c.last_name, c.first_name)) AS customer`));
  const [current, target] = await independent(db, [
    () => (occ.placeId ? placeWithType(db, occ.placeId) : Promise.resolve(undefined)),
    () => placeWithType(db, input.placeId),
  ]);
  const persons = await occupancyPersons(db, occ.id);
  const summary: MoveSummary = {
    kind: 'occupancy',
    id: occ.id,
    bookingId: booking.id,
    code: booking.code,
    customer: booking.customer || null,
    persons,
    fromPlaceId: occ.placeId,
    fromPlaceCode: current?.code ?? null,
    fromTypeLabel: current?.typeLabel ?? null,
    toPlaceId: input.placeId,
    toPlaceCode: target?.code ?? null,
    toTypeLabel: target?.typeLabel ?? null,
    from: { startDate: occ.startDate, endDate: occ.endDate },
    to: { startDate: input.startDate, endDate: input.endDate },
  };
  if (stale(occ, input.from)) return refusal('PLANNING_STALE', summary);
  if (occ.isCancelled || !isModifiable(booking.statusId)) return refusal('INVALID_TRANSITION', summary);
  if (!target || !target.isActive) return refusal('PLACE_UNAVAILABLE', summary);
  const placeChanges = occ.placeId !== input.placeId;
  const datesChange = occ.startDate !== input.startDate || occ.endDate !== input.endDate;
  if (booking.statusId === STATUS.ARRIVED && occ.startDate !== input.startDate)
    return refusal('PLANNING_ARRIVED_START', summary);
  // The nights already spent are history: only a user with the right to correct the past changes them, knowingly.
  const pastChanges = changesPastNights(occ, input, todayParis());
  if (pastChanges && !input.canCorrectPast) return refusal('PAST_NIGHTS_LOCKED', summary);
  if (placeChanges) {
    if (occ.isLocked) return refusal('PLACE_LOCKED_BY_CUSTOMER', summary);
    if (occ.partnerAllotmentId || current?.isResidential || target.isResidential)
      return refusal('PLACE_CANNOT_CHANGE', summary);
    if (current && current.familyKind !== target.familyKind) {
      return refusal('PLACE_TYPE_MISMATCH', summary, { from: current.typeLabel, to: target.typeLabel });
    }
  }
  // Capacity: the equipment's when there is one (it does not change here), else the place's and its type's.
  if (!occ.equipmentId) {
    const capacity = Math.min(target.capacity ?? Infinity, target.maxPersons ?? Infinity);
    if (persons > capacity) return refusal('PLACE_CAPACITY_EXCEEDED', summary, { persons, capacity });
  }
  if (holdsPlaces(booking.kind as Kind, booking.statusId)) {
    const c = await placeConflict(db, input.placeId, input.startDate, input.endDate, { occupancyId: occ.id });
    if (c) {
      const alt = target.placeTypeId
        ? await alternatives(db, target.placeTypeId, input.placeId, input.startDate, input.endDate, persons)
        : [];
      const message =
        formatMessage(c.code) + (alt.length ? ` — libres du même type : ${alt.map((a) => a.code).join(', ')}` : '');
      return { ...refusal(c.code, summary), message, alternatives: alt };
    }
    const allotment = await allotmentOn(db, input.placeId, input.startDate, input.endDate, todayParis());
    if (allotment && allotment.partnerId !== booking.partnerId && occ.partnerAllotmentId !== allotment.id)
      return refusal('PLACE_UNAVAILABLE', summary);
  }

  const warnings: MoveNotice[] = [];
  if (pastChanges) warnings.push(notice('PAST_NIGHTS_CORRECTED', true));
  if (placeChanges && current && current.placeTypeId !== target.placeTypeId)
    warnings.push(notice('PLACE_TYPE_CHANGED', false, { from: current.typeLabel, to: target.typeLabel }));
  // Before: the stored price (computed now for a stay never priced); after: the same
  // stay at the new place and dates, manual prices and agreed conditions kept.
  const stored = occ.pricedQuote as StoredPrice | null;
  const before = shown(stored ?? (await previewOccupancyPrice(db, occ.id)));
  const afterPrice = await previewOccupancyPrice(db, occ.id, {
    occupancy: { placeId: input.placeId, startDate: input.startDate, endDate: input.endDate },
  });
  const after = shown(afterPrice);
  let price: MovePrice | null = null;
  let priceMessage: string | undefined;
  if ('error' in after) priceMessage = after.error;
  else {
    const rules: MessageCode[] = ['MIN_NIGHTS_NOT_MET', 'ARRIVAL_DAY_NOT_ALLOWED', 'DEPARTURE_DAY_NOT_ALLOWED'];
    // A rule the stay already broke where it was is not the move's doing: only new ones block.
    const already = new Set('error' in before || datesChange || placeChanges ? [] : before.warnings.map((w) => w.code));
    for (const w of after.warnings) {
      if (rules.includes(w.code as MessageCode) && !already.has(w.code))
        warnings.push(notice(w.code as MessageCode, true));
      else if (!warnings.some((x) => x.code === w.code))
        warnings.push({ code: w.code as MessageCode, message: w.message, blocking: false });
    }
    if ('error' in before) priceMessage = before.error;
    else {
      const difference = after.total - before.total;
      const total = await bookingTotalWith(db, booking.id, occ.id, afterPrice);
      price = {
        before: before.total,
        after: after.total,
        difference,
        bookingTotalBefore: booking.totalAmount ?? null,
        bookingTotalAfter: total ?? after.total,
      };
    }
  }
  const needsForce = warnings.some((w) => w.blocking);
  return { ok: true, warnings, needsForce, price, priceMessage, summary };
}
