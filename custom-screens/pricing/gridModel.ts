// The pricing grid as the grid screen and its sub-screens read it: one stored version
// (the grid, its periods, options and prices as they were) and what an option prices.
import type { Row } from './common';

export interface GridVersion {
  grid: Row;
  periods: Row[];
  options: Row[];
  prices: Row[];
  historyVersion: number;
  isCurrent: boolean;
}

/** What an option prices: an occupant's age category, an extra, an animal or a vehicle. */
export function itemOf(o: Row): string {
  if (o.ageCategoryId) return "Catégorie d'âge";
  if (o.extraId) return 'Extra';
  if (o.animalTypeId) return 'Animal';
  if (o.vehicleTypeId) return 'Véhicule';
  return '';
}
