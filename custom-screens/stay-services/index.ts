// Services around the stay (issue 30, docs/access-control.md): the access credentials
// (badges and plates) with their state, and the concierge's daily list for the provider.
// Both are reached from the menu and from a stay (filtered on it).
import { withRight, type ScreenArea } from '../../admin/src/ui/registry';

const menu = (label: string) => ({ label, path: 'Réservations' });

export const stayServicesArea: ScreenArea = {
  name: 'stay-services',
  screens: withRight('booking.booking', [
    {
      path: '/access-credential-list',
      load: () => import('./AccessCredentials'),
      menu: menu("Badges et plaques d'accès"),
    },
    {
      path: '/concierge-daily-list',
      load: () => import('./ConciergeDaily'),
      menu: menu('Conciergerie : liste du jour'),
    },
  ]),
};
