// The wizard's last step: the draft saved as a quote, an option or a booking, or
// merged into an existing booking. The total is the server's (the stay is priced again).
import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { isValidDate } from '../../../common/formats';
import { formatDateFr } from '../../../common/dates';
import { createBooking, mergeBookings, runAction } from '../stays/actions';
import { bookingSummary } from '../stays/routes';
import { lockDraft, optInt } from './wizard';
import type {
  OccupancyAnimalRecord,
  OccupancyDetailRecord,
  OccupancyExtraRecord,
  OccupancyVehicleRecord,
} from '../../../common/generated/types';

export interface FinalizeBody {
  kind: 'quote' | 'option' | 'booking';
  optionExpiryDate?: string | null;
  /** add the wizard's occupancy to this existing booking instead */
  intoBookingId?: number | null;
}

/** The last step's choices; a total sent by an older screen is ignored (the server prices). */
export function parseFinalize(body: unknown): FinalizeBody {
  const b = (body ?? {}) as Record<string, unknown>;
  const intoBookingId = optInt(b.intoBookingId);
  if (!intoBookingId && !['quote', 'option', 'booking'].includes(b.kind as string))
    throw badRequest('SELECT_STATUS', { kind: formatMessage('SELECT_STATUS') });
  if (b.optionExpiryDate != null && (typeof b.optionExpiryDate !== 'string' || !isValidDate(b.optionExpiryDate)))
    throw badRequest('VALIDATION_FAILED', { optionExpiryDate: formatMessage('INVALID_DATE') });
  // The checks above let only these through (an unknown kind only with intoBookingId, which ignores it).
  return {
    kind: b.kind as FinalizeBody['kind'],
    optionExpiryDate: (b.optionExpiryDate as string | null | undefined) ?? null,
    intoBookingId,
  };
}

/** A new quote with the content of a draft (a holding booking cannot become a quote). */
async function copyAsQuote(trx: Knex.Transaction, id: number, userId: number | null): Promise<number> {
  const s = await bookingSummary(trx, id);
  const b = s.booking;
  if (!b.customerId)
    throw badRequest('CUSTOMER_NOT_INITIALISED', { customerId: formatMessage('CUSTOMER_NOT_INITIALISED') });
  const quote = await createBooking(
    trx,
    {
      kind: 'quote',
      customerId: b.customerId,
      partnerId: b.partnerId,
      accessChannelId: b.accessChannelId,
      notes: b.notes,
      promoCode: b.promoCode,
      discountIds: b.discountIds,
      withCancellationInsurance: b.withCancellationInsurance,
      occupancies: s.occupancies
        .filter((o) => !o.isCancelled)
        .map((o) => ({
          placeId: o.placeId,
          equipmentId: o.equipmentId,
          startDate: o.startDate,
          endDate: o.endDate,
          notes: o.notes,
          priceOverrides: o.priceOverrides,
          // The summary reads every column of the occupancy's rows.
          details: (o.details as OccupancyDetailRecord[]).map((d) => ({
            ageCategoryId: d.ageCategoryId,
            quantity: d.quantity,
            exemptQuantity: d.exemptQuantity,
            touristTaxExemptionId: d.touristTaxExemptionId,
          })),
          animals: (o.animals as OccupancyAnimalRecord[]).map((a) => ({
            animalTypeId: a.animalTypeId,
            quantity: a.quantity,
            customerAnimalId: a.customerAnimalId ?? null,
          })),
          vehicles: (o.vehicles as OccupancyVehicleRecord[]).map((v) => ({
            vehicleTypeId: v.vehicleTypeId,
            licencePlate: v.licencePlate,
            customerVehicleId: v.customerVehicleId ?? null,
          })),
          extras: (o.extras as OccupancyExtraRecord[]).map((x) => ({
            extraId: x.extraId,
            quantity: x.quantity,
            startDate: x.startDate,
            endDate: x.endDate,
          })),
        })),
    },
    userId,
    trx,
  );
  await runAction(trx, id, 'abandon', {}, userId);
  return quote.id;
}

/**
 * The wizard's last step, in ONE transaction: the temporary booking becomes a booking or
 * an option (convert, then confirm: customer and place required), or a quote (a new
 * quote with the same content, the temporary one abandoned), or its occupancy joins an
 * existing booking (merge). The price is the one the server stored with the last draft.
 */
export async function finalizeDraft(knex: Knex, id: number, f: FinalizeBody, userId: number | null) {
  const savedId = await knex.transaction(async (trx) => {
    await lockDraft(trx, id);
    if (f.intoBookingId) {
      if (!(await trx('booking').where('id', f.intoBookingId).first('id')))
        throw badRequest('NOT_FOUND', { intoBookingId: formatMessage('NOT_FOUND') });
      return (await mergeBookings(trx, f.intoBookingId, id, userId)).id as number;
    }
    if (f.kind === 'quote') return copyAsQuote(trx, id, userId);
    // The draft is a booking until now: its history says the stay was made an option, not « converted ».
    if (f.kind === 'option') {
      await runAction(trx, id, 'convert', { kind: 'option', date: f.optionExpiryDate ?? null }, userId, {
        detail: (d) => `Posée en option jusqu'au ${formatDateFr(String(d.patch.optionExpiryDate))}`,
      });
    }
    await runAction(trx, id, 'confirm', {}, userId);
    return id;
  });
  return bookingSummary(knex, savedId);
}
