// The table of issue 31 (docs/history.md#issue-31) in one place: each figure as the benches last measured it
// (tests/bench/results.ts, .tmp/bench-results.jsonl), beside its baseline of the same run,
// the ratio and the goal. It measures nothing itself: `npm run bench -- money` runs the
// money benches first, then this. Prints, never fails. Run: npx tsx tests/bench/summary.bench.ts
import { latestFigures, RESULTS_FILE } from './results';

/** The table's rows in the issue's order: id, label, the bench that measures it. */
export const ROWS: [string, string, string][] = [
  ['bill-pdf-8', 'final bill with its PDF, bills/s at 8 in parallel', 'billing'],
  ['facturx', 'Factur-X bill (30 lines)', 'billing'],
  ['till-sale', 'till sale p50', 'till'],
  ['ledger-verify', 'ledger verification, every signature', 'ledger'],
  ['growth-stay-list', 'stay list page 1, ×10 / ×1', 'growth'],
  ['growth-bill-list', 'bill list with no period, ×10 / ×1', 'growth'],
  ['growth-customer-search', 'customer search, ×10 / ×1 (first page)', 'growth'],
  ['balance-load', 'stay balance under 50 clients, p50', 'load'],
  ['rss-idle', 'node RSS idle', 'load'],
  ['rss-load', 'node RSS after the load', 'load'],
  ['two-processes', 'two processes: bills gap-free, jobs once', 'two-processes'],
];

const num = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2));
const fr = (s: string) => s.replace(/(\d)\.(\d)/g, '$1,$2');

export function summaryLines(file = RESULTS_FILE): string[] {
  const latest = latestFigures(file);
  const head = ['figure', 'measured', 'baseline, same run', 'ratio', 'goal', 'met', 'bench, when'];
  const rows = ROWS.map(([id, label, bench]) => {
    const f = latest.get(id);
    if (!f) return [label, 'not measured', '', '', '', '', `npm run bench -- ${bench}`];
    const ratio = f.baseline ? `${num(f.value / f.baseline)}×` : '';
    return [
      label,
      `${num(f.value)} ${f.unit}${f.detail ? ` (${f.detail})` : ''}`,
      f.baseline != null ? `${f.baselineLabel ?? 'baseline'}: ${num(f.baseline)} ${f.unit}` : '—',
      ratio,
      f.goal,
      f.met == null ? '?' : f.met ? 'yes' : 'NO',
      `${f.bench}, ${f.at.slice(0, 16).replace('T', ' ')}`,
    ].map(fr);
  });
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`issue 31, the latest figure of each bench (${RESULTS_FILE}):\n`);
  for (const l of summaryLines()) console.log(l);
}
