// Hand-written screens (admin/src/pages and custom-screens/), each loaded on demand.
// Each names the functionality it shows: App.tsx guards every one of them in one
// place (§6: a page whose functionality is 000 redirects to /home); a screen with no
// functionality is open to every logged-in user.
import { lazy, type ComponentType } from 'react';
import { MODULE_KINDS } from '../../common/modules';

export interface CustomScreen {
  path: string;
  component: ComponentType;
  /** the functionality whose read right opens the screen (none: every user) */
  functionality: string | null;
  /** administrators only */
  adminOnly?: boolean;
}

/** Screens of one functionality. */
const of = (functionality: string | null, screens: Omit<CustomScreen, 'functionality'>[]): CustomScreen[] => screens.map((s) => ({ ...s, functionality }));

export const CUSTOM_SCREENS: CustomScreen[] = [
  { path: '/init-demo', component: lazy(() => import('./pages/InitDemo')), functionality: null, adminOnly: true },
  // The technical user's backups (the API refuses every other user).
  { path: '/backup', component: lazy(() => import('./pages/Backup')), functionality: null, adminOnly: true },
  ...securityScreens(),
  ...pricingScreens(),
  ...planningScreens(),
  ...staysScreens(),
  ...meterScreens(),
  ...billingScreens(),
];

// Users, rights, establishment, modules, history, menu contexts (security area).
function securityScreens(): CustomScreen[] {
  const users = () => import('./pages/security/UserScreens');
  const groups = () => import('./pages/security/GroupScreens');
  const headers = () => import('./pages/establishment/HeaderCustomNameScreens');
  const history = () => import('./pages/history/HistoryScreens');
  const modules = lazy(() => import('./pages/modules/index'));
  return [
    ...of('establishment.users', [
      { path: '/admin/user-list', component: lazy(() => users().then((m) => ({ default: m.UserList }))) },
      { path: '/admin/user/:page/:userId', component: lazy(() => users().then((m) => ({ default: m.UserEdit }))) },
      { path: '/admin/group-list', component: lazy(() => groups().then((m) => ({ default: m.GroupList }))) },
      { path: '/admin/group/:groupId', component: lazy(() => groups().then((m) => ({ default: m.GroupEdit }))) },
      { path: '/admin/setting', component: lazy(() => import('./pages/establishment/SettingEdit')) },
      { path: '/post-history', component: lazy(() => history().then((m) => ({ default: m.HistoryList }))) },
      { path: '/post-history/:postHistoryId', component: lazy(() => history().then((m) => ({ default: m.HistoryShow }))) },
    ]),
    ...of('establishment.company', [{ path: '/admin/establishment', component: lazy(() => import('./pages/establishment/EstablishmentEdit')) }]),
    ...of('establishment.settings', [
      { path: '/admin/header-custom-name-list', component: lazy(() => headers().then((m) => ({ default: m.HeaderCustomNameList }))) },
      { path: '/admin/header-custom-name/:headerCustomNameId', component: lazy(() => headers().then((m) => ({ default: m.HeaderCustomNameEdit }))) },
    ]),
    // A menu context's board lists only what the user may read.
    ...of(null, [{ path: '/dynamic-board/:parentContextId', component: lazy(() => import('./pages/DynamicBoard')) }]),
    ...of('establishment.gateways', [
      { path: '/admin/module-grid', component: modules },
      ...MODULE_KINDS.flatMap((k) => [k.route, ...(k.editRoute ? [k.editRoute] : [])]).map((path) => ({ path, component: modules })),
    ]),
  ];
}

// Price grids, offers and fees (pricing area, custom-screens/pricing/).
function pricingScreens(): CustomScreen[] {
  const offers = () => import('../../custom-screens/pricing/SpecialOffers');
  const others = () => import('../../custom-screens/pricing/OtherScreens');
  return of('stay.price', [
    { path: '/price/grid-list', component: lazy(() => import('../../custom-screens/pricing/GridList')) },
    { path: '/price/grid/:priceGridId/:priceGridModeleId/:placeTypeId/:historyVersion', component: lazy(() => import('../../custom-screens/pricing/GridScreen')) },
    { path: '/price/period/:priceGridPeriodId/grid/:priceGridId/:historyVersion', component: lazy(() => import('../../custom-screens/pricing/PeriodScreen')) },
    { path: '/price/option/:priceGridOptionId/grid/:priceGridId/:historyVersion', component: lazy(() => import('../../custom-screens/pricing/OptionScreen')) },
    { path: '/special-offer-list', component: lazy(() => offers().then((m) => ({ default: m.SpecialOfferList }))) },
    { path: '/special-offer/:specialOfferId', component: lazy(() => offers().then((m) => ({ default: m.SpecialOfferEdit }))) },
    { path: '/dmds-offer/:specialOfferId', component: lazy(() => offers().then((m) => ({ default: m.DmdsOfferEdit }))) },
    { path: '/last-minute-offer-list', component: lazy(() => others().then((m) => ({ default: m.LastMinuteOfferList }))) },
    { path: '/last-minute-offer/:lastMinuteOfferId', component: lazy(() => others().then((m) => ({ default: m.LastMinuteOfferEdit }))) },
    { path: '/booking-fee-list', component: lazy(() => others().then((m) => ({ default: m.BookingFeeList }))) },
    { path: '/booking-fee/:bookingFeeId', component: lazy(() => others().then((m) => ({ default: m.BookingFeeEdit }))) },
  ]);
}

