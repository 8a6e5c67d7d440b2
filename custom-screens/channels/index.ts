// Booking channels (establishment.gateways, api/domain/channels, docs/channels.md): the sync
// health of every channel, and the mapping screens of the spec's channels (§2 (docs/screens.md#channel-mappings) «
// Channel mappings »: secure-holiday, o-cell, elloha mapping and bookings, dedge, pitchup, giloo
// mapping and programs). The sync log is the generated list /channel-sync-log-list.
import { named, withRight, type ScreenArea } from '../../admin/src/ui/registry';

const mapping = () => import('./ChannelMapping');
const path = 'Réservations/Canaux de réservation';
const menu = (label: string) => ({ label, path });

export const channelsArea: ScreenArea = {
  name: 'channels',
  screens: withRight('establishment.gateways', [
    { path: '/channel-health', load: () => import('./ChannelHealth'), menu: menu('État des canaux') },
    { path: '/secure-holiday', load: named(mapping, 'SecureHoliday'), menu: menu('Secure Holiday') },
    { path: '/o-cell', load: named(mapping, 'OCell'), menu: menu('O-Cell') },
    { path: '/elloha', load: named(mapping, 'Elloha'), menu: menu('elloha : correspondances') },
    { path: '/elloha-booking-list', load: named(mapping, 'EllohaBookings'), menu: menu('elloha : réservations') },
    { path: '/dedge', load: named(mapping, 'DEdge'), menu: menu('D-Edge') },
    { path: '/pitchup', load: named(mapping, 'Pitchup'), menu: menu('Pitchup') },
    { path: '/giloo', load: named(mapping, 'Giloo'), menu: menu('Giloo : correspondances') },
    { path: '/giloo-program', load: named(mapping, 'GilooPrograms'), menu: menu('Giloo : programmes') },
  ]),
  links: [
    {
      label: 'Journal des synchronisations',
      to: '/channel-sync-log-list',
      functionality: 'establishment.gateways',
      path,
    },
  ],
};
