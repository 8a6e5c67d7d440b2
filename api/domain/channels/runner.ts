// One operation of one channel (docs/channels.md « Scheduler »): never two at once for a
// channel — in this process (a set) and across processes (a transaction-level advisory
// lock held for the run) —, its result in channel_state (last successes, last error in
// French, the back-off of the next attempt) and one line of the sync log.
import type { Knex } from 'knex';
import { todayParis } from '../../../common/dates';
import { formatMessage } from '../../../common/messages';
import { describeError } from '../../http/log';
import { mappingsOf, type ChannelConfig } from './config';
import { changedSince, freeByNight, HORIZON_DAYS, toChannelRows } from './availability';
import { connectorFor } from './connectors';
import { ratesFor } from './rates';
import { receiveBooking } from './receive';
import { importFeeds } from './ical/import';
import { ChannelError } from './types';
import { addDays } from '../../../common/dates';

export type Operation = 'pull' | 'push-availability' | 'push-rates' | 'ical-import';

export interface RunResult {
  ok: boolean;
  skipped?: boolean;
  items: number;
  bytes: number;
  message: string | null;
}

/** Wait before the next attempt after `attempts` failures in a row: 30 s doubling, at most 30 min. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 30 * 60_000);
}

const running = new Set<string>();
const LOCK_CLASS = 72_801;

/** A channel_state row (migration 0161) as knex reads it: timestamps as Dates, the bigint as a string. */
interface ChannelState {
  moduleId: number;
  cursor: string | null;
  lastPullAt: Date | null;
  lastPushAt: Date | null;
  lastRatesAt: Date | null;
  lastErrorAt: Date | null;
  lastError: string | null;
  failingSince: Date | null;
  attempts: number;
  nextAttemptAt: Date | null;
  dirtySeenId: string | number;
}

async function ensureState(knex: Knex, id: number): Promise<ChannelState> {
  await knex.raw('INSERT INTO channel_state (module_id) VALUES (?) ON CONFLICT (module_id) DO NOTHING', [id]);
  return knex('channel_state').where('moduleId', id).first();
}

async function perform(knex: Knex, ch: ChannelConfig, op: Operation, state: ChannelState, full: boolean) {
  const maps = await mappingsOf(knex, ch.id);
  const connector = connectorFor(ch);
  const today = todayParis();
  if (op === 'pull') {
    if (!connector.pullBookings) return { items: 0, bytes: 0, message: null, patch: {} };
    const r = await connector.pullBookings(state.cursor ?? null);
    const acks: { externalRef: string; bookingCode: string }[] = [];
    const counts: Record<string, number> = {};
    for (const b of r.bookings) {
      const { id, outcome } = await receiveBooking(knex, ch, b);
      counts[outcome] = (counts[outcome] ?? 0) + 1;
      if (outcome === 'integrated') {
        const code = (
          await knex('booking_import as i')
            .join('booking as b', 'b.id', 'i.bookingId')
            .where('i.id', id)
            .first('b.code')
        )?.code;
        if (code) acks.push({ externalRef: b.externalRef, bookingCode: code });
      }
    }
    if (acks.length && connector.acknowledge) await connector.acknowledge(acks);
    const detail = Object.entries(counts)
      .map(([k, n]) => `${n} ${OUTCOME_FR[k] ?? k}`)
      .join(', ');
    return {
      items: r.bookings.length,
      bytes: 0,
      message: r.bookings.length ? `${r.pages} page(s) : ${detail}` : null,
      patch: { cursor: r.cursor, lastPullAt: knex.fn.now() },
    };
  }
  if (op === 'push-availability') {
    if (!connector.pushAvailability || !ch.pushAvailability) return { items: 0, bytes: 0, message: null, patch: {} };
    const mapped = [
      ...new Set(maps.filter((m) => m.kind === 'place-type' && m.placeTypeId).map((m) => m.placeTypeId!)),
    ];
    const changes = await changedSince(knex, Number(state.dirtySeenId ?? 0), today);
    // First push, forced, or changes possibly purged meanwhile (kept a day): the whole horizon.
    const stale = !state.lastPushAt || Date.now() - new Date(state.lastPushAt).getTime() > 12 * 3_600_000;
    const whole = full || Number(state.dirtySeenId ?? 0) === 0 || stale;
    const rows = [];
    for (const t of mapped) {
      const w = whole ? { from: today, to: addDays(today, HORIZON_DAYS) } : changes.windows.get(t);
      if (w) rows.push(...toChannelRows(maps, await freeByNight(knex, [t], w.from, w.to, ch.partnerId, today)));
    }
    const r = rows.length ? await connector.pushAvailability(rows) : { bytes: 0 };
    return {
      items: rows.length,
      bytes: r.bytes,
      message: rows.length ? `${rows.length} nuit(s) par type envoyée(s)` : null,
      patch: { dirtySeenId: changes.lastId, lastPushAt: knex.fn.now() },
    };
  }
  if (op === 'push-rates') {
    if (!connector.pushRates || !ch.pushRates) return { items: 0, bytes: 0, message: null, patch: {} };
    const rows = await ratesFor(knex, maps, today, HORIZON_DAYS);
    const r = await connector.pushRates(rows);
    return { items: rows.length, bytes: r.bytes, message: null, patch: { lastRatesAt: knex.fn.now() } };
  }
  const r = await importFeeds(knex, ch, maps);
  return {
    items: r.written + r.removed,
    bytes: 0,
    message:
      `${r.feeds} calendrier(s) : ${r.written} période(s) bloquée(s), ${r.removed} libérée(s)` +
      (r.conflicts ? `, ${r.conflicts} en conflit avec un séjour` : ''),
    patch: { lastPullAt: knex.fn.now() },
  };
}

