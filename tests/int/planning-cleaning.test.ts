// Cleaning planning and extras planning over HTTP: departures feed the cleaning
// tasks (type by place kind, mode "ready" when someone arrives the same day), the
// sync is idempotent and follows moved and cancelled stays, the board's window, task
// status and its "done" time; the extras window.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { postOk, unique } from './http-helpers';
import { allAt, userWithRights } from './security-helpers';

let t: TestServer;
const ids: Record<string, number> = {};
let adult = 0;
const post = (path: string, body: unknown) => postOk(t.admin, path, body);
async function book(placeId: number, startDate: string, endDate: string, extras: unknown[] = []) {
  const s = await post('/rest/booking/create', {
    kind: 'booking',
    customerId: ids.customer,
    occupancies: [{ placeId, startDate, endDate, details: [{ ageCategoryId: adult, quantity: 2 }], extras }],
  });
  return {
    bookingId: s.booking.id as number,
    occupancyId: s.occupancies[0].id as number,
    code: s.booking.code as string,
  };
}
const tasksOf = (placeId: number) =>
  t
    .knex('cleaning_task')
    .where('placeId', placeId)
    .orderBy('date')
    .select('id', 'date', 'type', 'status', 'mode', 'source', 'occupancyId', 'cleaningUserId');

beforeAll(async () => {
  t = await startTestServer();
  adult = (await t.knex('age_category').where('minAge', 18).first('id')).id;
  const conf = (await t.knex('place_type').where('code', 'CONF').first('id')).id;
  const mh = (await t.knex('place_type').where('code', 'MH4').first('id')).id;
  ids.pitch = (await post('/rest/place', { code: unique('K'), placeTypeId: conf, capacity: 6 })).id;
  ids.rental = (await post('/rest/place', { code: unique('L'), placeTypeId: mh, capacity: 4 })).id;
  ids.customer = (await post('/rest/customer', { lastName: 'Ménager' })).id;
  ids.staff = (await post('/rest/cleaning-user', { lastName: 'Durand', firstName: 'Amélie' })).id;
});
afterAll(async () => {
  await t?.close();
});

describe('departures feed the cleaning list', () => {
  it(
    'creates a task per departure: cleaning for a rental, ' + 'control for a pitch, ready when someone arrives',
    async () => {
      const a = await book(ids.rental, '2030-07-01', '2030-07-05');
      await book(ids.rental, '2030-07-05', '2030-07-09'); // arrives on a's departure day
      const p = await book(ids.pitch, '2030-07-02', '2030-07-06');
      const r = await t.admin.post('/rest/planning/cleaning/sync', { from: '2030-07-01', to: '2030-07-31' });
      expect(r.status, r.text).toBe(200);
      expect(r.body).toMatchObject({ status: 'SAVED', inserted: 3, updated: 0, deleted: 0 });
      expect(await tasksOf(ids.rental)).toMatchObject([
        {
          date: '2030-07-05',
          type: 'cleaning',
          status: 'todo',
          mode: 'ready',
          source: 'departure',
          occupancyId: a.occupancyId,
        },
        { date: '2030-07-09', type: 'cleaning', mode: 'free' },
      ]);
      expect(await tasksOf(ids.pitch)).toMatchObject([
        { date: '2030-07-06', type: 'control', mode: 'free', occupancyId: p.occupancyId },
      ]);
      const again = await t.admin.post('/rest/planning/cleaning/sync', { from: '2030-07-01', to: '2030-07-31' });
      expect(again.body).toMatchObject({ inserted: 0, updated: 0, deleted: 0 });
    },
  );

  it('a moved departure moves its task (assignee kept); a cancelled stay loses its open task', async () => {
    const b = await book(ids.pitch, '2030-08-01', '2030-08-04');
    await t.admin.post('/rest/planning/cleaning/sync', { from: '2030-08-01', to: '2030-08-31' });
    const [task] = (await tasksOf(ids.pitch)).filter((x) => x.occupancyId === b.occupancyId);
    const put = await t.admin.put(`/rest/cleaning-task/${task.id}`, { cleaningUserId: ids.staff, status: 'taken' });
    expect(put.status, put.text).toBe(200);
    const mv = await t.admin.post('/rest/planning/move', {
      kind: 'occupancy',
      id: b.occupancyId,
      placeId: ids.pitch,
      startDate: '2030-08-01',
      endDate: '2030-08-06',
    });
    expect(mv.status, mv.text).toBe(200);
    const moved = (await tasksOf(ids.pitch)).find((x) => x.id === task.id)!;
    expect(moved).toMatchObject({ date: '2030-08-06', status: 'taken', cleaningUserId: ids.staff });
    expect((await t.admin.post(`/rest/booking/${b.bookingId}/cancel`, { reason: 'Test' })).status).toBe(200);
    const r = await t.admin.post('/rest/planning/cleaning/sync', { from: '2030-08-01', to: '2030-08-31' });
    expect(r.body.deleted).toBe(1);
    expect((await tasksOf(ids.pitch)).some((x) => x.id === task.id)).toBe(false);
  });

  it('keeps the "done" time with the status', async () => {
    const [task] = await tasksOf(ids.pitch);
    let r = await t.admin.put(`/rest/cleaning-task/${task.id}`, { status: 'done' });
    expect(r.status, r.text).toBe(200);
    const done = await t.knex('cleaning_task').where('id', task.id).first('doneAt');
    expect(done.doneAt).not.toBeNull();
    r = await t.admin.put(`/rest/cleaning-task/${task.id}`, { status: 'in-progress' });
    expect((await t.knex('cleaning_task').where('id', task.id).first('doneAt')).doneAt).toBeNull();
  });

  it('one task per place, day and type; a hand-made one is "manual"', async () => {
    const ok = await t.admin.post('/rest/cleaning-task', {
      placeId: ids.pitch,
      date: '2030-09-10',
      type: 'inter',
      notes: 'Borne électrique',
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ source: 'manual', status: 'todo', mode: 'free' });
    const dup = await t.admin.post('/rest/cleaning-task', { placeId: ids.pitch, date: '2030-09-10', type: 'inter' });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toMatch(/déjà/i);
  });
});

