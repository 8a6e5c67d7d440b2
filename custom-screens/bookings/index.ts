// Stays (booking.booking): the availability search, the stay lists, one stay, the day
// lists (arrivals, departures, occupation, birthdays) and the online bookings.
import { named, withRight, type ScreenArea } from '../../admin/src/ui/registry';

const lists = () => import('./BookingList');
const days = () => import('./DayLists');
const imports = () => import('./BookingImports');
const menu = (label: string, to?: string) => ({ label, path: 'Réservations', ...(to ? { to } : {}) });

export const bookingsArea: ScreenArea = {
  name: 'bookings',
  screens: withRight('booking.booking', [
    {
      path: '/search-availability',
      load: () => import('./SearchAvailability'),
      menu: menu('Recherche de disponibilités'),
    },
    {
      path: '/booking-list/:statusId',
      load: named(lists, 'ActiveBookingList'),
      menu: menu('Séjours', '/booking-list/0'),
    },
    {
      path: '/booking-cancelled-list/:statusId',
      load: named(lists, 'CancelledBookingList'),
      menu: menu('Séjours annulés', '/booking-cancelled-list/0'),
    },
    {
      path: '/partner-booking-list/:statusId',
      load: named(lists, 'PartnerBookingList'),
      menu: menu('Séjours des partenaires', '/partner-booking-list/0'),
    },
    { path: '/booking/:bookingId', load: () => import('./BookingScreen') },
    { path: '/booking-arrival-list', load: named(days, 'ArrivalList'), menu: menu('Arrivées') },
    { path: '/booking-departure-list', load: named(days, 'DepartureList'), menu: menu('Départs') },
    { path: '/booking-departure-cleanning', load: named(days, 'DepartureCleaning'), menu: menu('Ménage des départs') },
    { path: '/occupation-list', load: named(days, 'OccupationList'), menu: menu('Occupation') },
    { path: '/occupants-birthday', load: named(days, 'BirthdayList'), menu: menu('Anniversaires des occupants') },
    { path: '/booking-import-list', load: named(imports, 'BookingImportList'), menu: menu('Réservations en ligne') },
    { path: '/booking-import/:bookingImportId', load: named(imports, 'BookingImportScreen') },
  ]),
};