const OUTCOME_FR: Record<string, string> = {
  unchanged: 'inchangée(s)',
  queued: 'à intégrer',
  integrated: 'intégrée(s)',
  updated: 'modifiée(s)',
  cancelled: 'annulée(s)',
  cancelling: "en cours d'annulation",
  problem: 'à traiter',
};

/** Runs one operation now; `forcedBy`: the user who pressed « Forcer » (journaled in the log). */
export async function runOperation(
  knex: Knex,
  ch: ChannelConfig,
  op: Operation,
  opts: { forcedBy?: number | null; full?: boolean; log?: (m: string, e?: unknown) => void } = {},
): Promise<RunResult> {
  const key = `${ch.id}`;
  if (running.has(key))
    return { ok: false, skipped: true, items: 0, bytes: 0, message: formatMessage('CHANNEL_ALREADY_RUNNING') };
  running.add(key);
  const started = Date.now();
  try {
    return await knex.transaction(async (lock) => {
      const got = (await lock.raw('SELECT pg_try_advisory_xact_lock(?, ?) AS ok', [LOCK_CLASS, ch.id])).rows[0].ok;
      if (!got)
        return { ok: false, skipped: true, items: 0, bytes: 0, message: formatMessage('CHANNEL_ALREADY_RUNNING') };
      const state = await ensureState(knex, ch.id);
      let result: RunResult;
      try {
        const r = await perform(knex, ch, op, state, !!opts.full);
        await knex('channel_state')
          .where('moduleId', ch.id)
          .update({ ...r.patch, attempts: 0, failingSince: null, nextAttemptAt: null });
        result = { ok: true, items: r.items, bytes: r.bytes, message: r.message };
      } catch (e) {
        const known = e instanceof ChannelError;
        if (!known) (opts.log ?? ((m, x) => console.error(`${m} — ${describeError(x)}`)))(`Canal ${ch.id} en échec`, e);
        const message = known ? e.message : formatMessage('GENERIC_ERROR');
        const attempts = Number(state.attempts ?? 0) + 1;
        const wait = known && e.retryAfterMs != null ? e.retryAfterMs : backoffMs(known && e.permanent ? 7 : attempts);
        await knex('channel_state')
          .where('moduleId', ch.id)
          .update({
            attempts,
            lastError: message,
            lastErrorAt: knex.fn.now(),
            failingSince: state.failingSince ?? knex.fn.now(),
            nextAttemptAt: new Date(Date.now() + wait).toISOString(),
          });
        result = { ok: false, items: 0, bytes: 0, message };
      }
      await knex('channel_sync_log').insert({
        moduleId: ch.id,
        channelLabel: ch.label.slice(0, 80),
        operation: op,
        ok: result.ok,
        items: result.items,
        bytes: result.bytes,
        durationMs: Date.now() - started,
        message: result.message?.slice(0, 500) ?? null,
        forcedByUserId: opts.forcedBy ?? null,
      });
      return result;
    });
  } finally {
    running.delete(key);
  }
}
