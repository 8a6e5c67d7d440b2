// The channels (online-booking modules) of one provider, with their sync health.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../admin/src/ui';

export interface ChannelHealthRow {
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

export function useChannels(provider?: string) {
  return useQuery({
    queryKey: ['channel-health'],
    queryFn: () => api<{ channels: ChannelHealthRow[] }>('/channel/health'),
    select: (d) =>
      provider ? d.channels.filter((c) => (c.provider ?? '').toLowerCase() === provider.toLowerCase()) : d.channels,
  });
}

export const CONNECTOR_LABELS: Record<string, string> = {
  webhook: 'Réservations poussées (webhook signé)',
  pitchup: 'API Pitchup',
  ical: 'Calendriers iCal',
};
