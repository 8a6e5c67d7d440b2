// The figures a benchmark measured, kept for the summary (tests/bench/summary.bench.ts):
// each run appends one JSON line to .tmp/bench-results.jsonl, and the summary prints
// the latest value of each figure of the table of issue 31 (docs/history.md#issue-31) beside its baseline,
// ratio and goal. A figure a bench did not measure this time keeps its last value.
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { ROOT } from '../pg';

export const RESULTS_FILE = `${ROOT}.tmp/bench-results.jsonl`;

/** One row of the table: the figure, its unit, the baseline of the same run when there is one, and the goal. */
export interface Figure {
  /** stable key of the table's row (see summary.bench.ts) */
  id: string;
  value: number;
  unit: string;
  baseline?: number;
  baselineLabel?: string;
  /** the goal in words, and whether this run met it (null: this bench's baseline cannot tell) */
  goal: string;
  met: boolean | null;
  /** more of the same run, shown in small print (p99, the second half of a pair) */
  detail?: string;
}

export interface Run {
  bench: string;
  at: string;
  figures: Figure[];
}

export function recordFigures(bench: string, figures: Figure[]): void {
  mkdirSync(`${ROOT}.tmp`, { recursive: true });
  const run: Run = { bench, at: new Date().toISOString(), figures };
  appendFileSync(RESULTS_FILE, `${JSON.stringify(run)}\n`);
}

/** The latest run's value of every figure ever recorded, by id. */
export function latestFigures(file = RESULTS_FILE): Map<string, Figure & { bench: string; at: string }> {
  const out = new Map<string, Figure & { bench: string; at: string }>();
  if (!existsSync(file)) return out;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      const run = JSON.parse(line) as Run;
      for (const f of run.figures) out.set(f.id, { ...f, bench: run.bench, at: run.at });
    } catch {
      /* a line cut by a killed bench: skipped */
    }
  }
  return out;
}
