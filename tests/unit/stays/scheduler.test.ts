// The housekeeping scheduler (api/jobs/scheduler.ts): the next Paris midnight in
// summer and winter time, a failing job logged without stopping the others, and a
// job never running twice at once.
import { describe, expect, it } from 'vitest';
import { nextParisMidnight, startScheduler } from '../../../api/jobs/scheduler';

describe('nextParisMidnight', () => {
  it('is 22:00 UTC in summer time and 23:00 UTC in winter time', () => {
    expect(nextParisMidnight(new Date('2031-07-01T10:00:00Z')).toISOString()).toBe('2031-07-01T22:00:00.000Z');
    expect(nextParisMidnight(new Date('2031-01-15T10:00:00Z')).toISOString()).toBe('2031-01-15T23:00:00.000Z');
    // 23:30 in Paris on 1 July is already 21:30 UTC: the midnight that comes, not the next day's.
    expect(nextParisMidnight(new Date('2031-07-01T21:30:00Z')).toISOString()).toBe('2031-07-01T22:00:00.000Z');
    // 00:30 in Paris on 2 July is still 1 July in UTC: the following midnight.
    expect(nextParisMidnight(new Date('2031-07-01T22:30:00Z')).toISOString()).toBe('2031-07-02T22:00:00.000Z');
    // The days the clocks change (last Sundays of March and October).
    expect(nextParisMidnight(new Date('2031-03-30T12:00:00Z')).toISOString()).toBe('2031-03-30T22:00:00.000Z');
    expect(nextParisMidnight(new Date('2031-10-26T12:00:00Z')).toISOString()).toBe('2031-10-26T23:00:00.000Z');
  });
});

describe('startScheduler', () => {
  it('logs a failing job and goes on; a running job is not started again', async () => {
    const logged: string[] = [];
    let runs = 0;
    let release: () => void = () => {};
    const scheduler = startScheduler(
      [
        {
          name: 'en panne',
          everyMs: 3_600_000,
          run: async () => {
            throw new Error('base indisponible');
          },
        },
        {
          name: 'lente',
          everyMs: 3_600_000,
          afterMidnight: true,
          run: () => {
            runs++;
            return new Promise<void>((r) => {
              release = r;
            });
          },
        },
      ],
      (m, e) => logged.push(`${m}: ${(e as Error).message}`),
    );
    try {
      // Both ran once at start-up; the slow one is still running.
      expect(runs).toBe(1);
      expect(await scheduler.runNow('lente')).toBe(false);
      expect(runs).toBe(1);
      release();
      await new Promise((r) => setImmediate(r));
      expect(await scheduler.runNow('en panne')).toBe(true);
      expect(logged).toEqual([
        'Tâche « en panne » en échec: base indisponible',
        'Tâche « en panne » en échec: base indisponible',
      ]);
      const second = scheduler.runNow('lente');
      expect(runs).toBe(2);
      release();
      expect(await second).toBe(true);
    } finally {
      scheduler.stop();
    }
    expect(await scheduler.runNow('lente')).toBe(false);
  });
});
