// The channel layer (docs/channels.md): connectors, the import queue, the scheduler, sync
// health. Registers its integration extension and home tile; mounts its routes.
import type Router from '@koa/router';
import type { Knex } from 'knex';
import { routerOf } from '../../http/define-route';
import { registerChannelIntegration } from './integration';
import { registerChannelTile } from './health';
import { CHANNEL_PUBLIC_ROUTES, channelRoutes } from './routes';
import { isMasked, maskSecret, registerMaskedRestore, registerReadMask } from '../../rest/secrets';

/** A channel's iCal feed address carries its token: answered masked, kept when saved back masked. */
function registerFeedSecret(): void {
  registerReadMask('channel-mapping', (row) => (row.feedUrl ? { ...row, feedUrl: maskSecret(row.feedUrl) } : row));
  registerMaskedRestore('channel-mapping', (rec, existing) => {
    if (isMasked(rec.feedUrl)) rec.feedUrl = existing?.feedUrl ?? null;
  });
}

export function registerChannelsModule(): void {
  registerChannelIntegration();
  registerChannelTile();
  registerFeedSecret();
}

export function channelsRouters(knex: () => Knex): Router[] {
  return [routerOf(channelRoutes(), knex)];
}

/** Mounted before the session gate (api/app.ts): iCal feeds and webhooks carry their own secret. */
export function channelsPublicRouter(knex: () => Knex): Router {
  return routerOf(CHANNEL_PUBLIC_ROUTES, knex);
}

export { channelTick } from './scheduler';
