// Concierge services (issue 30, docs/access-control.md « Conciergerie »): a service is an
// extra of the catalogue marked « service de conciergerie » (bread, bike, laundry); a guest's
// order is an extra of the stay for the service's night — so the pricing engine prices it
// and the bill carries it like any extra — with its date and time in concierge_order.
import type { Knex } from 'knex';
import { addDays } from '../../../common/dates';
import { formatMessage } from '../../../common/messages';
import { badRequest, notFound } from '../../http/errors';
import { entityMeta } from '../../rest/entities';
import { deleteRecord, lockRecord, saveRecord } from '../../rest/write';
import { pricingBatch } from '../stays/pricing';
import { RELEASING } from '../stays/status';

type Db = Knex | Knex.Transaction;

export interface NewOrder {
  occupancyId: number;
  extraId: number;
  quantity: number;
  serviceDate: string;
  serviceTime: string;
  note?: string | null;
}

export interface ConciergeOrder {
  id: number;
  occupancyId: number;
  bookingId: number;
  extraId: number;
  service: string;
  quantity: number;
  serviceDate: string;
  serviceTime: string;
  note: string | null;
  guest: string;
  placeCode: string | null;
}

/** Orders the service for the guest: one transaction, the stay priced again once. Answers the order's id. */
export async function orderService(knex: Knex, o: NewOrder, userId: number | null): Promise<number> {
  return knex.transaction(async (trx) => {
    const occ = await lockRecord(trx, entityMeta('occupancy'), o.occupancyId, undefined);
    if (occ.isCancelled) throw badRequest('VALIDATION_FAILED', { occupancyId: formatMessage('NOT_AUTHORISED') });
    const extra = await trx('extra').where('id', o.extraId).first('isConcierge', 'isActive');
    if (!extra?.isConcierge || !extra.isActive)
      throw badRequest('CONCIERGE_NOT_SERVICE', { extraId: formatMessage('CONCIERGE_NOT_SERVICE') });
    // a night of the stay: the engine prices an extra for nights
    if (o.serviceDate < occ.startDate || o.serviceDate >= occ.endDate)
      throw badRequest('CONCIERGE_OUTSIDE_STAY', { serviceDate: formatMessage('CONCIERGE_OUTSIDE_STAY') });
    const saved = await pricingBatch(trx, () =>
      saveRecord(
        trx,
        entityMeta('occupancy-extra'),
        {
          occupancyId: o.occupancyId,
          extraId: o.extraId,
          quantity: o.quantity,
          startDate: o.serviceDate,
          endDate: addDays(o.serviceDate, 1),
        },
        userId,
        0,
      ),
    );
    const [row] = await trx('concierge_order')
      .insert({
        occupancyExtraId: (saved as { id: number }).id,
        serviceDate: o.serviceDate,
        serviceTime: o.serviceTime,
        note: o.note?.trim() || null,
      })
      .returning('id');
    return row.id as number;
  });
}

/** Cancels an order: its extra goes (the stay priced again), the order with it. */
export async function cancelOrder(knex: Knex, id: number, userId: number | null): Promise<void> {
  await knex.transaction(async (trx) => {
    const row = await trx('concierge_order').where('id', id).forUpdate().first('occupancyExtraId');
    if (!row) throw notFound();
    await pricingBatch(trx, () => deleteRecord(trx, entityMeta('occupancy-extra'), row.occupancyExtraId, userId));
  });
}

export interface OrderFilter {
  date?: string;
  bookingId?: number;
}

/** Orders of a day (the provider's list, by time) or of a stay; stays cancelled are left out. */
export async function listOrders(db: Db, f: OrderFilter): Promise<ConciergeOrder[]> {
  const q = db('concierge_order as co')
    .join('occupancy_extra as oe', 'oe.id', 'co.occupancyExtraId')
    .join('extra as e', 'e.id', 'oe.extraId')
    .join('occupancy as o', 'o.id', 'oe.occupancyId')
    .join('booking as b', 'b.id', 'o.bookingId')
    .leftJoin('customer as cu', 'cu.id', 'b.customerId')
    .leftJoin('place as p', 'p.id', 'o.placeId')
    .where('o.isCancelled', false)
    .whereNotIn('b.statusId', [...RELEASING])
    .orderBy('co.serviceDate')
    .orderBy('co.serviceTime')
    .orderBy('p.code')
    .select(
      'co.id',
      'oe.occupancyId',
      'o.bookingId',
      'oe.extraId',
      'e.label as service',
      'oe.quantity',
      'co.serviceDate',
      'co.serviceTime',
      'co.note',
      'p.code as placeCode',
      db.raw("trim(coalesce(cu.last_name, '') || ' ' || coalesce(cu.first_name, '')) as guest"),
    );
  if (f.date) q.where('co.serviceDate', f.date);
  if (f.bookingId) q.where('o.bookingId', f.bookingId);
  return (await q).map((r: Record<string, unknown>) => ({
    ...(r as unknown as ConciergeOrder),
    serviceDate: String(r.serviceDate),
    serviceTime: String(r.serviceTime).slice(0, 5),
    guest: (r.guest as string) || '—',
    note: (r.note as string | null) ?? null,
  }));
}

/** The services guests can order: active extras marked concierge. */
export async function conciergeServices(db: Db): Promise<{ id: number; label: string; price: number; unit: string }[]> {
  return db('extra')
    .where({ isConcierge: true, isActive: true })
    .orderBy('order')
    .orderBy('label')
    .select('id', 'label', 'price', 'unit');
}
