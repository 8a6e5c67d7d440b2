// The till on the demo campsite: from « encaisser » to the ticket PDF — the selling
// transaction (window, articles, stock rows, counter, ticket, lines, payments, ledger
// entry), the ticket read back, then the 80 mm PDF rendered — and the throughput of
// tickets on one register, 8 at a time (its counter row serialises them). Baseline of
// the same run, timed interleaved with the sale (issue 31 (docs/history.md#issue-31)'s):
// a bare INSERT of the rows one sale writes (the ticket, its
// lines, its payments, its ledger entry) in one transaction, into copies of those tables
// without indexes, constraints or triggers. On a scratch database, dropped
// at the end. It prints and never asserts. Run: npx tsx tests/bench/till.bench.ts
import { openScratchDatabase } from '../pg';
import { recordFigures } from './results';
import { migrateLatest } from '../../api/db/migrate';
import { bootstrap } from '../../api/demo/bootstrap';
import { sell } from '../../api/domain/sales/sell';
import { openWindow } from '../../api/domain/sales/windows';
import { loadSale } from '../../api/domain/sales/view';
import { renderTicketPdf } from '../../api/domain/sales/pdf';

const ROUNDS = Number(process.env.TILL_BENCH_ROUNDS ?? 60);
const scratch = await openScratchDatabase('till', { pool: 10 });
const knex = scratch.db.knex;
await migrateLatest(knex);
await bootstrap(knex, { adminPassword: 'bench-till-password', demo: true });
await knex('establishment').update({
  corporateName: 'SARL Les Pins Bleus',
  address1: '12 route de la Plage',
  postalCode: '40200',
  town: 'Mimizan',
  siren: '732829320',
  siret: '73282932000074',
  vatNumber: 'FR44732829320',
  legalForm: 'SARL',
  capital: 5000000,
  rcs: 'Mont-de-Marsan',
  tradeRegisterNumber: '732 829 320',
});
const reg = (await knex('cash_register').where('code', 'ACC1').first('id')).id;
await openWindow(knex, reg, 10000, null);
const art = async (code: string) => (await knex('article').where('code', code).first('id')).id;
const lines = [
  { articleId: await art('BAGUETTE'), quantity: 3 },
  { articleId: await art('CROISSANT'), quantity: 2 },
  { articleId: await art('JETON-LAV'), quantity: 1 },
];
await knex('article').where('isStockTracked', true).update({ stock: 1_000_000 });
const input = {
  cashRegisterId: reg,
  lines,
  payments: [
    { kind: 'card' as const, amount: 200 },
    { kind: 'cash' as const, amount: 2000 },
  ],
};
const operator = { id: null, name: 'Banc' };

/** The rows one sale writes, inserted bare in one transaction: the issue's baseline. */
async function bareInsertBaseline() {
  const saleId = Number(await sell(knex, input, operator));
  const tables = { sale: 'id', sale_line: 'saleId', sale_payment: 'saleId' } as const;
  const rows: [string, Record<string, unknown>[]][] = [];
  for (const [table, column] of Object.entries(tables)) {
    await knex.raw(`CREATE TABLE ?? (LIKE ?? INCLUDING DEFAULTS)`, [`bare_${table}`, table]);
    rows.push([`bare_${table}`, await knex(table).where(column, saleId)]);
  }
  await knex.raw(`CREATE TABLE bare_ledger_entry (LIKE ledger_entry INCLUDING DEFAULTS)`);
  rows.push(['bare_ledger_entry', await knex('ledger_entry').where({ sourceTable: 'sale', sourceId: saleId })]);
  // JSON columns go as text: the driver would send a JS array as a PostgreSQL array (raw
  // answers keep the database's snake_case names).
  const { rows: json } = await knex.raw(
    `SELECT table_name, column_name FROM information_schema.columns
      WHERE table_name LIKE 'bare\\_%' AND data_type IN ('json', 'jsonb')`,
  );
  for (const [table, r] of rows)
    for (const c of json.filter((j: { table_name: string }) => j.table_name === table)) {
      const key = String(c.column_name).replace(/_(\w)/g, (_: string, l: string) => l.toUpperCase());
      for (const row of r) if (row[key] != null) row[key] = JSON.stringify(row[key]);
    }
  const count = rows.reduce((n, [, r]) => n + r.length, 0);
  return {
    label: `baseline: bare INSERT of its ${count} rows, 1 transaction`,
    run: () =>
      knex.transaction(async (trx) => {
        for (const [table, r] of rows) if (r.length) await trx(table).insert(r);
      }),
  };
}

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { p50: at(0.5), p95: at(0.95), mean: s.reduce((a, b) => a + b, 0) / s.length };
}
/**
 * Times the runs interleaved, one of each per round (the machine is shared: a burst of
 * load falls on all of them alike), after a warm-up (fonts, plans).
 */
