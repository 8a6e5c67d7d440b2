// The new-booking wizard's state and its pure conversions (unit-tested in
// tests/unit/planning-screens): the route's parameters, the price preview asked of
// the server, the draft sent to the server (never a price: the server computes it),
// the state read back from a temporary booking after a reload or from the occupancy
// being edited, and the first step's checks (§5 (docs/stays.md#validation), §8 (docs/errors.md#messages) in French).
import { nightsBetween } from '../../common/dates';
import type { components, RestBody } from '../../admin/src/ui/client';

/** A stay as the wizard reads it back (GET /rest/booking/{id}/summary, the planning wizard's answers). */
export type WizardSummary = components['schemas']['BookingSummary'];

export const STEPS = [
  { key: 1, label: 'Dates et personnes' },
  { key: 2, label: 'Emplacement' },
  { key: 3, label: 'Client' },
  { key: 4, label: 'Occupants et options' },
  { key: 5, label: 'Prix' },
  { key: 6, label: 'Acompte et enregistrement' },
] as const;
export type StepKey = (typeof STEPS)[number]['key'];

/** /new-booking/{activeKey}/{bookingId}/{tempBookingId}/{occupancyId}/{tempOccupancyId}/{customerId}/{statusId} */
export interface RouteParams {
  activeKey: StepKey;
  /**
   * an existing booking: the new occupancy joins it, or (with occupancyId) one of its occupancies is edited (0: a new
   * stay)
   */
  bookingId: number;
  /** the wizard's temporary booking (0: not created yet, or editing an existing occupancy) */
  tempBookingId: number;
  /** the occupancy of bookingId edited through the wizard (0: the wizard adds one) */
  occupancyId: number;
  /** the temporary booking's occupancy */
  tempOccupancyId: number;
  customerId: number;
  /** status of the temporary booking (1 temporary) */
  statusId: number;
}

const num = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : 0);

export function parseRoute(p: Record<string, string | undefined>): RouteParams {
  const k = num(p.activeKey);
  return {
    activeKey: (k >= 1 && k <= 6 ? k : 1) as StepKey,
    bookingId: num(p.bookingId),
    tempBookingId: num(p.tempBookingId),
    occupancyId: num(p.occupancyId),
    tempOccupancyId: num(p.tempOccupancyId),
    customerId: num(p.customerId),
    statusId: num(p.statusId),
  };
}

export function routeUrl(r: RouteParams, search = ''): string {
  return (
    `/new-booking/${r.activeKey}/${r.bookingId}/${r.tempBookingId}/${r.occupancyId}/${r.tempOccupancyId}/` +
    `${r.customerId}/${r.statusId}${search}`
  );
}

/** A manual price: the accommodation per night (priceGridOptionId null) or a grid option's unit price, in cents. */
export interface PriceOverride {
  priceGridOptionId: number | null;
  unitPrice: number;
}

/** Persons of an age category exempt from the tourist tax, and why (tourist-tax-exemption). */
export interface Exemption {
  quantity: number;
  reasonId: number | null;
}

export interface Draft {
  startDate: string;
  endDate: string;
  /** ageCategoryId → persons */
  occupants: Record<number, number>;
  placeTypeId: number | null;
  layoutId: number | null;
  featureIds: number[];
  placeId: number | null;
  equipmentId: number | null;
  customerId: number | null;
  animals: { animalTypeId: number; quantity: number }[];
  vehicles: { vehicleTypeId: number; licencePlate: string; customerVehicleId?: number | null }[];
  extras: { extraId: number; quantity: number }[];
  accessChannelId: number | null;
  partnerId: number | null;
  promoCode: string;
  discountIds: number[];
  withCancellationInsurance: boolean;
  notes: string;
  /** ageCategoryId → exempt persons and reason */
  exemptions: Record<number, Exemption>;
  overrides: PriceOverride[];
}

export const EMPTY_DRAFT: Draft = {
  startDate: '',
  endDate: '',
  occupants: {},
  placeTypeId: null,
  layoutId: null,
  featureIds: [],
  placeId: null,
  equipmentId: null,
  customerId: null,
  animals: [],
  vehicles: [],
  extras: [],
  accessChannelId: null,
  partnerId: null,
  promoCode: '',
  discountIds: [],
  withCancellationInsurance: false,
  notes: '',
  exemptions: {},
  overrides: [],
};

