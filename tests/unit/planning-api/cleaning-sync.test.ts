import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  planCleaningSync,
  wantedTask,
  type Departure,
  type ExistingTask,
} from '../../../api/domain/planning/cleaning-sync';

const dep = (occupancyId: number, placeId: number, date: string, o: Partial<Departure> = {}): Departure => ({
  occupancyId,
  placeId,
  date,
  isRental: true,
  arrivalSameDay: false,
  ...o,
});
const task = (id: number, placeId: number, date: string, o: Partial<ExistingTask> = {}): ExistingTask => ({
  id,
  placeId,
  date,
  type: 'cleaning',
  status: 'todo',
  mode: 'free',
  source: 'departure',
  occupancyId: null,
  ...o,
});

describe('wantedTask', () => {
  it('cleans a rental, controls a pitch; ready when someone arrives that day', () => {
    expect(wantedTask(dep(1, 10, '2026-07-08'))).toEqual({
      placeId: 10,
      date: '2026-07-08',
      type: 'cleaning',
      mode: 'free',
      occupancyId: 1,
    });
    expect(wantedTask(dep(1, 10, '2026-07-08', { isRental: false, arrivalSameDay: true }))).toMatchObject({
      type: 'control',
      mode: 'ready',
    });
  });
});

describe('planCleaningSync', () => {
  it('creates the missing tasks', () => {
    const p = planCleaningSync([dep(1, 10, '2026-07-08'), dep(2, 11, '2026-07-08', { arrivalSameDay: true })], []);
    expect(p.insert).toEqual([
      { placeId: 10, date: '2026-07-08', type: 'cleaning', mode: 'free', occupancyId: 1 },
      { placeId: 11, date: '2026-07-08', type: 'cleaning', mode: 'ready', occupancyId: 2 },
    ]);
    expect(p.update).toEqual([]);
    expect(p.delete).toEqual([]);
  });

  it('updates the mode of an existing departure task, links a hand-made one, leaves a done one', () => {
    const p = planCleaningSync(
      [
        dep(1, 10, '2026-07-08', { arrivalSameDay: true }),
        dep(2, 11, '2026-07-08'),
        dep(3, 12, '2026-07-08', { arrivalSameDay: true }),
      ],
      [
        task(100, 10, '2026-07-08', { occupancyId: 1 }),
        task(101, 11, '2026-07-08', { source: 'manual' }),
        task(102, 12, '2026-07-08', { status: 'done', occupancyId: 3 }),
      ],
    );
    expect(p.update).toEqual([
      { id: 100, patch: { mode: 'ready', occupancyId: 1 } },
      { id: 101, patch: { occupancyId: 2 } },
    ]);
    expect(p.insert).toEqual([]);
    expect(p.delete).toEqual([]);
  });

  it('moves the task of a departure that moved, keeping its assignee and status', () => {
    const p = planCleaningSync(
      [dep(1, 20, '2026-07-10')],
      [task(100, 10, '2026-07-08', { occupancyId: 1, status: 'taken' })],
    );
    expect(p.update).toEqual([{ id: 100, patch: { placeId: 20, date: '2026-07-10', type: 'cleaning', mode: 'free' } }]);
    expect(p.insert).toEqual([]);
    expect(p.delete).toEqual([]);
  });

  it('deletes open departure tasks nobody leaves for any more, keeps started, done and hand-made ones', () => {
    const p = planCleaningSync(
      [],
      [
        task(1, 10, '2026-07-08', { occupancyId: 5 }),
        task(2, 11, '2026-07-08', { status: 'taken' }),
        task(3, 12, '2026-07-08', { status: 'in-progress' }),
        task(4, 13, '2026-07-08', { status: 'done' }),
        task(5, 14, '2026-07-08', { source: 'manual' }),
      ],
    );
    expect(p.delete).toEqual([1, 2]);
    expect(p.insert).toEqual([]);
    expect(p.update).toEqual([]);
  });

  it('is idempotent: once applied, nothing is left to do (property)', () => {
    const depArb = fc.uniqueArray(
      fc.record({
        occupancyId: fc.integer({ min: 1, max: 40 }),
        placeId: fc.integer({ min: 1, max: 8 }),
        day: fc.integer({ min: 1, max: 9 }),
        isRental: fc.boolean(),
        arrivalSameDay: fc.boolean(),
      }),
      { selector: (d) => d.occupancyId, maxLength: 20 },
    );
    const taskArb = fc.uniqueArray(
      fc.record({
        id: fc.integer({ min: 1, max: 1000 }),
        placeId: fc.integer({ min: 1, max: 8 }),
        day: fc.integer({ min: 1, max: 9 }),
        type: fc.constantFrom('cleaning', 'control', 'inter'),
        status: fc.constantFrom('taken', 'todo', 'in-progress', 'done'),
        source: fc.constantFrom('departure', 'manual'),
        occ: fc.option(fc.integer({ min: 1, max: 40 })),
      }),
      { selector: (t) => t.id, maxLength: 20 },
    );
    fc.assert(
      fc.property(depArb, taskArb, (ds, ts) => {
        const date = (d: number) => `2026-07-0${d}`;
        const departures = ds.map((d) => dep(d.occupancyId, d.placeId, date(d.day), d));
        // The unique constraint (place, day, type): keep the first of each.
        const seen = new Set<string>();
        let existing: ExistingTask[] = ts
          .map((t) =>
            task(t.id, t.placeId, date(t.day), {
              type: t.type as any,
              status: t.status as any,
              source: t.source as any,
              occupancyId: t.occ ?? null,
            }),
          )
          .filter((t) => {
            const k = `${t.placeId}|${t.date}|${t.type}`;
            if (seen.has(k)) return false;
            seen.add(k);
            return true;
          });
        const plan = planCleaningSync(departures, existing);
        existing = existing
          .filter((t) => !plan.delete.includes(t.id))
          .map((t) => {
            const u = plan.update.find((x) => x.id === t.id);
            return u ? ({ ...t, ...u.patch } as ExistingTask) : t;
          });
        plan.insert.forEach((w, i) =>
          existing.push(
            task(10_000 + i, w.placeId, w.date, { type: w.type, mode: w.mode, occupancyId: w.occupancyId }),
          ),
        );
        const keys = existing.map((t) => `${t.placeId}|${t.date}|${t.type}`);
        expect(new Set(keys).size).toBe(keys.length);
        for (const d of departures) {
          const w = wantedTask(d);
          expect(existing.some((t) => t.placeId === w.placeId && t.date === w.date && t.type === w.type)).toBe(true);
        }
        const again = planCleaningSync(departures, existing);
        expect(again.insert).toEqual([]);
        expect(again.delete).toEqual([]);
      }),
    );
  });
});
