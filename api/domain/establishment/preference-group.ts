// §7 "establishment/preference/group/edit": the group settings (PreferenceGroup:
// providerId, isClientSyncActive, type GROUPE), kept as module records of kind
// `preference-group` (the /admin/module/preference-group screens edit the same rows).
import Router from '@koa/router';
import type { Knex } from 'knex';
import { checkAccess, requireUser } from '../../auth/access';
import { badRequest, notFound } from '../../http/errors';
import { entityMeta } from '../../rest/entities';
import { saveRecord } from '../../rest/records';

const BASE = '/rest/establishment/preference/group/edit';
const RIGHT = 'group.settings';

interface PreferenceGroup { id: number; providerId: string | null; isClientSyncActive: boolean; type: 'GROUPE'; label: string; isActive: boolean }

const view = (r: any): PreferenceGroup => ({
  id: r.id, label: r.label, isActive: r.isActive,
  providerId: r.settings?.providerId ?? null, isClientSyncActive: !!r.settings?.isClientSyncActive, type: 'GROUPE',
});

async function find(knex: Knex, providerId?: string) {
  const rows = await knex('module_config').where('kind', 'preference-group').orderBy('id');
  return providerId === undefined ? rows : rows.filter((r: any) => String(r.settings?.providerId ?? '') === providerId);
}

export function preferenceGroupRouter(knex: () => Knex): Router {
  const r = new Router();
  r.get(BASE, async (ctx) => {
    await checkAccess(ctx, RIGHT, 'read');
    ctx.body = (await find(knex())).map(view);
  });
  r.get(`${BASE}/:providerId`, async (ctx) => {
    await checkAccess(ctx, RIGHT, 'read');
    const [row] = await find(knex(), String(ctx.params.providerId));
    if (!row) throw notFound();
    ctx.body = view(row);
  });
  /** Creates or updates the group settings of a provider. */
  r.post(BASE, async (ctx) => {
    await checkAccess(ctx, RIGHT, 'write');
    const b = (ctx.request as any).body ?? {};
    if (typeof b.providerId !== 'string' || !b.providerId.trim() || b.providerId.length > 200) throw badRequest('VALIDATION_FAILED', { providerId: 'Champ obligatoire' });
    if (b.isClientSyncActive !== undefined && typeof b.isClientSyncActive !== 'boolean') throw badRequest('VALIDATION_FAILED', { isClientSyncActive: 'Valeur oui/non attendue' });
    const [existing] = await find(knex(), b.providerId);
    const settings = { ...(existing?.settings ?? {}), providerId: b.providerId, isClientSyncActive: !!b.isClientSyncActive, type: 'GROUPE' };
    const saved = await saveRecord(knex(), entityMeta('module'), {
      kind: 'preference-group', label: existing?.label ?? `Groupe ${b.providerId}`, isActive: b.isActive ?? existing?.isActive ?? true, settings,
    }, requireUser(ctx).id, existing?.id ?? 0);
    ctx.body = { status: 'SAVED', id: saved.id, item: view(saved) };
  });
  return r;
}
