// Routes of the channel layer. Public (no session; mounted before the session gate):
// the iCal feeds (a secret token in the address) and the signed webhooks. With a session:
// the health of every channel, « Forcer » (journaled in the sync log with the user), the
// iCal addresses of a channel. Mappings use the generic /rest/channel-mapping routes.
import type { Knex } from 'knex';
import { defineRoute } from '../../http/define-route';
import { bool, closed, int, list, str, strOrNull } from '../../http/schema-parts';
import { HttpError, notFound } from '../../http/errors';
import { rawBodyOf } from '../../http/body';
import { formatMessage } from '../../../common/messages';
import type { PlaceRecord, PlaceTypeRecord } from '../../../common/generated/types';
import { loadChannel, mappingsOf } from './config';
import { channelHealth } from './health';
import { feedPath, placeFeed, placeTypeFeed, tokenMatches, type FeedKind } from './ical/export';
import { runOperation } from './runner';
import { receiveBooking } from './receive';
import {
  bookingOfWebhook,
  logWebhook,
  signatureValid,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  WEBHOOK_BODY,
} from './webhook';

const tag = 'channels';
const GATEWAYS = 'establishment.gateways';

export const CHANNEL_PUBLIC_ROUTES = [
  defineRoute<unknown, { c?: number }>({
    method: 'GET',
    path: '/rest/ical/:kind/:id/:file',
    right: 'public',
    tag,
    summary: "Calendrier iCal des nuits occupées d'un emplacement ou d'un type (jeton secret dans l'adresse)",
    params: {
      kind: { enum: ['place', 'place-type'] },
      id: { type: 'integer', minimum: 1, maximum: 999_999_999 },
      file: { type: 'string', pattern: '^[A-Za-z0-9_-]{32}\\.ics$' },
    },
    query: { type: 'object', properties: { c: { type: 'integer', minimum: 1, maximum: 999_999_999 } } },
    response: { description: 'Calendrier', content: { 'text/calendar': { schema: { type: 'string' } } } },
    handler: async ({ ctx, params, query, knex }) => {
      const kind = params.kind as FeedKind;
      const token = String(params.file).slice(0, -4);
      if (!(await tokenMatches(knex, kind, params.id, query.c ?? 0, token))) throw notFound();
      const text =
        kind === 'place' ? await placeFeed(knex, params.id, query.c ?? 0) : await placeTypeFeed(knex, params.id);
      if (text == null) throw notFound();
      ctx.type = 'text/calendar; charset=utf-8';
      ctx.set('Cache-Control', 'no-store');
      ctx.body = text;
      return undefined;
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/channel-hook/:channelId',
    right: 'public',
    tag,
    summary: 'Réservation poussée par un canal (signature HMAC-SHA256 du corps avec le secret du canal)',
    params: { channelId: { type: 'integer', minimum: 1, maximum: 999_999_999 } },
    body: WEBHOOK_BODY,
    response: { type: 'object', properties: { id: { type: 'integer' }, outcome: { type: 'string' } } },
    handler: async ({ ctx, params, body, knex }) => {
      const ch = await loadChannel(knex, params.channelId);
      if (!ch || !ch.isActive) throw new HttpError(404, 'CHANNEL_NOT_FOUND');
      const ok = signatureValid(
        ch.webhookSecret,
        ctx.get(TIMESTAMP_HEADER) || undefined,
        ctx.get(SIGNATURE_HEADER) || undefined,
        rawBodyOf(ctx),
      );
      if (!ok) {
        await logWebhook(knex, ch, false, formatMessage('CHANNEL_BAD_SIGNATURE'));
        throw new HttpError(401, 'CHANNEL_BAD_SIGNATURE');
      }
      const r = await receiveBooking(knex, ch, bookingOfWebhook(body));
      await logWebhook(knex, ch, true, `Réservation ${body.booking.id} : ${r.outcome}`);
      return r;
    },
  }),
];

// Declared when the module loads, like every other module's routes: the response-schema
// and rights-matrix tests read them from the declarations.
const at = { type: ['string', 'null'], format: 'date-time' };
const HEALTH = closed({
  channels: list(
    closed({
      id: int,
      label: str,
      provider: strOrNull,
      connector: str,
      isActive: bool,
      lastPullAt: at,
      lastPushAt: at,
      lastRatesAt: at,
      lastError: { ...strOrNull, description: 'la dernière erreur, en français' },
      lastErrorAt: at,
      failingSince: at,
      nextAttemptAt: at,
      runs24h: int,
      failures24h: int,
      items24h: int,
      waiting: { ...int, description: 'réservations en ligne qui attendent quelqu’un' },
    }),
  ),
});
const RUN = closed(
  {
    ok: bool,
    skipped: { ...bool, description: 'une synchronisation du canal est déjà en cours' },
    items: int,
    bytes: int,
    message: strOrNull,
  },
  ['skipped'],
);
const feed = list(closed({ id: int, label: str, url: str }));
const LINKS = closed({ webhook: str, placeTypes: feed, places: feed });

const CHANNEL_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/rest/channel/health',
    right: [GATEWAYS, 'read'],
    tag,
    summary: 'État de synchronisation de chaque canal : dernières relève et envoi, dernière erreur, 24 h',
    response: HEALTH,
    handler: async ({ knex }) => ({ channels: await channelHealth(knex) }),
  }),
  defineRoute<{ operation: 'pull' | 'push-availability' | 'push-rates' | 'ical-import' }>({
    method: 'POST',
    path: '/rest/channel/:id/force',
    example: {
      params: { id: { fresh: 'channelModule' } },
      body: { operation: 'pull' },
      unchanged: { table: 'channel_sync_log', count: true },
    },
    right: [GATEWAYS, 'write'],
    tag,
    summary: 'Forcer une synchronisation maintenant (envoi complet des disponibilités), journalisé',
    body: {
      type: 'object',
      required: ['operation'],
      properties: { operation: { enum: ['pull', 'push-availability', 'push-rates', 'ical-import'] } },
    },
    response: RUN,
    handler: async ({ params, body, user, knex }) => {
      const ch = await loadChannel(knex, Number(params.id));
      if (!ch) throw notFound();
      return runOperation(knex, ch, body.operation, { forcedBy: user.id ?? null, full: true });
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/channel/:id/links',
    example: { params: { id: { fresh: 'channelModule' } } },
    right: [GATEWAYS, 'read'],
    tag,
    summary: "Adresses du webhook et des calendriers iCal d'un canal (par emplacement et par type)",
    response: LINKS,
    // The address guests and channels reach us at (README: PUBLIC_URL), else this request's.
    handler: async ({ ctx, params, knex }) =>
      linksOf(
        knex,
        Number(params.id),
        process.env.PUBLIC_URL?.trim().replace(/\/+$/, '') || `${ctx.protocol}://${ctx.host}`,
      ),
  }),
];

