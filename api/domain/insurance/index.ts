// The insurance module: cancellation insurance declarations sent to the insurer.
import type { DomainModule } from '../module';
import { registerSentDeclarations } from './protected';
import { INSURANCE_ROUTES } from './routes';

export const insuranceModule: DomainModule = {
  name: 'insurance',
  register: registerSentDeclarations,
  routes: () => INSURANCE_ROUTES,
};
