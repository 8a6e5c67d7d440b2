// Answers of the planning routes, precise enough for the screens' generated types (issue
// 23 §2, docs/screens.md#general): every field the handler always sends is required. Pure data.
import { date, int, str } from '../../http/schema-parts';

const nullableInt = { type: ['integer', 'null'] };
const nullableStr = { type: ['string', 'null'] };
const nullableNumber = { type: ['number', 'null'] };
const object = (properties: Record<string, object>, optional: string[] = []) => ({
  type: 'object',
  required: Object.keys(properties).filter((k) => !optional.includes(k)),
  properties,
});

/** GET /rest/planning/plan: the plan (null before any image), the active places and the zones. */
export const PLAN_RESPONSE = object({
  plan: {
    ...object({
      id: int,
      label: str,
      imageMime: nullableStr,
      imageWidth: nullableInt,
      imageHeight: nullableInt,
      imageUpdatedAt: { type: ['string', 'null'], format: 'date-time' },
      markerSize: int,
      showLegend: { type: 'boolean' },
    }),
    type: ['object', 'null'],
  },
  places: {
    type: 'array',
    items: object({
      id: int,
      code: str,
      label: nullableStr,
      layoutId: nullableInt,
      placeTypeId: int,
      typeLabel: str,
      capacity: int,
      planX: nullableNumber,
      planY: nullableNumber,
      isRental: { type: 'boolean' },
    }),
  },
  layouts: { type: 'array', items: object({ id: int, code: str, label: str, color: nullableStr }) },
});

const stayOnPlace = object({
  occupancyId: int,
  bookingId: int,
  code: str,
  customer: nullableStr,
  startDate: date,
  endDate: date,
  category: str,
});
const band = { type: 'string', description: 'clé de la bande de légende (common/planning.ts)' };
const rate = { type: ['number', 'null'], description: 'taux d’occupation en % ; null : indisponible' };

/** GET /rest/planning/plan/occupancy: each active place's and zone's rate over [date, to). */
export const PLAN_OCCUPANCY_RESPONSE = object({
  date,
  nights: int,
  to: date,
  places: {
    type: 'array',
    items: object(
      {
        placeId: int,
        rate,
        band,
        state: { type: 'string', enum: ['free', 'occupied', 'partial', 'unavailable'] },
        occupiedNights: int,
        unavailableNights: int,
        stay: stayOnPlace,
        arrival: stayOnPlace,
        departure: stayOnPlace,
      },
      ['stay', 'arrival', 'departure'],
    ),
  },
  layouts: {
    type: 'array',
    items: object({ layoutId: nullableInt, places: int, occupiedNights: int, sellableNights: int, rate, band }),
  },
  total: object({ places: int, occupiedNights: int, sellableNights: int, rate, band }),
});
