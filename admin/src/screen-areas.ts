// Every screen area's registry, in menu order (an area's entries come in its own order
// under their sections). admin/src/screens.ts makes the routes of them; `npm run
// generate` writes their menu entries for the server (common/generated/screen-menu.ts).
// Pure data, read by the generator too: the screens' code is loaded only when opened.
import type { ScreenArea } from './ui/registry';
import { adminArea } from './pages/index';
import { documentsArea } from '../../custom-screens/documents';
import { pricingArea } from '../../custom-screens/pricing';
import { planningArea } from '../../custom-screens/planning';
import { planArea } from '../../custom-screens/plan';
import { newBookingArea } from '../../custom-screens/new-booking';
import { catalogueArea } from '../../custom-screens/catalogue';
import { customersArea } from '../../custom-screens/customers';
import { bookingsArea } from '../../custom-screens/bookings';
import { fiscalArea } from '../../custom-screens/fiscal';
import { metersArea } from '../../custom-screens/meters';
import { residentialArea } from '../../custom-screens/residential';
import { billingArea } from '../../custom-screens/billing';
import { cashRegisterArea } from '../../custom-screens/cash-register';
import { salesArea } from '../../custom-screens/sales';
import { accountingArea } from '../../custom-screens/accounting';
import { statisticsArea } from '../../custom-screens/statistics';
import { channelsArea } from '../../custom-screens/channels';
import { stayServicesArea } from '../../custom-screens/stay-services';
import { utilitiesArea } from '../../custom-screens/utilities';

export const SCREEN_AREAS: readonly ScreenArea[] = [
  adminArea,
  documentsArea,
  pricingArea,
  planningArea,
  planArea,
  newBookingArea,
  catalogueArea,
  customersArea,
  bookingsArea,
  fiscalArea,
  accountingArea,
  metersArea,
  residentialArea,
  billingArea,
  cashRegisterArea,
  salesArea,
  statisticsArea,
  channelsArea,
  stayServicesArea,
  utilitiesArea,
];
