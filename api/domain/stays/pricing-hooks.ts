// The stored price follows every write of a priced input on the generic path
// (/rest/booking, /rest/occupancy and its occupants, animals, vehicles, extras), in the
// write's transaction; and the checks of what the price is made of (manual prices, tourist
// tax exemptions). Registered after the stays rules (hooks.ts), so they run last.
import type { Knex } from 'knex';
import { entityMeta, registerHooks, type DraftOf } from '../../rest/entities';
import type { OccupancyRecord } from '../../../common/generated/types/index';
import { recordHistory } from '../../rest/history';
import { formatCents } from '../../../common/money';
import { registerConstraintMessage } from '../../db/errors';
import { badRequest } from '../../http/errors';
import { formatMessage, type MessageCode } from '../../../common/messages';
import { pricedInputsChanged } from './pricing';

type PriceOverride = OccupancyRecord['priceOverrides'][number];

const refuse = (code: MessageCode, field: string) => badRequest(code, { [field]: formatMessage(code) });
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Booking fields the price depends on. */
export const PRICED_BOOKING_FIELDS = [
  'partnerId',
  'accessChannelId',
  'promoCode',
  'discountIds',
  'withCancellationInsurance',
] as const;
/** Occupancy fields the price depends on (its occupants, animals, vehicles and extras are rows of their own). */
export const PRICED_OCCUPANCY_FIELDS = ['placeId', 'placeTypeId', 'startDate', 'endDate', 'priceOverrides'] as const;

const PRICED_CHILDREN = ['occupancy-detail', 'occupancy-animal', 'occupancy-vehicle', 'occupancy-extra'] as const;

async function occupancyChanged(trx: Knex.Transaction, occupancyId: number): Promise<void> {
  const o = await trx('occupancy').where('id', occupancyId).first('bookingId', 'isCancelled');
  if (o && !o.isCancelled) await pricedInputsChanged(trx, o.bookingId, [occupancyId]);
}

/** The booking's history line for a change of manual prices. */
export function overridesDetail(overrides: readonly PriceOverride[] | null | undefined): string {
  const list = overrides ?? [];
  if (!list.length) return 'Prix manuel retiré : prix de la grille';
  const parts: string[] = [];
  const stay = list.find((o) => o.priceGridOptionId == null);
  if (stay) parts.push(`hébergement ${formatCents(stay.unitPrice)} par nuit`);
  const options = list.filter((o) => o.priceGridOptionId != null);
  if (options.length) parts.push(`${options.length} option${options.length > 1 ? 's' : ''}`);
  return `Prix modifié manuellement : ${parts.join(', ')}`;
}

/** One manual price per item: the accommodation (priceGridOptionId null) or a grid option. */
export function checkOverrides(overrides: unknown): void {
  if (!Array.isArray(overrides)) return;
  const seen = new Set<number | null>();
  for (const o of overrides as (Partial<PriceOverride> | null)[]) {
    const key = o?.priceGridOptionId ?? null;
    if (seen.has(key)) throw refuse('INCORRECT_FORM', 'priceOverrides');
    seen.add(key);
  }
}

/** Exempt persons are persons of the category, and each exemption has its reason (register). */
export function checkExemption(
  rec: Pick<DraftOf<'occupancy-detail'>, 'exemptQuantity' | 'quantity' | 'touristTaxExemptionId'>,
): void {
  const exempt = rec.exemptQuantity ?? 0;
  if (exempt > (rec.quantity ?? 0)) throw refuse('EXEMPTIONS_ABOVE_OCCUPANTS', 'exemptQuantity');
  if (exempt > 0 && rec.touristTaxExemptionId == null)
    throw refuse('EXEMPTION_REASON_REQUIRED', 'touristTaxExemptionId');
  if (exempt === 0) rec.touristTaxExemptionId = null;
}

export function registerPricingHooks(): void {
  registerConstraintMessage('ck_occupancy_detail__exempt_within_quantity', 'EXEMPTIONS_ABOVE_OCCUPANTS');
  registerConstraintMessage('ck_occupancy_detail__exemption_reason', 'EXEMPTION_REASON_REQUIRED');

  registerHooks('booking', {
    async afterSave(saved, existing, { trx }) {
      if (existing && PRICED_BOOKING_FIELDS.some((f) => !same(existing[f], saved[f])))
        await pricedInputsChanged(trx, saved.id, 'all');
    },
  });

  registerHooks('occupancy', {
    beforeSave(rec) {
      checkOverrides(rec.priceOverrides);
    },
    async afterSave(saved, existing, { trx, userId }) {
      if (saved.isCancelled) return;
      if (existing && !same(existing.priceOverrides, saved.priceOverrides)) {
        await recordHistory(trx, {
          userId,
          entity: entityMeta('booking'),
          recordId: saved.bookingId,
          action: 'action',
          detail: overridesDetail(saved.priceOverrides),
        });
      }
      const moved = !!existing && existing.bookingId !== saved.bookingId;
      if (!existing || moved || PRICED_OCCUPANCY_FIELDS.some((f) => !same(existing[f], saved[f]))) {
        await pricedInputsChanged(trx, saved.bookingId, [saved.id]);
      }
      if (moved) await pricedInputsChanged(trx, existing.bookingId, []);
    },
    async afterDelete(existing, { trx }) {
      await pricedInputsChanged(trx, existing.bookingId, []);
    },
  });

  for (const child of PRICED_CHILDREN) {
    registerHooks(child, {
      beforeSave(rec) {
        if (child === 'occupancy-detail') checkExemption(rec as DraftOf<'occupancy-detail'>);
      },
      async afterSave(saved, existing, { trx }) {
        await occupancyChanged(trx, saved.occupancyId);
        if (existing && existing.occupancyId !== saved.occupancyId) await occupancyChanged(trx, existing.occupancyId);
      },
      async afterDelete(existing, { trx }) {
        await occupancyChanged(trx, existing.occupancyId);
      },
    });
  }
}