async function interleaved(runs: { label: string; run: () => Promise<unknown> }[]) {
  for (let i = 0; i < 5; i++) for (const r of runs) await r.run();
  const ms = runs.map(() => [] as number[]);
  for (let i = 0; i < ROUNDS; i++)
    for (const [j, r] of runs.entries()) {
      const t = performance.now();
      await r.run();
      ms[j].push(performance.now() - t);
    }
  return runs.map((r, j) => {
    const s = stats(ms[j]);
    console.log(
      `${r.label.padEnd(52)} p50 ${s.p50.toFixed(1)} ms  p95 ${s.p95.toFixed(1)} ms  ` +
        `→ ${(1000 / s.mean).toFixed(1)} /s`,
    );
    return s;
  });
}

/** The statements one sale sends (BEGIN and COMMIT included), past the first (which creates the ledger's head). */
async function statementsOfOneSale(): Promise<number> {
  await sell(knex, input, operator);
  let n = 0;
  const count = () => n++;
  knex.on('query', count);
  try {
    await sell(knex, input, operator);
  } finally {
    knex.off('query', count);
  }
  return n;
}

/** A statement's label: its verb and first table, no values (`select … from "sale_context"`). */
const labelOf = (sql: string) => {
  const verb = /^\s*(\w+)/.exec(sql)?.[1]?.toLowerCase() ?? '?';
  const table = /\b(?:from|into|update)\s+"?(\w+)"?/i.exec(sql)?.[1] ?? '';
  return `${verb} ${table}`.trim();
};

/**
 * Where a sale's time goes: each statement's time from sent to answered (p50 over SAMPLES sales),
 * in the order sent, and the rest of the sale (JavaScript, the anchor's file, waiting for a connection).
 */
async function timePerStatement(samples: number): Promise<void> {
  const sent = new Map<string, number>();
  const order: string[] = [];
  let current: number[] = [];
  const per = new Map<number, number[]>();
  const onQuery = (q: { __knexQueryUid: string }) => sent.set(q.__knexQueryUid, performance.now());
  const onAnswer = (_r: unknown, q: { __knexQueryUid: string; sql: string }) => {
    const t = sent.get(q.__knexQueryUid);
    if (t === undefined) return;
    current.push(performance.now() - t);
    if (order.length < current.length) order.push(labelOf(q.sql));
  };
  knex.on('query', onQuery).on('query-response', onAnswer);
  const rest: number[] = [];
  try {
    for (let i = 0; i < samples; i++) {
      current = [];
      const t = performance.now();
      await sell(knex, input, operator);
      const total = performance.now() - t;
      current.forEach((ms, j) => per.set(j, [...(per.get(j) ?? []), ms]));
      rest.push(total - current.reduce((a, b) => a + b, 0));
    }
  } finally {
    knex.off('query', onQuery).off('query-response', onAnswer);
  }
  const p50 = (xs: number[]) => stats(xs).p50;
  console.log(`where a sale's time goes (p50 over ${samples} sales, in the order sent):`);
  order.forEach((label, j) => console.log(`  ${label.padEnd(40)} ${p50(per.get(j) ?? [0]).toFixed(2)} ms`));
  console.log(`  ${'the rest (JavaScript, anchor file, pool)'.padEnd(40)} ${p50(rest).toFixed(2)} ms`);
}

console.log(`${scratch.where}: register ACC1, ${lines.length} lines a ticket, card + cash with change`);
const statements = await statementsOfOneSale();
console.log(`one sale sends ${statements} statements (BEGIN and COMMIT included)`);
await timePerStatement(40);
const [base, tx, full] = await interleaved([
  await bareInsertBaseline(),
  { label: 'sell (transaction only)', run: () => sell(knex, input, operator) },
  {
    label: 'encaisser → ticket PDF (sell, read, render)',
    run: async () => renderTicketPdf(await loadSale(knex, await sell(knex, input, operator))),
  },
]);
const BATCH = 200,
  PARALLEL = 8;
const t0 = performance.now();
for (let i = 0; i < BATCH; i += PARALLEL)
  await Promise.all(Array.from({ length: PARALLEL }, () => sell(knex, input, operator)));
const elapsed = performance.now() - t0;
console.log(
  `${`${BATCH} tickets, ${PARALLEL} at a time, one register`.padEnd(52)} ${elapsed.toFixed(0)} ms → ` +
    `${(BATCH / (elapsed / 1000)).toFixed(1)} tickets/s`,
);
const gaps = await knex('sale')
  .where('cashRegisterId', reg)
  .first(knex.raw('count(*)::int as n'), knex.raw('max(sequence) - min(sequence) + 1 as span'));
console.log(`numbers: ${gaps.n} tickets over a span of ${gaps.span} (no gap: ${gaps.n === Number(gaps.span)})`);
console.log(
  `sell / baseline (p50): ${(tx.p50 / base.p50).toFixed(1)}×; with PDF / without (p50): ` +
    `${(full.p50 / tx.p50).toFixed(1)}×`,
);
recordFigures('till', [
  {
    id: 'till-sale',
    value: tx.p50,
    unit: 'ms',
    baseline: base.p50,
    baselineLabel: 'bare INSERT of its rows',
    goal: '≤ 3× a bare INSERT of its rows',
    met: tx.p50 <= 3 * base.p50,
    detail: `p95 ${tx.p95.toFixed(1)} ms, ${statements} statements a sale`,
  },
]);
await scratch.close();
