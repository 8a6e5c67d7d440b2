// The rows the FEC is built from and the lines it writes, apart from fec.ts so that the
// detail plan (detail-plan.ts, which fec.ts calls) can name them without a cycle.
import type { PlanAccount } from './plan';
import type { TillShare, VatCents } from '../ledger/entries';

/** A payment method as an entry's data names it (ledger/totals.ts reads it as loosely). */
export interface PaymentMethodData {
  id?: unknown;
  kind?: unknown;
  label?: unknown;
  amount?: unknown;
}
/** What the FEC reads of a ledger entry's data (ledger/entries.ts writes it): a sale's or a payment's. */
export interface FecEntryData {
  number?: string;
  customer?: string;
  customerId?: number | null;
  touristTax?: number;
  outsideVat?: number;
  insurance?: number;
  holidayAid?: number;
  vat?: VatCents[];
  till?: Partial<TillShare> | null;
  /** a till ticket's money per method */
  takings?: PaymentMethodData[];
  method?: PaymentMethodData | null;
  payerType?: string;
  category?: string;
  /** other fields of the entry, not read here */
  [field: string]: unknown;
}

export interface LedgerRow {
  seq: number;
  kind: string;
  date: string;
  at: string;
  amount: number;
  data: FecEntryData;
  /** the ledger entry's id and source (exports record which entries they carried) */
  id?: number;
  sourceTable?: string | null;
  sourceId?: number | null;
  /** a bill's amounts per line type and rate (fec-year.ts), for the detail plan */
  lines?: BillLineTotal[];
}
export interface BillLineTotal {
  lineType: number;
  rateBp: number | null;
  exclVat: number;
}
export interface Line {
  account: PlanAccount;
  aux?: { num: string; label: string };
  debit: number;
  credit: number;
}