export const channelRoutes = () => CHANNEL_ROUTES;

async function linksOf(knex: Knex, id: number, origin: string) {
  const ch = await loadChannel(knex, id);
  if (!ch) throw notFound();
  const maps = await mappingsOf(knex, id);
  const typeIds = [...new Set(maps.filter((m) => m.placeTypeId != null).map((m) => m.placeTypeId!))];
  const types = typeIds.length
    ? await knex('place_type').whereIn('id', typeIds).orderBy('code').select('id', 'code', 'label')
    : [];
  const places = typeIds.length
    ? await knex('place')
        .whereIn('placeTypeId', typeIds)
        .where('isActive', true)
        .orderBy('code')
        .select('id', 'code', 'placeTypeId')
    : [];
  return {
    webhook: `${origin}/rest/channel-hook/${id}`,
    placeTypes: await Promise.all(
      types.map(async (t: Pick<PlaceTypeRecord, 'id' | 'code' | 'label'>) => ({
        id: t.id,
        label: `${t.code} — ${t.label}`,
        url: origin + (await feedPath(knex, 'place-type', t.id)),
      })),
    ),
    places: await Promise.all(
      places.map(async (p: Pick<PlaceRecord, 'id' | 'code' | 'placeTypeId'>) => ({
        id: p.id,
        label: p.code,
        url: origin + (await feedPath(knex, 'place', p.id, id)),
      })),
    ),
  };
}
