// The chain's head locked FOR UPDATE until commit, with what appendEntry checks under it,
// in one query (issue 31, docs/history.md#issue-31: the till's time follows its round
// trips). The checks must see every writer that moved the head before this one: a closure
// committed while this append waited for the lock, say. They read the statement's
// snapshot, taken before the lock was granted; the locked row is the newest version. So
// the query also reads the head as its snapshot sees it: when another writer moved it
// meanwhile, the two differ and the checks are read again, in a new statement.
import type { Knex } from 'knex';
import { GENESIS, type Chain } from './canonical';
import { countersKnown, SERIES_COLUMNS, seriesOf } from './anchor-file';
import { preparedByShape } from '../../db/prepared';

/** The establishment the chains belong to: the first one (0 before any). */
export async function establishmentId(db: Knex | Knex.Transaction): Promise<number> {
  return (await db('establishment').orderBy('id').first('id'))?.id ?? 0;
}

export interface HeadChecks {
  /** whether the checks concern a fiscal entry dated in a financial year, or in a month */
  inYear: boolean;
  inMonth: boolean;
  date: string | null;
  fingerprint: string;
}
export interface LockedHead {
  est: number;
  lastSeq: number;
  lastHash: string;
  keyId: number | null;
  yearOpen: boolean;
  monthClosed: boolean;
  series?: Record<string, number>;
}

/** The checks' columns and their bindings; `est` is the establishment's SQL expression (a column or an integer). */
function checkColumns(checks: HeadChecks, chain: Chain, db: Knex.Transaction, est: string) {
  const cols = ['(SELECT id FROM ledger_key WHERE fingerprint = ?) AS key_id'];
  const bindings: (string | number)[] = [checks.fingerprint];
  if (checks.inYear) {
    cols.push(
      'EXISTS (SELECT 1 FROM financial_year WHERE start_date <= ? AND end_date >= ? AND NOT is_closed) AS year_open',
    );
    bindings.push(checks.date!, checks.date!);
  }
  if (checks.inMonth) {
    cols.push(
      `EXISTS (SELECT 1 FROM ledger_entry WHERE establishment_id = ${est} AND chain = 'fiscal'
          AND kind = 'closure-month' AND business_date = ?) AS month_closed`,
    );
    bindings.push(`${checks.date!.slice(0, 7)}-01`);
  }
  const withSeries = chain === 'fiscal' && countersKnown(db);
  if (withSeries) cols.push(SERIES_COLUMNS);
  return { cols, bindings, withSeries };
}

interface CheckRow {
  key_id: number | null;
  year_open?: boolean;
  month_closed?: boolean;
  bills: Record<string, number> | null;
  tills: Record<string, number> | null;
}

function checked(row: CheckRow, withSeries: boolean) {
  return {
    keyId: row.key_id ?? null,
    yearOpen: !!row.year_open,
    monthClosed: !!row.month_closed,
    series: withSeries ? seriesOf(row) : undefined,
  };
}

/** Locks the head of `chain` (created empty the first time) and reads the checks as of then. */
export async function lockHead(trx: Knex.Transaction, chain: Chain, checks: HeadChecks): Promise<LockedHead> {
  const c = checkColumns(checks, chain, trx, 'h.establishment_id');
  const { rows } = await preparedByShape(
    trx.raw(
      `SELECT h.establishment_id AS est, h.last_seq, h.last_hash,
              (SELECT s.last_seq FROM ledger_head s WHERE s.establishment_id = h.establishment_id AND s.chain = h.chain)
                AS seen_seq, ${c.cols.join(', ')}
         FROM ledger_head h
        WHERE h.chain = ? AND h.establishment_id = coalesce((SELECT id FROM establishment ORDER BY id LIMIT 1), 0)
        FOR UPDATE OF h`,
      [...c.bindings, chain],
    ),
    'head',
  );
  const row = rows[0];
  if (row && row.seen_seq === row.last_seq)
    return { est: row.est, lastSeq: Number(row.last_seq), lastHash: row.last_hash, ...checked(row, c.withSeries) };
  let head: { est: number; lastSeq: number; lastHash: string };
  if (row) head = { est: row.est, lastSeq: Number(row.last_seq), lastHash: row.last_hash };
  else {
    const est = await establishmentId(trx);
    await trx('ledger_head')
      .insert({ establishmentId: est, chain, lastSeq: 0, lastHash: GENESIS })
      .onConflict(['establishmentId', 'chain'])
      .ignore();
    const h = await trx('ledger_head').where({ establishmentId: est, chain }).forUpdate().first('lastSeq', 'lastHash');
    head = { est, lastSeq: Number(h.lastSeq), lastHash: h.lastHash };
  }
  // A new statement: a new snapshot, taken while this transaction holds the lock.
  const again = checkColumns(checks, chain, trx, String(Number(head.est)));
  const [fresh] = (await trx.raw(`SELECT ${again.cols.join(', ')}`, again.bindings)).rows;
  return { ...head, ...checked(fresh, again.withSeries) };
}
