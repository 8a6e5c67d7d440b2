// Secrets never leave the server in clear (issue 28, docs/channels.md): an entity may declare how its
// rows are masked on every read of the generic routes (get, edit, list, search, CSV
// export, the saved record answered), and saving the masked value back keeps the
// stored secret. A masked value is « •••• » and the secret's last 4 characters.
export const MASK = '••••';

/** « •••• » + the last 4 characters (all masked when the secret is short). */
export function maskSecret(v: unknown): unknown {
  if (typeof v !== 'string' || !v) return v;
  return v.length > 8 ? MASK + v.slice(-4) : MASK;
}

/** A value the client sent back as it was read (masked): the stored one stays. */
export const isMasked = (v: unknown): boolean => typeof v === 'string' && v.startsWith(MASK);

type RowMask = (row: Record<string, any>) => Record<string, any>;
const masks = new Map<string, RowMask>();

/** `fn` returns a masked copy of a row of `entity` (never changes the row read). */
export function registerReadMask(entity: string, fn: RowMask): void {
  masks.set(entity, fn);
}

export function maskRow<T extends Record<string, any> | null | undefined>(entity: string, row: T): T {
  const fn = masks.get(entity);
  return fn && row ? (fn(row) as T) : row;
}

export function maskRows<T extends Record<string, any>>(entity: string, rows: T[]): T[] {
  const fn = masks.get(entity);
  return fn ? (rows.map(fn) as T[]) : rows;
}

type Restore = (record: Record<string, any>, existing: Record<string, any> | null) => void;
const restorers = new Map<string, Restore>();

/** Puts the stored secrets back where the record carries them masked (before validation). */
export function registerMaskedRestore(entity: string, fn: Restore): void {
  restorers.set(entity, fn);
}

export function restoreMasked(entity: string, record: Record<string, any>, existing: Record<string, any> | null): void {
  restorers.get(entity)?.(record, existing);
}
