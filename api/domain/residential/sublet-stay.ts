// A sublet through the campsite, once reserved, is a stay on the planning board: on the
// resident's place for the sublet's nights (the stays module lets a night stay there only
// because the sublet covers them), for its occupant, sold at the resident's price. The
// stay's price is two lines: the campsite's commission (its own sale, at the place's VAT
// rate) and the resident's share, collected in the resident's name and paid back on their
// next rent receipt (line 24, negative), so outside VAT on both sides. The tourist tax of
// the occupants is added as for any stay (channelStoredPrice keeps the grid's tax lines).
// Rules: docs/residential.md « Sublets ».
import type { Knex } from 'knex';
import { todayParis } from '../../../common/dates';
import { formatMessage, type MessageCode } from '../../../common/messages';
import { badRequest } from '../../http/errors';
import { entityMeta } from '../../rest/entities';
import { saveRecord } from '../../rest/records';
import { BillLineType } from '../pricing/types';
import { createBooking } from '../stays/actions';
import { applyChannelPrice, DEFAULT_STAY_VAT_BP, type ChannelLine } from '../stays/channel-price';
import { RELEASING } from '../stays/status';
import { subletSplit } from './engine';

type Trx = Knex.Transaction;
type Row = Record<string, unknown>;
const refuse = (code: MessageCode, field: string) => badRequest(code, { [field]: formatMessage(code) });
const fr = (d: string) => d.split('-').reverse().join('/');

/** The commission's VAT rate: the place type's, else the stays' usual 10 %. */
async function placeRate(trx: Trx, placeId: number): Promise<number> {
  const row = await trx('place as p')
    .join('place_type as t', 't.id', 'p.placeTypeId')
    .leftJoin('tva as v', 'v.id', 't.tvaId')
    .where('p.id', placeId)
    .first('v.rate');
  return (row?.rate as number | null | undefined) ?? DEFAULT_STAY_VAT_BP;
}

/** The stay's two lines; their sum is the sublet's price (the property the tests check). */
export function subletStayLines(
  s: { price: number; commissionRateBp: number; startDate: string; endDate: string },
  residentName: string,
  vatRateBp: number,
): ChannelLine[] {
  const { commission, residentShare } = subletSplit(s.price, s.commissionRateBp);
  const when = `du ${fr(s.startDate)} au ${fr(s.endDate)}`;
  return [
    {
      kind: 'accommodation',
      label: `Sous-location ${when} : commission du camping`,
      quantity: 1,
      amount: commission,
      vatRateBp,
    },
    {
      kind: 'accommodation',
      label: `Sous-location ${when} : part reversée à ${residentName} (encaissée pour son compte, hors TVA)`,
      quantity: 1,
      amount: residentShare,
      vatRateBp: null,
      lineType: BillLineType.OTHER,
    },
  ].filter((l) => l.amount > 0) as ChannelLine[];
}

/** The occupant's customer: the one the sublet names, else one made from its occupant's name. */
async function occupantCustomer(trx: Trx, sublet: Row, userId: number | null): Promise<number> {
  if (sublet.customerId != null) return sublet.customerId as number;
  const c = await saveRecord(trx, entityMeta('customer'), { lastName: sublet.occupantName }, userId, 0);
  return c.id as number;
}

/** The sublet's persons on the adults' age category (the oldest active one). */
async function details(trx: Trx, persons: number): Promise<{ ageCategoryId: number; quantity: number }[]> {
  const cat = await trx('age_category')
    .where('isActif', true)
    .orderBy([{ column: 'minAge', order: 'desc' }, { column: 'id' }])
    .first('id');
  return cat ? [{ ageCategoryId: cat.id as number, quantity: persons }] : [];
}

/** The stays holding `placeId` on some night of [startDate, endDate). */
function heldStays(trx: Trx, placeId: number, startDate: string, endDate: string) {
  return trx('occupancy as o')
    .join('booking as b', 'b.id', 'o.bookingId')
    .where({ 'o.placeId': placeId, 'o.isCancelled': false })
    .whereNotIn('b.statusId', RELEASING)
    .where('o.startDate', '<', endDate)
    .where('o.endDate', '>', startDate)
    .select<{ bookingId: number; customerId: number; startDate: string; endDate: string }[]>(
      'o.bookingId',
      'b.customerId',
      'o.startDate',
      'o.endDate',
    );
}

/**
 * Creates the stay of a reserved sublet through the campsite that has none yet, inside the
 * caller's transaction, and links it (`sublet.bookingId`). The sublet row is locked first:
 * two saves of the same sublet at once make one stay.
 */
export async function createSubletStay(trx: Trx, subletId: number, userId: number | null): Promise<number | null> {
  const s = await trx('sublet').where('id', subletId).forUpdate().first();
  if (!s || s.mode !== 'campsite' || s.statusId !== 2 || s.bookingId != null) return s?.bookingId ?? null;
  const aff = await trx('place_affectation as a')
    .join('customer as c', 'c.id', 'a.customerId')
    .where('a.id', s.placeAffectationId)
    .first(
      'a.placeId',
      trx.raw(`trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')) AS "residentName"`),
    );
  const lines = subletStayLines(s, aff.residentName, await placeRate(trx, aff.placeId));
  // A stay the desk already sold on the sublet's nights (a planned sublet frees them) is its stay.
  const held = await heldStays(trx, aff.placeId, s.startDate, s.endDate);
  if (held.length === 1 && held[0].startDate === s.startDate && held[0].endDate === s.endDate) {
    await applyChannelPrice(trx, held[0].bookingId, lines, todayParis(), 'SUBLET_PRICE_KEPT');
    await trx('sublet').where('id', s.id).update({ bookingId: held[0].bookingId, customerId: held[0].customerId });
    return held[0].bookingId;
  }
  const customerId = await occupantCustomer(trx, s, userId);
  const booking = await createBooking(
    trx as unknown as Knex,
    {
      kind: 'booking',
      customerId,
      notes: `Sous-location du mobil-home de ${aff.residentName} par le camping`,
      occupancies: [
        { placeId: aff.placeId, startDate: s.startDate, endDate: s.endDate, details: await details(trx, s.persons) },
      ],
    },
    userId,
    trx,
  );
  await applyChannelPrice(trx, booking.id, lines, todayParis(), 'SUBLET_PRICE_KEPT');
  await trx('sublet').where('id', s.id).update({ bookingId: booking.id, customerId });
  return booking.id as number;
}

/**
 * A reserved sublet whose stay still holds the place cannot be cancelled: the stay is
 * cancelled first (with its own rules: cancellation bill, refunds), then the sublet.
 */
export async function assertSubletStayReleased(trx: Trx, sublet: Row): Promise<void> {
  if (sublet.bookingId == null) return;
  const b = await trx('booking').where('id', sublet.bookingId).first('statusId');
  if (b && !RELEASING.includes(b.statusId as number)) throw refuse('SUBLET_ALLOTMENT_LOCKED', 'statusId');
}
