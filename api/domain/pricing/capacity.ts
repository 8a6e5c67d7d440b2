// How many people a stay may bring (§5 (docs/pricing.md#validation) « quantity cannot exceed equipment capacity »):
// the least of the place's capacity, its type's maximum and the equipment's capacity.
// A quote for more occupants is refused like the writes (stays hooks) refuse them.
import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';
import { formatMessage } from '../../../common/messages';

type Db = Knex | Knex.Transaction;

export interface CapacityTarget {
  placeId?: number | null;
  placeTypeId?: number | null;
  equipmentId?: number | null;
}

/** The capacity of a place (or, without one, of a place type) with an equipment; null when nothing limits it. */
export async function stayCapacity(db: Db, t: CapacityTarget): Promise<number | null> {
  const limits: number[] = [];
  let typeId = t.placeTypeId ?? null;
  if (t.placeId != null) {
    const p = await db('place').where('id', t.placeId).first('capacity', 'placeTypeId');
    if (p) {
      limits.push(p.capacity);
      typeId = p.placeTypeId ?? typeId;
    }
  }
  if (typeId != null) {
    const pt = await db('place_type').where('id', typeId).first('maxPersons');
    if (pt?.maxPersons != null) limits.push(pt.maxPersons);
  }
  if (t.equipmentId != null) {
    const e = await db('equipment').where('id', t.equipmentId).first('capacity');
    if (e) limits.push(e.capacity);
  }
  return limits.length ? Math.min(...limits) : null;
}

/** Refuses more occupants than the target holds (400 QUANTITY_ABOVE_CAPACITY on `occupants`). */
export async function assertWithinCapacity(
  db: Db,
  t: CapacityTarget,
  occupants: { quantity: number }[] | undefined,
): Promise<void> {
  const persons = (occupants ?? []).reduce((s, o) => s + (Number.isInteger(o?.quantity) ? o.quantity : 0), 0);
  if (persons === 0) return;
  const capacity = await stayCapacity(db, t);
  if (capacity != null && persons > capacity) {
    throw badRequest(
      'QUANTITY_ABOVE_CAPACITY',
      { occupants: `${formatMessage('QUANTITY_ABOVE_CAPACITY')} (${persons} personnes pour ${capacity} places)` },
      { persons, capacity },
    );
  }
}
