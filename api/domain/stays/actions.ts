// The business actions of §4 on stays: create (temporary or true), merge, convert,
// set state and the named transitions, occupancy lock and cancel, option expiry.
// Each runs in one transaction, decides with the pure state machine, writes the
// booking and its occupancies, and records a French line in the history.
import type { BookingRecord } from '../../../common/generated/types';
import type { Knex } from 'knex';
import { entityMeta } from '../../rest/entities';
import { saveRecord } from '../../rest/records';
import { recordHistory } from '../../rest/history';
import { badRequest, notFound } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { todayParis } from '../../../common/dates';
import { readableColumns } from '../../rest/query';
import { checkVersion, expectedVersion } from '../../rest/write';
import {
  ACTION_FOR_STATUS,
  decide,
  decideIntegration,
  TransitionError,
  type Action,
  type ActionParams,
  type Clock,
  type Decision,
} from './state-machine';
import { assertPlaceFree, bookingFacts, refreshBooking } from './store';
import { assertKeepsAnOccupancy, assertOccupanciesFree } from './hooks';
import { isModifiable, STATUS } from './status';
import { pricedInputsChanged, pricingBatch, refreshBookingPrice, repriceBooking } from './pricing';
import { formatCents } from '../../../common/money';
import { keepPlannedPrice } from './early-departure';
import type { StoredPrice } from './price-model';

type Trx = Knex.Transaction;
type Row = Record<string, any>;

const bookingMeta = () => entityMeta('booking');
const clock = () => ({ today: todayParis(), now: new Date().toISOString() });

function transitionError(e: unknown): never {
  if (e instanceof TransitionError)
    throw badRequest(e.code, e.field ? { [e.field]: formatMessage(e.code, e.params) } : undefined, e.params);
  throw e;
}

/**
 * Locks a booking for an action: its occupancies first, then the booking row — the
 * order the generic occupancy writes take (occupancy row, then the booking through
 * the reservation trigger), so that the two never wait on each other in a cycle.
 */
export async function lockBooking(trx: Trx, id: number, expected?: number): Promise<BookingRecord> {
  await trx('occupancy').where('bookingId', id).orderBy('id').forUpdate().select('id');
  const b = await trx('booking').select(readableColumns(bookingMeta())).where('id', id).forUpdate().first();
  if (!b) throw notFound();
  // The version the user's screen showed (if sent): a stale one is a 409, not an action on a changed stay.
  checkVersion(b, expected);
  return b;
}

const EARLY_DEPARTURE_LINE = 'Départ anticipé';

/**
 * Early departure: nights from that day on are freed; with the preference « seules les
 * nuits passées sont dues » the shortened occupancies are priced again. Each occupancy
 * changed gets a history line holding its values before, which the undo puts back.
 */
async function endOccupancies(
  trx: Trx,
  bookingId: number,
  date: string,
  reprice: boolean,
  userId: number | null,
): Promise<void> {
  const meta = entityMeta('occupancy');
  const touched: Row[] = await trx('occupancy')
    .select(readableColumns(meta))
    .where({ bookingId, isCancelled: false })
    .where('endDate', '>', date)
    .orderBy('id');
  if (!touched.length) return;
  const ids = touched.map((o) => o.id as number);
  await trx('occupancy').whereIn('id', ids).where('startDate', '>=', date).update({
    isCancelled: true,
    cancelReason: EARLY_DEPARTURE_LINE,
    cancelledAt: trx.fn.now(),
    updatedAt: trx.fn.now(),
  });
  await trx('occupancy')
    .whereIn('id', ids)
    .where({ isCancelled: false })
    .update({ endDate: date, updatedAt: trx.fn.now() });
  // Priced again for the nights spent either way; with « les nuits prévues restent dues »
  // what the planned stay cost beyond them stays due as line 21 (early-departure.ts).
  await repriceBooking(trx, bookingId, { occupancyIds: ids });
  if (!reprice) await keepPlannedPrices(trx, bookingId, touched, date);
  const after = new Map(
    (await trx('occupancy').select(readableColumns(meta)).whereIn('id', ids)).map((o: Row) => [o.id, o]),
  );
  for (const o of touched)
    await recordHistory(trx, {
      userId,
      entity: meta,
      recordId: o.id,
      action: 'action',
      before: o,
      after: after.get(o.id),
      detail: EARLY_DEPARTURE_LINE,
    });
}

