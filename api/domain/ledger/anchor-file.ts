// The anchor file of a chain in DATA_DIR/ledger-anchor: where it is, reading and writing
// it signed, and the numbering series and hashes it is compared with.
import { mkdirSync, openSync, closeSync, fsyncSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { readConfig } from '../../config';
import { canonicalJson, GENESIS, utcSecond, type Canonical } from './canonical';
import { signingKey, signText, verifyText } from './keys';
import type { Chain } from './canonical';

export type Db = Knex | Knex.Transaction;

export interface Point {
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

/** Per knex instance (its transactions share its config object): database and schema do not change. */
const names = new WeakMap<object, string>();

export async function databaseName(db: Db): Promise<string> {
  const known = names.get(db.client.config);
  if (known) return known;
  const { rows } = await db.raw('SELECT current_database() AS d, current_schema() AS s');
  const name = `${rows[0].d}.${rows[0].s}`;
  names.set(db.client.config, name);
  return name;
}

export async function anchorFile(db: Db, chain: Chain): Promise<string> {
  return join(anchorDir(), `${(await databaseName(db)).replace(/[^A-Za-z0-9_.-]/g, '_')}.${chain}.json`);
}

const signed = (a: Anchor) => canonicalJson({ ...a, signature: undefined } as unknown as Canonical);

export function readAnchor(file: string): { anchor: Anchor; valid: boolean } | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException)?.code === 'ENOENT') return null;
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

/**
 * Per knex instance, once seen: both counter tables are there. Tables only appear with
 * migrations; a restore (which may load an older schema) forgets it (`forgetCounters`).
 */
const countersSeen = new WeakSet<object>();
export const countersKnown = (db: Db) => countersSeen.has(db.client.config);
export const forgetCounters = (db: Db) => countersSeen.delete(db.client.config);

/** Both counters as two JSON objects (`bills`, `tills`), for a query that knows them there (countersKnown). */
export const SERIES_COLUMNS =
  '(SELECT json_object_agg(series, last_number) FROM bill_counter) AS bills, ' +
  '(SELECT json_object_agg(cash_register_id, last_ticket) FROM cash_register_counter) AS tills';

/** The series from SERIES_COLUMNS' answer. */
export function seriesOf(row: { bills: Record<string, number> | null; tills: Record<string, number> | null }) {
  const out: Record<string, number> = {};
  for (const [k, n] of Object.entries(row.bills ?? {})) out[k] = Number(n);
  for (const [k, n] of Object.entries(row.tills ?? {})) out[`till:${k}`] = Number(n);
  return out;
}

/** The fiscal chain's numbering as the transaction sees it: bill series and tills. */
export async function seriesNow(db: Db): Promise<Record<string, number>> {
  if (countersKnown(db)) return seriesOf((await db.raw(`SELECT ${SERIES_COLUMNS}`)).rows[0]);
  const out: Record<string, number> = {};
  // A backup of an older schema, being restored, may lack the till's counters.
  const { rows } = await db.raw("SELECT to_regclass('bill_counter') AS b, to_regclass('cash_register_counter') AS s");
  if (rows[0].b)
    for (const r of await db('bill_counter').select('series', 'lastNumber')) out[r.series] = Number(r.lastNumber);
  if (rows[0].s)
    for (const r of await db('cash_register_counter').select('cashRegisterId', 'lastTicket'))
      out[`till:${r.cashRegisterId}`] = Number(r.lastTicket);
  if (rows[0].b && rows[0].s) countersSeen.add(db.client.config);
  return out;
}

export const maxSeries = (...all: (Record<string, number> | undefined)[]) => {
  const out: Record<string, number> = {};
  for (const s of all) for (const [k, n] of Object.entries(s ?? {})) out[k] = Math.max(out[k] ?? 0, n);
  return out;
};

export function fresh(database: string, chain: Chain): Anchor {
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

export async function hashAt(db: Db, est: number, chain: Chain, seq: number): Promise<string | undefined> {
  if (seq === 0) return GENESIS;
  if (!(await db.raw("SELECT to_regclass('ledger_entry') AS e")).rows[0].e) return undefined;
  return (await db('ledger_entry').where({ establishmentId: est, chain, seq }).first('hash'))?.hash;
}
