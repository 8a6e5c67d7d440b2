// The rows the FEC is built from and the lines it writes, apart from fec.ts so that the
// detail plan (detail-plan.ts, which fec.ts calls) can name them without a cycle.
import type { PlanAccount } from './plan';

export interface LedgerRow {
  seq: number;
  kind: string;
  date: string;
  at: string;
  amount: number;
  data: Record<string, any>;
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
