// §7 (docs/api.md) "establishment/preference/group/edit": the group settings (PreferenceGroup:
// providerId, isClientSyncActive, type GROUPE), kept as module records of kind
// `preference-group` (the /admin/module/preference-group screens edit the same rows).
import type { Knex } from 'knex';
import { defineRoute, type RouteDecl } from '../../http/define-route';
import { bool, int, str } from '../../http/schema-parts';
import { badRequest, notFound } from '../../http/errors';
import { entityMeta } from '../../rest/entities';
import { saveRecord } from '../../rest/records';
import type { ModuleRecord } from '../../../common/generated/types';

const BASE = '/rest/establishment/preference/group/edit';
const RIGHT = 'group.settings';
const tag = 'establishment';

interface PreferenceGroup {
  id: number;
  providerId: string | null;
  isClientSyncActive: boolean;
  type: 'GROUPE';
  label: string;
  isActive: boolean;
}

/** What a preference-group module row keeps in its settings. */
type GroupSettings = { providerId?: string; isClientSyncActive?: boolean; type?: 'GROUPE' };
const settingsOf = (r: ModuleRecord): GroupSettings => (r.settings ?? {}) as GroupSettings;

const view = (r: ModuleRecord): PreferenceGroup => ({
  id: r.id,
  label: r.label,
  isActive: r.isActive,
  providerId: settingsOf(r).providerId ?? null,
  isClientSyncActive: !!settingsOf(r).isClientSyncActive,
  type: 'GROUPE',
});

const PREFERENCE_GROUP = {
  type: 'object',
  properties: {
    id: int,
    label: str,
    isActive: bool,
    providerId: { type: ['string', 'null'] },
    isClientSyncActive: bool,
    type: { const: 'GROUPE' },
  },
};

async function find(knex: Knex, providerId?: string): Promise<ModuleRecord[]> {
  const rows = await knex<ModuleRecord>('module_config').where('kind', 'preference-group').orderBy('id');
  return providerId === undefined ? rows : rows.filter((r) => String(settingsOf(r).providerId ?? '') === providerId);
}

export const PREFERENCE_GROUP_ROUTES: RouteDecl[] = [
  defineRoute({
    method: 'GET',
    path: BASE,
    right: [RIGHT, 'read'],
    tag,
    summary: 'Paramètres de groupe (PreferenceGroup) de chaque prestataire',
    response: { type: 'array', items: PREFERENCE_GROUP },
    handler: async ({ knex }) => (await find(knex)).map(view),
  }),
  defineRoute({
    method: 'GET',
    path: `${BASE}/:providerId`,
    example: { params: { providerId: { value: 'FOURNISSEUR-1' } } },
    right: [RIGHT, 'read'],
    tag,
    summary: "Paramètres de groupe d'un prestataire",
    params: { providerId: { type: 'string', maxLength: 200 } },
    response: PREFERENCE_GROUP,
    responses: { 404: { description: 'Prestataire inconnu' } },
    handler: async ({ params, knex }) => {
      const [row] = await find(knex, String(params.providerId));
      if (!row) throw notFound();
      return view(row);
    },
  }),
  /** Creates or updates the group settings of a provider. */
  defineRoute<{ providerId?: unknown; isClientSyncActive?: unknown; isActive?: boolean }>({
    method: 'POST',
    path: BASE,
    example: {
      body: { providerId: { unique: 'FOURNISSEUR-' }, isClientSyncActive: true },
      unchanged: { table: 'module_config', where: { kind: 'preference-group' }, count: true },
    },
    right: [RIGHT, 'write'],
    tag,
    summary: "Crée ou modifie les paramètres de groupe d'un prestataire",
    body: {
      type: 'object',
      required: ['providerId'],
      properties: {
        providerId: str,
        isClientSyncActive: bool,
        isActive: bool,
        type: { type: 'string', description: 'toujours GROUPE' },
      },
    },
    invalid: 'VALIDATION_FAILED',
    response: { type: 'object', properties: { status: { const: 'SAVED' }, id: int, item: PREFERENCE_GROUP } },
    handler: async ({ body: b, user, knex }) => {
      if (typeof b.providerId !== 'string' || !b.providerId.trim() || b.providerId.length > 200)
        throw badRequest('VALIDATION_FAILED', { providerId: 'Champ obligatoire' });
      const [existing] = await find(knex, b.providerId);
      const settings = {
        ...(existing ? settingsOf(existing) : {}),
        providerId: b.providerId,
        isClientSyncActive: !!b.isClientSyncActive,
        type: 'GROUPE',
      };
      const saved = await saveRecord(
        knex,
        entityMeta('module'),
        {
          kind: 'preference-group',
          label: existing?.label ?? `Groupe ${b.providerId}`,
          isActive: b.isActive ?? existing?.isActive ?? true,
          settings,
        },
        user.id,
        existing?.id ?? 0,
      );
      return { status: 'SAVED', id: saved.id, item: view(saved as ModuleRecord) };
    },
  }),
];
