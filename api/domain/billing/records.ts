// The shapes billing code reads and writes: the generated record types (schemas/) for
// stored rows, and what the bill routes build from them (a bill with its lines, credit
// notes and payments; a bill before its number).
import type { Knex } from 'knex';
import type { Bill, BillLineRecord, BillRecord, PaymentRecord } from '../../../common/generated/types';
import type { BillLineDraft } from './lines';
import type { CustomerSnapshot, SellerSnapshot } from './parties';

export type Db = Knex | Knex.Transaction;

export type BillState = 'issued' | 'partly-credited' | 'cancelled';
/**
 * The invoice kinds of §4 (docs/billing.md#invoice-kinds): an invoice, a cancelled invoice (wholly credited), a
 * cancellation invoice (a cancelled stay's fee, line 20); and the credit note.
 */
export type InvoiceKind = 'invoice' | 'cancelled-invoice' | 'cancellation-invoice' | 'credit-note';

/** A bill another one points at (the invoice a credit note credits). */
export type BillRef = Pick<BillRecord, 'id' | 'number' | 'date'>;

/** A bill as the bill view answers it (loadBill): its row, state, lines, credit notes and payments. */
export interface IssuedBill extends BillRecord {
  state: BillState;
  stateLabel: string;
  invoiceKind: InvoiceKind;
  invoiceKindLabel: string;
  /** what remains of it once its credit notes are taken off */
  remaining: number;
  lines: BillLineRecord[];
  creditNotes: Pick<BillRecord, 'id' | 'number' | 'date' | 'totalInclVat' | 'reason'>[];
  creditedBill: BillRef | undefined | null;
  payments: Pick<PaymentRecord, 'id' | 'date' | 'amount' | 'paymentMethodId'>[];
}

/** A bill as insertBill takes it: its number, totals and lines are added there. */
export type BillDraft = Omit<
  Bill,
  'id' | 'createdAt' | 'updatedAt' | 'number' | 'prefix' | 'sequence' | 'totalExclVat' | 'totalVat' | 'totalInclVat'
> & { customerSnapshot: CustomerSnapshot | BillRecord['customerSnapshot']; sellerSnapshot: SellerSnapshot };

/** A bill as its preview answers it: the draft with its numbered lines and totals, no number yet. */
export type BillPreview = BillDraft & {
  number: null;
  lines: BillLineDraft[];
  totalExclVat: number;
  totalVat: number;
  totalInclVat: number;
  creditedBill?: BillRef | undefined;
};

/** What the PDF and the Factur-X read of a bill: an issued bill or its preview. */
type Printed =
  'kind' | 'number' | 'date' | 'customerSnapshot' | 'sellerSnapshot' | 'totalExclVat' | 'totalVat' | 'totalInclVat';
export type PrintedBill = Pick<BillRecord, Printed> &
  Partial<Omit<BillRecord, Printed>> & {
    lines?: BillLineDraft[];
    creditedBill?: Pick<BillRecord, 'number' | 'date'> | null;
  };
