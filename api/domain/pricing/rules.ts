// Rules of the pricing entities that no schema expresses, attached to the generic
// write path: the engine's own checks (validatePriceGrid, validateSpecialOffer) on the
// grid as it would stand after the change, the references held in id lists, and a new
// history version of the grid on every saved change. The database repeats the
// essential ones (migration 0011_pricing_guarantees): it has the last word.
import { independent } from '../../db/queries';
import { registerHooks } from '../../rest/entities';
import { registerConstraintMessage } from '../../db/errors';
import { badRequest } from '../../http/errors';
import { isMessageCode, type MessageCode } from '../../../common/messages';
import { writeGridVersion } from './grid-history';
import { registerMinorsRule } from './minors-rule';
import { toOption, toPeriod, toPriceGrid } from './mapping';
import { validatePriceGrid } from './validate';
import type { PriceGridOptionRecord, PriceGridPeriodRecord } from '../../../common/generated/types';
import { refuse, refuseMany, changed, lockGrid, refuseMove, checkIds, bump, checkSlices } from './rule-support';
import { registerOfferRules } from './offer-rules';
export { checkSlices } from './rule-support';

// ---------------------------------------------------------------------------

function registerGridRules(): void {
  registerHooks('price-grid', {
    async beforeSave(rec, _existing, { trx }) {
      if (rec.tvaId == null && rec.placeTypeId != null) {
        const type = await trx('place_type').where('id', rec.placeTypeId).first('tvaId');
        const fallback = type?.tvaId ?? (await trx('tva').where('isDefault', true).first('id'))?.id ?? null;
        rec.tvaId = fallback;
      }
      await checkIds(trx, rec, 'partnerIds', 'partner');
    },
    async afterSave(saved, existing, ctx) {
      if (!existing) {
        await writeGridVersion(ctx.trx, saved.id, { userId: ctx.userId, change: 'Création de la grille', bump: false });
        return;
      }
      if (!changed(existing, saved)) return;
      saved.historyVersion = await bump(ctx, saved.id, 'Grille modifiée');
    },
    async beforeDelete(existing, { trx }) {
      const used = (table: string) =>
        trx(table)
          .whereRaw('price_grid_ids @> ?::jsonb', [JSON.stringify([existing.id])])
          .first('id');
      if ((await used('special_offer')) || (await used('last_minute_offer')) || (await used('booking_fee')))
        throw badRequest('PRICE_GRID_IN_USE');
    },
  });

  registerHooks('price-grid-period', {
    async beforeSave(rec, existing, { trx }) {
      refuseMove(rec, existing);
      const grid = await lockGrid(trx, rec.priceGridId);
      if (!grid) return;
      const others: PriceGridPeriodRecord[] = await trx('price_grid_period')
        .where('priceGridId', rec.priceGridId)
        .modify((q) => (existing ? q.whereNot('id', existing.id) : q))
        .orderBy([{ column: 'startDate' }, { column: 'id' }]);
      const candidate = toPeriod({ ...rec, id: existing?.id ?? 0 });
      const engineGrid = toPriceGrid({ grid, periods: [], options: [], prices: [] });
      engineGrid.periods = [...others.map(toPeriod), candidate];
      const mine = `periods.${others.length}`;
      const errors: Record<string, MessageCode> = {};
      // The same dates again: that period already exists (§8, docs/errors.md#messages), more than an overlap.
      if (others.some((o) => o.startDate === rec.startDate && o.endDate === rec.endDate))
        throw refuseMany({ startDate: 'PRICE_PERIOD_EXISTS' });
      for (const issue of validatePriceGrid(engineGrid)) {
        if (issue.field !== mine && !issue.field.startsWith(`${mine}.`)) continue;
        if (issue.code === 'OVERLAPPING_PERIODS') errors.startDate = 'OVERLAPPING_PERIODS';
        else if (issue.code === 'INCORRECT_DATES') errors.startDate ??= 'WHOLE_MONTHS_OR_YEARS';
        else if (issue.code === 'START_BEFORE_END') errors.endDate = 'START_BEFORE_END';
        else if (isMessageCode(issue.code)) errors[issue.field.split('.')[2] ?? 'startDate'] ??= issue.code;
      }
      if (Object.keys(errors).length) throw refuseMany(errors);
    },
    async afterSave(saved, existing, ctx) {
      if (!changed(existing, saved)) return;
      await bump(ctx, saved.priceGridId, `${existing ? 'Période modifiée' : 'Période ajoutée'} : ${saved.label}`);
    },
    async beforeDelete(existing, ctx) {
      await bump(ctx, existing.priceGridId, `Période supprimée : ${existing.label}`, { periodId: existing.id });
    },
  });

  registerHooks('price-grid-option', {
    async beforeSave(rec, existing, { trx }) {
      refuseMove(rec, existing);
      const items = (['ageCategoryId', 'extraId', 'animalTypeId', 'vehicleTypeId'] as const).filter(
        (f) => rec[f] != null,
      );
      if (items.length !== 1) throw refuse('OPTION_ITEM_REQUIRED', items[1] ?? 'ageCategoryId');
      if (!rec.label?.trim()) {
        // Named after its item, so that lists and offers show something readable.
        const table = {
          ageCategoryId: 'age_category',
          extraId: 'extra',
          animalTypeId: 'animal_type',
          vehicleTypeId: 'vehicle_type',
        }[items[0]]!;
        rec.label = (await trx(table).where('id', rec[items[0]]).first('label'))?.label?.slice(0, 80) ?? null;
      }
      const grid = await lockGrid(trx, rec.priceGridId);
      if (!grid) return;
      const others: PriceGridOptionRecord[] = await trx('price_grid_option')
        .where('priceGridId', rec.priceGridId)
        .modify((q) => (existing ? q.whereNot('id', existing.id) : q));
      const engineGrid = toPriceGrid({ grid, periods: [], options: [], prices: [] });
      engineGrid.options = [...others.map((o) => toOption(o, [])), toOption({ ...rec, id: existing?.id ?? 0 }, [])];
      const mine = `options.${others.length}`;
      const errors: Record<string, MessageCode> = {};
      for (const issue of validatePriceGrid(engineGrid)) {
        if (issue.field !== mine && !issue.field.startsWith(`${mine}.`)) continue;
        if (issue.code === 'OPTION_ALREADY_IN_GRID') errors[items[0]] = 'OPTION_ALREADY_IN_GRID';
        if (issue.code === 'OPTION_MANDATORY_AND_INCLUDED') errors.includedQuantity = 'OPTION_MANDATORY_AND_INCLUDED';
      }
      if (Object.keys(errors).length) throw refuseMany(errors);
    },
    async afterSave(saved, existing, ctx) {
      if (!changed(existing, saved)) return;
      await bump(
        ctx,
        saved.priceGridId,
        `${existing ? 'Option modifiée' : 'Option ajoutée'} : ${saved.label ?? `option ${saved.id}`}`,
      );
    },
    async beforeDelete(existing, ctx) {
      const used = await ctx
        .trx('special_offer')
        .whereRaw('applied_option_ids @> ?::jsonb', [JSON.stringify([existing.id])])
        .first('id');
      if (used) throw badRequest('OPTION_IN_USE');
      await bump(ctx, existing.priceGridId, `Option supprimée : ${existing.label ?? `option ${existing.id}`}`, {
        optionId: existing.id,
      });
    },
  });

  registerHooks('option-price', {
    async beforeSave(rec, existing, { trx }) {
      const [option, period] = await independent(trx, [
        () => trx('price_grid_option').where('id', rec.priceGridOptionId).first('priceGridId'),
        () => trx('price_grid_period').where('id', rec.priceGridPeriodId).first('priceGridId'),
      ]);
      if (option && period && option.priceGridId !== period.priceGridId)
        throw refuse('OPTION_PERIOD_OTHER_GRID', 'priceGridPeriodId');
      if (existing && option) {
        const before = await trx('price_grid_option').where('id', existing.priceGridOptionId).first('priceGridId');
        if (before && before.priceGridId !== option.priceGridId)
          throw refuse('PRICE_GRID_CANNOT_MOVE', 'priceGridOptionId');
      }
      if (option) await lockGrid(trx, option.priceGridId);
      checkSlices(rec.slices);
    },
    async afterSave(saved, existing, ctx) {
      if (!changed(existing, saved)) return;
      const option = await ctx
        .trx('price_grid_option')
        .where('id', saved.priceGridOptionId)
        .first('priceGridId', 'label');
      await bump(
        ctx,
        option.priceGridId,
        `Prix d'option ${existing ? 'modifié' : 'ajouté'}${option.label ? ` : ${option.label}` : ''}`,
      );
    },
    async beforeDelete(existing, ctx) {
      const option = await ctx
        .trx('price_grid_option')
        .where('id', existing.priceGridOptionId)
        .first('priceGridId', 'label');
      if (option)
        await bump(ctx, option.priceGridId, `Prix d'option supprimé${option.label ? ` : ${option.label}` : ''}`, {
          priceId: existing.id,
        });
    },
  });
}

export function registerPricingRules(): void {
  registerConstraintMessage('ex_price_grid_period__overlap', 'OVERLAPPING_PERIODS');
  registerConstraintMessage('ex_tourist_tax_tariff__overlap', 'OVERLAPPING_PERIODS');
  registerConstraintMessage('ck_price_grid_option__one_item', 'OPTION_ITEM_REQUIRED');
  registerConstraintMessage('ck_price_grid_option__required_included', 'OPTION_MANDATORY_AND_INCLUDED');
  registerConstraintMessage('ck_special_offer__tariff', 'SPECIAL_OFFER_NEEDS_TARIFF');
  for (const item of ['age_category_id', 'extra_id', 'animal_type_id', 'vehicle_type_id']) {
    registerConstraintMessage(`uq_price_grid_option__price_grid_id__${item}`, 'OPTION_ALREADY_IN_GRID');
  }
  registerConstraintMessage('uq_option_price__price_grid_option_id__price_grid_period_id', 'OPTION_PRICE_EXISTS');
  registerGridRules();
  registerOfferRules();
  registerMinorsRule();
}
