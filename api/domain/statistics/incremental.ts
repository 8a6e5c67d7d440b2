// The incremental update (docs/statistics.md « Between two regenerations »): the stays
// queued by the triggers of migration 0131 (stat_dirty) have their nights taken away
// from stat_day, their facts rebuilt from the raw rows, and added back — in one
// transaction under the statistics lock, so stat_day always equals the sum of
// stat_night. Months queued by a change of capacity (unavailability, activity period,
// place) are regenerated whole.
import type { Knex } from 'knex';
import { insertNights, insertStays, sumNightsSql } from './facts';
import { lockStatistics, regenerateMonth } from './regenerate';

const DAY_KEY = '(day, place_type_id, layout_id, channel_id, source, residential)';
const ADD = [
  'occupied',
  'occupied_closed',
  'closed_capacity',
  'person_nights',
  'accommodation',
  'extras',
  'other',
  'tax',
]
  .map((c) => `${c} = stat_day.${c} + EXCLUDED.${c}`)
  .join(', ');
const upsertDays = (sign: 1 | -1) =>
  `INSERT INTO stat_day ${sumNightsSql('booking_id = ANY(?::int[])', sign)} ON CONFLICT ${DAY_KEY} DO UPDATE SET
    ${ADD}`;

/** Rebuilds the statistics of these bookings (inside the caller's locked transaction). */
export async function refreshBookings(trx: Knex.Transaction, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await trx.raw(upsertDays(-1), [ids]);
  await trx('stat_night').whereIn('bookingId', ids).del();
  await trx('stat_stay').whereIn('bookingId', ids).del();
  await insertNights(trx, { bookingIds: ids });
  await insertStays(trx, { bookingIds: ids });
  await trx.raw(upsertDays(1), [ids]);
}

/**
 * Applies up to `batch` queued stays in one transaction; answers how many. The queue
 * rows are deleted first: a writer queuing one of them again meanwhile waits for this
 * commit and leaves it queued for the next round.
 */
export async function applyQueuedStays(knex: Knex, batch = 500): Promise<number> {
  return knex.transaction(async (trx) => {
    await lockStatistics(trx);
    const r = await trx.raw(
      `DELETE FROM stat_dirty WHERE booking_id IN (
         SELECT booking_id FROM stat_dirty ORDER BY queued_at LIMIT ? FOR UPDATE SKIP LOCKED) RETURNING booking_id`,
      [batch],
    );
    const ids = r.rows.map((x: { booking_id: number }) => x.booking_id);
    await refreshBookings(trx, ids);
    return ids.length;
  });
}

/** Regenerates up to `limit` queued months (each its own transaction); answers how many. */
export async function applyQueuedMonths(knex: Knex, limit = 12): Promise<number> {
  const months: string[] = (await knex('stat_dirty_month').orderBy('month').limit(limit).pluck('month')) as string[];
  for (const m of months) await regenerateMonth(knex, m);
  return months.length;
}

/** Everything queued, until the queues are empty (the job; tests call it after a change). */
export async function applyQueue(knex: Knex): Promise<{ stays: number; months: number }> {
  let stays = 0,
    months = 0;
  for (;;) {
    const s = await applyQueuedStays(knex);
    const m = await applyQueuedMonths(knex);
    stays += s;
    months += m;
    if (!s && !m) return { stays, months };
  }
}
