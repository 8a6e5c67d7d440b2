// Secrets never leave the server in clear (issue 28, docs/channels.md): an entity may declare how its
// rows are masked on every read of the generic routes (get, edit, list, search, CSV
// export, the saved record answered), and saving the masked value back keeps the
// stored secret. A masked value is « •••• » and the secret's last 4 characters.
import type { DraftOf, RecordOf } from './entities';

export const MASK = '••••';

/** « •••• » + the last 4 characters (all masked when the secret is short). */
export function maskSecret<T>(v: T): T {
  if (typeof v !== 'string' || !v) return v;
  return (v.length > 8 ? MASK + v.slice(-4) : MASK) as T;
}

/** A value the client sent back as it was read (masked): the stored one stays. */
export const isMasked = (v: unknown): boolean => typeof v === 'string' && v.startsWith(MASK);

// Stored by entity name, called on rows of that entity only.
type RowMask = (row: object) => object;
const masks = new Map<string, RowMask>();

/** `fn` returns a masked copy of a row of `entity` (never changes the row read). */
export function registerReadMask<E extends string>(entity: E, fn: (row: RecordOf<E>) => RecordOf<E>): void {
  masks.set(entity, fn as unknown as RowMask);
}

export function maskRow<T extends object | null | undefined>(entity: string, row: T): T {
  const fn = masks.get(entity);
  return fn && row ? (fn(row) as T) : row;
}

export function maskRows<T extends object>(entity: string, rows: T[]): T[] {
  const fn = masks.get(entity);
  return fn ? (rows.map(fn) as T[]) : rows;
}

type Restore = (record: object, existing: object | null) => void;
const restorers = new Map<string, Restore>();

/** Puts the stored secrets back where the record carries them masked (before validation). */
export function registerMaskedRestore<E extends string>(
  entity: E,
  fn: (record: DraftOf<E>, existing: RecordOf<E> | null) => void,
): void {
  restorers.set(entity, fn as unknown as Restore);
}

export function restoreMasked(entity: string, record: object, existing: object | null): void {
  restorers.get(entity)?.(record, existing);
}
