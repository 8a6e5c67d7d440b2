// The chain's anchor outside the database (README « Sécurité des données fiscales »): for
// each chain, the last sequence and hash it reached and, for the fiscal chain, the last
// number of each bill series and of each till, signed with the installation's key, in
// DATA_DIR/ledger-anchor/<database>.<schema>.<chain>.json. Whoever can write the
// database but not DATA_DIR cannot put the database back to an earlier state (a deleted
// last payment, an older backup restored) without the verifier, the home page and the
// restore seeing it.
//
// Never behind the database: an entry is anchored (as `pending`, fsync'd, renamed into
// place) inside its transaction, before the commit; once the transaction commits it
// becomes `confirmed` (and the next append, holding the chain's head row lock, checks it
// too: a rolled-back entry is dropped). The checks take `pending` only when the database
// holds it, so a crash between the commit and the confirmation costs nothing. Writers of
// one chain are serialised by its head row lock, so one file per chain needs no file lock.
import { mkdirSync, openSync, closeSync, fsyncSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { readConfig } from '../../config';
import { canonicalJson, GENESIS, utcSecond, type Canonical } from './canonical';
import { signingKey, signText, verifyText } from './keys';
import type { Chain } from './canonical';

type Db = Knex | Knex.Transaction;
interface Point {
  seq: number;
  hash: string;
  /** fiscal chain: last number issued per bill series and per till (`till:<register id>`) */
  series?: Record<string, number>;
}
export interface Recovery {
  at: string;
  /** a disaster recovery started, then done; `restore`: any restore rebasing the JET */
  status: 'started' | 'done' | 'restore';
  /** the anchored end of the chain before the recovery, and the restored one after */
  from: { seq: number; hash: string };
  to?: { seq: number; hash: string };
}
export interface Anchor {
  v: 1;
  database: string;
  chain: Chain;
  confirmed: Point;
  pending: Point | null;
  /** the highest number ever issued per series (kept across disaster recoveries) */
  highest: Record<string, number>;
  recoveries: Recovery[];
  at: string;
  key: string;
  signature?: string;
}

export const anchorDir = (dataDir = readConfig().dataDir) => join(dataDir, 'ledger-anchor');

async function databaseName(db: Db): Promise<string> {
  const { rows } = await db.raw('SELECT current_database() AS d, current_schema() AS s');
  return `${rows[0].d}.${rows[0].s}`;
}

export async function anchorFile(db: Db, chain: Chain): Promise<string> {
  return join(anchorDir(), `${(await databaseName(db)).replace(/[^A-Za-z0-9_.-]/g, '_')}.${chain}.json`);
}

const signed = (a: Anchor) => canonicalJson({ ...a, signature: undefined } as unknown as Canonical);

export function readAnchor(file: string): { anchor: Anchor; valid: boolean } | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e: any) {
    if (e?.code === 'ENOENT') return null;
    throw e;
  }
  const anchor = JSON.parse(text) as Anchor;
  const key = signingKey();
  const valid = anchor.key === key.fingerprint && verifyText(signed(anchor), anchor.signature ?? '', key.publicKey);
  return { anchor, valid };
}

