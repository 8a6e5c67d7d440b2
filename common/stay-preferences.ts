// The preferences of §2 (docs/screens.md) that drive the stays (/preference/ sections booking/option,
// arrival_departure, early_departure, cancellation, customer, customerResume), kept in
// the general settings row. Pure: the server reads the row, the screens show the rules.
import { addDays } from './dates';

export interface StayPreferences {
  optionDays: number;
  earlyArrivalDays: number;
  arrivalTime: string;
  departureTime: string;
  earlyDepartureCharge: 'planned' | 'consumed';
  cancellationFreeDays: number;
  cancellationFeePercent: number;
  /** cents */
  cancellationFeeMinimum: number;
  customerRequiresEmail: boolean;
  customerRequiresPhone: boolean;
  customerRequiresAddress: boolean;
  customerRequiresBirthDate: boolean;
  customerResumeCancelledStays: boolean;
}

export const DEFAULT_STAY_PREFERENCES: StayPreferences = {
  optionDays: 7,
  earlyArrivalDays: 0,
  arrivalTime: '14:00',
  departureTime: '12:00',
  earlyDepartureCharge: 'planned',
  cancellationFreeDays: 30,
  cancellationFeePercent: 0,
  cancellationFeeMinimum: 0,
  customerRequiresEmail: false,
  customerRequiresPhone: false,
  customerRequiresAddress: false,
  customerRequiresBirthDate: false,
  customerResumeCancelledStays: true,
};

export const STAY_PREFERENCE_FIELDS = Object.keys(DEFAULT_STAY_PREFERENCES) as (keyof StayPreferences)[];

/**
 * Cancellation fee (cents) of a stay cancelled on `today`: nothing up to
 * `cancellationFreeDays` days before the arrival, then the percentage of the stay's
 * price, never under the minimum nor above the price itself.
 */
export function cancellationFee(
  p: Pick<StayPreferences, 'cancellationFreeDays' | 'cancellationFeePercent' | 'cancellationFeeMinimum'>,
  totalAmount: number | null,
  startDate: string | null,
  today: string,
): number {
  if (!totalAmount || totalAmount <= 0 || !startDate) return 0;
  if (
    today < addDays(startDate, -p.cancellationFreeDays) ||
    (p.cancellationFeePercent === 0 && p.cancellationFeeMinimum === 0)
  )
    return 0;
  const fee = Math.max(Math.round((totalAmount * p.cancellationFeePercent) / 100), p.cancellationFeeMinimum);
  return Math.min(fee, totalAmount);
}

/** Customer fields the preferences make mandatory, by field name. */
/** The customer fields the preferences can make mandatory. */
export type RequirableCustomerField = 'email' | 'phone1' | 'address1' | 'postalCode' | 'town' | 'birthDate';

export function requiredCustomerFields(
  p: Pick<
    StayPreferences,
    'customerRequiresEmail' | 'customerRequiresPhone' | 'customerRequiresAddress' | 'customerRequiresBirthDate'
  >,
): RequirableCustomerField[] {
  return [
    ...(p.customerRequiresEmail ? (['email'] as const) : []),
    ...(p.customerRequiresPhone ? (['phone1'] as const) : []),
    ...(p.customerRequiresAddress ? (['address1', 'postalCode', 'town'] as const) : []),
    ...(p.customerRequiresBirthDate ? (['birthDate'] as const) : []),
  ];
}
