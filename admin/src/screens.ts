// Hand-written screens (admin/src/pages and custom-screens/), each loaded on demand.
import { lazy, type ComponentType } from 'react';
import { MODULE_KINDS } from '../../common/modules';

export interface CustomScreen { path: string; component: ComponentType }

export const CUSTOM_SCREENS: CustomScreen[] = [
  { path: '/init-demo', component: lazy(() => import('./pages/InitDemo')) },
  ...securityScreens(),
  ...pricingScreens(),
  ...planningScreens(),
  ...staysScreens(),
];

// Users, rights, establishment, modules, history, menu contexts (security area).
function securityScreens(): CustomScreen[] {
  const users = () => import('./pages/security/UserScreens');
  const groups = () => import('./pages/security/GroupScreens');
  const headers = () => import('./pages/establishment/HeaderCustomNameScreens');
  const history = () => import('./pages/history/HistoryScreens');
  const modules = lazy(() => import('./pages/modules/index'));
  return [
    { path: '/admin/user-list', component: lazy(() => users().then((m) => ({ default: m.UserList }))) },
    { path: '/admin/user/:page/:userId', component: lazy(() => users().then((m) => ({ default: m.UserEdit }))) },
    { path: '/admin/group-list', component: lazy(() => groups().then((m) => ({ default: m.GroupList }))) },
    { path: '/admin/group/:groupId', component: lazy(() => groups().then((m) => ({ default: m.GroupEdit }))) },
    { path: '/admin/establishment', component: lazy(() => import('./pages/establishment/EstablishmentEdit')) },
    { path: '/admin/setting', component: lazy(() => import('./pages/establishment/SettingEdit')) },
    { path: '/admin/header-custom-name-list', component: lazy(() => headers().then((m) => ({ default: m.HeaderCustomNameList }))) },
    { path: '/admin/header-custom-name/:headerCustomNameId', component: lazy(() => headers().then((m) => ({ default: m.HeaderCustomNameEdit }))) },
    { path: '/post-history', component: lazy(() => history().then((m) => ({ default: m.HistoryList }))) },
    { path: '/post-history/:postHistoryId', component: lazy(() => history().then((m) => ({ default: m.HistoryShow }))) },
    { path: '/dynamic-board/:parentContextId', component: lazy(() => import('./pages/DynamicBoard')) },
    { path: '/admin/module-grid', component: modules },
    ...MODULE_KINDS.flatMap((k) => [k.route, ...(k.editRoute ? [k.editRoute] : [])]).map((path) => ({ path, component: modules })),
  ];
}

// Price grids, offers and fees (pricing area, custom-screens/pricing/).
function pricingScreens(): CustomScreen[] {
  const offers = () => import('../../custom-screens/pricing/SpecialOffers');
  const others = () => import('../../custom-screens/pricing/OtherScreens');
  return [
    { path: '/price/grid-list', component: lazy(() => import('../../custom-screens/pricing/GridList')) },
    { path: '/price/grid/:priceGridId/:priceModel/:placeTypeId/:historyVersion', component: lazy(() => import('../../custom-screens/pricing/GridScreen')) },
    { path: '/price/period/:priceGridPeriodId/grid/:priceGridId/:historyVersion', component: lazy(() => import('../../custom-screens/pricing/PeriodScreen')) },
    { path: '/price/option/:priceGridOptionId/grid/:priceGridId/:historyVersion', component: lazy(() => import('../../custom-screens/pricing/OptionScreen')) },
    { path: '/special-offer-list', component: lazy(() => offers().then((m) => ({ default: m.SpecialOfferList }))) },
    { path: '/special-offer/:specialOfferId', component: lazy(() => offers().then((m) => ({ default: m.SpecialOfferEdit }))) },
    { path: '/dmds-offer/:specialOfferId', component: lazy(() => offers().then((m) => ({ default: m.DmdsOfferEdit }))) },
    { path: '/last-minute-offer-list', component: lazy(() => others().then((m) => ({ default: m.LastMinuteOfferList }))) },
    { path: '/last-minute-offer/:lastMinuteOfferId', component: lazy(() => others().then((m) => ({ default: m.LastMinuteOfferEdit }))) },
    { path: '/booking-fee-list', component: lazy(() => others().then((m) => ({ default: m.BookingFeeList }))) },
    { path: '/booking-fee/:bookingFeeId', component: lazy(() => others().then((m) => ({ default: m.BookingFeeEdit }))) },
  ];
}

// Planning board, extras and cleaning plannings, site plan, new-booking wizard (planning area).
function planningScreens(): CustomScreen[] {
  const wizard = lazy(() => import('../../custom-screens/new-booking/NewBookingScreen'));
  return [
    { path: '/planning', component: lazy(() => import('../../custom-screens/planning/PlanningScreen')) },
    { path: '/extra-planning', component: lazy(() => import('../../custom-screens/planning/ExtraPlanningScreen')) },
    { path: '/cleanning-planning', component: lazy(() => import('../../custom-screens/planning/CleaningPlanningScreen')) },
    { path: '/plan', component: lazy(() => import('../../custom-screens/plan/PlanScreen')) },
    { path: '/new-booking', component: wizard },
    { path: '/new-booking/:activeKey/:bookingId/:tempBookingId/:occupancyId/:tempOccupancyId/:customerId/:statusId', component: wizard },
  ];
}

// Places, customers, stays and their lists (stays area: custom-screens/catalogue,
// custom-screens/customers, custom-screens/bookings).
function staysScreens(): CustomScreen[] {
  const places = () => import('../../custom-screens/catalogue/PlaceScreens');
  const customers = () => import('../../custom-screens/customers/CustomerScreens');
  const lists = () => import('../../custom-screens/bookings/BookingList');
  const days = () => import('../../custom-screens/bookings/DayLists');
  const imports = () => import('../../custom-screens/bookings/BookingImports');
  return [
    { path: '/place-list', component: lazy(() => places().then((m) => ({ default: m.PlaceList }))) },
    { path: '/place/:page/:placeId', component: lazy(() => places().then((m) => ({ default: m.PlaceEdit }))) },
    { path: '/customer-list', component: lazy(() => customers().then((m) => ({ default: m.CustomerList }))) },
    { path: '/customer/:tab/:customerId', component: lazy(() => customers().then((m) => ({ default: m.CustomerEdit }))) },
    { path: '/customer-resume', component: lazy(() => import('../../custom-screens/customers/CustomerResume')) },
    { path: '/transfer-customers', component: lazy(() => import('../../custom-screens/customers/TransferCustomers')) },
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
