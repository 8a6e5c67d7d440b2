// What the planning screen gets from /rest/planning/… and how it becomes board rows
// and bars. Pure (unit-tested in tests/unit/planning-screens).
import type { BoardBar, BoardRow, PaymentState } from '../board';
import type { StatusCategory } from '../../../common/planning';
import type { RestAnswer } from '../../../admin/src/ui/client';

/** GET /rest/planning/setup, as the route declares it (api/domain/planning/openapi.ts). */
export type Setup = RestAnswer<'/planning/setup', 'get'>;
export type SetupPlace = Setup['places'][number];

export interface PlaceRow extends BoardRow {
  id: number;
  data: SetupPlace;
}

export interface StayData {
  kind: 'occupancy' | 'unavailability' | 'residential' | 'sublet';
  /** occupancy, unavailability, place affectation (residential) or sublet id */
  recordId: number;
  bookingId?: number;
  category?: StatusCategory | 'unavailability' | 'residential' | 'sublet';
  totalAmount?: number | null;
  persons?: number;
  reason?: string;
  /** the record's version when read: sent back with a move, a stale one is refused (409) */
  version?: number;
}
export type StayBar = BoardBar & { data: StayData; rowId: number };

export interface Filters {
  layoutIds: number[];
  familyIds: number[];
  typeIds: number[];
  featureIds: number[];
  /** colour categories shown; empty = all but the released ("cancelled") */
  categories: string[];
}

export const EMPTY_FILTERS: Filters = { layoutIds: [], familyIds: [], typeIds: [], featureIds: [], categories: [] };

/** Board rows of the places passing the filters, with their group labels. */
export function placeRows(setup: Setup, f: Filters): PlaceRow[] {
  const layouts = new Map(setup.layouts.map((l) => [l.id, l]));
  const families = new Map(setup.families.map((x) => [x.id, x]));
  const types = new Map(setup.types.map((x) => [x.id, x]));
  const ok = (list: number[], v: number | null) => !list.length || (v != null && list.includes(v));
  return setup.places
    .filter(
      (p) =>
        ok(f.layoutIds, p.layoutId) &&
        ok(f.familyIds, p.placeFamilyId) &&
        ok(f.typeIds, p.placeTypeId) &&
        f.featureIds.every((id) => p.featureIds.includes(id)),
    )
    .map((p) => {
      const type = types.get(p.placeTypeId);
      return {
        id: p.id,
        label: p.code,
        sublabel: p.label ?? `${p.capacity} pers.`,
        layoutId: p.layoutId ?? 0,
        layoutLabel: p.layoutId ? (layouts.get(p.layoutId)?.label ?? '') : 'Sans zone',
        familyId: p.placeFamilyId,
        familyLabel: families.get(p.placeFamilyId)?.label ?? '',
        typeId: p.placeTypeId,
        typeLabel: type?.label ?? '',
        capacity: p.capacity,
        data: p,
      };
    });
}

/** GET /rest/planning/window: rows of fields; the residentials (let residential places: the contract's
 * « Résidentiel » bars and the campsite's sublets without a stay) only where there are some. */
export type WindowAnswer = RestAnswer<'/planning/window', 'get'>;

/** Bars that are no stay: never moved, never cancelled from the board. */
export const isResidentialBar = (b: StayBar): boolean => b.data.kind === 'residential' || b.data.kind === 'sublet';

/** Decodes the compact window answer into bars ('o<id>' occupancies, 'u<id>' unavailabilities). */
export function barsOf(w: WindowAnswer): StayBar[] {
  const oi = Object.fromEntries((w.occupancyFields ?? []).map((f, i) => [f, i]));
  const ui = Object.fromEntries((w.unavailabilityFields ?? []).map((f, i) => [f, i]));
  const out: StayBar[] = [];
  for (const r of w.occupancies ?? []) {
    const category = r[oi.category] as StatusCategory;
    out.push({
      id: `o${r[oi.id]}`,
      rowId: r[oi.placeId] as number,
      startDate: r[oi.startDate] as string,
      endDate: r[oi.endDate] as string,
      kind: 'occupancy',
      statusId: category,
      statusLabel: r[oi.statusLabel] as string,
      paymentState: (r[oi.payment] ?? undefined) as PaymentState | undefined,
      label: (r[oi.customer] as string) || undefined,
      code: r[oi.code] as string,
      locked: r[oi.locked] === 1 || category === 'cancelled' || category === 'gone',
      data: {
        kind: 'occupancy',
        recordId: r[oi.id] as number,
        bookingId: r[oi.bookingId] as number,
        category,
        totalAmount: r[oi.totalAmount] as number | null,
        persons: r[oi.persons] as number,
        version: r[oi.version] as number | undefined,
      },
    });
  }
  for (const r of w.unavailabilities ?? []) {
    out.push({
      id: `u${r[ui.id]}`,
      rowId: r[ui.placeId] as number,
      startDate: r[ui.startDate] as string,
      endDate: r[ui.endDate] as string,
      kind: 'unavailability',
      label: (r[ui.reason] as string) || 'Indisponible',
      statusLabel: 'Indisponibilité',
      data: {
        kind: 'unavailability',
        recordId: r[ui.id] as number,
        category: 'unavailability',
        reason: r[ui.reason] as string,
        version: r[ui.version] as number | undefined,
      },
    });
  }
  const ri = Object.fromEntries((w.residentialFields ?? []).map((f, i) => [f, i]));
  for (const r of w.residentials ?? []) {
    const kind = r[ri.kind] === 'sublet' ? 'sublet' : 'residential';
    out.push({
      id: r[ri.id] as string,
      rowId: r[ri.placeId] as number,
      startDate: r[ri.startDate] as string,
      endDate: r[ri.endDate] as string,
      kind,
      statusId: kind,
      label: r[ri.label] as string,
      statusLabel: kind === 'sublet' ? 'Sous-location par le camping' : 'Résidentiel (contrat)',
      locked: true,
      data: {
        kind,
        recordId: (kind === 'sublet' ? r[ri.subletId] : r[ri.placeAffectationId]) as number,
        category: kind,
      },
    });
  }
  return out;
}

/** The bars the status filter lets through (released stays only when asked for). */
export function visibleBars(bars: readonly StayBar[], categories: readonly string[]): StayBar[] {
  if (!categories.length) return bars.filter((b) => b.data.category !== 'cancelled');
  // The residential contracts are not a stay status: always shown.
  return bars.filter((b) => isResidentialBar(b) || categories.includes(b.data.category ?? ''));
}

/** /new-booking with a place and dates (the route's parameters all 0: a new stay). */
export function newBookingUrl(placeId?: number | null, startDate?: string, endDate?: string): string {
  const q = new URLSearchParams();
  if (placeId) q.set('placeId', String(placeId));
  if (startDate) q.set('startDate', startDate);
  if (endDate) q.set('endDate', endDate);
  const s = q.toString();
  return `/new-booking/1/0/0/0/0/0/0${s ? `?${s}` : ''}`;
}