export const persons = (d: Pick<Draft, 'occupants'>) => Object.values(d.occupants).reduce((s, n) => s + (n || 0), 0);
export const occupantList = (d: Pick<Draft, 'occupants'>) =>
  Object.entries(d.occupants)
    .filter(([, n]) => n > 0)
    .map(([id, quantity]) => ({ ageCategoryId: Number(id), quantity }));

/** Field errors of the first step, in French; empty when it may go on. */
export function stayErrors(d: Draft): Record<string, string> {
  const e: Record<string, string> = {};
  if (!d.startDate || !d.endDate) {
    if (!d.startDate) e.startDate = 'Dates de début et de fin obligatoires';
    if (!d.endDate) e.endDate = 'Dates de début et de fin obligatoires';
  } else if (d.endDate === d.startDate) e.endDate = 'La date de début ne peut pas être égale à la date de fin';
  else if (d.endDate < d.startDate) e.endDate = 'La date de début doit précéder la date de fin';
  else if (nightsBetween(d.startDate, d.endDate) > 366) e.endDate = 'Dates incorrectes';
  if (persons(d) < 1) e.occupants = 'Indiquez au moins un occupant';
  return e;
}

/** The occupants by age category, with their tourist tax exemptions (never more than the persons). */
export function occupantDetails(
  d: Pick<Draft, 'occupants' | 'exemptions'>,
): { ageCategoryId: number; quantity: number; exemptQuantity?: number; touristTaxExemptionId?: number | null }[] {
  return occupantList(d).map((o) => {
    const e = d.exemptions[o.ageCategoryId];
    const exempt = Math.min(e?.quantity ?? 0, o.quantity);
    return exempt > 0 ? { ...o, exemptQuantity: exempt, touristTaxExemptionId: e?.reasonId ?? null } : o;
  });
}

type WizardDraft = components['schemas']['WizardDraft'];
/** The booking's fields a price depends on, as the server takes them. */
export function bookingPricing(
  d: Draft,
): Pick<WizardDraft, 'accessChannelId' | 'partnerId' | 'promoCode' | 'discountIds' | 'withCancellationInsurance'> {
  return {
    accessChannelId: d.accessChannelId,
    partnerId: d.partnerId,
    promoCode: d.promoCode.trim() || null,
    discountIds: d.discountIds,
    withCancellationInsurance: d.withCancellationInsurance,
  };
}

/**
 * The occupancy as POST /rest/booking/create, PUT /rest/planning/draft/{id} and PUT /rest/planning/occupancy/{id} take
 * it.
 */
export function occupancyBody(d: Draft): components['schemas']['OccupancyInput'] {
  return {
    placeId: d.placeId,
    equipmentId: d.equipmentId,
    startDate: d.startDate,
    endDate: d.endDate,
    details: occupantDetails(d),
    animals: d.animals.filter((a) => a.quantity > 0),
    vehicles: d.vehicles.map((v) => ({
      vehicleTypeId: v.vehicleTypeId,
      licencePlate: v.licencePlate.trim() || null,
      customerVehicleId: v.customerVehicleId ?? null,
    })),
    extras: d.extras.filter((x) => x.quantity > 0).map((x) => ({ extraId: x.extraId, quantity: x.quantity })),
    priceOverrides: d.overrides,
  };
}

/**
 * The body of POST /rest/occupancy/{id}/quote: the draft priced by the server exactly as
 * saving it would (partner, channel, promo code, discounts, insurance, manual prices).
 */
export function previewBody(d: Draft): RestBody<'/occupancy/{id}/quote', 'post'> {
  const { equipmentId: _e, ...occupancy } = occupancyBody(d);
  return { occupancy, booking: bookingPricing(d) };
}

/** The body of a draft save (booking fields and occupancy); no price. */
export function draftBody(d: Draft): WizardDraft {
  return { customerId: d.customerId, notes: d.notes.trim() || null, ...bookingPricing(d), occupancy: occupancyBody(d) };
}

