// Access credentials (docs/access-control.md): badges and licence plates of a stay (an
// occupancy, valid from its arrival to its departure day included) or of a resident's
// contract (a place affectation, for its duration). The database keeps them in step with
// the stay (migration 0471: departure and cancellation revoke, a new departure date moves
// the end) and refuses a badge held twice at once (ACCESS_BADGE_TAKEN).
import type { Knex } from 'knex';
import { addDays, todayParis } from '../../../common/dates';
import { badRequest, notFound } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { activeConnectors } from './config';

type Db = Knex | Knex.Transaction;

export type CredentialKind = 'badge' | 'plate';
export type CredentialState = 'active' | 'upcoming' | 'expired' | 'revoked';

export interface Credential {
  id: number;
  kind: CredentialKind;
  value: string;
  occupancyId: number | null;
  placeAffectationId: number | null;
  bookingId: number | null;
  holder: string;
  placeCode: string | null;
  validFrom: string;
  validUntil: string;
  revokedAt: string | null;
  revokedReason: string | null;
  state: CredentialState;
  updatedAt: string;
}

/** Upper case, without spaces: « ab 123 cd » and « AB123CD » are one plate for a camera. */
export const normaliseValue = (v: string) => v.toUpperCase().replace(/\s+/g, '');

export function stateOf(
  c: { validFrom: string; validUntil: string; revokedAt: unknown },
  today: string,
): CredentialState {
  if (c.revokedAt) return 'revoked';
  if (today < c.validFrom) return 'upcoming';
  return today < c.validUntil ? 'active' : 'expired';
}

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v == null ? null : String(v));

function baseQuery(db: Db) {
  return db('access_credential as c')
    .leftJoin('occupancy as o', 'o.id', 'c.occupancyId')
    .leftJoin('booking as b', 'b.id', 'o.bookingId')
    .leftJoin('place_affectation as a', 'a.id', 'c.placeAffectationId')
    .leftJoin('customer as cu', (j) => j.on(db.raw('cu.id = coalesce(b.customer_id, a.customer_id)')))
    .leftJoin('place as p', (j) => j.on(db.raw('p.id = coalesce(o.place_id, a.place_id)')))
    .select(
      'c.*',
      'o.bookingId',
      'p.code as placeCode',
      db.raw("trim(coalesce(cu.last_name, '') || ' ' || coalesce(cu.first_name, '')) as holder"),
    );
}

function toCredential(r: Record<string, unknown>, today: string): Credential {
  const c = {
    id: r.id as number,
    kind: r.kind as CredentialKind,
    value: r.value as string,
    occupancyId: (r.occupancyId as number | null) ?? null,
    placeAffectationId: (r.placeAffectationId as number | null) ?? null,
    bookingId: (r.bookingId as number | null) ?? null,
    holder: (r.holder as string) || '—',
    placeCode: (r.placeCode as string | null) ?? null,
    validFrom: String(r.validFrom),
    validUntil: String(r.validUntil),
    revokedAt: iso(r.revokedAt),
    revokedReason: (r.revokedReason as string | null) ?? null,
    updatedAt: iso(r.updatedAt)!,
  };
  return { ...c, state: stateOf(c, today) };
}

export interface CredentialFilter {
  bookingId?: number;
  occupancyId?: number;
  placeAffectationId?: number;
  state?: CredentialState;
  q?: string;
}

export async function listCredentials(db: Db, f: CredentialFilter, today = todayParis()): Promise<Credential[]> {
  const q = baseQuery(db).orderBy('c.validFrom', 'desc').orderBy('c.id', 'desc').limit(2000);
  if (f.bookingId) q.where('o.bookingId', f.bookingId);
  if (f.occupancyId) q.where('c.occupancyId', f.occupancyId);
  if (f.placeAffectationId) q.where('c.placeAffectationId', f.placeAffectationId);
  if (f.q) q.where('c.value', 'like', `%${normaliseValue(f.q).replace(/[%_\\]/g, '')}%`);
  if (f.state === 'revoked') q.whereNotNull('c.revokedAt');
  else if (f.state) {
    q.whereNull('c.revokedAt');
    if (f.state === 'active') q.where('c.validFrom', '<=', today).where('c.validUntil', '>', today);
    if (f.state === 'upcoming') q.where('c.validFrom', '>', today);
    if (f.state === 'expired') q.where('c.validUntil', '<=', today);
  }
  return (await q).map((r: Record<string, unknown>) => toCredential(r, today));
}

