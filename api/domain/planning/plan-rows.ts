// The rows the site plan (plan.ts) reads and the stays it shows on a place: the plan as its
// columns read it, the raw reservations (snake_case or camelCase), the stays of the window.
import type { PlanRecord } from '../../../common/generated/types';
import type { StatusCategory } from '../../../common/planning';

/** The plan as PLAN_COLUMNS read it. */
export type PlanRow = Pick<
  PlanRecord,
  'id' | 'label' | 'imageMime' | 'imageWidth' | 'imageHeight' | 'imageUpdatedAt' | 'markerSize' | 'showLegend'
>;

/** A place_reservation row of the raw query (snake_case: a raw query's columns are not renamed). */
export interface HeldRow {
  placeId?: number;
  place_id?: number;
  occupancyId?: number | null;
  occupancy_id?: number | null;
  startDate?: string;
  start_date?: string;
  endDate?: string;
  end_date?: string;
}

export interface StayRow {
  id: number;
  placeId: number;
  startDate: string;
  endDate: string;
  bookingId: number;
  code: string;
  kind: string;
  statusId: number;
  customer: string | null;
}

export interface StayInfo {
  occupancyId: number;
  bookingId: number;
  code: string;
  customer: string | null;
  startDate: string;
  endDate: string;
  category: StatusCategory;
}

/** What is on a place on the map's first day. */
export interface PlaceStays {
  stay?: StayInfo;
  arrival?: StayInfo;
  departure?: StayInfo;
}
