// The closures as the screens read them: the list, one by its number, and the status
// (what is closed, what is due).
import type { Knex } from 'knex';
import { addDays, todayParis } from '../../../common/dates';
import { formatMessage } from '../../../common/messages';
import { establishmentId } from './append';
import { type ClosureLevel, type Closure, closureOf, lastClosure, TRANSACTION_KINDS } from './closure-base';

export async function listClosures(db: Knex, level?: ClosureLevel, limit = 400): Promise<Closure[]> {
  const est = await establishmentId(db);
  const q = db('ledger_entry')
    .where({ establishmentId: est, chain: 'fiscal' })
    .orderBy('seq', 'desc')
    .limit(limit)
    .select('seq', 'kind', 'body', 'hash', 'signature');
  if (level) q.where('kind', `closure-${level}`);
  else q.where('kind', 'like', 'closure-%');
  return (await q).map(closureOf);
}

export async function closureBySeq(db: Knex, seq: number): Promise<Closure | null> {
  const est = await establishmentId(db);
  const row = await db('ledger_entry')
    .where({ establishmentId: est, chain: 'fiscal', seq })
    .where('kind', 'like', 'closure-%')
    .first('seq', 'kind', 'body', 'hash', 'signature');
  return row ? closureOf(row) : null;
}

/** For /closure and the home flag: the last closures, what waits for a Z. */
export async function closureStatus(db: Knex): Promise<{
  lastDay: Closure | null;
  lastMonth: Closure | null;
  lastYear: Closure | null;
  pending: number;
  pendingSince: string | null;
  stale: boolean;
  /** §8 (docs/errors.md#messages) ALL_CLOSED: nothing waits for a Z and every month ended is closed; else null */
  allClosed: string | null;
}> {
  const est = await establishmentId(db);
  const [lastDay, lastMonth, lastYear] = await Promise.all([
    lastClosure(db, est, 'day'),
    lastClosure(db, est, 'month'),
    lastClosure(db, est, 'year'),
  ]);
  const waiting = db('ledger_entry')
    .where({ establishmentId: est, chain: 'fiscal' })
    .whereIn('kind', TRANSACTION_KINDS);
  if (lastDay) waiting.where((q) => q.where('seq', '>', lastDay.seq).orWhere('businessDate', '>', lastDay.date));
  const w = await waiting.first(db.raw('count(*)::int AS n'), db.raw('min(business_date)::text AS since'));
  const pending = w?.n ?? 0,
    since: string | null = w?.since ?? null;
  const last =
    [lastDay, lastMonth, lastYear]
      .filter(Boolean)
      .map((c) => c!.periodEnd)
      .sort()
      .pop() ?? null;
  // §9 (docs/constants.md#closures): a flag when the last financial period closure is older than 4 months.
  const limit = addDays(todayParis(), -122);
  const stale = pending > 0 && (last == null ? (since ?? '') < limit : last < limit);
  const lastMonthEnded = addDays(`${todayParis().slice(0, 7)}-01`, -1);
  const allClosed = pending === 0 && !!lastMonth && lastMonth.periodEnd >= lastMonthEnded;
  return {
    lastDay,
    lastMonth,
    lastYear,
    pending,
    pendingSince: since,
    stale,
    allClosed: allClosed ? formatMessage('ALL_CLOSED') : null,
  };
}
