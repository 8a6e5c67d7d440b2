// Appending to the ledger, inside the caller's business transaction: no bill, credit
// note, payment or closure without its entry, and no entry without its record (both
// commit or roll back together). The chain's head row is locked FOR UPDATE, so entries
// get gap-free sequence numbers in commit order; two writers at once queue on that row.
import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { canonicalJson, chainHash, headMessage, utcSecond, type Canonical, type Chain } from './canonical';
import { currentKeyId, signText, signingKey } from './keys';
import { anchorAppend } from './anchor';
import { establishmentId, lockHead } from './head-lock';
import { preparedByShape } from '../../db/prepared';
import { assertOpenFinancialYear } from '../establishment/periods';

export type { Chain } from './canonical';
/** Sales: amounts per VAT rate (`data.vat`); payments: `data.method`. */
export const SALE_KINDS = ['bill', 'credit-note', 'cash-ticket'] as const;
export const PAYMENT_KINDS = ['payment', 'payment-cancel'] as const;
export const CLOSURE_KINDS = ['closure-day', 'closure-month', 'closure-year'] as const;
export type FiscalKind =
  (typeof SALE_KINDS)[number] | (typeof PAYMENT_KINDS)[number] | (typeof CLOSURE_KINDS)[number] | 'archive';
export type JetKind =
  | 'start'
  | 'stop'
  | 'login'
  | 'login-failed'
  | 'rights'
  | 'export'
  | 'duplicate'
  | 'closure'
  | 'archive'
  | 'backup'
  | 'restore'
  | 'recovery'
  | 'verify-failed'
  | 'setting'
  | 'key';

export interface EntryInput {
  /** default `fiscal` */
  chain?: Chain;
  kind: FiscalKind | JetKind;
  /** business date (YYYY-MM-DD): a bill's or payment's date, a closure's first day */
  date?: string | null;
  /** a closure's last day (included) */
  periodEnd?: string | null;
  /** the business record, e.g. { table: 'bill', id: 12 } */
  source?: { table: string; id: number } | null;
  /** total incl. VAT in cents, signed (a credit note or a cancelled payment is negative) */
  amount?: number;
  /** the other fixed fields: per-rate totals, number, method… (integers and strings only) */
  data?: Record<string, Canonical>;
}

export interface AppendedEntry {
  seq: number;
  hash: string;
  at: string;
  establishmentId: number;
}

const isSale = (k: string) =>
  (SALE_KINDS as readonly string[]).includes(k) || (PAYMENT_KINDS as readonly string[]).includes(k);

export { establishmentId } from './head-lock';

/** Whether the month of `date` (YYYY-MM-DD or YYYY-MM) has its fiscal closure. */
export async function isMonthClosed(db: Knex | Knex.Transaction, est: number, date: string): Promise<boolean> {
  return !!(await db('ledger_entry')
    .where({ establishmentId: est, chain: 'fiscal', kind: 'closure-month', businessDate: `${date.slice(0, 7)}-01` })
    .first('seq'));
}

/**
 * A record dated in a closed month is refused (« Mois déjà clôturé » on `field`): sales,
 * payments, and the cash records (movements, counts, starting bases; migration 0048 is
 * the guarantee in plain SQL). A closed day is no barrier: a Z covers what was recorded
 * since the previous one, so a late entry goes to the next Z.
 */
export async function assertMonthOpen(
  db: Knex | Knex.Transaction,
  date: string,
  field = 'date',
  est?: number,
): Promise<void> {
  if (await isMonthClosed(db, est ?? (await establishmentId(db)), date))
    throw badRequest('MONTH_ALREADY_CLOSED', { [field]: formatMessage('MONTH_ALREADY_CLOSED') });
}

/**
 * Entries dated in no financial year or in a closed one are refused, « Exercice absent ou clos » (spec
 * §5 (docs/entities.md#validation); migrations 0200 and 0410 are the guarantee in plain SQL).
 */
const DATED_IN_YEAR = new Set<string>([...SALE_KINDS, ...PAYMENT_KINDS, 'closure-day', 'closure-month']);

