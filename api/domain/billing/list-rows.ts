// The rows of the bill lists and checks (./lists.ts), as the screens read them. Amounts in cents.
import type { BillRecord, BookingRecord, PaymentRecord } from '../../../common/generated/types';

/** A stay as the lists name it: its booking, dates and customer. */
interface StayOf {
  bookingId: number;
  code: string | null;
  customerName: string | null;
}

/** A stay over whose final bill does not stand (/unbill-document-list). */
export interface UnbilledStay
  extends StayOf, Pick<BookingRecord, 'startDate' | 'endDate' | 'statusId' | 'totalAmount'> {
  billed: number;
  paid: number;
  toBill: number;
}

/** One finding of /verif-double-bill: a stay billed twice, or a hole or repeat in a series. */
export interface DoubleBill extends Partial<StayOf> {
  check: 'double-final' | 'deposits-exceed' | 'same-stay-twice' | 'numbering-repeat' | 'numbering-gap';
  label: string;
  /** the bills' numbers (the stays' codes for twins, the series' prefix for numbering) */
  bills: string;
  amount: number | null;
}

/** A stay whose bills are past due (/verif-due-bill). */
export interface DueBill extends StayOf {
  bills: string;
  dueDate: string;
  billed: number;
  paid: number;
  due: number;
  daysLate: number;
}

/** A credit note of the period with the invoice it credits (/result-credit-list). */
export type CreditNoteRow = Pick<
  BillRecord,
  'id' | 'number' | 'date' | 'customerName' | 'bookingId' | 'totalInclVat' | 'reason'
> & { invoiceId: number | null; invoiceNumber: string | null };

/** A customer who paid more than was billed (/result-credit-list). */
export interface CustomerCredit {
  customerId: number;
  customerName: string;
  billed: number;
  paid: number;
  credit: number;
}

/** A holiday-aid payment (/vacaf-list). */
export type VacafPayment = Pick<
  PaymentRecord,
  'id' | 'date' | 'amount' | 'payingInstitution' | 'isDeposited' | 'bookingId'
> &
  Pick<BookingRecord, 'code' | 'startDate' | 'endDate'> & { method: string | null; customerName: string | null };

/** A stay taken with the cancellation insurance, with its premium (/assurance-list). */
export interface InsuredStay
  extends StayOf, Pick<BookingRecord, 'startDate' | 'endDate' | 'statusId' | 'cancellation' | 'totalAmount'> {
  premium: number;
}