/**
 * Folds the planned price of the occupancies cut short (and of those the departure
 * cancelled whole, into the first one kept) over their price for the nights spent.
 */
async function keepPlannedPrices(trx: Trx, bookingId: number, touched: Row[], date: string): Promise<void> {
  const kept: Row[] = await trx('occupancy')
    .whereIn(
      'id',
      touched.map((o) => o.id),
    )
    .where('isCancelled', false)
    .orderBy('id')
    .select('id', 'pricedQuote');
  const planned = (o: Row) => (o.pricedQuote as StoredPrice | null)?.quote ?? null;
  const whole = touched.filter((o) => !kept.some((k) => k.id === o.id)).map(planned);
  kept.forEach((k, i) => {
    const before = touched.find((o) => o.id === k.id)!;
    k.planned = [planned(before), ...(i === 0 ? whole : [])].filter(Boolean);
  });
  for (const k of kept) {
    const stored = k.pricedQuote as StoredPrice | null;
    if (!stored?.quote || !k.planned.length) continue;
    const quote = keepPlannedPrice(k.planned, stored.quote, date);
    await trx('occupancy')
      .where('id', k.id)
      .update({ amount: quote.total, pricedQuote: JSON.stringify({ ...stored, quote }) });
  }
  await refreshBookingPrice(trx, bookingId);
}

/**
 * Undo of an early departure (the same day): each occupancy gets back its departure,
 * its active state and its price from the history line of the early departure — if
 * its place is still free on the nights given back (another stay may have taken them).
 */
async function restoreOccupancies(trx: Trx, bookingId: number, userId: number | null): Promise<void> {
  const meta = entityMeta('occupancy');
  const occs: Row[] = await trx('occupancy').select(readableColumns(meta)).where({ bookingId }).orderBy('id');
  for (const o of occs) {
    const line = await trx('post_history')
      .where({ entity: 'occupancy', recordId: o.id, detail: EARLY_DEPARTURE_LINE })
      .orderBy('id', 'desc')
      .first('changes');
    const changes: Record<string, [unknown, unknown]> | null =
      typeof line?.changes === 'string' ? JSON.parse(line.changes) : (line?.changes ?? null);
    if (!changes) continue;
    const patch: Row = {};
    for (const f of ['endDate', 'isCancelled', 'cancelReason', 'cancelledAt', 'pricedQuote'])
      if (changes[f]) patch[f] = changes[f][0];
    if (!Object.keys(patch).length) continue;
    const restored = { ...o, ...patch };
    if (o.placeId && !restored.isCancelled)
      await assertPlaceFree(trx, o.placeId, restored.startDate, restored.endDate, { occupancyId: o.id });
    if (patch.pricedQuote !== undefined)
      patch.pricedQuote = patch.pricedQuote == null ? null : JSON.stringify(patch.pricedQuote);
    await trx('occupancy')
      .where('id', o.id)
      .update({ ...patch, updatedAt: trx.fn.now() });
    await recordHistory(trx, {
      userId,
      entity: meta,
      recordId: o.id,
      action: 'action',
      before: o,
      after: restored,
      detail: 'Départ anticipé annulé',
    });
  }
  await refreshBookingPrice(trx, bookingId);
}

