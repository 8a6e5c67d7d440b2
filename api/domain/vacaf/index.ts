// The VACAF module: holiday aid (CAF) claimed for stays, a source of the stay's bill.
import type { DomainModule } from '../module';
import { registerHolidayAidBillSource } from './aid';
import { VACAF_ROUTES } from './routes';

export const vacafModule: DomainModule = {
  name: 'vacaf',
  register: registerHolidayAidBillSource,
  routes: () => VACAF_ROUTES,
};