/** For the barrier: the credentials active today, or all those changed since `since` (revoked ones too). */
export async function pullCredentials(db: Db, since: string | undefined, today = todayParis()): Promise<Credential[]> {
  const q = baseQuery(db).orderBy('c.updatedAt').orderBy('c.id');
  if (since) q.where('c.updatedAt', '>', since);
  else q.whereNull('c.revokedAt').where('c.validFrom', '<=', today).where('c.validUntil', '>', today);
  return (await q).map((r: Record<string, unknown>) => toCredential(r, today));
}

export async function credentialById(db: Db, id: number): Promise<Credential> {
  const r = await baseQuery(db).where('c.id', id).first();
  if (!r) throw notFound();
  return toCredential(r, todayParis());
}

export interface NewCredential {
  kind: CredentialKind;
  value: string;
  occupancyId?: number | null;
  /** the screen of a stay gives its booking: the credential goes to its first active occupancy */
  bookingId?: number | null;
  placeAffectationId?: number | null;
  validFrom?: string | null;
  validUntil?: string | null;
}

/** The validity of a holder: a stay to its departure day included, a contract to its end (open: two years). */
async function holderDates(db: Db, c: NewCredential): Promise<{ from: string; until: string }> {
  if (c.occupancyId) {
    const o = await db('occupancy').where('id', c.occupancyId).first('startDate', 'endDate', 'isCancelled');
    if (!o || o.isCancelled) throw notFound();
    return { from: o.startDate, until: addDays(o.endDate, 1) };
  }
  const a = await db('place_affectation').where('id', c.placeAffectationId!).first('startDate', 'endDate');
  if (!a) throw notFound();
  return { from: a.startDate, until: a.endDate ? addDays(a.endDate, 1) : addDays(todayParis(), 730) };
}

export async function createCredential(db: Db, input: NewCredential): Promise<number> {
  const c = { ...input };
  if (!c.occupancyId && c.bookingId) {
    const o = await db('occupancy')
      .where({ bookingId: c.bookingId, isCancelled: false })
      .orderBy('startDate')
      .first('id');
    if (!o) throw notFound();
    c.occupancyId = o.id;
  }
  if (!c.occupancyId === !c.placeAffectationId)
    throw badRequest('ACCESS_HOLDER_REQUIRED', { occupancyId: formatMessage('ACCESS_HOLDER_REQUIRED') });
  const d = await holderDates(db, c);
  const [row] = await db('access_credential')
    .insert({
      kind: c.kind,
      value: normaliseValue(c.value),
      occupancyId: c.occupancyId ?? null,
      placeAffectationId: c.placeAffectationId ?? null,
      validFrom: c.validFrom ?? d.from,
      validUntil: c.validUntil ?? d.until,
    })
    .returning('id');
  return row.id;
}

export async function revokeCredential(db: Db, id: number): Promise<void> {
  const n = await db('access_credential')
    .where('id', id)
    .whereNull('revokedAt')
    .update({ revokedAt: db.fn.now(), revokedReason: 'manual' });
  if (!n && !(await db('access_credential').where('id', id).first('id'))) throw notFound();
}

/**
 * At check-in (the arrival action, in its transaction): the plates of the stay's vehicles
 * become credentials, and a badge is made when a connector says createBadgeOnArrival.
 * Nothing without an active access-control module.
 */
export async function issueOnArrival(trx: Knex.Transaction, bookingId: number): Promise<void> {
  const connectors = await activeConnectors(trx);
  if (!connectors.length) return;
  const badge = connectors.some((c) => c.createBadgeOnArrival);
  const occupancies = await trx('occupancy')
    .where({ bookingId, isCancelled: false })
    .select('id', 'startDate', 'endDate');
  for (const o of occupancies) {
    const dates = { validFrom: o.startDate, validUntil: addDays(o.endDate, 1), occupancyId: o.id };
    const vehicles = await trx('occupancy_vehicle')
      .where('occupancyId', o.id)
      .whereNotNull('licencePlate')
      .select('licencePlate');
    const plates = vehicles.map((v: { licencePlate: string }) => normaliseValue(v.licencePlate));
    for (const p of new Set(plates.filter((x) => /^[A-Z0-9-]{1,32}$/.test(x))))
      await trx('access_credential')
        .insert({ kind: 'plate', value: p, ...dates })
        .onConflict()
        .ignore(); // the plate is already there (uq_access_credential__plate)
    const has = await trx('access_credential')
      .where({ occupancyId: o.id, kind: 'badge' })
      .whereNull('revokedAt')
      .first('id');
    if (badge && !has) {
      const { rows } = await trx.raw("SELECT 'B' || nextval('access_badge_seq') AS v");
      await trx('access_credential').insert({ kind: 'badge', value: rows[0].v, ...dates });
    }
  }
}
