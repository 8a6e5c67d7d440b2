// A small in-process scheduler for the housekeeping jobs of the server (api/main.ts
// starts it; tests call the jobs themselves). Each job runs once at start-up, then
// every `everyMs`, and, with `afterMidnight`, a minute after midnight Europe/Paris
// (a date-driven job should not wait for the next tick to see the new day). A job
// never runs twice at once in this process, and an error is logged, never thrown:
// the server goes on. With `claim` (api/jobs/claims.ts), each run is claimed in the
// database for its period first: several processes on one database run each job once
// per period (the one whose claim lands), the others skip it.
import { addDays, todayParis } from '../../common/dates';
import type { Claim } from './claims';

export interface Job {
  name: string;
  everyMs: number;
  afterMidnight?: boolean;
  run: () => Promise<unknown>;
}

export interface Scheduler {
  stop(): void;
  /** resolves when no job is running (after stop(): before the pool is closed) */
  idle(): Promise<void>;
  /** runs a job now (skipped, answering false, while it is already running) */
  runNow(name: string): Promise<boolean>;
}

const HOUR = 3_600_000;

/**
 * The instant of the next midnight in Europe/Paris after `now`. Paris is UTC+1 or
 * UTC+2 and changes at 2 or 3 a.m., so midnight is 22:00 or 23:00 UTC the day before.
 */
export function nextParisMidnight(now: Date): Date {
  const tomorrow = addDays(todayParis(now), 1);
  const base = Date.parse(`${tomorrow}T00:00:00Z`);
  for (const offset of [2, 1]) {
    const t = new Date(base - offset * HOUR);
    if (todayParis(t) === tomorrow) return t;
  }
  return new Date(base);
}

export function startScheduler(
  jobs: Job[],
  log: (message: string, err?: unknown) => void,
  now: () => Date = () => new Date(),
  claim?: Claim,
): Scheduler {
  const running = new Set<string>();
  const inFlight = new Set<Promise<unknown>>();
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;

  /** `slot`: the period a scheduled run belongs to; none for runNow. */
  const run = async (job: Job, slot?: { key: string; everyMs: number }): Promise<boolean> => {
    if (stopped || running.has(job.name)) return false;
    running.add(job.name);
    const p = (async () => {
      if (claim && slot && !(await claim(job.name, slot.key, slot.everyMs))) return false;
      await job.run();
      return true;
    })();
    inFlight.add(p);
    let ran = true;
    try {
      ran = await p;
    } catch (err) {
      // Stopping closes the pool under a job still running: that is not the job failing.
      if (!stopped) log(`Tâche « ${job.name} » en échec`, err);
    } finally {
      running.delete(job.name);
      inFlight.delete(p);
    }
    return ran;
  };
  // The interval's number (the start-up run belongs to the current one); a midnight run, its day.
  const every = (job: Job) => ({ key: `every:${Math.floor(now().getTime() / job.everyMs)}`, everyMs: job.everyMs });
  const midnight = () => ({ key: `day:${todayParis(now())}`, everyMs: 2 * 24 * HOUR });

  const atMidnight = (job: Job) => {
    if (stopped) return;
    const delay = nextParisMidnight(now()).getTime() - now().getTime() + 60_000;
    const t = setTimeout(() => {
      void run(job, midnight());
      atMidnight(job);
    }, delay);
    t.unref();
    timers.push(t);
  };

  for (const job of jobs) {
    void run(job, every(job));
    const t = setInterval(() => {
      void run(job, every(job));
    }, job.everyMs);
    t.unref();
    timers.push(t);
    if (job.afterMidnight) atMidnight(job);
  }

  return {
    stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
    },
    async idle() {
      await Promise.allSettled([...inFlight]);
    },
    runNow(name) {
      const job = jobs.find((j) => j.name === name);
      return job ? run(job) : Promise.resolve(false);
    },
  };
}