/** Atomic and durable: a temporary file fsync'd, renamed over the anchor, the directory fsync'd. */
export function writeAnchor(file: string, anchor: Anchor): void {
  const key = signingKey();
  const a: Anchor = { ...anchor, at: utcSecond(), key: key.fingerprint };
  a.signature = signText(signed(a), key);
  const dir = join(file, '..');
  mkdirSync(dir, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(a, null, 1)}\n`, { mode: 0o600 });
  const fd = openSync(tmp, 'r');
  fsyncSync(fd);
  closeSync(fd);
  renameSync(tmp, file);
  const dfd = openSync(dir, 'r');
  try {
    fsyncSync(dfd);
  } finally {
    closeSync(dfd);
  }
}

/** The fiscal chain's numbering as the transaction sees it: bill series and tills. */
export async function seriesNow(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  // A backup of an older schema, being restored, may lack the till's counters.
  const { rows } = await db.raw("SELECT to_regclass('bill_counter') AS b, to_regclass('cash_register_counter') AS s");
  if (rows[0].b)
    for (const r of await db('bill_counter').select('series', 'lastNumber')) out[r.series] = Number(r.lastNumber);
  if (rows[0].s)
    for (const r of await db('cash_register_counter').select('cashRegisterId', 'lastTicket'))
      out[`till:${r.cashRegisterId}`] = Number(r.lastTicket);
  return out;
}

const maxSeries = (...all: (Record<string, number> | undefined)[]) => {
  const out: Record<string, number> = {};
  for (const s of all) for (const [k, n] of Object.entries(s ?? {})) out[k] = Math.max(out[k] ?? 0, n);
  return out;
};

function fresh(database: string, chain: Chain): Anchor {
  return {
    v: 1,
    database,
    chain,
    confirmed: { seq: 0, hash: GENESIS },
    pending: null,
    highest: {},
    recoveries: [],
    at: '',
    key: '',
  };
}

/** Per outermost transaction, the sequences it appended (two entries of one transaction: a bill and its Z…). */
const APPENDED = new WeakMap<object, Set<number>>();

/**
 * Inside appendEntry, holding the chain's head row lock: `head` is the committed end of
 * the chain, `next` the entry this transaction appends.
 */
export async function anchorAppend(
  trx: Knex.Transaction,
  est: number,
  chain: Chain,
  head: { seq: number; hash: string },
  next: { seq: number; hash: string },
): Promise<void> {
  const file = await anchorFile(trx, chain);
  const database = await databaseName(trx);
  const series = chain === 'fiscal' ? await seriesNow(trx) : undefined;
  let root: any = trx;
  while (root.parentTransaction) root = root.parentTransaction;
  // Entries this same transaction appended before: not committed yet, whatever it reads.
  const ours = APPENDED.get(root) ?? new Set<number>();
  APPENDED.set(root, ours);
  const seen = readAnchor(file)?.anchor.pending;
  // The previous pending entry committed if the database holds it; else it rolled back.
  const committed = !!seen && !ours.has(seen.seq) && (await hashAt(trx, est, chain, seen.seq)) === seen.hash;
  // From here on synchronous: no other write of this process interleaves.
  const a = readAnchor(file)?.anchor ?? fresh(database, chain);
  if (committed && a.pending?.seq === seen!.seq && a.pending.hash === seen!.hash) {
    a.highest = maxSeries(a.highest, a.pending.series);
    if (a.pending.seq >= a.confirmed.seq) a.confirmed = a.pending;
  }
  if (head.seq >= a.confirmed.seq && !ours.has(head.seq)) a.confirmed = { ...head, series: a.confirmed.series };
  a.pending = { ...next, series };
  a.highest = maxSeries(a.highest, a.confirmed.series);
  writeAnchor(file, a);
  ours.add(next.seq);
  // Confirmed as soon as the (outermost) transaction commits; a rollback leaves it pending.
  (root.executionPromise as Promise<unknown> | undefined)?.then(
    () => confirmAnchor(file, next),
    () => undefined,
  );
}

/** After the commit: the pending entry becomes the confirmed end, unless another moved on. */
function confirmAnchor(file: string, p: { seq: number; hash: string }): void {
  try {
    const read = readAnchor(file);
    const a = read?.anchor;
    if (!a?.pending || a.pending.seq !== p.seq || a.pending.hash !== p.hash) return;
    a.highest = maxSeries(a.highest, a.pending.series);
    if (a.pending.seq >= a.confirmed.seq) a.confirmed = a.pending;
    a.pending = null;
    writeAnchor(file, a);
  } catch (e) {
    console.error(`Ancre du journal non confirmée — ${(e as Error).message}`);
  }
}

async function hashAt(db: Db, est: number, chain: Chain, seq: number): Promise<string | undefined> {
  if (seq === 0) return GENESIS;
  if (!(await db.raw("SELECT to_regclass('ledger_entry') AS e")).rows[0].e) return undefined;
  return (await db('ledger_entry').where({ establishmentId: est, chain, seq }).first('hash'))?.hash;
}

export interface AnchorState {
  present: boolean;
  /** what the database must hold at least */
  seq: number;
  breaks: { seq: number; reason: string }[];
}

/** Whether the database is behind its anchor: its chain shorter or different, a series rewound. */
export async function checkAnchor(db: Db, est: number, chain: Chain): Promise<AnchorState> {
  const read = readAnchor(await anchorFile(db, chain));
  if (!read) return { present: false, seq: 0, breaks: [] };
  const { anchor: a, valid } = read;
  const breaks: AnchorState['breaks'] = [];
  if (!valid) breaks.push({ seq: 0, reason: "Ancre du journal non signée par la clé de l'installation" });
  const { rows: ledger } = await db.raw("SELECT to_regclass('ledger_head') AS h");
  const head = ledger[0].h
    ? await db('ledger_head').where({ establishmentId: est, chain }).first('lastSeq', 'lastHash')
    : null;
  const headSeq = Number(head?.lastSeq ?? 0);
  const at = (seq: number) => hashAt(db, est, chain, seq);
  // The pending entry counts when the database holds it (its transaction committed).
  let expected: Point = a.confirmed;
  if (a.pending && (await at(a.pending.seq)) === a.pending.hash) expected = a.pending;
  if (headSeq < expected.seq) {
    breaks.push({
      seq: headSeq + 1,
      reason:
        `Base en retard sur son ancre : le journal s'arrête à l'écriture n° ${headSeq}, ` +
        `l'ancre du ${a.at.slice(0, 10)} en a enregistré ${expected.seq}`,
    });
  } else if ((await at(expected.seq)) !== expected.hash) {
    breaks.push({ seq: expected.seq, reason: `Écriture n° ${expected.seq} différente de celle de l'ancre` });
  }
  if (chain === 'fiscal') {
    const now = await seriesNow(db);
    const issued = maxSeries(a.highest, expected.series);
    for (const [s, n] of Object.entries(issued))
      if ((now[s] ?? 0) < n)
        breaks.push({
          seq: 0,
          reason: `Numérotation ${seriesLabel(s)} en retard : dernier numéro ${now[s] ?? 0} en base, ${n} déjà émis`,
        });
  }
  return { present: true, seq: expected.seq, breaks };
}

