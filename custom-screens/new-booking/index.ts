// The booking wizard (booking.booking): a new stay, or an occupancy added or edited; its
// menu entry asks the write right, as the wizard writes stays from its second step.
import { withRight, type ScreenArea } from '../../admin/src/ui/registry';

const wizard = () => import('./NewBookingScreen');

export const newBookingArea: ScreenArea = {
  name: 'new-booking',
  screens: withRight('booking.booking', [
    {
      path: '/new-booking',
      load: wizard,
      menu: { label: 'Nouvelle réservation', path: 'Réservations', access: 'write' },
    },
    {
      path: '/new-booking/:activeKey/:bookingId/:tempBookingId/:occupancyId/:tempOccupancyId/:customerId/:statusId',
      load: wizard,
    },
  ]),
};
