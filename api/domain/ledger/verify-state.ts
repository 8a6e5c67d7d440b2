// What the verifier (verify.ts) carries along a chain: the breaks in the order they are
// met, the signatures queued on the worker threads, and one entry as read.
import type { LedgerBreak } from './breaks';
import type { SignatureChecks } from './signature-checks';

export const MAX_BREAKS = 200;

/** A break and its place: a signature's, found later on a worker, keeps the place of its entry. */
export interface Found {
  at: number;
  b: LedgerBreak;
}

/** The breaks in the order they are met (at most MAX_BREAKS). */
export class BreakList {
  readonly found: Found[] = [];
  private at = 0;
  readonly add = (b: LedgerBreak): void => {
    if (this.found.length < MAX_BREAKS) this.found.push({ at: this.at++, b });
  };
  /** The place of a break that may be reported later (a signature). */
  next(): number {
    return this.at++;
  }
}

/** The signatures checked on worker threads, each failure a break at its entry's place. */
export class SignatureQueue {
  count = 0;
  constructor(
    private readonly checks: SignatureChecks<Found>,
    private readonly breaks: BreakList,
  ) {}
  /** `p`, this thread checking signatures while it waits for it. */
  helpWhile<R>(p: Promise<R>): Promise<R> {
    return this.checks.helpWhile(p);
  }
  check(seq: number, text: string, keyId: number, signature: string | null, what: string): void {
    this.count++;
    this.checks.add(text, signature ?? '', keyId, {
      at: this.breaks.next(),
      b: { seq, kind: 'signature', reason: `Signature invalide (${what})` },
    });
  }
}

/** One ledger entry as the driver gives it (numbers of bigint columns may come as text). */
export interface EntryRow {
  seq: number | string;
  kind: string;
  businessDate: string | null;
  periodEnd: string | null;
  sourceTable: string | null;
  sourceId: number | string | null;
  amount: number | string;
  body: string;
  hash: string;
  keyId: number;
  signature: string | null;
}

/** The row of an array-mode query (verify-walk.ts: fetchBatch), in its column order. */
export const entryRow = (a: unknown[]): EntryRow => ({
  seq: a[0] as EntryRow['seq'],
  kind: a[1] as string,
  businessDate: a[2] as string | null,
  periodEnd: a[3] as string | null,
  sourceTable: a[4] as string | null,
  sourceId: a[5] as EntryRow['sourceId'],
  amount: a[6] as EntryRow['amount'],
  body: a[7] as string,
  hash: a[8] as string,
  keyId: a[9] as number,
  signature: a[10] as string | null,
});

/** The signed body of an entry (canonical.ts), as far as the verifier reads it. */
export interface EntryBody {
  seq: number;
  kind: string;
  amount: number;
  date: string;
  periodEnd: string | null;
  chain: string;
  source?: { table?: string | null; id?: number | null } | null;
  data?: Record<string, unknown>;
}

/** The last signed entry of a record (a bill, a payment, a ticket): what verify-records.ts compares it with. */
export interface Signed {
  seq: number;
  kind: string;
  /** null when unreadable (the walk's break) */
  body: EntryBody | null;
}

/** The tables whose records are compared with their entries (verify-records.ts). */
export const RECORD_TABLES = ['bill', 'payment', 'sale'] as const;
export type RecordTable = (typeof RECORD_TABLES)[number];

/**
 * The last entry of each record, by table then record id, kept by the walk as it parses each body:
 * the records are compared with the bodies already parsed (reading and parsing them again cost a
 * quarter of a verification's time on the calling thread).
 */
export class SignedBySource {
  private readonly tables = new Map<string, Map<number, Signed>>(RECORD_TABLES.map((t) => [t, new Map()]));
  /** Called in chain order: a later entry of the same record replaces the earlier one. */
  keep(table: string | null, id: number | string | null, signed: Signed): void {
    if (table != null && id != null) this.tables.get(table)?.set(Number(id), signed);
  }
  of(table: RecordTable): Map<number, Signed> {
    return this.tables.get(table)!;
  }
}
