// The surety module's provider screen (§7 (docs/api.md) module/surety): its settings and provider
// state, the stays of a period with their deposit state, the deposit requests sent
// through the provider (provider.ts) and the amounts of the stays to remind. The
// deposit asked per stay is the module's `depositAmount` setting (cents). A request the
// provider accepted is a guarantee row of kind « provider » « En cours »; when the
// provider answers that the deposit is held the row becomes « Détenue par le
// prestataire », so /guarantee-list shows it. The provider's deposit id is kept in the
// row's notes (« Demande Swikly <id> », depositNote) for the hourly poll (poll.ts).
import type { Knex } from 'knex';
import { addDays, todayParis } from '../../../common/dates';
import { HttpError } from '../../http/errors';
import { suretyConfig, suretyStays } from '../documents/surety';
import { suretyProvider, SuretyProviderError } from './provider';

export const PROVIDER = 'Swikly';
const NOTE = `Demande ${PROVIDER} `;

/** The guarantee notes that carry the provider's deposit id. */
export const depositNote = (id: string) => `${NOTE}${id}`;
/** The provider's deposit id written by depositNote, or null (notes are editable: a changed one has none). */
export function depositIdOf(notes: string | null | undefined): string | null {
  if (!notes?.startsWith(NOTE)) return null;
  return /^\S+/.exec(notes.slice(NOTE.length))?.[0] ?? null;
}

async function moduleRow(knex: Knex) {
  return knex('module_config')
    .where('kind', 'surety')
    .orderBy([{ column: 'isActive', order: 'desc' }, { column: 'id' }])
    .first('id', 'label', 'isActive', 'settings');
}

/** The provider, signed in with the module's « Identifiant d'API » (apiLogin) when set. */
export async function suretyProviderOf(knex: Knex) {
  const login = (await moduleRow(knex))?.settings?.apiLogin;
  return suretyProvider(process.env, typeof login === 'string' && login.trim() ? login.trim() : null);
}

async function depositAmount(knex: Knex): Promise<number> {
  const v = Number(((await moduleRow(knex))?.settings ?? {}).depositEuros);
  return Number.isInteger(v) && v > 0 ? v * 100 : 0;
}

export async function suretyModule(knex: Knex) {
  const m = await moduleRow(knex);
  const p = await suretyProviderOf(knex);
  return {
    module: m ? { id: m.id, label: m.label, isActive: m.isActive } : null,
    settings: { ...(await suretyConfig(knex)), depositAmount: await depositAmount(knex) },
    provider: { name: PROVIDER, configured: !!p, host: p?.host ?? null },
  };
}

type State = 'none' | 'requested' | 'held' | 'released' | 'cashed';
const STATE: Record<string, State> = {
  'in-progress': 'requested',
  'provider-held': 'held',
  released: 'released',
  cashed: 'cashed',
};

async function stays(knex: Knex, startDate: string, endDate: string, onlyIds?: number[]) {
  const rows = await suretyStays(knex, startDate, endDate, onlyIds);
  const g = rows.length
    ? await knex('guarantee')
        .whereIn(
          'bookingId',
          rows.map((r) => r.id),
        )
        .where('kind', 'provider')
        .orderBy('id', 'desc')
        .select('id', 'bookingId', 'status', 'amount')
    : [];
  const amount = await depositAmount(knex);
  return rows.map((r) => {
    const last = g.find((x) => x.bookingId === r.id);
    return {
      bookingId: r.id as number,
      bookingCode: (r.code ?? String(r.id)) as string,
      customerId: r.customerId as number | null,
      customerName: (r.customerName ?? '') as string,
      email: (r.email ?? null) as string | null,
      startDate: r.startDate as string,
      endDate: r.endDate as string,
      depositAmount: last?.amount ?? amount,
      state: (last ? STATE[last.status] : 'none') as State,
      guaranteeId: (last?.id ?? null) as number | null,
    };
  });
}

export async function suretyBookings(knex: Knex, startDate: string, endDate: string) {
  return (await stays(knex, startDate, endDate)).map(({ email: _e, ...r }) => r);
}

/** The stays to remind (arriving within nbdaySurety days, no deposit requested yet) and the deposit each one owes. */
export async function suretyCalcul(knex: Knex) {
  const cfg = await suretyConfig(knex);
  const today = todayParis();
  const todo = (await stays(knex, today, addDays(today, cfg.nbdaySurety))).filter(
    (r) => r.state === 'none' && r.depositAmount > 0,
  );
  return {
    bookings: todo.map((r) => ({ bookingId: r.bookingId, bookingCode: r.bookingCode, depositAmount: r.depositAmount })),
    total: todo.reduce((s, r) => s + r.depositAmount, 0),
  };
}

/**
 * Asks the provider to e-mail a deposit request for each stay; keeps what it accepted; a refusal is the provider's
 * message.
 */
export async function sendDepositRequests(knex: Knex, bookingIds: number[]) {
  const prov = await suretyProviderOf(knex);
  if (!prov) throw new HttpError(400, 'SURETY_PROVIDER_NOT_CONFIGURED');
  const amount = await depositAmount(knex);
  if (!amount) throw new HttpError(400, 'SURETY_AMOUNT_MISSING');
  const rows = await stays(knex, '0001-01-01', '9999-12-31', bookingIds);
  if (rows.length !== new Set(bookingIds).size) throw new HttpError(400, 'NO_EMAILING_SELECTION');
  const out: { bookingId: number; state: State }[] = [];
  for (const r of rows) {
    if (r.state === 'held' || r.state === 'released' || r.state === 'cashed') {
      out.push({ bookingId: r.bookingId, state: r.state });
      continue;
    }
    if (!r.email) throw new HttpError(400, 'RECIPIENT_EMAIL_MISSING');
    let a;
    try {
      a = await prov.request({
        reference: r.bookingCode,
        amount: r.depositAmount,
        email: r.email,
        name: r.customerName,
        startDate: r.startDate,
        endDate: r.endDate,
      });
    } catch (e) {
      if (e instanceof SuretyProviderError)
        throw new HttpError(
          400,
          'SURETY_PROVIDER_REFUSED',
          undefined,
          { message: e.message },
          { bookingId: r.bookingId, done: out },
        );
      throw e;
    }
    const status = a.status === 'held' ? 'provider-held' : 'in-progress';
    await knex.transaction(async (trx) => {
      // One row per stay even when two users send at once.
      await trx.raw('SELECT pg_advisory_xact_lock(?, ?)', [7718, r.bookingId]);
      const cur = await trx('guarantee')
        .where({ bookingId: r.bookingId, kind: 'provider' })
        .whereIn('status', ['in-progress', 'provider-held'])
        .orderBy('id', 'desc')
        .first('id');
      const notes = a.id ? depositNote(a.id) : null;
      if (cur)
        await trx('guarantee')
          .where('id', cur.id)
          .update({ status, amount: r.depositAmount, ...(notes ? { notes } : {}) });
      else
        await trx('guarantee').insert({
          bookingId: r.bookingId,
          customerId: r.customerId,
          kind: 'provider',
          amount: r.depositAmount,
          status,
          takenOn: todayParis(),
          provider: PROVIDER,
          notes,
        });
    });
    out.push({ bookingId: r.bookingId, state: a.status });
  }
  return { sent: out };
}
