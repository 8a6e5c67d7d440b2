// The anchor file of a chain in DATA_DIR/ledger-anchor: where it is, reading and writing
// it signed in two slots, and the numbering series and hashes it is compared with.
import {
  closeSync,
  existsSync,
  fdatasyncSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { open } from 'node:fs/promises';
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
  /** the write's generation: the newer of the two slots is the anchor (absent before the slots) */
  gen?: number;
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

/**
 * An anchor is kept in two slots written in turn (`gen` odd in the second): a write torn
 * by a crash leaves the other slot whole, one step behind, so each write needs one
 * fdatasync and no rename (issue 31, docs/history.md#issue-31). The first slot is the
 * file of anchors written before the slots (no `gen`).
 */
export const anchorSlots = (file: string): [string, string] => [file, file.replace(/\.json$/, '.2.json')];

/** The newest whole slot, its signature checked (a slot that does not parse is a torn write). */
export function readAnchor(file: string): { anchor: Anchor; valid: boolean } | null {
  let best: { slot: string; text: string; anchor: Anchor } | null = null;
  let torn: unknown = null;
  for (const slot of anchorSlots(file)) {
    const text = readSlot(slot);
    if (text == null) continue;
    try {
      const anchor = JSON.parse(text) as Anchor;
      if (!best || (anchor.gen ?? 0) > (best.anchor.gen ?? 0)) best = { slot, text, anchor };
    } catch (e) {
      torn = e;
    }
  }
  if (!best) {
    if (torn) throw torn;
    return null;
  }
  const { slot, text, anchor } = best;
  const key = signingKey();
  const known = checked.get(slot);
  if (known?.text === text && known.key === key.fingerprint) return { anchor, valid: known.valid };
  const valid = anchor.key === key.fingerprint && verifyText(signed(anchor), anchor.signature ?? '', key.publicKey);
  checked.set(slot, { text, key: key.fingerprint, valid });
  return { anchor, valid };
}

function readSlot(slot: string): string | null {
  try {
    return readFileSync(slot, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException)?.code === 'ENOENT') return null;
    throw e;
  }
}

/**
 * Per slot, the last text whose signature was checked (or that was written here) and the
 * answer: an append reads the anchor it wrote itself, a signature check costs 0,2 ms.
 * Any other text, or another key, is checked again.
 */
const checked = new Map<string, { text: string; key: string; valid: boolean }>();

/** An anchor signed as its next generation, and the slot it goes to (the older one). */
function sealed(file: string, anchor: Anchor) {
  const key = signingKey();
  const gen = (anchor.gen ?? 0) + 1;
  const a: Anchor = { ...anchor, gen, at: utcSecond(), key: key.fingerprint };
  a.signature = signText(signed(a), key);
  const dir = join(file, '..');
  mkdirSync(dir, { recursive: true });
  const slot = anchorSlots(file)[gen % 2];
  return { slot, dir, created: !existsSync(slot), text: `${JSON.stringify(a, null, 1)}\n`, key: key.fingerprint };
}

/** Once a slot is on disk: its own text is not checked again; a new slot's directory entry made durable. */
function written(w: ReturnType<typeof sealed>): void {
  checked.set(w.slot, { text: w.text, key: w.key, valid: true });
  if (!w.created) return;
  const dfd = openSync(w.dir, 'r');
  try {
    fsyncSync(dfd);
  } finally {
    closeSync(dfd);
  }
}

/**
 * Durable before it returns: the next generation written over the older slot and
 * fdatasync'd (the directory too when the slot is new). `anchor` is the one read (its `gen`).
 */
export function writeAnchor(file: string, anchor: Anchor): void {
  const w = sealed(file, anchor);
  const fd = openSync(w.slot, 'w', 0o600);
  try {
    writeFileSync(fd, w.text);
    fdatasyncSync(fd);
  } finally {
    closeSync(fd);
  }
  written(w);
}

/** Anchor files this process is writing with writeAnchorAsync: a late confirmation leaves them alone. */
export const anchorsWriting = new Set<string>();

/**
 * writeAnchor off the event loop, for an append: the entry's statements run meanwhile
 * (its caller awaits both before the commit).
 */
export async function writeAnchorAsync(file: string, anchor: Anchor): Promise<void> {
  const w = sealed(file, anchor);
  anchorsWriting.add(file);
  try {
    const h = await open(w.slot, 'w', 0o600);
    try {
      await h.writeFile(w.text);
      await h.datasync();
    } finally {
      await h.close();
    }
    written(w);
  } finally {
    anchorsWriting.delete(file);
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

/** Its pending entry `p`, known committed, becomes the confirmed end (unless behind it); its series count as issued. */
export function foldPending(a: Anchor, p: Point): void {
  a.highest = maxSeries(a.highest, p.series);
  if (p.seq >= a.confirmed.seq) a.confirmed = p;
}

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
