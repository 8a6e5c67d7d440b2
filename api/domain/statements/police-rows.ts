// The rows the police register (police.ts) reads: a guest's identity fields on the customer
// and on an occupant alike, the stay's holder, its occupants and its occupations.
import type { AttendantRecord, CustomerRecord } from '../../../common/generated/types';

export /** A guest's identity fields, on the customer and on an occupant (attendant) alike. */
type Person = Pick<
  CustomerRecord,
  | 'id'
  | 'lastName'
  | 'firstName'
  | 'birthDate'
  | 'birthPlace'
  | 'nationalityId'
  | 'address1'
  | 'postalCode'
  | 'town'
  | 'countryId'
>;
export type HolderRow = Person & Pick<CustomerRecord, 'address2' | 'phone1' | 'phone2' | 'email'>;
export type AttendantRow = Person & Pick<AttendantRecord, 'customerId'> & { occupancyId: number };
/** The stay's customer (isHolder) or one of its occupants. */
export type Guest = Person &
  Partial<Pick<CustomerRecord, 'address2' | 'phone1' | 'phone2' | 'email'>> & { isHolder?: boolean };
export interface OccupationRow {
  id: number;
  bookingId: number;
  startDate: string;
  endDate: string;
  code: string;
  customerId: number | null;
  placeCode: string | null;
}
