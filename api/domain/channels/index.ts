// The channel layer (docs/channels.md): connectors, the import queue, the scheduler, sync
// health. Registers its integration extension and home tile; mounts its routes.
import type { DomainModule } from '../module';
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

function registerChannelsModule(): void {
  registerChannelIntegration();
  registerChannelTile();
  registerFeedSecret();
}

export const channelsModule: DomainModule = {
  name: 'channels',
  register: registerChannelsModule,
  routes: channelRoutes,
  // iCal feeds and webhooks carry their own secret.
  publicRoutes: () => CHANNEL_PUBLIC_ROUTES,
};

export { channelTick } from './scheduler';
