// Reference data: towns, departments, bank accounts, payment methods, discounts… Rules
// only: their screens are the generic ones.
import type { DomainModule } from '../module';
import { registerReferenceRules } from './rules';

export const referenceModule: DomainModule = {
  name: 'reference',
  register: registerReferenceRules,
};
