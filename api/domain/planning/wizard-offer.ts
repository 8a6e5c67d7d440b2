// The wizard's first step (/new-booking): the free places of a stay with their prices
// (availability search of the stays module + pricing engine, one quote per place type).
import type { Knex } from 'knex';
import { badRequest, HttpError } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { parseAvailabilityQuery, searchAvailability } from '../stays/availability';
import { placeConflict } from '../stays/store';
import { quoteForStay } from '../pricing/quote-for-stay';
import { optInt } from './wizard';

type Db = Knex | Knex.Transaction;

/** The price of a place type for the stay, or why there is none. */
interface TypeOffer {
  placeTypeId: number;
  label: string;
  total: number | null;
  touristTaxTotal: number | null;
  warnings: Awaited<ReturnType<typeof quoteForStay>>['warnings'];
  priceError: string | null;
}

interface Occupant {
  ageCategoryId: number;
  quantity: number;
}

function parseOccupants(v: unknown): Occupant[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || v.length > 50)
    throw badRequest('INCORRECT_FORM', { occupants: formatMessage('INCORRECT_FORM') });
  return v
    .map((item: unknown, i: number) => {
      const o = item as Partial<Record<keyof Occupant, unknown>> | null | undefined;
      if (
        !o ||
        !Number.isInteger(o.ageCategoryId) ||
        !Number.isInteger(o.quantity) ||
        (o.quantity as number) < 0 ||
        (o.quantity as number) > 100
      ) {
        throw badRequest('VALIDATION_FAILED', { [`occupants.${i}`]: formatMessage('INVALID_INTEGER') });
      }
      return { ageCategoryId: o.ageCategoryId as number, quantity: o.quantity as number };
    })
    .filter((o) => o.quantity > 0);
}

/**
 * Free places for a stay, each with the price of its type (one quote per place type):
 * `{ places: [...availability row, total, warnings, priceError], types: [...] }`.
 * `tempBookingId`: the wizard's own temporary booking, `occupancyId`: the occupancy it
 * edits — the places they hold count as free.
 */
export async function offer(db: Db, body: unknown) {
  const b = (body ?? {}) as Record<string, unknown>;
  const occupants = parseOccupants(b.occupants);
  const persons = occupants.reduce((s, o) => s + o.quantity, 0);
  const q = parseAvailabilityQuery({ ...b, persons, limit: b.limit ?? 1000 });
  if (!occupants.length) throw badRequest('NO_OCCUPANTS', { occupants: formatMessage('NO_OCCUPANTS') });
  const found = await searchAvailability(db, q);
  const tempId = optInt(b.tempBookingId);
  const editedId = optInt(b.occupancyId);
  if (tempId || editedId) {
    const held = await db('occupancy')
      .where(tempId ? { bookingId: tempId } : { id: editedId })
      .where('isCancelled', false)
      .whereNotNull('placeId')
      .select('id', 'placeId');
    for (const h of held) {
      if (found.some((p) => p.placeId === h.placeId)) continue;
      if (await placeConflict(db, h.placeId, q.startDate, q.endDate, { occupancyId: h.id })) continue;
      // Its own hold hides it from the search: read the place and accept it if it matches.
      const p = await db('place as p')
        .join('place_type as t', 't.id', 'p.placeTypeId')
        .join('place_family as f', 'f.id', 't.placeFamilyId')
        .leftJoin('layout as l', 'l.id', 'p.layoutId')
        .where('p.id', h.placeId)
        .where('p.isActive', true)
        .where('p.capacity', '>=', persons)
        .first(
          'p.id as placeId',
          'p.code',
          'p.label',
          'p.capacity',
          'p.surface',
          'p.sleepingCapacity',
          'p.placeTypeId',
          't.label as placeTypeLabel',
          't.placeFamilyId',
          'f.label as placeFamilyLabel',
          'p.layoutId',
          'l.label as layoutLabel',
        );
      if (
        p &&
        (!q.placeTypeId || p.placeTypeId === q.placeTypeId) &&
        (!q.layoutId || p.layoutId === q.layoutId) &&
        (!q.placeFamilyId || p.placeFamilyId === q.placeFamilyId)
      )
        found.unshift({ ...p, features: [], heldByDraft: true });
    }
  }
  const typeIds = [...new Set(found.map((p) => p.placeTypeId as number))];
  const types: TypeOffer[] = [];
  for (const placeTypeId of typeIds) {
    const first = found.find((p) => p.placeTypeId === placeTypeId)!;
    try {
      const quote = await quoteForStay(db, {
        placeTypeId,
        startDate: q.startDate,
        endDate: q.endDate,
        occupants,
        partnerId: q.partnerId,
        channelId: optInt(b.channelId),
        promoCode: typeof b.promoCode === 'string' && b.promoCode.trim() ? b.promoCode.trim() : null,
      });
      types.push({
        placeTypeId,
        label: first.placeTypeLabel,
        total: quote.total,
        touristTaxTotal: quote.touristTaxTotal,
        warnings: quote.warnings,
        priceError: null,
      });
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      types.push({
        placeTypeId,
        label: first.placeTypeLabel,
        total: null,
        touristTaxTotal: null,
        warnings: [],
        priceError: e.message,
      });
    }
  }
  const byType = new Map(types.map((t) => [t.placeTypeId, t]));
  return {
    startDate: q.startDate,
    endDate: q.endDate,
    persons,
    places: found.map((p) => ({
      ...p,
      total: byType.get(p.placeTypeId)?.total ?? null,
      priceError: byType.get(p.placeTypeId)?.priceError ?? null,
    })),
    types,
  };
}
