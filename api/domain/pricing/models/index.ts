// Dispatch of the grid's price model. Before any model, a PACKAGE period whose dates
// are exactly the stay's sells the stay as that package.
import { exactPeriod } from '../periods';
import type { PricingRun } from '../run';
import { PeriodType, PriceModel, type QuoteLine } from '../types';
import { priceNightModel } from './night';
import { priceBrittanyModel, priceMidiPyreneesModel } from './regional';
import { priceShortStayModel } from './short-stay';
import { priceSpecialDurationModel, pushPackage } from './special-duration';
import { priceWeekModel } from './week';

export function priceOccupancy(run: PricingRun, out: QuoteLine[]): void {
  const model = run.grid.priceModel;
  if (model !== PriceModel.SPECIAL_DURATION) {
    const period = exactPeriod(run);
    if (period && period.periodType === PeriodType.PACKAGE && period.pricePerStay !== null) {
      pushPackage(run, out, period.pricePerStay, period.label);
      return;
    }
  }
  switch (model) {
    case PriceModel.NIGHT:
    case PriceModel.COUPLE_NIGHT:
    case PriceModel.SENIOR:
      return priceNightModel(run, out);
    case PriceModel.WEEK:
    case PriceModel.COUPLE_WEEK:
      return priceWeekModel(run, out);
    case PriceModel.SHORT_STAY_WEEKEND:
      return priceShortStayModel(run, out);
    case PriceModel.SPECIAL_DURATION:
      return priceSpecialDurationModel(run, out);
    case PriceModel.MIDI_PYRENEES:
      return priceMidiPyreneesModel(run, out);
    case PriceModel.BRITTANY:
      return priceBrittanyModel(run, out);
    default:
      throw new RangeError(`Unknown price model ${String(model)}`);
  }
}

/** Persons included in the base price: 2 for the couple and senior packages unless set. */
export function includedOccupants(priceModel: PriceModel, includedOccupants: number | null): number {
  if (includedOccupants !== null) return includedOccupants;
  return priceModel === PriceModel.COUPLE_NIGHT ||
    priceModel === PriceModel.COUPLE_WEEK ||
    priceModel === PriceModel.SENIOR
    ? 2
    : 0;
}