async function applyDecision(trx: Trx, before: Row, d: Decision, userId: number | null): Promise<Row> {
  for (const effect of d.effects) {
    if (effect.type === 'delete-occupancies') {
      await trx('occupancy').where('bookingId', before.id).delete();
      await refreshBookingPrice(trx, before.id);
    } else if (effect.type === 'end-occupancies') {
      await endOccupancies(trx, before.id, effect.date, effect.reprice, userId);
    } else if (effect.type === 'restore-occupancies') {
      await restoreOccupancies(trx, before.id, userId);
    }
  }
  if (d.activates) await assertOccupanciesFree(trx, before.id);
  await trx('booking')
    .where('id', before.id)
    .update({ ...d.patch, updatedAt: trx.fn.now() });
  await refreshBooking(trx, before.id);
  const after = await trx('booking').select(readableColumns(bookingMeta())).where('id', before.id).first();
  await recordHistory(trx, {
    userId,
    entity: bookingMeta(),
    recordId: before.id,
    action: 'action',
    before,
    after,
    detail: d.detail,
  });
  return after;
}

export interface RunOptions {
  /** checked on the locked booking: false leaves it alone and answers null (sweeps: "still due?") */
  when?: (trx: Trx, locked: Row) => Promise<boolean>;
  /** the history line instead of the state machine's */
  detail?: (d: Decision) => string;
  clock?: Clock;
}

/**
 * Checks another module runs on the locked booking, once the state machine allowed the
 * action, inside its transaction (billing: a departure with a balance due needs
 * `acceptBalance: true`). A guard throws to refuse.
 */
export type ActionGuard = (trx: Trx, booking: Row, action: Action, params: ActionParams) => Promise<void>;
const actionGuards: ActionGuard[] = [];
export function registerActionGuard(guard: ActionGuard): void {
  actionGuards.push(guard);
}

/** Runs one action of the state machine on a booking. */
export async function runAction(
  knex: Knex,
  bookingId: number,
  action: Action,
  params: ActionParams,
  userId: number | null,
): Promise<Row>;
export async function runAction(
  knex: Knex,
  bookingId: number,
  action: Action,
  params: ActionParams,
  userId: number | null,
  opts: RunOptions,
): Promise<Row | null>;
export async function runAction(
  knex: Knex,
  bookingId: number,
  action: Action,
  params: ActionParams,
  userId: number | null,
  opts: RunOptions = {},
): Promise<Row | null> {
  return knex.transaction(async (trx) => {
    const before = await lockBooking(trx, bookingId, expectedVersion(params));
    if (opts.when && !(await opts.when(trx, before))) return null;
    let d: Decision;
    try {
      d = decide(await bookingFacts(trx, before), action, params, opts.clock ?? clock());
    } catch (e) {
      transitionError(e);
    }
    for (const guard of actionGuards) await guard(trx, before, action, params);
    return applyDecision(trx, before, opts.detail ? { ...d!, detail: opts.detail(d!) } : d!, userId);
  });
}

