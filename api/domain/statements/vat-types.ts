// What the VAT statement (vat.ts) reads of the ledger and answers: an entry's stored
// columns and data, a month's rows per rate, one operation's VAT at one rate.
import type { VatCents } from '../ledger/entries';

/** What the statements read of a ledger entry's data (as ledger/entries.ts and the closures write it). */
export interface LedgerEntryData {
  bookingId?: number | null;
  billId?: number | null;
  vat?: VatCents[];
  outsideVat?: number;
  till?: { vat?: VatCents[]; outsideVat?: number } | null;
  method?: { label?: string } | null;
}
/** A ledger entry's stored columns the statements read. */
export interface LedgerEntryRow {
  kind: string;
  businessDate: string;
  amount: number | string;
  sourceTable: string | null;
  body: string;
}

export interface VatRow {
  rateBp: number;
  basis: 'receipts' | 'sales';
  inclVat: number;
  exclVat: number;
  vat: number;
}
export interface VatMonth {
  month: string;
  /** the VAT of the month's own operations (never negative per rate) */
  rows: VatRow[];
  /** corrections of closed months' statements, made this month (signed) */
  corrections: VatRow[];
  outsideVat: number;
  unallocated: number;
  vatTotal: number;
}

/** One operation's VAT at one rate (or outside VAT, or unallocated), on its business date. */
export interface VatPiece {
  date: string;
  /** 'outside': outside VAT (tourist tax…); 'unallocated': a payment tied to no stay or bill */
  basis: VatRow['basis'] | 'outside' | 'unallocated';
  rateBp: number;
  inclVat: number;
  vat: number;
}
