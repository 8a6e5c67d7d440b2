// Canonical JSON of a ledger entry: keys sorted at every level, no spaces, integers only
// (money in cents), so the same fields always give the same bytes and the same hash.
import { hash } from 'node:crypto';

/** The fiscal chain (sales, payments, closures) and the JET (events). */
export type Chain = 'fiscal' | 'jet';

export type Canonical = null | boolean | number | string | Canonical[] | { [k: string]: Canonical };

export function canonicalJson(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'number') {
    // Amounts are cents: a float would hash differently across printers.
    if (!Number.isSafeInteger(v)) throw new Error('ledger: only safe integers in an entry');
    return String(v);
  }
  if (typeof v === 'boolean' || typeof v === 'string') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`)
      .join(',')}}`;
  }
  throw new Error(`ledger: cannot store a ${typeof v}`);
}

/** The first link's previous hash. */
export const GENESIS = '0'.repeat(64);

/** hash = SHA-256(previous hash ‖ canonical JSON), hex. One-shot: no Hash object per entry (half the time). */
export function chainHash(prevHash: string, body: string): string {
  return hash('sha256', prevHash + body, 'hex');
}

/** What the head's signature covers: the chain's end, so a cut tail cannot be re-signed. */
export const headMessage = (establishmentId: number, chain: string, seq: number, hash: string) =>
  `head|${establishmentId}|${chain}|${seq}|${hash}`;

/** Timestamp to the second, UTC: 2026-11-24T10:31:07Z. */
export const utcSecond = (d = new Date()) => `${d.toISOString().slice(0, 19)}Z`;
