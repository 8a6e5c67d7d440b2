// One booking received from a channel, pulled or pushed (docs/channels.md « The import
// queue »): one online booking per channel and channel booking id (unique index of
// migration 0161; concurrent receipts of the same booking queue on its row lock), so the
// same booking pulled twice, or pushed by webhook and pulled, is one stay. A change older
// than the one applied is ignored. Then, unless something needs a person (an unmapped
// room type, age category or currency, a taken place), the stay follows: integrated,
// modified or cancelled in the same transaction.
import type { Knex } from 'knex';
import { STATUS } from '../stays/status';
import { lockImport } from '../stays/imports';
import { recordHistory } from '../../rest/history';
import { entityMeta } from '../../rest/entities';
import { formatMessage } from '../../../common/messages';
import { mappingsOf, type ChannelConfig, type Mapping } from './config';
import type { ChannelBooking, Outcome } from './types';
import type { BookingImportRecord } from '../../../common/generated/types';
import { cancelFromChannel, integrateFromChannel, modifyFromChannel } from './stay-changes';

/** The place type and place a channel booking asks for, or the §8 (docs/errors.md#messages)-style reason it cannot be
 * placed. */
export function placeOf(
  maps: Pick<Mapping, 'kind' | 'externalCode' | 'placeTypeId' | 'placeId'>[],
  b: Pick<ChannelBooking, 'roomType' | 'unit' | 'currency' | 'children' | 'infants'>,
): { placeTypeId: number | null; placeId: number | null; problem: string | null } {
  const unit = b.unit ? maps.find((m) => m.kind === 'place-feed' && m.externalCode === b.unit) : undefined;
  const type = b.roomType ? maps.find((m) => m.kind === 'place-type' && m.externalCode === b.roomType) : undefined;
  const placeTypeId = type?.placeTypeId ?? null;
  let problem: string | null = null;
  if (b.currency.toUpperCase() !== 'EUR') problem = formatMessage('CHANNEL_CURRENCY', { currency: b.currency });
  else if (placeTypeId == null && unit?.placeId == null)
    problem = formatMessage('CHANNEL_ROOM_TYPE_NOT_MAPPED', { code: b.roomType ?? '—' });
  return { placeTypeId, placeId: unit?.placeId ?? null, problem };
}

async function countryId(trx: Knex.Transaction, iso: string | null | undefined): Promise<number | null> {
  if (!iso || !/^[A-Za-z]{2}$/.test(iso)) return null;
  return (await trx('country').where('isoCode', iso.toUpperCase()).first('id'))?.id ?? null;
}

/**
 * §8 (docs/errors.md#messages) « partner channel not mapped to a manager »: a channel that takes a commission (or
 * names a partner) must be mapped to an existing manager/partner, else its commission has
 * no partner bill to go to; the booking waits in the queue with that reason.
 */
export async function partnerProblem(db: Knex | Knex.Transaction, ch: ChannelConfig): Promise<string | null> {
  if (ch.partnerId == null) return ch.commissionRate != null ? formatMessage('PARTNER_CHANNEL_NOT_MAPPED') : null;
  const found = await db('partner').where('id', ch.partnerId).first('id');
  return found ? null : formatMessage('PARTNER_CHANNEL_NOT_MAPPED');
}

const newer = (a: string | null, than: string | Date | null) => !than || !a || Date.parse(a) > new Date(than).getTime();

export async function receiveBooking(
  knex: Knex,
  ch: ChannelConfig,
  b: ChannelBooking,
): Promise<{ id: number; outcome: Outcome }> {
  const maps = await mappingsOf(knex, ch.id);
  return knex.transaction(async (trx) => {
    await trx.raw(
      `INSERT INTO booking_import (channel_module_id, external_ref, access_channel_id, last_name, start_date, end_date)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (channel_module_id, external_ref) WHERE channel_module_id IS NOT NULL DO NOTHING`,
      [ch.id, b.externalRef, ch.accessChannelId, b.guest.lastName, b.startDate, b.endDate],
    );
    const { id } = await trx('booking_import')
      .where({ channelModuleId: ch.id, externalRef: b.externalRef })
      .first('id');
    // lockImport reads every column of the online booking.
    const before = (await lockImport(trx, id)) as BookingImportRecord;
    const fresh = before.channelModifiedAt == null && before.payload == null;
    const cancelled = b.status === 'cancelled';
    if (!fresh && !newer(b.modifiedAt, before.channelModifiedAt) && cancelled === before.channelCancelled)
      return { id, outcome: 'unchanged' as Outcome };
    const place = placeOf(maps, b);
    if (!place.problem) place.problem = await partnerProblem(trx, ch);
    const patch: Record<string, unknown> = {
      lastName: b.guest.lastName.slice(0, 80),
      firstName: b.guest.firstName?.slice(0, 80) ?? null,
      email: b.guest.email ?? null,
      phone: b.guest.phone?.slice(0, 25) ?? null,
      address1: b.guest.address1?.slice(0, 120) ?? null,
      postalCode: b.guest.postalCode?.slice(0, 10) ?? null,
      town: b.guest.town?.slice(0, 80) ?? null,
      countryId: await countryId(trx, b.guest.countryIso),
      accessChannelId: ch.accessChannelId,
      placeTypeId: place.placeTypeId,
      placeId: place.placeId,
      externalRoomType: b.roomType,
      startDate: b.startDate,
      endDate: b.endDate,
      adults: b.adults,
      children: b.children,
      babies: b.infants,
      childAges: JSON.stringify(b.childAges),
      animals: b.animals,
      amount: b.collected,
      channelTotal: b.total,
      commissionAmount: b.commission,
      lines: JSON.stringify(b.lines),
      payload: JSON.stringify(b.raw ?? {}),
      channelModifiedAt: b.modifiedAt ?? new Date().toISOString(),
      channelCancelled: cancelled,
      problem: place.problem,
      updatedAt: trx.fn.now(),
    };
    await trx('booking_import').where('id', id).update(patch);
    const row = (await lockImport(trx, id)) as BookingImportRecord;
    await recordHistory(trx, {
      userId: null,
      entity: entityMeta('booking-import'),
      recordId: id,
      action: fresh ? 'create' : 'update',
      before: fresh ? undefined : before,
      after: row,
      detail: `${fresh ? 'Reçue' : cancelled ? 'Annulée' : 'Modifiée'} par le canal ${ch.label}`,
    });
    let outcome: Outcome;
    if (cancelled) outcome = await cancelFromChannel(trx, row, b.cancellationReason ?? null);
    else if (row.bookingId != null) outcome = await modifyFromChannel(trx, ch, before, row);
    else if (place.problem) outcome = 'problem';
    else if (!ch.autoIntegrate) outcome = 'queued';
    else outcome = await integrateFromChannel(trx, row);
    return { id, outcome };
  });
}

/** Online bookings of a channel still waiting for someone (the health screen's count). */
export function waitingImports(knex: Knex, moduleId: number): Knex.QueryBuilder {
  return knex('booking_import')
    .where('channelModuleId', moduleId)
    .whereIn('statusId', [STATUS.TO_INTEGRATE, STATUS.ACCEPTED]);
}
