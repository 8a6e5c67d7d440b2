// Sync health per channel (docs/channels.md « Sync health »): last successful pull and
// push, last error with its French message, counts of the last 24 h, online bookings
// waiting for someone; and the home tile when a channel has been failing for over an hour.
import type { Knex } from 'knex';
import { registerTile } from '../home/tiles';
import { channelOf, type ChannelModuleRow } from './config';
import type { ChannelHealth } from '../../../common/channel-health';

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);

/** The sync state's moments (timestamps as the driver gives them: read through iso). */
type StateTime = 'lastPullAt' | 'lastPushAt' | 'lastRatesAt' | 'lastErrorAt' | 'failingSince' | 'nextAttemptAt';

export async function channelHealth(knex: Knex): Promise<ChannelHealth[]> {
  const rows: (ChannelModuleRow & Record<StateTime, unknown> & { lastError: string | null })[] = await knex(
    'module_config as m',
  )
    .leftJoin('channel_state as s', 's.moduleId', 'm.id')
    .where('m.kind', 'online-booking')
    .orderBy('m.label')
    .select(
      'm.*',
      's.lastPullAt',
      's.lastPushAt',
      's.lastRatesAt',
      's.lastError',
      's.lastErrorAt',
      's.failingSince',
      's.nextAttemptAt',
    );
  const counts: { moduleId: number; runs: number; failures: number; items: number }[] = await knex('channel_sync_log')
    .where('createdAt', '>', knex.raw("now() - interval '24 hours'"))
    .groupBy('moduleId')
    .select('moduleId')
    .select(knex.raw('count(*)::int AS runs'), knex.raw('count(*) FILTER (WHERE NOT ok)::int AS failures'))
    .select(knex.raw('coalesce(sum(items), 0)::int AS items'));
  const waiting: { channelModuleId: number; n: number }[] = await knex('booking_import')
    .whereNotNull('channelModuleId')
    .whereIn('statusId', [12, 4])
    .groupBy('channelModuleId')
    .select('channelModuleId', knex.raw('count(*)::int AS n'));
  return rows.map((r) => {
    const c = counts.find((x) => x.moduleId === r.id);
    const ch = channelOf(r);
    return {
      id: r.id,
      label: r.label,
      provider: r.provider ?? null,
      connector: ch.connector,
      isActive: !!r.isActive,
      lastPullAt: iso(r.lastPullAt),
      lastPushAt: iso(r.lastPushAt),
      lastRatesAt: iso(r.lastRatesAt),
      lastError: r.lastError ?? null,
      lastErrorAt: iso(r.lastErrorAt),
      failingSince: iso(r.failingSince),
      nextAttemptAt: iso(r.nextAttemptAt),
      runs24h: c?.runs ?? 0,
      failures24h: c?.failures ?? 0,
      items24h: c?.items ?? 0,
      waiting: waiting.find((w) => w.channelModuleId === r.id)?.n ?? 0,
    };
  });
}

/** Active channels failing for more than an hour. */
export function failingChannels(knex: Knex): Knex.QueryBuilder {
  return knex('channel_state as s')
    .join('module_config as m', 'm.id', 's.moduleId')
    .where('m.isActive', true)
    .where('s.failingSince', '<', knex.raw("now() - interval '1 hour'"));
}

export function registerChannelTile(): void {
  registerTile({
    key: 'channel-failures',
    label: 'Canaux de réservation en échec',
    order: 45,
    functionality: 'establishment.gateways',
    route: '/channel-health',
    requires: ['channel-sync-log'],
    count: async (knex) => Number((await failingChannels(knex).count({ n: '*' }))[0].n),
    detail: async (knex) => {
      const n = Number((await failingChannels(knex).count({ n: '*' }))[0].n);
      return {
        text: n ? `${n} en échec depuis plus d’une heure` : 'Synchronisation à jour',
        warning: n ? 'Un canal ne se synchronise plus : consultez l’état des canaux' : null,
      };
    },
  });
}