type Booking = WizardSummary['booking'];
type Occupancy = WizardSummary['occupancies'][number];
type Line<K extends 'details' | 'animals' | 'vehicles' | 'extras'> = Partial<Occupancy[K][number]>;
/** What the draft takes from a summary: any summary fits, and so does a test's partial one. */
export interface SummaryRead {
  booking: Partial<Booking>;
  occupancies?: (Partial<
    Pick<Occupancy, 'isCancelled' | 'placeId' | 'equipmentId' | 'startDate' | 'endDate' | 'priceOverrides'>
  > & {
    id: number;
    details?: (Line<'details'> & Pick<Occupancy['details'][number], 'ageCategoryId' | 'quantity'>)[];
    animals?: (Line<'animals'> & Pick<Occupancy['animals'][number], 'animalTypeId'>)[];
    vehicles?: (Line<'vehicles'> & Pick<Occupancy['vehicles'][number], 'vehicleTypeId'>)[];
    extras?: (Line<'extras'> & Pick<Occupancy['extras'][number], 'extraId' | 'quantity'>)[];
  })[];
}

/**
 * The draft read back from a booking's summary: its temporary booking after a reload,
 * or the occupancy `occupancyId` being edited. Search filters come from the session.
 */
export function draftFromSummary(s: SummaryRead, filters: Partial<Draft> = {}, occupancyId = 0): Draft {
  const list = s.occupancies ?? [];
  const o =
    (occupancyId ? list.find((x) => x.id === occupancyId) : undefined) ?? list.find((x) => !x.isCancelled) ?? list[0];
  const b = s.booking;
  const occupants: Record<number, number> = {};
  const exemptions: Record<number, Exemption> = {};
  for (const d of o?.details ?? []) {
    occupants[d.ageCategoryId] = (occupants[d.ageCategoryId] ?? 0) + d.quantity;
    if (d.exemptQuantity && d.exemptQuantity > 0)
      exemptions[d.ageCategoryId] = {
        quantity: (exemptions[d.ageCategoryId]?.quantity ?? 0) + d.exemptQuantity,
        reasonId: d.touristTaxExemptionId ?? null,
      };
  }
  return {
    ...EMPTY_DRAFT,
    ...filters,
    startDate: o?.startDate ?? '',
    endDate: o?.endDate ?? '',
    occupants,
    exemptions,
    placeId: o?.placeId ?? null,
    equipmentId: o?.equipmentId ?? null,
    customerId: b.customerId ?? null,
    accessChannelId: b.accessChannelId ?? null,
    partnerId: b.partnerId ?? null,
    notes: b.notes ?? '',
    promoCode: b.promoCode ?? '',
    discountIds: b.discountIds ?? [],
    withCancellationInsurance: !!b.withCancellationInsurance,
    animals: (o?.animals ?? []).map((a) => ({ animalTypeId: a.animalTypeId, quantity: a.quantity ?? 1 })),
    vehicles: (o?.vehicles ?? []).map((v) => ({
      vehicleTypeId: v.vehicleTypeId,
      licencePlate: v.licencePlate ?? '',
      customerVehicleId: v.customerVehicleId ?? null,
    })),
    extras: (o?.extras ?? []).map((x) => ({ extraId: x.extraId, quantity: x.quantity })),
    overrides: (o?.priceOverrides ?? []).map((x) => ({
      priceGridOptionId: x.priceGridOptionId ?? null,
      unitPrice: x.unitPrice,
    })),
  };
}

/** Field errors of a server answer ({ errors: { field: message } }) as one French line. */
export function errorText(e: unknown): string {
  const err = e as { message?: string; body?: { errors?: unknown } } | null | undefined;
  const errors = err?.body?.errors;
  const fields = errors && typeof errors === 'object' ? Object.values(errors).filter((v) => typeof v === 'string') : [];
  const msg = err?.message ?? 'Une erreur est survenue';
  return fields.length && !fields.includes(msg) ? `${msg} : ${fields.join(' ; ')}` : msg;
}
