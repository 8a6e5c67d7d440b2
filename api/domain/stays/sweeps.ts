// Stays that must let their places go without anyone asking: options past their
// expiry date (→ Expirée) and temporary bookings left by the new-booking wizard — a
// closed tab or a crashed browser never sends "abandon" (→ Abandonnée). Run at
// start-up, every few minutes and just after midnight (api/jobs/), and by the
// "Expirer les options échues" button.
//
// Safe with several API processes: each stay changes in its own transaction, on its
// locked row, after checking again that it is still due — a stay expired, converted,
// extended or touched by someone else meanwhile is left alone, so nothing is written
// twice and no history line is doubled.
import type { Knex } from 'knex';
import { todayParis } from '../../../common/dates';
import { runAction } from './actions';
import { STATUS } from './status';
import type { SettingRecord } from '../../../common/generated/types/index';

type Db = Knex | Knex.Transaction;

/** Minutes without any change after which a temporary booking is abandoned, when the settings row is missing. */
export const DEFAULT_DRAFT_IDLE_MINUTES = 120;

/** Statuses an option holds its places in until its expiry date. */
const HOLDING_OPTION: number[] = [STATUS.TEMPORARY, STATUS.IN_PROGRESS, STATUS.CONFIRMED];

/** Options whose expiry date is before `today` and that still hold their places. */
export function dueOptions(db: Db, today: string): Knex.QueryBuilder {
  return db('booking')
    .where('kind', 'option')
    .where('optionExpiryDate', '<', today)
    .whereIn('statusId', HOLDING_OPTION);
}

/**
 * Options to follow up (home tile "Options expirées"): due ones not swept yet, and
 * those expired for a stay still to come — the desk may call the customer back.
 */
export function optionsToFollowUp(db: Db, today: string): Knex.QueryBuilder {
  return db('booking')
    .where('kind', 'option')
    .where((w) =>
      w
        .where((d) => d.where('optionExpiryDate', '<', today).whereIn('statusId', HOLDING_OPTION))
        .orWhere((e) => e.where('statusId', STATUS.EXPIRED).where('startDate', '>=', today)),
    );
}

/** What a draft is made of: a change to any of these rows is activity. */
export const DRAFT_PARTS = [
  'occupancy_detail',
  'occupancy_animal',
  'occupancy_vehicle',
  'occupancy_extra',
  'occupancy_attendant',
];

/**
 * Temporary bookings (the wizard's drafts, "create temp") with no change since
 * `cutoff`: neither the booking nor its occupancies nor their occupants, animals,
 * vehicles, extras and attendants. "En cours" (5) is a status staff set on purpose and
 * is never swept.
 */
export function idleDrafts(db: Db, cutoff: Date): Knex.QueryBuilder {
  const at = cutoff.toISOString();
  return db('booking as b')
    .where('b.statusId', STATUS.TEMPORARY)
    .where('b.updatedAt', '<', at)
    .whereNotExists((q) =>
      q.select(db.raw('1')).from('occupancy as o').whereRaw('o.booking_id = b.id').where('o.updatedAt', '>=', at),
    )
    .where((w) => {
      for (const t of DRAFT_PARTS) {
        w.whereNotExists((q) =>
          q
            .select(db.raw('1'))
            .from('occupancy as o')
            .join(`${t} as x`, 'x.occupancyId', 'o.id')
            .whereRaw('o.booking_id = b.id')
            .where('x.updatedAt', '>=', at),
        );
      }
    });
}

/** The idle time of drafts: `setting.draftIdleMinutes` (the default without a settings row). */
export async function draftIdleMinutes(db: Db): Promise<number> {
  const row: Pick<SettingRecord, 'draftIdleMinutes'> | undefined = await db('setting').orderBy('id').first();
  const v = row?.draftIdleMinutes;
  return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : DEFAULT_DRAFT_IDLE_MINUTES;
}

/** Who the sweeps act as in the history: the technical user when there is one. */
async function sweeper(db: Db): Promise<number | null> {
  return (await db('app_user').where({ isSystem: true }).orderBy('id').first('id'))?.id ?? null;
}

export interface SweepOptions {
  /** the moment the sweep runs for (tests give one); "today" is its date in Europe/Paris */
  now?: Date;
  /** acting user of the history lines (default: the technical user, and the lines say "automatiquement") */
  userId?: number | null;
  /** a stay that could not be handled: reported and the others go on (without it, the error is thrown) */
  onError?: (bookingId: number, err: unknown) => void;
}

async function each(
  ids: number[],
  run: (id: number) => Promise<unknown>,
  onError: SweepOptions['onError'],
): Promise<number> {
  let n = 0;
  for (const id of ids) {
    try {
      if (await run(id)) n++;
    } catch (e) {
      if (!onError) throw e;
      onError(id, e);
    }
  }
  return n;
}

/** Expires every option due on `now`'s date, releasing its places; answers how many. */
export async function expireDueOptions(knex: Knex, opts: SweepOptions = {}): Promise<number> {
  const now = opts.now ?? new Date();
  const today = todayParis(now);
  const userId = opts.userId !== undefined ? opts.userId : await sweeper(knex);
  const ids: number[] = (await dueOptions(knex, today).orderBy('id').select('id')).map((r: { id: number }) => r.id);
  return each(
    ids,
    (id) =>
      runAction(knex, id, 'expire', {}, userId, {
        when: async (trx, b) => !!(await dueOptions(trx, today).where('id', b.id).first('id')),
        detail: opts.userId === undefined ? (d) => `${d.detail}, automatiquement` : undefined,
        clock: { today, now: now.toISOString() },
      }),
    opts.onError,
  );
}

/** Abandons the temporary bookings idle for longer than the setting; answers how many. */
export async function abandonIdleDrafts(knex: Knex, opts: SweepOptions = {}): Promise<number> {
  const now = opts.now ?? new Date();
  const minutes = await draftIdleMinutes(knex);
  const cutoff = new Date(now.getTime() - minutes * 60_000);
  const userId = opts.userId !== undefined ? opts.userId : await sweeper(knex);
  const ids: number[] = (await idleDrafts(knex, cutoff).orderBy('b.id').select('b.id')).map(
    (r: { id: number }) => r.id,
  );
  return each(
    ids,
    (id) =>
      runAction(knex, id, 'abandon', {}, userId, {
        when: async (trx, b) => !!(await idleDrafts(trx, cutoff).where('b.id', b.id).first('b.id')),
        detail: () => `Séjour temporaire abandonné automatiquement (sans modification depuis ${minutes} min)`,
        clock: { today: todayParis(now), now: now.toISOString() },
      }),
    opts.onError,
  );
}

/** Both sweeps, for the scheduler. */
export async function sweepStays(knex: Knex, opts: SweepOptions = {}): Promise<{ expired: number; abandoned: number }> {
  const expired = await expireDueOptions(knex, opts);
  const abandoned = await abandonIdleDrafts(knex, opts);
  return { expired, abandoned };
}