function seriesLabel(s: string): string {
  if (s.startsWith('till:')) return `de la caisse ${s.slice(5)}`;
  return s === 'invoice' ? 'des factures' : s === 'credit-note' ? 'des avoirs' : `de la série ${s}`;
}

/** At start: the anchor written from the database when there is none yet (a first start). */
export async function ensureAnchor(db: Db, est: number, chain: Chain): Promise<void> {
  const file = await anchorFile(db, chain);
  if (readAnchor(file)) return;
  const head = await db('ledger_head').where({ establishmentId: est, chain }).first('lastSeq', 'lastHash');
  const a = fresh(await databaseName(db), chain);
  const series = chain === 'fiscal' ? await seriesNow(db) : undefined;
  a.confirmed = { seq: Number(head?.lastSeq ?? 0), hash: head?.lastHash ?? GENESIS, series };
  a.highest = maxSeries(series);
  writeAnchor(file, a);
}

/**
 * A restore, inside its transaction once the rows are in: a backup older than the fiscal
 * anchor (its chain shorter or different, a series behind) is refused unless this is a
 * declared disaster recovery; then the anchor records it as started and the numbering
 * continues after the highest number ever issued. Answers what the journal says of it.
 */
export async function restoreAgainstAnchor(
  trx: Knex.Transaction,
  disasterRecovery: boolean,
): Promise<{ behind: string[]; from: number; to: number } | null> {
  const file = await anchorFile(trx, 'fiscal');
  const read = readAnchor(file);
  if (!read) return null;
  const est = (await trx('establishment').orderBy('id').first('id'))?.id ?? 0;
  const state = await checkAnchor(trx, est, 'fiscal');
  if (!state.breaks.length) return null;
  const behind = state.breaks.map((b) => b.reason);
  if (!disasterRecovery) throw new AnchorRefusal(behind);
  const a = read.anchor;
  a.highest = maxSeries(a.highest, a.confirmed.series, a.pending?.series);
  a.recoveries.push({ at: utcSecond(), status: 'started', from: { seq: state.seq, hash: a.confirmed.hash } });
  writeAnchor(file, a);
  // Numbering continues after the highest number ever issued: no number given twice.
  for (const [series, n] of Object.entries(a.highest)) {
    if (series.startsWith('till:'))
      await trx('cash_register_counter')
        .where('cashRegisterId', Number(series.slice(5)))
        .where('lastTicket', '<', n)
        .update({ lastTicket: n });
    else await trx('bill_counter').where({ series }).where('lastNumber', '<', n).update({ lastNumber: n });
  }
  const head = await trx('ledger_head').where({ establishmentId: est, chain: 'fiscal' }).first('lastSeq');
  return { behind, from: state.seq, to: Number(head?.lastSeq ?? 0) };
}

export class AnchorRefusal extends Error {
  constructor(readonly behind: string[]) {
    super(
      `La sauvegarde est antérieure à l'ancre du journal fiscal (${behind.join(' ; ')}). Seule une reprise après ` +
        'sinistre, déclarée par l’utilisateur technique, peut la restaurer.',
    );
  }
}

/**
 * After a restore's commit: each chain's anchor rebased on the restored database (the
 * JET always — a backup is older than its own journal entry —, the fiscal chain after a
 * disaster recovery, its recovery then marked done).
 */
export async function rebaseAfterRestore(db: Db, recovered: boolean): Promise<void> {
  const est = (await db('establishment').orderBy('id').first('id'))?.id ?? 0;
  for (const chain of recovered ? (['fiscal', 'jet'] as const) : (['jet'] as const)) {
    const file = await anchorFile(db, chain);
    const read = readAnchor(file);
    if (!read) continue;
    const a = read.anchor;
    const head = await db('ledger_head').where({ establishmentId: est, chain }).first('lastSeq', 'lastHash');
    const to = { seq: Number(head?.lastSeq ?? 0), hash: head?.lastHash ?? GENESIS };
    const from = { seq: a.confirmed.seq, hash: a.confirmed.hash };
    a.confirmed = { ...to, series: chain === 'fiscal' ? await seriesNow(db) : undefined };
    a.pending = null;
    a.recoveries.push({
      at: utcSecond(),
      status: recovered && chain === 'fiscal' ? 'done' : 'restore',
      from: recovered && chain === 'fiscal' ? (a.recoveries.at(-1)?.from ?? from) : from,
      to,
    });
    writeAnchor(file, a);
  }
}

/** The highest number ever issued per series, for numbering to continue after it. */
export async function highestIssued(db: Db): Promise<Record<string, number>> {
  const read = readAnchor(await anchorFile(db, 'fiscal'));
  if (!read) return {};
  return maxSeries(read.anchor.highest, read.anchor.confirmed.series, read.anchor.pending?.series);
}
