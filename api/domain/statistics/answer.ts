// One screen's answer: the periods, the state of the statistics tables, the chart and
// the table; and the same table as a CSV file (French conventions, as the statements).
import type { Knex } from 'knex';
import type Koa from 'koa';
import { formatStat, type StatAnswer } from '../../../common/stats';
import { sendCsv } from '../statements/csv';
import { periodsOf, statisticsState } from './query';
import type { ScreenDef, ScreenQuery } from './screens/types';

export async function screenAnswer(db: Knex, s: ScreenDef, q: ScreenQuery): Promise<StatAnswer> {
  const periods = periodsOf(q, s.maxDays);
  const state = await statisticsState(db);
  const built = await s.build(db, q, periods);
  return {
    screen: s.name,
    periods,
    chart: built.chart,
    table: built.table,
    map: built.map,
    warnings: [...state.warnings, ...(built.warnings ?? [])],
    generatedAt: state.generatedAt,
  };
}

export async function sendScreenCsv(ctx: Koa.Context, db: Knex, s: ScreenDef, q: ScreenQuery): Promise<undefined> {
  const a = await screenAnswer(db, s, q);
  const cols = a.table.columns;
  const rows = [...a.table.rows, ...(a.table.total ? [a.table.total] : [])].map((r) =>
    cols.map((c) => formatStat(c.kind, r[c.key] ?? null, true)),
  );
  return sendCsv(
    ctx,
    `statistiques-${s.name}-${q.from}-${q.to}.csv`,
    cols.map((c) => c.label),
    rows,
  );
}
