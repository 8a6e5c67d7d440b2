// The planning and the past (issue 13, docs/stays.md#preferences): moving or resizing a stay so that a night
// before today changes is refused, unless the user holds the right to correct the
// past (level 111 on reservations) — and then the check says so and asks to confirm.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { book, makeCustomer, makePlace, reference, type Ref } from './stays-fixtures';
import { addDays, todayParis } from '../../common/dates';
import { MESSAGES } from '../../common/messages';
import { userWithRights } from './security-helpers';

let t: TestServer;
let ref: Ref;
let customerId: number;
let clerk: Awaited<ReturnType<typeof userWithRights>>;
beforeAll(async () => {
  t = await startTestServer();
  ref = await reference(t);
  customerId = (await makeCustomer(t.admin)).id;
  clerk = await userWithRights(t, {
    rights: {
      'booking.booking': { rights: '011' },
      'camp.planning': { rights: '011' },
      'customer.customer': { rights: '011' },
    },
  });
});
afterAll(async () => {
  await t?.close();
});

const d = (n: number) => addDays(todayParis(), n);
/** A stay begun three days ago, leaving in two days. */
async function begun() {
  const place = await makePlace(t.admin, ref);
  const s = await book(t.admin, ref, { placeId: place.id, customerId, startDate: d(-3), endDate: d(2) });
  const occ = s.occupancies[0];
  return { occ, place, from: { placeId: place.id, startDate: occ.startDate, endDate: occ.endDate } };
}
const move = (who: typeof t.admin, path: string, body: Record<string, unknown>) =>
  who.post(`/rest/planning/${path}`, { kind: 'occupancy', ...body });

describe('nights before today', () => {
  it('are refused to a user without the right: earlier start, later start, another place', async () => {
    const { occ, place, from } = await begun();
    const other = await makePlace(t.admin, ref);
    for (const to of [
      { placeId: place.id, startDate: d(-4), endDate: d(2) },
      { placeId: place.id, startDate: d(-1), endDate: d(2) },
      { placeId: other.id, startDate: d(-3), endDate: d(2) },
    ]) {
      const check = await move(clerk.client, 'move/check', { id: occ.id, ...to, from });
      expect(check.status, check.text).toBe(200);
      expect(check.body).toMatchObject({ ok: false, code: 'PAST_NIGHTS_LOCKED', message: MESSAGES.PAST_NIGHTS_LOCKED });
      const r = await move(clerk.client, 'move', { id: occ.id, ...to, from, force: true });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('PAST_NIGHTS_LOCKED');
    }
    const row = await t.knex('occupancy').where('id', occ.id).first('placeId', 'startDate', 'endDate');
    expect(row).toEqual({ placeId: place.id, startDate: d(-3), endDate: d(2) });
  });

  it('leave the future free: lengthening the stay is no correction of the past', async () => {
    const { occ, place, from } = await begun();
    const r = await move(clerk.client, 'move', {
      id: occ.id,
      placeId: place.id,
      startDate: d(-3),
      endDate: d(4),
      from,
      force: true,
    });
    expect(r.status, r.text).toBe(200);
    expect((await t.knex('occupancy').where('id', occ.id).first('endDate')).endDate).toBe(d(4));
  });

  it('with the right: the check says so, the move needs the confirmation, then goes through', async () => {
    const { occ, place, from } = await begun();
    const to = { placeId: place.id, startDate: d(-5), endDate: d(2) };
    const check = await move(t.admin, 'move/check', { id: occ.id, ...to, from });
    expect(check.body.ok).toBe(true);
    expect(check.body.needsForce).toBe(true);
    expect(check.body.warnings).toContainEqual({
      code: 'PAST_NIGHTS_CORRECTED',
      message: MESSAGES.PAST_NIGHTS_CORRECTED,
      blocking: true,
    });
    expect((await move(t.admin, 'move', { id: occ.id, ...to, from })).body.code).toBe('PLANNING_OVERRIDE_REQUIRED');
    const r = await move(t.admin, 'move', { id: occ.id, ...to, from, force: true });
    expect(r.status, r.text).toBe(200);
    expect((await t.knex('occupancy').where('id', occ.id).first('startDate')).startDate).toBe(d(-5));
  });
});
