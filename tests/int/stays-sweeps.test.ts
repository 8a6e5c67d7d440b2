// Stays that let their places go by themselves (api/domain/stays/sweeps.ts): options
// past their expiry date, and temporary bookings nobody touched for longer than the
// idle time. The sweeps are called with a given "now" (the server's scheduler calls
// them every few minutes); they are idempotent and safe when run concurrently.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness';
import { book, makePlace, type Ref, staysServer } from './stays-fixtures';
import {
  abandonIdleDrafts,
  DEFAULT_DRAFT_IDLE_MINUTES,
  draftIdleMinutes,
  expireDueOptions,
  sweepStays,
} from '../../api/domain/stays/sweeps';
import { STATUS } from '../../api/domain/stays/status';
import { addDays, todayParis } from '../../common/dates';

let t: TestServer;
let ref: Ref;
let customerId: number;
beforeAll(async () => {
  ({ t, ref, customerId } = await staysServer());
});
afterAll(async () => {
  await t?.close();
});

const S = STATUS;
const HOUR = 3_600_000;
const held = async (placeId: number) =>
  Number((await t.knex('place_reservation').where('placeId', placeId).count({ n: '*' }))[0].n);
const status = async (id: number) => (await t.knex('booking').where('id', id).first('statusId')).statusId;
const lines = async (id: number) =>
  (await t
    .knex('post_history')
    .where({ entity: 'booking', recordId: id, action: 'action' })
    .orderBy('id')
    .select('detail', 'userName')) as { detail: string; userName: string | null }[];

async function option(expiry: string, start = '2030-07-10') {
  const place = await makePlace(t.admin, ref);
  // An expiry already past cannot be set through the API (DATE_IN_PAST): such an
  // option is made with a later date that then passes, as time would make it pass.
  const past = expiry < todayParis();
  const b = await book(t.admin, ref, {
    placeId: place.id,
    customerId,
    kind: 'option',
    startDate: start,
    endDate: '2030-07-20',
    extra: { optionExpiryDate: past ? todayParis() : expiry },
  });
  if (past) await t.knex('booking').where('id', b.booking.id).update({ optionExpiryDate: expiry });
  else expect(b.booking).toMatchObject({ kind: 'option', statusId: S.CONFIRMED, optionExpiryDate: expiry });
  return { id: b.booking.id as number, placeId: place.id as number };
}

