// The rules of special offers and their steps on every write path.
import { registerHooks } from '../../rest/entities';
import { isMessageCode, type MessageCode } from '../../../common/messages';
import { keepSingleDefault } from '../reference/rules';
import { toSpecialOffer } from './mapping';
import { SpecialOfferType } from './types';
import { validateSpecialOffer } from './validate';
import { refuseMany, checkIds, refuse } from './rule-support';

// ---------------------------------------------------------------------------

export function registerOfferRules(): void {
  registerHooks('special-offer', {
    async beforeSave(rec, _existing, { trx }) {
      // A draft carries no id (system field): the engine's checks read 0.
      const offer = toSpecialOffer({ ...rec, id: 0 });
      const errors: Record<string, MessageCode> = {};
      for (const issue of validateSpecialOffer(offer)) {
        const field = issue.field.split('.')[0];
        if (isMessageCode(issue.code)) errors[field] ??= issue.code;
      }
      const required = (field: keyof typeof rec & string) => {
        if (rec[field] == null) errors[field] ??= 'REQUIRED';
      };
      switch (rec.type) {
        case SpecialOfferType.LESS_AMOUNT:
          if (!rec.steps?.length) required('amount');
          break;
        case SpecialOfferType.LESS_PERCENT:
        case SpecialOfferType.PRICE_STRIKEOUT:
          if (!rec.steps?.length) required('rate');
          break;
        case SpecialOfferType.LAST_MINUTE:
          if (!rec.steps?.length) required('rate');
          required('lastMinuteDays');
          break;
        case SpecialOfferType.X_EQUALS_Y:
          required('stayNights');
          required('paidNights');
          if (rec.stayNights != null && rec.paidNights != null && rec.paidNights >= rec.stayNights)
            errors.paidNights ??= 'INCORRECT_FORM';
          break;
        case SpecialOfferType.INCLUDED_SERVICE:
          if (!rec.appliedOptionIds?.length) errors.appliedOptionIds ??= 'REQUIRED';
          break;
      }
      if (Object.keys(errors).length) throw refuseMany(errors);
      await checkIds(trx, rec, 'priceGridIds', 'price_grid');
      await checkIds(trx, rec, 'placeTypeIds', 'place_type');
      await checkIds(trx, rec, 'channelIds', 'access_channel');
      if (rec.appliedOptionIds?.length) {
        const grids: number[] = rec.priceGridIds ?? [];
        const found = await trx('price_grid_option')
          .whereIn('id', rec.appliedOptionIds)
          .whereIn('priceGridId', grids)
          .select('id');
        if (found.length !== rec.appliedOptionIds.length) throw refuse('OPTION_NOT_IN_OFFER_GRIDS', 'appliedOptionIds');
      }
      if (typeof rec.promoCode === 'string') rec.promoCode = rec.promoCode.trim().toUpperCase() || null;
    },
  });

  registerHooks('last-minute-offer', {
    async beforeSave(rec, _existing, { trx }) {
      if (rec.minNights != null && rec.maxNights != null && rec.maxNights < rec.minNights)
        throw refuse('INCORRECT_FORM', 'maxNights');
      await checkIds(trx, rec, 'priceGridIds', 'price_grid');
      await checkIds(trx, rec, 'placeTypeIds', 'place_type');
      await checkIds(trx, rec, 'channelIds', 'access_channel');
    },
  });

  registerHooks('booking-fee', {
    async beforeSave(rec, _existing, { trx }) {
      await checkIds(trx, rec, 'priceGridIds', 'price_grid');
      await checkIds(trx, rec, 'channelIds', 'access_channel');
    },
  });

  registerHooks('cancellation-insurance', {
    beforeSave(rec) {
      if (rec.rate == null && rec.fixedAmount == null) throw refuse('INSURANCE_RATE_OR_AMOUNT', 'rate');
    },
  });
  keepSingleDefault('cancellation-insurance', ['isDefault']);

  registerHooks('tourist-tax-tariff', {
    async beforeSave(rec, existing, { trx }) {
      // One tariff per classification on any night (the database's exclusion constraint repeats it).
      await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`tourist_tax_tariff:${rec.classification}`]);
      const q = trx('tourist_tax_tariff')
        .where('classification', rec.classification)
        .where((w) => w.whereNull('endDate').orWhere('endDate', '>', rec.startDate));
      if (rec.endDate != null) q.where('startDate', '<', rec.endDate);
      if (existing) q.whereNot('id', existing.id);
      const clash = await q.first('startDate', 'endDate');
      if (clash)
        throw refuse(
          clash.startDate === rec.startDate && (clash.endDate ?? null) === (rec.endDate ?? null)
            ? 'TAX_PRICE_EXISTS'
            : 'OVERLAPPING_PERIODS',
          'startDate',
        );
    },
  });
}
