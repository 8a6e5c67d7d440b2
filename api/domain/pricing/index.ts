// Public surface of the pricing engine, and the pricing module's descriptor.
import type { DomainModule } from '../module';
import { registerPricingRules } from './rules';
import { PRICING_ROUTES } from './routes';

export * from './types';
export { priceStay } from './quote';
export { PricingError, type PricingErrorCode } from './errors';
export { PRICING_WARNING_TEXTS, type PricingWarningCode } from './warnings';
export { applyBp, mulDivRound, vatOfInclusive, allocate, formatEuros, BP_SCALE } from './money';
export { toDay, fromDay, isoWeekday, addDays, nightsBetween } from './dates';
export { initialOptionQuantity } from './options';
export { validatePriceGrid, validateSpecialOffer, validateSlices, type ValidationIssue } from './validate';

// The module itself: rules of grids, options and offers; the grid and quote routes.
export const pricingModule: DomainModule = {
  name: 'pricing',
  register: registerPricingRules,
  routes: () => PRICING_ROUTES,
};
