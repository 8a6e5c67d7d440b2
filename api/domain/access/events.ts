// The stay's life told to the barrier systems (docs/access-control.md): the triggers of
// migration 0471 queue one access_event per connector with an apiUrl (arrival, departure,
// extension, cancellation) in the writer's transaction; this job posts them, oldest first,
// as JSON to the connector's apiUrl with its apiLogin and siteId. Claimed with FOR UPDATE
// SKIP LOCKED so two processes never send one event twice; a failure is retried after 1,
// 2, 4… minutes (at most 6 h), given up after 10 attempts. Run by api/jobs every 30 s.
import type { Knex } from 'knex';
import { loadConnector, type AccessConnector } from './config';
import { listCredentials } from './credentials';

const MAX_ATTEMPTS = 10;
const TIMEOUT_MS = 10_000;
const backoffMs = (attempts: number) => Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 3_600_000);

export interface AccessEventBody {
  event: string;
  eventId: number;
  siteId: string | null;
  bookingId: number;
  occupancyId: number | null;
  placeCode: string | null;
  startDate: string | null;
  endDate: string | null;
  credentials: { kind: string; value: string; validFrom: string; validUntil: string; active: boolean }[];
  at: string;
}

/** A row of access_event (migration 0471): an arrival, departure, extension or cancellation to send. */
interface AccessEventRow {
  id: number | string;
  moduleId: number;
  kind: AccessEventBody['event'];
  bookingId: number;
  occupancyId: number | null;
  startDate: string | null;
  endDate: string | null;
  createdAt: string | Date;
}

async function bodyOf(knex: Knex, e: AccessEventRow, c: AccessConnector): Promise<AccessEventBody> {
  const place = await knex('occupancy as o')
    .leftJoin('place as p', 'p.id', 'o.placeId')
    .where('o.id', e.occupancyId)
    .first('p.code');
  const creds = e.occupancyId ? await listCredentials(knex, { occupancyId: e.occupancyId }) : [];
  return {
    event: e.kind,
    eventId: Number(e.id),
    siteId: c.siteId,
    bookingId: e.bookingId,
    occupancyId: e.occupancyId ?? null,
    placeCode: place?.code ?? null,
    startDate: e.startDate ?? null,
    endDate: e.endDate ?? null,
    credentials: creds.map((x) => ({
      kind: x.kind,
      value: x.value,
      validFrom: x.validFrom,
      validUntil: x.validUntil,
      active: x.state === 'active' || x.state === 'upcoming',
    })),
    at: new Date(e.createdAt).toISOString(),
  };
}

async function post(c: AccessConnector, body: AccessEventBody): Promise<void> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (c.apiLogin) headers['X-Api-Login'] = c.apiLogin;
  const res = await fetch(c.apiUrl!, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
    redirect: 'error',
  });
  await res.body?.cancel();
  if (res.status >= 300) throw new Error(`HTTP ${res.status}`);
}

export interface EventRun {
  sent: number;
  failed: number;
}

/** Sends the due events (at most `limit`), one claim per event. */
export async function processAccessEvents(knex: Knex, limit = 50): Promise<EventRun> {
  const run: EventRun = { sent: 0, failed: 0 };
  for (let i = 0; i < limit; i++) {
    const done = await knex.transaction(async (trx) => {
      const e = await trx('access_event')
        .whereNull('sentAt')
        .whereNull('failedAt')
        .where('nextAttemptAt', '<=', trx.fn.now())
        .orderBy('id')
        .forUpdate()
        .skipLocked()
        .first();
      if (!e) return false;
      const c = await loadConnector(trx, e.moduleId);
      if (!c?.apiUrl) {
        await trx('access_event').where('id', e.id).update({ failedAt: trx.fn.now(), lastError: 'Adresse absente' });
        return true;
      }
      try {
        await post(c, await bodyOf(knex, e, c));
        await trx('access_event')
          .where('id', e.id)
          .update({ sentAt: trx.fn.now(), attempts: e.attempts + 1 });
        run.sent++;
      } catch (err) {
        const attempts = e.attempts + 1;
        // the status only: a body or an address could hold personal data
        const lastError = err instanceof Error && /^HTTP \d+$/.test(err.message) ? err.message : 'Injoignable';
        await trx('access_event')
          .where('id', e.id)
          .update({
            attempts,
            lastError,
            nextAttemptAt: new Date(Date.now() + backoffMs(attempts)),
            failedAt: attempts >= MAX_ATTEMPTS ? trx.fn.now() : null,
          });
        run.failed++;
      }
      return true;
    });
    if (!done) break;
  }
  return run;
}
