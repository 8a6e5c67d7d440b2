// Home dashboard tiles (§2, docs/screens.md#home-tiles): each module registers the counts it owns; a tile
// appears once its module (and entity) exists, and only to users who may read it.
// Administrators rename, reorder or switch tiles off for everyone (entity `tile`);
// each user hides and reorders their own (entity `user-tile`, through the layout
// route below, once the home is unlocked).
import type { Knex } from 'knex';
import { holds } from '../../auth/access';
import { badRequest } from '../../http/errors';
import { defineRoute } from '../../http/define-route';
import { bool, closed, list, str, strOrNull } from '../../http/schema-parts';
import { todayParis } from '../../../common/dates';
import { ENTITY_METAS } from '../../../common/generated/meta/index';
import { APP_VERSION } from '../establishment/user-guide';
import { describeError } from '../../http/log';

export interface Tile {
  key: string;
  label: string;
  functionality: string;
  /** screen the tile opens */
  route?: string;
  /** tiles are shown in ascending order */
  order: number;
  /** entities that must exist for the tile to show (e.g. ['customer']) */
  requires?: string[];
  count(knex: Knex, today: string): Promise<number>;
  /** a text shown instead of the count, with a warning when something needs doing (e.g. the last backup) */
  detail?(knex: Knex): Promise<{ text: string; warning: string | null }>;
}

/**
 * The tiles §2 (docs/screens.md#home-tiles) names, with their reserved key and place. Modules register their
 * count under these keys: `registerTile({ ...TILE_SLOTS.expiredOptions, functionality, route, count })`.
 */
export const TILE_SLOTS = {
  expiredOptions: { key: 'expired-options', label: 'Options expirées', order: 10 },
  internetBookings: { key: 'internet-bookings', label: 'Réservations internet à intégrer', order: 20 },
  giftVouchers: { key: 'gift-vouchers', label: 'Bons cadeaux à intégrer', order: 30 },
  cancelledInternetBookings: { key: 'cancelled-internet-bookings', label: 'Réservations internet annulées', order: 40 },
  birthdays: { key: 'birthdays', label: 'Anniversaires du jour', order: 50 },
  residents: { key: 'residents', label: 'Résidents', order: 60 },
  residentialPlaces: { key: 'residential-places', label: 'Emplacements résidentiels', order: 70 },
  fees: { key: 'fees', label: 'Redevances', order: 80 },
  deadlines: { key: 'deadlines', label: 'Échéances', order: 90 },
  sublets: { key: 'sublets', label: 'Sous-locations', order: 100 },
  meterReadings: { key: 'meter-readings', label: 'Relevés de compteurs', order: 110 },
  campaigns: { key: 'campaigns', label: 'Campagnes', order: 120 },
  groupSettings: { key: 'group-settings', label: 'Paramètres de groupe', order: 130 },
  lastBackup: { key: 'last-backup', label: 'Dernière sauvegarde', order: 140 },
} as const;

const tiles = new Map<string, Tile>();

export function registerTile(tile: Tile): void {
  tiles.set(tile.key, tile);
}

const entityNames = new Set(ENTITY_METAS.map((m) => m.name));
const available = (t: Tile) => (t.requires ?? []).every((e) => entityNames.has(e));

export function registeredTiles(): Tile[] {
  return [...tiles.values()].filter(available);
}

const synced = new WeakSet<Knex>();
/** Registered tiles get their `tile` row (label and order as registered) once per process and database. */
async function syncTileRows(knex: Knex): Promise<void> {
  if (synced.has(knex)) return;
  const rows = registeredTiles().map((t) => ({ key: t.key, label: t.label, order: t.order, isActive: true }));
  if (rows.length) await knex('tile').insert(rows).onConflict('key').ignore();
  synced.add(knex);
}

export interface HomeTile {
  key: string;
  label: string;
  route: string | null;
  count: number | null;
  hidden: boolean;
  detail?: string;
  warning?: string | null;
}

