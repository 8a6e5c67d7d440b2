// The channels (online-booking modules) of one provider, with their sync health.
import { useQuery } from '@tanstack/react-query';
import { rest } from '../../admin/src/ui';
import type { ChannelHealth } from '../../common/channel-health';

export type ChannelHealthRow = ChannelHealth;

export function useChannels(provider?: string) {
  return useQuery({
    queryKey: ['channel-health'],
    queryFn: () => rest('get', '/channel/health'),
    select: (d) =>
      provider ? d.channels.filter((c) => (c.provider ?? '').toLowerCase() === provider.toLowerCase()) : d.channels,
  });
}

export const CONNECTOR_LABELS: Record<string, string> = {
  webhook: 'Réservations poussées (webhook signé)',
  pitchup: 'API Pitchup',
  ical: 'Calendriers iCal',
};