describe('cleaning board window', () => {
  it('answers the staff and the tasks of the window, compact', async () => {
    const r = await t.admin.post('/rest/planning/cleaning/window', {
      from: '2030-07-01',
      to: '2030-08-01',
      sync: false,
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.users).toEqual([
      expect.objectContaining({ id: ids.staff, lastName: 'Durand', firstName: 'Amélie', team: 'cleaning' }),
    ]);
    const f = r.body.taskFields as string[];
    const rows = r.body.tasks.map((x: unknown[]) => Object.fromEntries(f.map((k, i) => [k, x[i]])));
    expect(
      rows.filter((x: any) => x.placeId === ids.rental).map((x: any) => [x.date, x.type, x.mode, x.customer]),
    ).toEqual([
      ['2030-07-05', 'cleaning', 'ready', 'Ménager'],
      ['2030-07-09', 'cleaning', 'free', 'Ménager'],
    ]);
    expect(rows[0].bookingCode).toMatch(/^R\d+$/);
  });

  it('reading needs the planning right; syncing needs to write', async () => {
    const reader = await userWithRights(t, {
      rights: { ...allAt('000').rights, 'camp.planning': { rights: '001', canExport: false } },
    });
    expect(
      (await reader.client.post('/rest/planning/cleaning/window', { from: '2030-07-01', to: '2030-08-01' })).status,
    ).toBe(200);
    expect(
      (await reader.client.post('/rest/planning/cleaning/sync', { from: '2030-07-01', to: '2030-08-01' })).status,
    ).toBe(401);
    expect(
      (await t.admin.post('/rest/planning/cleaning/sync', { from: '2030-07-01', to: '2030-12-01' })).body.code,
    ).toBe('INVALID_QUERY');
  });
});

describe('extras planning', () => {
  it('answers the extras and rented equipment as rows, each stay using them as a bar', async () => {
    const extra = await post('/rest/extra', {
      label: unique('Lit bébé test '),
      price: 300,
      unit: 'per-night',
      stock: 3,
    });
    const b = await book(ids.pitch, '2030-10-01', '2030-10-05', [
      { extraId: extra.id, quantity: 2, startDate: '2030-10-02', endDate: '2030-10-04' },
    ]);
    const r = await t.admin.get('/rest/planning/extras/window?from=2030-10-01&to=2030-11-01');
    expect(r.status, r.text).toBe(200);
    expect(r.body.rows).toContainEqual(
      expect.objectContaining({ id: `x${extra.id}`, kind: 'extra', stock: 3, sublabel: 'Stock : 3' }),
    );
    expect(r.body.rows.some((x: any) => x.kind === 'equipment')).toBe(true);
    const f = r.body.useFields as string[];
    const uses = r.body.uses.map((x: unknown[]) => Object.fromEntries(f.map((k, i) => [k, x[i]])));
    expect(uses.filter((x: any) => x.rowId === `x${extra.id}`)).toEqual([
      expect.objectContaining({
        startDate: '2030-10-02',
        endDate: '2030-10-04',
        quantity: 2,
        bookingId: b.bookingId,
        code: b.code,
        customer: 'Ménager',
        category: 'booking',
      }),
    ]);
  });
});
