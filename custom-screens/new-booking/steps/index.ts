// The wizard's first four steps, one file each; the price and save steps are in ../PriceSteps.tsx.
export { StayStep } from './StayStep';
export { PlaceStep, type OfferPlace } from './PlaceStep';
export { CustomerStep } from './CustomerStep';
export { DetailsStep } from './DetailsStep';
