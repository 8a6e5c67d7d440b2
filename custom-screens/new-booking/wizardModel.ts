// The new-booking wizard's state and its pure conversions (unit-tested in
// tests/unit/planning-screens): the route's parameters, the quote request sent to
// the pricing engine, the draft sent to the server, the state read back from a
// temporary booking after a reload, and the first step's checks (§5, §8 in French).
import { nightsBetween } from '../../common/dates';

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
  /** an existing booking the new occupancy joins (0: a new stay) */
  bookingId: number;
  /** the wizard's temporary booking (0: not created yet) */
  tempBookingId: number;
  /** the occupancy edited in bookingId (unused for now: the wizard adds one) */
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
    bookingId: num(p.bookingId), tempBookingId: num(p.tempBookingId), occupancyId: num(p.occupancyId),
    tempOccupancyId: num(p.tempOccupancyId), customerId: num(p.customerId), statusId: num(p.statusId),
  };
}

export function routeUrl(r: RouteParams, search = ''): string {
  return `/new-booking/${r.activeKey}/${r.bookingId}/${r.tempBookingId}/${r.occupancyId}/${r.tempOccupancyId}/${r.customerId}/${r.statusId}${search}`;
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
  promoCode: string;
  discountIds: number[];
  withCancellationInsurance: boolean;
  notes: string;
}

export const EMPTY_DRAFT: Draft = {
  startDate: '', endDate: '', occupants: {}, placeTypeId: null, layoutId: null, featureIds: [], placeId: null, equipmentId: null,
  customerId: null, animals: [], vehicles: [], extras: [], accessChannelId: null, promoCode: '', discountIds: [], withCancellationInsurance: false, notes: '',
};

export const persons = (d: Pick<Draft, 'occupants'>) => Object.values(d.occupants).reduce((s, n) => s + (n || 0), 0);
export const occupantList = (d: Pick<Draft, 'occupants'>) =>
  Object.entries(d.occupants).filter(([, n]) => n > 0).map(([id, quantity]) => ({ ageCategoryId: Number(id), quantity }));

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

/** The body of POST /rest/pricing/quote for the draft (its place, or its type while none is chosen). */
export function quoteRequest(d: Draft, placeTypeId?: number | null): Record<string, unknown> {
  const vehicles = new Map<number, number>();
  for (const v of d.vehicles) vehicles.set(v.vehicleTypeId, (vehicles.get(v.vehicleTypeId) ?? 0) + 1);
  return {
    ...(d.placeId ? { placeId: d.placeId } : { placeTypeId: placeTypeId ?? d.placeTypeId }),
    startDate: d.startDate, endDate: d.endDate,
    occupants: occupantList(d),
    animals: d.animals.filter((a) => a.quantity > 0),
    vehicles: [...vehicles].map(([vehicleTypeId, quantity]) => ({ vehicleTypeId, quantity })),
    extras: d.extras.filter((x) => x.quantity > 0),
    channelId: d.accessChannelId,
    promoCode: d.promoCode.trim() || null,
    discountIds: d.discountIds,
    withCancellationInsurance: d.withCancellationInsurance,
  };
}

/** The occupancy as POST /rest/booking/create and PUT /rest/planning/draft/{id} take it. */
export function occupancyBody(d: Draft): Record<string, unknown> {
  return {
    placeId: d.placeId, equipmentId: d.equipmentId, startDate: d.startDate, endDate: d.endDate,
    details: occupantList(d),
    animals: d.animals.filter((a) => a.quantity > 0),
    vehicles: d.vehicles.map((v) => ({ vehicleTypeId: v.vehicleTypeId, licencePlate: v.licencePlate.trim() || null, customerVehicleId: v.customerVehicleId ?? null })),
    extras: d.extras.filter((x) => x.quantity > 0).map((x) => ({ extraId: x.extraId, quantity: x.quantity })),
  };
}

/** The draft read back from a temporary booking's summary (after a reload). Pricing choices come from the session. */
export function draftFromSummary(s: any, pricing: Partial<Draft> = {}): Draft {
  const o = (s.occupancies ?? []).find((x: any) => !x.isCancelled) ?? s.occupancies?.[0];
  const occupants: Record<number, number> = {};
  for (const d of o?.details ?? []) occupants[d.ageCategoryId] = (occupants[d.ageCategoryId] ?? 0) + d.quantity;
  return {
    ...EMPTY_DRAFT,
    ...pricing,
    startDate: o?.startDate ?? '', endDate: o?.endDate ?? '', occupants,
    placeId: o?.placeId ?? null, equipmentId: o?.equipmentId ?? null, customerId: s.booking?.customerId ?? null,
    accessChannelId: s.booking?.accessChannelId ?? pricing.accessChannelId ?? null, notes: s.booking?.notes ?? '',
    animals: (o?.animals ?? []).map((a: any) => ({ animalTypeId: a.animalTypeId, quantity: a.quantity ?? 1 })),
    vehicles: (o?.vehicles ?? []).map((v: any) => ({ vehicleTypeId: v.vehicleTypeId, licencePlate: v.licencePlate ?? '', customerVehicleId: v.customerVehicleId ?? null })),
    extras: (o?.extras ?? []).map((x: any) => ({ extraId: x.extraId, quantity: x.quantity })),
  };
}

/** Field errors of a server answer ({ errors: { field: message } }) as one French line. */
export function errorText(e: any): string {
  const errors = e?.body?.errors;
  const fields = errors && typeof errors === 'object' ? Object.values(errors).filter((v) => typeof v === 'string') : [];
  const msg = e?.message ?? 'Une erreur est survenue';
  return fields.length && !fields.includes(msg) ? `${msg} : ${fields.join(' ; ')}` : msg;
}