// Planning board, extras and cleaning plannings, site plan, new-booking wizard (planning area).
function planningScreens(): CustomScreen[] {
  const wizard = lazy(() => import('../../custom-screens/new-booking/NewBookingScreen'));
  return [
    ...of('camp.planning', [
      { path: '/planning', component: lazy(() => import('../../custom-screens/planning/PlanningScreen')) },
      { path: '/extra-planning', component: lazy(() => import('../../custom-screens/planning/ExtraPlanningScreen')) },
      { path: '/cleanning-planning', component: lazy(() => import('../../custom-screens/planning/CleaningPlanningScreen')) },
    ]),
    ...of('camp.plan', [{ path: '/plan', component: lazy(() => import('../../custom-screens/plan/PlanScreen')) }]),
    ...of('booking.booking', [
      { path: '/new-booking', component: wizard },
      { path: '/new-booking/:activeKey/:bookingId/:tempBookingId/:occupancyId/:tempOccupancyId/:customerId/:statusId', component: wizard },
    ]),
  ];
}

// Places, customers, stays and their lists (stays area: custom-screens/catalogue,
// custom-screens/customers, custom-screens/bookings).
function staysScreens(): CustomScreen[] {
  const places = () => import('../../custom-screens/catalogue/PlaceScreens');
  const placeTypes = () => import('../../custom-screens/catalogue/PlaceTypeScreens');
  const partners = () => import('../../custom-screens/catalogue/PartnerScreens');
  const customers = () => import('../../custom-screens/customers/CustomerScreens');
  return [
    ...of('camp.pitch', [
      { path: '/place-list', component: lazy(() => places().then((m) => ({ default: m.PlaceList }))) },
      { path: '/place/:page/:placeId', component: lazy(() => places().then((m) => ({ default: m.PlaceEdit }))) },
      // In pages: these take the place of the generated edit screens (App.tsx).
      { path: '/place-type/:page/:placeTypeId', component: lazy(() => placeTypes().then((m) => ({ default: m.PlaceTypeEdit }))) },
    ]),
    ...of('customer.partner', [
      { path: '/partner/:page/:partnerId', component: lazy(() => partners().then((m) => ({ default: m.PartnerEdit }))) },
    ]),
    ...of('customer.customer', [
      { path: '/customer-list', component: lazy(() => customers().then((m) => ({ default: m.CustomerList }))) },
      { path: '/customer/:tab/:customerId', component: lazy(() => customers().then((m) => ({ default: m.CustomerEdit }))) },
      { path: '/customer-resume', component: lazy(() => import('../../custom-screens/customers/CustomerResume')) },
      { path: '/transfer-customers', component: lazy(() => import('../../custom-screens/customers/TransferCustomers')) },
    ]),
    ...of('booking.booking', bookingScreens()),
  ];
}

function bookingScreens(): Omit<CustomScreen, 'functionality'>[] {
  const lists = () => import('../../custom-screens/bookings/BookingList');
  const days = () => import('../../custom-screens/bookings/DayLists');
  const imports = () => import('../../custom-screens/bookings/BookingImports');
  return [
    { path: '/search-availability', component: lazy(() => import('../../custom-screens/bookings/SearchAvailability')) },
    { path: '/booking-list/:statusId', component: lazy(() => lists().then((m) => ({ default: m.ActiveBookingList }))) },
    { path: '/booking-cancelled-list/:statusId', component: lazy(() => lists().then((m) => ({ default: m.CancelledBookingList }))) },
    { path: '/partner-booking-list/:statusId', component: lazy(() => lists().then((m) => ({ default: m.PartnerBookingList }))) },
    { path: '/booking/:bookingId', component: lazy(() => import('../../custom-screens/bookings/BookingScreen')) },
    { path: '/booking-arrival-list', component: lazy(() => days().then((m) => ({ default: m.ArrivalList }))) },
    { path: '/booking-departure-list', component: lazy(() => days().then((m) => ({ default: m.DepartureList }))) },
    { path: '/booking-departure-cleanning', component: lazy(() => days().then((m) => ({ default: m.DepartureCleaning }))) },
    { path: '/occupation-list', component: lazy(() => days().then((m) => ({ default: m.OccupationList }))) },
    { path: '/occupants-birthday', component: lazy(() => days().then((m) => ({ default: m.BirthdayList }))) },
    { path: '/booking-import-list', component: lazy(() => imports().then((m) => ({ default: m.BookingImportList }))) },
    { path: '/booking-import/:bookingImportId', component: lazy(() => imports().then((m) => ({ default: m.BookingImportScreen }))) },
  ];
}

// Meter readings (custom-screens/meters/); the list and the form are generated.
function meterScreens(): CustomScreen[] {
  return of('camp.meter', [
    { path: '/meter-reading-creation', component: lazy(() => import('../../custom-screens/meters/MeterReadingCreation')) },
  ]);
}

// Bills (billing area, custom-screens/billing/): the bill as issued; the list is generated.
function billingScreens(): CustomScreen[] {
  return of('invoice.bill', [
    { path: '/bill/:billId', component: lazy(() => import('../../custom-screens/billing/BillScreen')) },
  ]);
}
