// The sync health of a channel, as GET /rest/channel/health answers it (api/domain/channels/health.ts)
// and /channel-health shows it.
export interface ChannelHealth {
  id: number;
  label: string;
  provider: string | null;
  connector: string;
  isActive: boolean;
  lastPullAt: string | null;
  lastPushAt: string | null;
  lastRatesAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  failingSince: string | null;
  nextAttemptAt: string | null;
  runs24h: number;
  failures24h: number;
  items24h: number;
  waiting: number;
}
