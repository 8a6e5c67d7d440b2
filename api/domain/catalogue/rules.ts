// Catalogue rules no schema expresses: a place needs a place type and names only
// its uploaded images (place-images.ts), a place in use cannot be deleted, a place type keeps a history version of
// every change, an extra billed with an equipment stays active, and the place-feature links of a place are
// written as a set.
import type { Knex } from 'knex';
import { entityMeta, registerHooks } from '../../rest/entities';
import { registerConstraintMessage } from '../../db/errors';
import { badRequest, notFound } from '../../http/errors';
import { recordHistory } from '../../rest/history';
import { formatMessage, type MessageCode } from '../../../common/messages';
import { checkPlaceImages, dropPlaceImages, dropUnlistedImages } from './place-images';

const refuse = (code: MessageCode, field?: string) =>
  badRequest(code, field ? { [field]: formatMessage(code) } : undefined);

/** Fields of a place type whose change is a new version (not the bookkeeping ones). */
const VERSIONED_SKIP = new Set(['id', 'createdAt', 'updatedAt', 'version', 'historyVersion']);

function placeTypeData(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([k]) => !VERSIONED_SKIP.has(k)));
}

export function registerCatalogueRules(): void {
  registerConstraintMessage('ck_place__place_type_required', 'PLACE_NEEDS_PLACE_TYPE');

  registerHooks('place', {
    async beforeSave(rec, existing, { trx }) {
      if (rec.placeTypeId == null) throw refuse('PLACE_NEEDS_PLACE_TYPE', 'placeTypeId');
      if (typeof rec.code === 'string') rec.code = rec.code.trim();
      await checkPlaceImages(trx, rec.images, existing as { id: number; images?: unknown } | null);
    },
    afterSave: (saved, existing, { trx }) => dropUnlistedImages(trx, saved, existing),
    afterDelete: (existing, { trx }) => dropPlaceImages(trx, existing.id),
    async beforeDelete(existing, { trx }) {
      // Checked before the cascades (features, unavailabilities) run.
      const used =
        (await trx('occupancy').where('placeId', existing.id).first('id')) ??
        (await trx('partner_allotment').where('placeId', existing.id).first('id'));
      if (used) throw refuse('PLACE_IN_USE');
    },
  });

  // Every saved change of a place type is kept as a numbered version (§2 (docs/screens.md#reference-data), the price
  // grids name a place type and its history version).
  const placeTypeMeta = entityMeta('place-type');
  const historyMeta = entityMeta('place-type-history');
  registerHooks('place-type', {
    async afterSave(saved, existing, { trx, userId }) {
      const data = placeTypeData(saved);
      if (existing && JSON.stringify(placeTypeData(existing)) === JSON.stringify(data)) return;
      const version = existing ? (existing.historyVersion ?? 1) + 1 : 1;
      if (existing) {
        await trx(placeTypeMeta.table).where('id', saved.id).update({ historyVersion: version });
        saved.historyVersion = version;
      }
      const user = userId ? await trx('app_user').where('id', userId).first('name') : null;
      await trx(historyMeta.table).insert({
        placeTypeId: saved.id,
        version,
        code: saved.code,
        label: saved.label,
        data: JSON.stringify(data),
        userName: user?.name ?? null,
      });
    },
  });

  registerHooks('extra', {
    async beforeSave(rec, existing, { trx }) {
      if (!existing || rec.isActive !== false || existing.isActive === false) return;
      if (await trx('equipment').where('extraId', existing.id).first('id'))
        throw refuse('EXTRA_ATTACHED_TO_EQUIPMENT', 'isActive');
    },
  });

  registerHooks('equipment', {
    async beforeSave(rec, existing, { trx }) {
      if (rec.extraId == null || existing?.extraId === rec.extraId) return;
      const extra = await trx('extra').where('id', rec.extraId).first('isActive');
      if (extra && extra.isActive === false) throw refuse('EXTRA_ATTACHED_TO_EQUIPMENT', 'extraId');
    },
  });
}

/** The features of a place, as ids. */
export async function placeFeatureIds(knex: Knex, placeId: number): Promise<number[]> {
  const rows = await knex('place_feature').where('placeId', placeId).distinct('featureId').orderBy('featureId');
  return rows.map((r: { featureId: number }) => r.featureId);
}

/** Replaces the features of a place with the given set (duplicates removed), in one transaction. */
export async function setPlaceFeatures(
  knex: Knex,
  placeId: number,
  featureIds: unknown,
  userId: number | null,
): Promise<number[]> {
  if (!Array.isArray(featureIds) || featureIds.length > 100 || !featureIds.every((x) => Number.isInteger(x) && x > 0)) {
    throw badRequest('VALIDATION_FAILED', { featureIds: formatMessage('INVALID_CHOICE') });
  }
  const wanted = [...new Set(featureIds as number[])].sort((a, b) => a - b);
  return knex.transaction(async (trx) => {
    const place = await trx('place').where('id', placeId).forUpdate().first('id', 'code');
    if (!place) throw notFound();
    const known = (await trx('feature').whereIn('id', wanted).select('id')).map((r: { id: number }) => r.id);
    if (known.length !== wanted.length)
      throw badRequest('VALIDATION_FAILED', { featureIds: formatMessage('REFERENCE_NOT_FOUND') });
    const before = await placeFeatureIds(trx, placeId);
    await trx('place_feature').where('placeId', placeId).delete();
    if (wanted.length) await trx('place_feature').insert(wanted.map((featureId) => ({ placeId, featureId })));
    if (JSON.stringify(before) !== JSON.stringify(wanted)) {
      const labels = wanted.length
        ? (await trx('feature').whereIn('id', wanted).orderBy('label').pluck('label')).join(', ')
        : 'aucune';
      await recordHistory(trx, {
        userId,
        entity: entityMeta('place'),
        recordId: placeId,
        action: 'action',
        detail: `Caractéristiques : ${labels}`.slice(0, 200),
      });
    }
    return wanted;
  });
}
