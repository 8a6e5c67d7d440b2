// When each channel runs (docs/channels.md « Scheduler »): bookings every `pollMinutes`
// (default 5), iCal feeds likewise, rates once a day, and availability after any change
// of a place — debounced: pushed once the changes have been quiet for QUIET_MS, and never
// later than MAX_DELAY_MS after the first change not pushed yet (so within a minute).
// A failing channel waits for its back-off (channel_state.next_attempt_at) except when
// a user forces it. The server's jobs runner (api/jobs) calls channelTick every few seconds.
import type { Knex } from 'knex';
import { activeChannels, type ChannelConfig } from './config';
import { runOperation, type Operation } from './runner';

export const QUIET_MS = 10_000;
export const MAX_DELAY_MS = 50_000;
export const TICK_MS = 5_000;
const DAY_MS = 86_400_000;

export interface StateFacts {
  lastPullAt: Date | null;
  lastRatesAt: Date | null;
  nextAttemptAt: Date | null;
  /** first and last availability change not pushed yet (null: none) */
  firstDirtyAt: Date | null;
  lastDirtyAt: Date | null;
}

/** The operations due for a channel at `now`. Pure. */
export function dueOperations(ch: ChannelConfig, s: StateFacts, now: Date): Operation[] {
  if (s.nextAttemptAt && s.nextAttemptAt > now) return [];
  const t = now.getTime();
  const out: Operation[] = [];
  const pollDue = !s.lastPullAt || t - s.lastPullAt.getTime() >= ch.pollMinutes * 60_000;
  if (ch.connector === 'pitchup' && pollDue) out.push('pull');
  if (ch.connector === 'ical' && pollDue) out.push('ical-import');
  if (ch.connector === 'pitchup' && ch.pushAvailability && s.firstDirtyAt && s.lastDirtyAt) {
    const quiet = t - s.lastDirtyAt.getTime() >= QUIET_MS;
    const late = t - s.firstDirtyAt.getTime() >= MAX_DELAY_MS;
    if (quiet || late) out.push('push-availability');
  }
  if (ch.connector === 'pitchup' && ch.pushRates && (!s.lastRatesAt || t - s.lastRatesAt.getTime() >= DAY_MS))
    out.push('push-rates');
  return out;
}

const date = (v: unknown) => (v ? new Date(v as string) : null);

async function factsOf(knex: Knex, ch: ChannelConfig): Promise<StateFacts> {
  const s = (await knex('channel_state').where('moduleId', ch.id).first()) ?? {};
  const seen = Number(s.dirtySeenId ?? 0);
  // Never pushed: everything is a change (the first push sends the whole horizon).
  const d = (await knex.raw(`SELECT min(at) AS first, max(at) AS last FROM channel_dirty WHERE id > ?`, [seen]))
    .rows[0];
  const never = seen === 0 && !s.lastPushAt;
  return {
    lastPullAt: date(s.lastPullAt),
    lastRatesAt: date(s.lastRatesAt),
    nextAttemptAt: date(s.nextAttemptAt),
    firstDirtyAt: never ? new Date(0) : date(d?.first),
    lastDirtyAt: never ? new Date(0) : date(d?.last),
  };
}

/** One pass over the active channels; channels run side by side, each one operation after another. */
export async function channelTick(
  knex: Knex,
  now = new Date(),
  log?: (m: string, e?: unknown) => void,
): Promise<number> {
  // Changes every channel has had a day to push; one down longer gets a whole push (runner).
  await knex.raw(`DELETE FROM channel_dirty WHERE at < now() - interval '1 day'`);
  const channels = await activeChannels(knex);
  let ran = 0;
  await Promise.all(
    channels.map(async (ch) => {
      for (const op of dueOperations(ch, await factsOf(knex, ch), now)) {
        const r = await runOperation(knex, ch, op, { log });
        if (!r.skipped) ran++;
        if (!r.ok) break;
      }
    }),
  );
  return ran;
}