describe('options past their expiry date', () => {
  it('expire the day after their date in Europe/Paris, release their places and write the history', async () => {
    const due = await option('2030-06-30');
    const lastDay = await option('2030-07-01');
    // 23:30 in Paris on 1 July: the option of 30 June is due, the one of 1 July not yet.
    const evening = new Date('2030-07-01T21:30:00Z');
    expect(
      await expireDueOptions(t.knex, {
        now: evening,
        onError: (_id, e) => {
          throw e;
        },
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(await status(due.id)).toBe(S.EXPIRED);
    expect(await held(due.placeId)).toBe(0);
    expect(await status(lastDay.id)).toBe(S.CONFIRMED);
    expect(await held(lastDay.placeId)).toBe(1);
    const history = await lines(due.id);
    expect(history.at(-1)).toEqual({
      detail: 'Option expirée (échéance du 30/06/2030), automatiquement',
      userName: 'Utilisateur technique',
    });
    // 00:30 in Paris on 2 July (still 1 July in UTC): now the second one.
    await expireDueOptions(t.knex, { now: new Date('2030-07-01T22:30:00Z') });
    expect(await status(lastDay.id)).toBe(S.EXPIRED);
    expect(await held(lastDay.placeId)).toBe(0);
  });

  it('leave alone what is no longer due: converted, extended, quotes, bookings', async () => {
    const converted = await option('2030-05-01');
    await t.admin.post(`/rest/booking/${converted.id}/convert`, { kind: 'booking' });
    const extended = await option('2030-05-01');
    expect((await t.admin.put(`/rest/booking/${extended.id}`, { optionExpiryDate: '2030-08-01' })).status).toBe(200);
    await expireDueOptions(t.knex, { now: new Date('2030-06-15T10:00:00Z') });
    expect(await status(converted.id)).toBe(S.CONFIRMED);
    expect(await status(extended.id)).toBe(S.CONFIRMED);
    expect(await held(extended.placeId)).toBe(1);
  });

  it('are expired once only, however many sweeps run at the same time', async () => {
    const options = [await option('2030-04-01'), await option('2030-04-02'), await option('2030-04-03')];
    const now = new Date('2030-04-20T08:00:00Z');
    const counts = await Promise.all([1, 2, 3, 4].map(() => expireDueOptions(t.knex, { now })));
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(options.length);
    for (const o of options) {
      expect(await status(o.id)).toBe(S.EXPIRED);
      expect((await lines(o.id)).filter((l) => l.detail.startsWith('Option expirée'))).toHaveLength(1);
    }
    expect(await expireDueOptions(t.knex, { now })).toBe(0);
  });

  it('the button expires the due options as the user who pressed it', async () => {
    const o = await option('2020-01-01');
    const r = await t.admin.post('/rest/booking/expire-options');
    expect(r.status, r.text).toBe(200);
    expect(r.body.expired).toBeGreaterThanOrEqual(1);
    expect(await status(o.id)).toBe(S.EXPIRED);
    expect((await lines(o.id)).at(-1)).toEqual({
      detail: 'Option expirée (échéance du 01/01/2020)',
      userName: 'Administrateur',
    });
  });
});

describe('temporary bookings left behind', () => {
  const draft = async () => {
    const place = await makePlace(t.admin, ref);
    const b = await book(t.admin, ref, {
      placeId: place.id,
      customerId,
      temporary: true,
      startDate: '2030-09-01',
      endDate: '2030-09-05',
    });
    expect(b.booking.statusId).toBe(S.TEMPORARY);
    return { id: b.booking.id as number, placeId: place.id as number, occupancyId: b.occupancies[0].id as number };
  };

  it('are abandoned after the idle time without any change, and free their places', async () => {
    expect(await draftIdleMinutes(t.knex)).toBe(DEFAULT_DRAFT_IDLE_MINUTES);
    const idle = await draft();
    const busy = await draft();
    const processed = await draft();
    await t.admin.post(`/rest/booking/${processed.id}/set-in-progress`);
    const confirmed = await book(t.admin, ref, {
      placeId: (await makePlace(t.admin, ref)).id,
      customerId,
      startDate: '2030-09-01',
      endDate: '2030-09-05',
    });
    // One minute before the idle time is up: nothing happens.
    expect(
      await abandonIdleDrafts(t.knex, { now: new Date(Date.now() + (DEFAULT_DRAFT_IDLE_MINUTES - 1) * 60_000) }),
    ).toBe(0);
    expect(await status(idle.id)).toBe(S.TEMPORARY);
    // The wizard of the second one changed its occupants two hours from now.
    await t
      .knex('occupancy_detail')
      .where('occupancyId', busy.occupancyId)
      .update({ updatedAt: new Date(Date.now() + 2 * HOUR) });
    const later = new Date(Date.now() + 3 * HOUR);
    expect(await abandonIdleDrafts(t.knex, { now: later })).toBeGreaterThanOrEqual(1);
    expect(await status(idle.id)).toBe(S.ABANDONED);
    expect(await held(idle.placeId)).toBe(0);
    expect((await lines(idle.id)).at(-1)).toEqual({
      detail:
        `Séjour temporaire abandonné automatiquement (sans ` + `modification depuis ${DEFAULT_DRAFT_IDLE_MINUTES} min)`,
      userName: 'Utilisateur technique',
    });
    expect(await status(busy.id)).toBe(S.TEMPORARY);
    expect(await held(busy.placeId)).toBe(1);
    // "En cours" is set on purpose by staff, a confirmed stay is not a draft.
    expect(await status(processed.id)).toBe(S.IN_PROGRESS);
    expect(await status(confirmed.booking.id)).toBe(S.CONFIRMED);
    // Its turn comes once it too has been left alone long enough.
    await abandonIdleDrafts(t.knex, { now: new Date(Date.now() + 5 * HOUR) });
    expect(await status(busy.id)).toBe(S.ABANDONED);
    expect(await abandonIdleDrafts(t.knex, { now: new Date(Date.now() + 5 * HOUR) })).toBe(0);
  });

  it('follow the idle time of the general settings', async () => {
    const setting = (await t.admin.get('/rest/establishment/setting?range=[0,0]')).body[0];
    expect((await t.admin.put(`/rest/establishment/setting/${setting.id}`, { draftIdleMinutes: 2 })).body.code).toBe(
      'VALIDATION_FAILED',
    );
    expect((await t.admin.put(`/rest/establishment/setting/${setting.id}`, { draftIdleMinutes: 30 })).status).toBe(200);
    try {
      expect(await draftIdleMinutes(t.knex)).toBe(30);
      const d = await draft();
      expect(await abandonIdleDrafts(t.knex, { now: new Date(Date.now() + 29 * 60_000) })).toBe(0);
      expect(await abandonIdleDrafts(t.knex, { now: new Date(Date.now() + 31 * 60_000) })).toBeGreaterThanOrEqual(1);
      expect(await status(d.id)).toBe(S.ABANDONED);
    } finally {
      await t.admin.put(`/rest/establishment/setting/${setting.id}`, { draftIdleMinutes: DEFAULT_DRAFT_IDLE_MINUTES });
    }
  });

  it('both sweeps run together, concurrently, without doubling anything', async () => {
    const d = await draft();
    const o = await option(addDays(todayParis(), -2));
    const now = new Date(Date.now() + 6 * HOUR);
    const runs = await Promise.all([
      sweepStays(t.knex, { now }),
      sweepStays(t.knex, { now }),
      sweepStays(t.knex, { now }),
    ]);
    expect(runs.reduce((n, r) => n + r.abandoned, 0)).toBeGreaterThanOrEqual(1);
    expect(await status(d.id)).toBe(S.ABANDONED);
    expect(await status(o.id)).toBe(S.EXPIRED);
    expect((await lines(d.id)).filter((l) => l.detail.startsWith('Séjour temporaire abandonné'))).toHaveLength(1);
  });

  it('one stay that cannot be handled is reported, the others are swept', async () => {
    const bad = await draft();
    const good = await draft();
    // The database refuses to change the first one (a trigger of the test).
    await t.knex.raw(`CREATE FUNCTION test_refuse_sweep() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.id = ${bad.id} THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$`);
    await t.knex.raw(
      'CREATE TRIGGER test_refuse_sweep BEFORE UPDATE ON booking FOR EACH ROW EXECUTE FUNCTION test_refuse_sweep()',
    );
    const errors: number[] = [];
    try {
      await abandonIdleDrafts(t.knex, { now: new Date(Date.now() + 7 * HOUR), onError: (id) => errors.push(id) });
    } finally {
      await t.knex.raw('DROP TRIGGER test_refuse_sweep ON booking');
      await t.knex.raw('DROP FUNCTION test_refuse_sweep()');
    }
    expect(errors).toEqual([bad.id]);
    expect(await status(bad.id)).toBe(S.TEMPORARY);
    expect(await status(good.id)).toBe(S.ABANDONED);
  });
});
