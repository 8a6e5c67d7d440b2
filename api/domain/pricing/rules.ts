// Rules of the pricing entities that no schema expresses, attached to the generic
// write path: the engine's own checks (validatePriceGrid, validateSpecialOffer) on the
// grid as it would stand after the change, the references held in id lists, and a new
// history version of the grid on every saved change. The database repeats the
// essential ones (migration 0011_pricing_guarantees): it has the last word.
import { independent } from '../../db/queries';
import type { Knex } from 'knex';
import { registerHooks, type WriteContext } from '../../rest/entities';
import { registerConstraintMessage } from '../../db/errors';
import { badRequest } from '../../http/errors';
import { formatMessage, isMessageCode, type MessageCode } from '../../../common/messages';
import { keepSingleDefault } from '../reference/rules';
import { writeGridVersion } from './grid-history';
import { registerMinorsRule } from './minors-rule';
import { toOption, toPeriod, toPriceGrid, toSpecialOffer } from './mapping';
import { SpecialOfferType } from './types';
import { validatePriceGrid, validateSlices, validateSpecialOffer } from './validate';

type Row = Record<string, any>;

const refuse = (code: MessageCode, field: string) => badRequest(code, { [field]: formatMessage(code) });
const refuseMany = (errors: Record<string, MessageCode>) =>
  badRequest(
    Object.values(errors)[0],
    Object.fromEntries(Object.entries(errors).map(([k, c]) => [k, formatMessage(c)])),
  );

/** Fields a save may change without it being a change of the grid (timestamps). */
const IGNORED = new Set(['createdAt', 'updatedAt', 'version', 'historyVersion']);
function changed(before: Row | null, after: Row): boolean {
  if (!before) return true;
  return Object.keys(after).some(
    (k) => !IGNORED.has(k) && JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null),
  );
}

async function lockGrid(trx: Knex.Transaction, gridId: number): Promise<Row> {
  const grid = await trx('price_grid').where('id', gridId).forUpdate().first();
  // An unknown grid is left to the foreign key (REFERENCE_NOT_FOUND).
  return grid ?? null;
}

function refuseMove(rec: Row, existing: Row | null): void {
  if (existing && existing.priceGridId !== rec.priceGridId) throw refuse('PRICE_GRID_CANNOT_MOVE', 'priceGridId');
}

/** Every id of a list field must name an existing row of `table`. */
async function checkIds(
  trx: Knex.Transaction,
  rec: Row,
  field: string,
  table: string,
  where?: (q: Knex.QueryBuilder) => void,
): Promise<void> {
  const list: number[] = Array.isArray(rec[field]) ? rec[field] : [];
  if (!list.length) return;
  const q = trx(table).whereIn('id', list);
  where?.(q);
  const found = new Set((await q.select('id')).map((r: Row) => r.id));
  if (list.some((x) => !found.has(x))) throw refuse('REFERENCE_NOT_FOUND', field);
}

async function bump(ctx: WriteContext, gridId: number, change: string, exclude = {}): Promise<number> {
  return writeGridVersion(ctx.trx, gridId, { userId: ctx.userId, change, exclude });
}

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
      const others = await trx('price_grid_period')
        .where('priceGridId', rec.priceGridId)
        .modify((q) => (existing ? q.whereNot('id', existing.id) : q))
        .orderBy([{ column: 'startDate' }, { column: 'id' }]);
      const candidate = toPeriod({ ...rec, id: existing?.id ?? 0 });
      const engineGrid = toPriceGrid({ grid, periods: [], options: [], prices: [] });
      engineGrid.periods = [...others.map(toPeriod), candidate];
      const mine = `periods.${others.length}`;
      const errors: Record<string, MessageCode> = {};
      // The same dates again: that period already exists (§8), more than an overlap.
      if (others.some((o: any) => o.startDate === rec.startDate && o.endDate === rec.endDate))
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
      const items = ['ageCategoryId', 'extraId', 'animalTypeId', 'vehicleTypeId'].filter((f) => rec[f] != null);
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
      const others = await trx('price_grid_option')
        .where('priceGridId', rec.priceGridId)
        .modify((q) => (existing ? q.whereNot('id', existing.id) : q));
      const engineGrid = toPriceGrid({ grid, periods: [], options: [], prices: [] });
      engineGrid.options = [
        ...others.map((o: Row) => toOption(o, [])),
        toOption({ ...rec, id: existing?.id ?? 0 }, []),
      ];
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

/** Slices start at night 1, follow each other without gap or overlap; only the last is open. */
export function checkSlices(slices: unknown): void {
  if (Array.isArray(slices) && !validateSlices(slices)) throw refuse('SLICES_INVALID', 'slices');
}

// ---------------------------------------------------------------------------

function registerOfferRules(): void {
  registerHooks('special-offer', {
    async beforeSave(rec, _existing, { trx }) {
      const offer = toSpecialOffer({ ...rec, id: rec.id ?? 0 });
      const errors: Record<string, MessageCode> = {};
      for (const issue of validateSpecialOffer(offer)) {
        const field = issue.field.split('.')[0];
        if (isMessageCode(issue.code)) errors[field] ??= issue.code;
      }
      const required = (field: string) => {
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