/**
 * What an entry's hash covers, after the previous hash: the canonical JSON of its fixed
 * fields. Its exact bytes are pinned by tests/unit/ledger/pinned-entries.test.ts — a change
 * here changes every hash and must be a decision, not an accident.
 */
export function entryBody(input: EntryInput, at: { at: string; establishment: number; seq: number }): string {
  return canonicalJson({
    at: at.at,
    chain: input.chain ?? 'fiscal',
    establishment: at.establishment,
    seq: at.seq,
    kind: input.kind,
    date: input.date ?? null,
    periodEnd: input.periodEnd ?? null,
    source: input.source ?? null,
    amount: input.amount ?? 0,
    data: input.data ?? {},
  });
}

/**
 * Appends one entry to its chain and moves the head, in `trx`: body = canonical JSON of
 * the fixed fields, hash = SHA-256(previous hash ‖ body), Ed25519 signature of the hash
 * (and of the head). Throws a 400 MONTH_ALREADY_CLOSED for a sale or payment dated in
 * a closed month: the business write rolls back with it.
 */
export async function appendEntry(trx: Knex.Transaction, input: EntryInput): Promise<AppendedEntry> {
  const chain = input.chain ?? 'fiscal';
  const key = signingKey();
  const fiscal = chain === 'fiscal' && !!input.date;
  const inYear = fiscal && DATED_IN_YEAR.has(input.kind);
  const inMonth = fiscal && isSale(input.kind);
  const head = await lockHead(trx, chain, { inYear, inMonth, date: input.date ?? null, fingerprint: key.fingerprint });
  const est = head.est;
  // A refusal is answered by the usual assertions (they read again and throw their message).
  if (inYear && !head.yearOpen) await assertOpenFinancialYear(trx, input.date!, 'date');
  if (inMonth && head.monthClosed) await assertMonthOpen(trx, input.date!, 'date', est);
  const keyId = head.keyId ?? (await currentKeyId(trx, key));
  const seq = head.lastSeq + 1;
  const at = utcSecond();
  const amount = input.amount ?? 0;
  const body = entryBody({ ...input, chain, amount }, { at, establishment: est, seq });
  const hash = chainHash(head.lastHash, body);
  // Anchored outside the database before the commit (anchor.ts): never behind it. The
  // anchor's file is written while the entry and the head are (issue 31, docs/history.md#issue-31).
  const { written } = await anchorAppend(
    trx,
    est,
    chain,
    { seq: head.lastSeq, hash: head.lastHash },
    { seq, hash },
    head.series,
  );
  // The entry and the head's move in one statement, one round trip less under the head's lock: the UPDATE reads
  // the INSERT's row, so the entry is written first (its trigger still sees the head unmoved) and the head's
  // trigger finds it.
  const insert = trx('ledger_entry')
    .insert({
      establishmentId: est,
      chain,
      seq,
      kind: input.kind,
      recordedAt: at,
      businessDate: input.date ?? null,
      periodEnd: input.periodEnd ?? null,
      sourceTable: input.source?.table ?? null,
      sourceId: input.source?.id ?? null,
      amount,
      body,
      prevHash: head.lastHash,
      hash,
      keyId,
      signature: signText(hash, key),
    })
    .toSQL();
  const moved = preparedByShape(
    trx.raw(
      `WITH e AS (${insert.sql} RETURNING seq)
       UPDATE ledger_head h SET last_seq = e.seq, last_hash = ?, key_id = ?, signature = ?, updated_at = now()
         FROM e WHERE h.establishment_id = ? AND h.chain = ?`,
      [...insert.bindings, hash, keyId, signText(headMessage(est, chain, seq, hash), key), est, chain],
    ),
    'entry_head',
  ).then((r: { rowCount: number }) => {
    if (r.rowCount !== 1) throw new Error('ledger_head: not moved');
  });
  // Both done (or failed) before the caller goes on to its commit or its rollback.
  const [entry, anchor] = await Promise.allSettled([moved, written]);
  if (entry.status === 'rejected') throw entry.reason;
  if (anchor.status === 'rejected') throw anchor.reason;
  return { seq, hash, at, establishmentId: est };
}
