// The shapes the till code reads and answers: the generated record types (schemas/) for
// stored rows, and what it builds from them (a ticket with its lines and payments, the Z
// of a register window, the till screen's data).
import type { Knex } from 'knex';
import type {
  BookingRecord,
  SaleCustomerRecord,
  SaleLineRecord,
  SalePaymentRecord,
  SaleRecord,
} from '../../../common/generated/types';
import type { VoucherLine } from '../../../common/holiday-vouchers';
import type { VatTotal, ZKindLine } from '../../../common/sales-totals';
import type { SellerSnapshot } from '../billing/parties';

export type Db = Knex | Knex.Transaction;

/** A line of a ticket as read: its gift voucher, and what later return tickets took back of it. */
export type SaleViewLine = SaleLineRecord & {
  giftVoucherCode: string | null;
  giftValidUntil: string | null;
  returnedQuantity: number;
  returnedAmount: number;
};

/** The establishment as frozen on a ticket, with the footer the till prints. */
export type TicketSeller = Partial<SellerSnapshot> & { ticketFooter?: string | null };

/** A ticket as the till answers it (loadSale): lines, payments with their vouchers, prints, returns, stay. */
export interface SaleView extends Omit<SaleRecord, 'sellerSnapshot' | 'vatTotals'> {
  sellerSnapshot: TicketSeller;
  vatTotals: VatTotal[];
  registerCode: string;
  registerLabel: string;
  lines: SaleViewLine[];
  payments: (SalePaymentRecord & { vouchers: VoucherLine[] })[];
  printCount: number;
  returns: Pick<SaleRecord, 'id' | 'number' | 'issuedAt' | 'totalInclVat'>[];
  returnOf: Pick<SaleRecord, 'id' | 'number' | 'issuedAt'> | null;
  booking: Pick<BookingRecord, 'id' | 'code' | 'startDate' | 'endDate'> | null | undefined;
  assignedCustomer: Pick<SaleCustomerRecord, 'customerId' | 'customerName' | 'createdAt'> | null;
}

/** What a printed ticket reads of a sale: a ticket as loadSale answers it (tests build the same fields). */
export interface PrintedTicket {
  kind: string;
  number: string;
  issuedAt: string;
  registerCode?: string | null;
  operatorName?: string | null;
  customerName?: string | null;
  booking?: { id: number; code: string | null } | null;
  returnOf?: { number: string } | null;
  sellerSnapshot?: TicketSeller | null;
  lines: {
    label: string;
    quantity: number;
    unitPrice: number;
    lineDiscount?: number;
    vatRateBp?: number | null;
    giftVoucherCode?: string | null;
    giftValidUntil?: string | null;
  }[];
  ticketDiscount?: number;
  totalInclVat: number;
  changeGiven?: number;
  braceletCount?: number;
  vatTotals?: VatTotal[] | null;
  payments: { kind: string; amount: number; received: number; reference?: string | null; vouchers?: VoucherLine[] }[];
}

export type { OpenWindow, TillData } from '../../../common/till-data';

/** The Z of a register window: counts and totals of its tickets, per payment kind and per VAT rate. */
export interface ZReport {
  windowId: number;
  cashRegisterId: number;
  registerCode: string;
  registerLabel: string;
  zNumber: number | null;
  openedAt: string;
  closedAt: string | null;
  openingFloat: number;
  ticketCount: number;
  firstNumber: string | null;
  lastNumber: string | null;
  returnCount: number;
  returnTotal: number;
  totalInclVat: number;
  totalExclVat: number;
  totalVat: number;
  changeGiven: number;
  braceletCount: number;
  vatTotals: VatTotal[];
  byKind: ZKindLine[];
  vouchers: VoucherLine[];
  cashExpected: number;
}
