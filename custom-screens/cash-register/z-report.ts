// The X or Z of a register's window as the close dialog shows it. CashRegisterZ (the
// routes' schema) leaves the rows per kind and per VAT rate bare: they are named here.
import type { VoucherLine } from '../../common/holiday-vouchers';
import type { TillPaymentKind } from '../../common/sales-totals';
import type { RestBody } from '../../admin/src/ui/client';

export interface ZReportView {
  zNumber: number | null;
  registerLabel: string;
  ticketCount: number;
  firstNumber: string | null;
  lastNumber: string | null;
  totalInclVat: number;
  openingFloat: number;
  byKind: {
    kind: TillPaymentKind;
    label: string;
    expected: number;
    counted: number | null;
    difference: number | null;
  }[];
  vouchers?: VoucherLine[];
  vatTotals: { vatRateBp: number | null; totalExclVat: number; vatAmount: number; totalInclVat: number }[];
}

type Counted = RestBody<'/sales/window/{windowId}/close', 'post'>['counted'];

/** The amounts counted per kind, as typed in euros (a field left empty counts 0). */
export const countedCents = (typed: Record<string, string>, parse: (s: string) => number | null): Counted =>
  Object.fromEntries(Object.entries(typed).map(([k, v]) => [k, parse(v) ?? 0])) as Counted;