export async function tilesFor(
  knex: Knex,
  user: { id: number } & Parameters<typeof holds>[0],
  withHidden: boolean,
  log: (e: unknown) => void = (e) => console.error(describeError(e, 'tuile /home')),
): Promise<HomeTile[]> {
  await syncTileRows(knex);
  const settings = new Map<string, { label: string; order: number; isActive: boolean }>(
    (
      (await knex('tile').select('key', 'label', 'order', 'isActive')) as {
        key: string;
        label: string;
        order: number;
        isActive: boolean;
      }[]
    ).map((r) => [r.key, r]),
  );
  const mine = new Map<string, { position: number; isHidden: boolean }>(
    (
      (await knex('user_tile').where('userId', user.id).select('tileKey', 'position', 'isHidden')) as {
        tileKey: string;
        position: number;
        isHidden: boolean;
      }[]
    ).map((r) => [r.tileKey, r]),
  );
  const today = todayParis();
  const visible = registeredTiles()
    .filter((t) => settings.get(t.key)?.isActive !== false && holds(user, t.functionality, 'read'))
    .map((t) => ({
      t,
      order: mine.get(t.key)?.position ?? 10_000 + (settings.get(t.key)?.order ?? t.order),
      hidden: mine.get(t.key)?.isHidden ?? false,
    }))
    .sort(
      (a, b) =>
        a.order - b.order || (settings.get(a.t.key)?.order ?? a.t.order) - (settings.get(b.t.key)?.order ?? b.t.order),
    )
    .filter((x) => withHidden || !x.hidden);
  return Promise.all(
    visible.map(async ({ t, hidden }) => {
      let count: number | null = null;
      let detail: { text: string; warning: string | null } | undefined;
      if (!hidden) {
        try {
          count = Number(await t.count(knex, today));
        } catch (e) {
          log(e);
        }
        if (t.detail)
          try {
            detail = await t.detail(knex);
          } catch (e) {
            log(e);
          }
      }
      return {
        key: t.key,
        label: settings.get(t.key)?.label ?? t.label,
        route: t.route ?? null,
        count,
        hidden,
        ...(detail ? { detail: detail.text, warning: detail.warning } : {}),
      };
    }),
  );
}

const tag = 'home';
/** A tile as the home screen shows it: its counter (null when hidden or failed) and, for some, a line of detail. */
const TILE = closed(
  {
    key: str,
    label: str,
    route: strOrNull,
    count: { type: ['integer', 'null'] },
    hidden: bool,
    detail: str,
    warning: strOrNull,
  },
  ['detail', 'warning'],
);

export const TILE_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/rest/home/tiles',
    right: 'session',
    tag,
    summary: "Tuiles de l'accueil avec leurs compteurs (all=1 : tuiles masquées comprises)",
    query: { type: 'object', properties: { all: { type: 'string', description: '1 : tuiles masquées comprises' } } },
    response: closed({ version: str, tiles: list(TILE) }),
    handler: async ({ query, user, knex }) => ({
      version: APP_VERSION,
      tiles: await tilesFor(knex, user, query.all === '1' || query.all === 'true'),
    }),
  }),
  /** The user's own layout: `{ tiles: [{ key, hidden }] }` in display order. */
  defineRoute({
    method: 'POST',
    path: '/rest/home/layout',
    example: { body: { tiles: [] } },
    right: 'session',
    tag,
    summary: "Disposition de l'accueil de l'utilisateur (ordre, tuiles masquées)",
    body: {
      type: 'object',
      required: ['tiles'],
      properties: {
        tiles: {
          type: 'array',
          maxItems: 200,
          items: {
            type: 'object',
            required: ['key'],
            additionalProperties: false,
            properties: { key: { type: 'string' }, hidden: { type: 'boolean' } },
          },
        },
      },
    },
    response: closed({ status: { const: 'SAVED' }, tiles: list(TILE) }),
    handler: async ({ body, user, knex }) => {
      const list: { key: string; hidden?: boolean }[] = body.tiles;
      const known = new Set(registeredTiles().map((t) => t.key));
      // Unknown or repeated tiles: the module's own refusal.
      if (!list.every((x) => known.has(x.key)) || new Set(list.map((x) => x.key)).size !== list.length)
        throw badRequest('INCORRECT_FORM');
      await knex.transaction(async (trx) => {
        await trx('user_tile').where('userId', user.id).delete();
        if (list.length)
          await trx('user_tile').insert(
            list.map((x, i) => ({ userId: user.id, tileKey: x.key, position: i, isHidden: !!x.hidden })),
          );
      });
      return { status: 'SAVED', tiles: await tilesFor(knex, user, true) };
    },
  }),
];
