// Row and answer types of the planning board's reads (window.ts): the columns of the
// generated records each query selects, and the setup and window the routes answer.
import type {
  BookingRecord,
  FeatureRecord,
  LayoutRecord,
  OccupancyRecord,
  PlaceAffectationRecord,
  PlaceFamilyRecord,
  PlaceFeatureRecord,
  PlaceRecord,
  PlaceTypeRecord,
  SubletRecord,
  UnavailabilityRecord,
} from '../../../common/generated/types';

export type SetupPlaceRow = Pick<
  PlaceRecord,
  'id' | 'code' | 'label' | 'capacity' | 'layoutId' | 'placeTypeId' | 'order'
> &
  Pick<PlaceTypeRecord, 'placeFamilyId' | 'isRental' | 'isResidential'>;
export type SetupFeature = Pick<FeatureRecord, 'id' | 'label' | 'code'>;
export type SetupLayout = Pick<LayoutRecord, 'id' | 'code' | 'label' | 'color' | 'order'>;
export type SetupFamily = Pick<PlaceFamilyRecord, 'id' | 'code' | 'label' | 'kind' | 'order'>;
export type SetupType = Pick<
  PlaceTypeRecord,
  'id' | 'code' | 'label' | 'placeFamilyId' | 'color' | 'maxPersons' | 'isRental'
>;
export type PlaceFeatureLink = Pick<PlaceFeatureRecord, 'placeId' | 'featureId'>;

/** What the screen needs once (planningSetup): places in board order, and the filter lists. */
export interface PlanningSetup {
  today: string;
  places: (Omit<SetupPlaceRow, 'order'> & { featureIds: number[] })[];
  layouts: SetupLayout[];
  families: SetupFamily[];
  types: SetupType[];
  features: SetupFeature[];
}

/** An occupancy as the window's query answers it, before it becomes a tuple of OCCUPANCY_FIELDS. */
export type OccupancyBarRow = Pick<
  OccupancyRecord,
  'id' | 'placeId' | 'startDate' | 'endDate' | 'bookingId' | 'version' | 'isLocked' | 'isCancelled'
> &
  Pick<BookingRecord, 'code' | 'kind' | 'statusId' | 'totalAmount' | 'partnerId'> & {
    customer: string;
    partnerName: string | null;
    persons: number;
  };
export type UnavailabilityBarRow = Pick<
  UnavailabilityRecord,
  'id' | 'placeId' | 'startDate' | 'endDate' | 'reason' | 'version'
>;
export type AffectationBarRow = Pick<PlaceAffectationRecord, 'id' | 'placeId' | 'startDate' | 'endDate'> & {
  customer: string;
};
export type SubletBarRow = Pick<
  SubletRecord,
  'id' | 'placeAffectationId' | 'startDate' | 'endDate' | 'occupantName'
> & { hasStay: boolean };

/** The bars of a window (planningWindow): tuples in the order of their field lists. */
export interface PlanningWindow {
  from: string;
  to: string;
  occupancyFields: readonly string[];
  unavailabilityFields: readonly string[];
  occupancies: unknown[][];
  unavailabilities: unknown[][];
  residentialFields: readonly string[];
  residentials: unknown[][];
}