/** "Set state": the action that reaches the status asked for. */
export async function setState(
  knex: Knex,
  bookingId: number,
  statusId: unknown,
  params: ActionParams,
  userId: number | null,
): Promise<Row> {
  const action = typeof statusId === 'number' ? ACTION_FOR_STATUS[statusId] : undefined;
  if (!action) throw badRequest('INVALID_TRANSITION', { statusId: formatMessage('INVALID_CHOICE') });
  if (
    statusId === STATUS.REFUSED_COUNTER &&
    !(typeof params.counterProposal === 'string' && params.counterProposal.trim())
  ) {
    throw badRequest('VALIDATION_FAILED', { counterProposal: formatMessage('REQUIRED') });
  }
  return runAction(knex, bookingId, action, params, userId);
}

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
): Promise<Row> {
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
 * §5 « places selected must match the number expected »: a request for several places
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
): Promise<Row> {
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
      const after = await trx('booking').select(readableColumns(bookingMeta())).where('id', booking.id).first();
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
): Promise<Row> {
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

/**
 * Merge: the occupancies of `fromId` move onto `intoId` (one customer), and the
 * emptied booking is reset (status DELETED) with a line saying where they went.
 */
export async function mergeBookings(
  knex: Knex,
  intoId: number,
  fromId: unknown,
  userId: number | null,
  expected?: number,
): Promise<Row> {
  if (!Number.isInteger(fromId) || (fromId as number) <= 0)
    throw badRequest('VALIDATION_FAILED', { fromBookingId: formatMessage('REQUIRED') });
  if (fromId === intoId) throw badRequest('INVALID_TRANSITION', { fromBookingId: formatMessage('INVALID_CHOICE') });
  return knex.transaction(async (trx) => {
    // Both locked in id order: two merges of the same pair cannot wait on each other.
    const [first, second] = [intoId, fromId as number].sort((a, b) => a - b);
    const locked = new Map<number, Row>([
      [first, await lockBooking(trx, first)],
      [second, await lockBooking(trx, second)],
    ]);
    const into = locked.get(intoId)!;
    const from = locked.get(fromId as number)!;
    checkVersion(into, expected);
    for (const b of [into, from])
      if (!isModifiable(b.statusId) || b.statusId === STATUS.ARRIVED) throw badRequest('INVALID_TRANSITION');
    if (from.customerId != null && into.customerId != null && from.customerId !== into.customerId)
      throw badRequest('MERGE_DIFFERENT_CUSTOMERS');
    if (from.kind !== into.kind && from.statusId !== STATUS.TEMPORARY)
      throw badRequest('INVALID_TRANSITION', { fromBookingId: formatMessage('INVALID_CHOICE') });
    const moved = await trx('occupancy')
      .where('bookingId', from.id)
      .update({ bookingId: into.id, updatedAt: trx.fn.now() });
    if (into.customerId == null && from.customerId != null)
      await trx('booking').where('id', into.id).update({ customerId: from.customerId });
    await trx('booking')
      .where('id', from.id)
      .update({ statusId: STATUS.DELETED, deleteReason: `Fusionné dans ${into.code}`, updatedAt: trx.fn.now() });
    await refreshBooking(trx, into.id);
    await refreshBooking(trx, from.id);
    // The moved occupancies keep their price; the booking's fees stay on its first occupancy.
    await pricedInputsChanged(trx, into.id, []);
    await refreshBookingPrice(trx, from.id);
    const after = await trx('booking').select(readableColumns(bookingMeta())).where('id', into.id).first();
    await recordHistory(trx, {
      userId,
      entity: bookingMeta(),
      recordId: into.id,
      action: 'action',
      before: into,
      after,
      detail: `Fusion : ${moved} occupation(s) reprise(s) du séjour ${from.code}`,
    });
    const fromAfter = await trx('booking').select(readableColumns(bookingMeta())).where('id', from.id).first();
    await recordHistory(trx, {
      userId,
      entity: bookingMeta(),
      recordId: from.id,
      action: 'action',
      before: from,
      after: fromAfter,
      detail: `Fusionné dans le séjour ${into.code}`,
    });
    return after;
  });
}

/** Occupancy "lock": the guest asked for this very place, it may not be moved. */
export async function lockOccupancy(
  knex: Knex,
  occupancyId: number,
  locked: unknown,
  userId: number | null,
  expected?: number,
): Promise<Row> {
  if (typeof locked !== 'boolean') throw badRequest('VALIDATION_FAILED', { locked: formatMessage('INVALID_BOOLEAN') });
  return knex.transaction(async (trx) => {
    const saved = await saveRecord(
      trx,
      entityMeta('occupancy'),
      { isLocked: locked, version: expected },
      userId,
      occupancyId,
    );
    await recordHistory(trx, {
      userId,
      entity: bookingMeta(),
      recordId: saved.bookingId,
      action: 'action',
      detail: locked ? 'Emplacement verrouillé à la demande du client' : 'Emplacement déverrouillé',
    });
    return saved;
  });
}

/** Occupancy "cancel": frees its place; a partner occupancy goes back to its allotment. */
export async function cancelOccupancy(
  knex: Knex,
  occupancyId: number,
  reason: unknown,
  userId: number | null,
  expected?: number,
): Promise<Row> {
  const text = typeof reason === 'string' ? reason.trim() : '';
  if (!text) throw badRequest('CANCEL_REASON_REQUIRED', { reason: formatMessage('CANCEL_REASON_REQUIRED') });
  return knex.transaction(async (trx) => {
    const occ = await trx('occupancy').where('id', occupancyId).first('bookingId');
    if (!occ) throw notFound();
    const booking = await lockBooking(trx, occ.bookingId);
    const before = await trx('occupancy')
      .select(readableColumns(entityMeta('occupancy')))
      .where('id', occupancyId)
      .first();
    checkVersion(before, expected);
    if (before.isCancelled || !isModifiable(booking.statusId) || booking.statusId === STATUS.ARRIVED)
      throw badRequest('INVALID_TRANSITION');
    // §8 "cannot cancel with partner occupancy" asks for the partner occupancy to be
    // cancelled before the stay: that one may be the last.
    if (!before.partnerAllotmentId) await assertKeepsAnOccupancy(trx, booking.id, occupancyId);
    await trx('occupancy')
      .where('id', occupancyId)
      .update({ isCancelled: true, cancelReason: text, cancelledAt: trx.fn.now(), updatedAt: trx.fn.now() });
    await refreshBooking(trx, booking.id);
    await pricedInputsChanged(trx, booking.id, []);
    const after = await trx('occupancy')
      .select(readableColumns(entityMeta('occupancy')))
      .where('id', occupancyId)
      .first();
    await recordHistory(trx, {
      userId,
      entity: entityMeta('occupancy'),
      recordId: occupancyId,
      action: 'action',
      before,
      after,
      detail: `Occupation annulée : ${text}`,
    });
    await recordHistory(trx, {
      userId,
      entity: bookingMeta(),
      recordId: booking.id,
      action: 'action',
      detail: `Occupation du ${before.startDate} annulée : ${text}`,
    });
    return after;
  });
}

/**
 * "Recalculer le prix": prices every active occupancy again, at its agreed conditions
 * (quote date and grid version) or, with `atCurrentPrices`, at today's (current grid
 * version, today's offers and due dates). Manual prices stay.
 */
export async function repriceStay(
  knex: Knex,
  bookingId: number,
  atCurrentPrices: unknown,
  userId: number | null,
  expected?: number,
): Promise<Row> {
  if (atCurrentPrices !== undefined && typeof atCurrentPrices !== 'boolean')
    throw badRequest('VALIDATION_FAILED', { atCurrentPrices: formatMessage('INVALID_BOOLEAN') });
  return knex.transaction(async (trx) => {
    const before = await lockBooking(trx, bookingId, expected);
    if (!isModifiable(before.statusId)) throw badRequest('INVALID_TRANSITION');
    await repriceBooking(trx, bookingId, { atCurrentPrices: atCurrentPrices === true, explicit: true });
    const after = await trx('booking').select(readableColumns(bookingMeta())).where('id', bookingId).first();
    const money = (v: number | null) => (v == null ? '—' : formatCents(v));
    await recordHistory(trx, {
      userId,
      entity: bookingMeta(),
      recordId: bookingId,
      action: 'action',
      before,
      after,
      detail:
        `Prix recalculé${atCurrentPrices === true ? ' aux tarifs du jour' : ''}` +
        `${before.channelPriced ? ' (le prix vendu par le canal est remplacé par la grille)' : ''} : ` +
        `${money(before.totalAmount)} → ` +
        `${money(after.totalAmount)}`,
    });
    return after;
  });
}
