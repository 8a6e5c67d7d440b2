// No double booking, ever: the exclusion constraint on place_reservation (migration
// 0011) refuses overlapping nights of one place between occupancies, between
// unavailabilities and across the two; the API checks first with the §8 (docs/errors.md#messages) messages,
// and a violation that slips past the check (concurrent requests) becomes the same
// message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { act, book, bookingBody, makeCustomer, makePlace, reference, type Ref } from './stays-fixtures';
import { mapDbError } from '../../api/db/errors';
import { registerDomainRules } from '../../api/domain/index';

let t: TestServer;
let ref: Ref;
let customerId: number;
beforeAll(async () => {
  t = await startTestServer();
  ref = await reference(t);
  customerId = (await makeCustomer(t.admin)).id;
  registerDomainRules();
});
afterAll(async () => {
  await t?.close();
});

/** Pairs of rows of place_reservation, or of active occupancies, sharing a place and a night. */
async function overlaps(): Promise<number> {
  const { rows } = await t.knex.raw(`
    SELECT count(*)::int AS n FROM place_reservation a JOIN place_reservation b
      ON a.place_id = b.place_id AND a.id < b.id AND a.nights && b.nights`);
  const active = await t.knex.raw(`
    SELECT count(*)::int AS n FROM occupancy a JOIN occupancy b ON a.place_id = b.place_id AND a.id < b.id
      AND daterange(a.start_date, a.end_date) && daterange(b.start_date, b.end_date)
      JOIN booking ba ON ba.id = a.booking_id JOIN booking bb ON bb.id = b.booking_id
     WHERE NOT a.is_cancelled AND NOT b.is_cancelled AND ba.kind <> 'quote' AND bb.kind <> 'quote'
       AND ba.status_id NOT IN (9, 10, 11, 14, 15, 16) AND bb.status_id NOT IN (9, 10, 11, 14, 15, 16)`);
  return rows[0].n + active.rows[0].n;
}

describe('the API checks first', () => {
  it('refuses an overlapping occupancy with "place has another equipment at that date"', async () => {
    const place = await makePlace(t.admin, ref);
    await book(t.admin, ref, { placeId: place.id, customerId, startDate: '2030-07-01', endDate: '2030-07-08' });
    const r = await t.admin.post(
      '/rest/booking/create',
      bookingBody(ref, { placeId: place.id, customerId, startDate: '2030-07-07', endDate: '2030-07-09' }),
    );
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('PLACE_HAS_OTHER_EQUIPMENT');
    expect(r.body.message).toBe("L'emplacement a un autre équipement à cette date");
    // Half-open: the departure day is free for the next arrival.
    await book(t.admin, ref, { placeId: place.id, customerId, startDate: '2030-07-08', endDate: '2030-07-10' });
    await book(t.admin, ref, { placeId: place.id, customerId, startDate: '2030-06-25', endDate: '2030-07-01' });
    expect(await overlaps()).toBe(0);
  });

  it('refuses an occupancy over an unavailability with "place unavailable", and the reverse', async () => {
    const place = await makePlace(t.admin, ref);
    const u = await t.admin.post('/rest/unavailability/edit', {
      id: 0,
      placeId: place.id,
      startDate: '2030-05-10',
      endDate: '2030-05-20',
      reason: 'Travaux',
    });
    expect(u.status, u.text).toBe(200);
    const r = await t.admin.post(
      '/rest/booking/create',
      bookingBody(ref, { placeId: place.id, customerId, startDate: '2030-05-19', endDate: '2030-05-21' }),
    );
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('PLACE_UNAVAILABLE');
    expect(r.body.message).toBe('Emplacement indisponible');
    await book(t.admin, ref, { placeId: place.id, customerId, startDate: '2030-05-20', endDate: '2030-05-25' });
    const u2 = await t.admin.post('/rest/unavailability', {
      placeId: place.id,
      startDate: '2030-05-24',
      endDate: '2030-05-26',
    });
    expect(u2.status).toBe(400);
    expect(u2.body.code).toBe('PLACE_HAS_OTHER_EQUIPMENT');
    const u3 = await t.admin.post('/rest/unavailability', {
      placeId: place.id,
      startDate: '2030-05-01',
      endDate: '2030-05-11',
    });
    expect(u3.body.code).toBe('PLACE_UNAVAILABLE');
    // Moving an unavailability onto a stay is refused too; moving it elsewhere is not.
    expect((await t.admin.put(`/rest/unavailability/${u.body.id}`, { endDate: '2030-05-22' })).body.code).toBe(
      'PLACE_HAS_OTHER_EQUIPMENT',
    );
    expect(
      (await t.admin.put(`/rest/unavailability/${u.body.id}`, { startDate: '2030-05-08', endDate: '2030-05-20' }))
        .status,
    ).toBe(200);
  });

  it('applies the same rule to the generic occupancy routes', async () => {
    const place = await makePlace(t.admin, ref);
    const a = await book(t.admin, ref, {
      placeId: place.id,
      customerId,
      startDate: '2030-08-01',
      endDate: '2030-08-05',
    });
    const b = await book(t.admin, ref, {
      placeId: null,
      customerId,
      kind: 'quote',
      temporary: true,
      startDate: '2030-08-03',
      endDate: '2030-08-06',
    });
    const occB = b.occupancies[0].id;
    // A quote holds nothing: it may name the place…
    expect((await t.admin.put(`/rest/occupancy/${occB}`, { placeId: place.id })).status).toBe(200);
    // …but it cannot become an option while the place is taken.
    const conv = await act(t.admin, b.booking.id, 'convert', { kind: 'option' });
    expect(conv.body.code).toBe('PLACE_HAS_OTHER_EQUIPMENT');
    expect((await t.admin.put(`/rest/booking/${b.booking.id}`, { kind: 'option' })).body.code).toBe(
      'PLACE_HAS_OTHER_EQUIPMENT',
    );
    // Extending the held stay over another booking's nights is refused.
    const c = await book(t.admin, ref, {
      placeId: place.id,
      customerId,
      startDate: '2030-08-05',
      endDate: '2030-08-07',
    });
    const ext = await t.admin.put(`/rest/occupancy/${a.occupancies[0].id}`, { endDate: '2030-08-06' });
    expect(ext.body.code).toBe('PLACE_HAS_OTHER_EQUIPMENT');
    // Cancelling frees the nights.
    expect((await act(t.admin, c.booking.id, 'cancel', { reason: 'Client malade' })).status).toBe(200);
    expect((await t.admin.put(`/rest/occupancy/${a.occupancies[0].id}`, { endDate: '2030-08-06' })).status).toBe(200);
    expect(await overlaps()).toBe(0);
  });
});

describe('the database has the last word', () => {
  it('refuses overlapping rows written without the API', async () => {
    const place = await makePlace(t.admin, ref);
    const b = await book(t.admin, ref, {
      placeId: place.id,
      customerId,
      startDate: '2030-09-01',
      endDate: '2030-09-10',
    });
    const k = t.knex;
    const err1 = await k('occupancy')
      .insert({ bookingId: b.booking.id, placeId: place.id, startDate: '2030-09-09', endDate: '2030-09-12' })
      .catch((e) => e);
    expect(err1.code).toBe('23P01');
    expect(mapDbError(err1)?.code).toBe('PLACE_HAS_OTHER_EQUIPMENT');
    const err2 = await k('unavailability')
      .insert({ placeId: place.id, startDate: '2030-08-30', endDate: '2030-09-02' })
      .catch((e) => e);
    expect(err2.code).toBe('23P01');
    expect(mapDbError(err2)?.code).toBe('PLACE_HAS_OTHER_EQUIPMENT');
    await k('unavailability').insert({ placeId: place.id, startDate: '2030-09-20', endDate: '2030-09-25' });
    const err3 = await k('unavailability')
      .insert({ placeId: place.id, startDate: '2030-09-24', endDate: '2030-09-26' })
      .catch((e) => e);
    expect(mapDbError(err3)?.code).toBe('PLACE_UNAVAILABLE');
    const err4 = await k('occupancy')
      .insert({ bookingId: b.booking.id, placeId: place.id, startDate: '2030-09-21', endDate: '2030-09-22' })
      .catch((e) => e);
    expect(mapDbError(err4)?.code).toBe('PLACE_UNAVAILABLE');
    // Re-activating a cancelled stay over nights taken since is refused by the trigger on booking.
    await k('booking').where('id', b.booking.id).update({ statusId: 9, cancellation: 'cancelled' });
    await book(t.admin, ref, { placeId: place.id, customerId, startDate: '2030-09-05', endDate: '2030-09-06' });
    const err5 = await k('booking')
      .where('id', b.booking.id)
      .update({ statusId: 2, cancellation: 'none' })
      .catch((e) => e);
    expect(mapDbError(err5)?.code).toBe('PLACE_HAS_OTHER_EQUIPMENT');
    // A hand-made reservation row cannot overlap either.
    const err6 = await k
      .raw(
        `INSERT INTO place_reservation (place_id, nights, unavailability_id) SELECT ?, daterange('2030-09-22', ` +
          `'2030-09-23'), id FROM unavailability WHERE place_id = ? LIMIT 1`,
        [place.id, place.id],
      )
      .catch((e) => e);
    expect(err6.code).toMatch(/23P01|23505/);
    expect(await overlaps()).toBe(0);
  });

  it('keeps place_reservation in step with the stays (quotes and released statuses hold nothing)', async () => {
    const place = await makePlace(t.admin, ref);
    const q = await book(t.admin, ref, {
      placeId: place.id,
      customerId,
      kind: 'quote',
      startDate: '2030-10-01',
      endDate: '2030-10-05',
    });
    const held = async () =>
      Number((await t.knex('place_reservation').where('placeId', place.id).count({ n: '*' }))[0].n);
    expect(await held()).toBe(0);
    expect((await act(t.admin, q.booking.id, 'convert', { kind: 'booking' })).status).toBe(200);
    expect(await held()).toBe(1);
    expect((await act(t.admin, q.booking.id, 'reset', { reason: 'Doublon' })).status).toBe(200);
    expect(await held()).toBe(0);
    expect(await t.knex('occupancy').where('bookingId', q.booking.id).first()).toBeUndefined();
  });
});

describe('concurrency', () => {
  it('50 parallel bookings of one place on overlapping nights: exactly one succeeds', async () => {
    const place = await makePlace(t.admin, ref);
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.admin.post(
          '/rest/booking/create',
          bookingBody(ref, {
            placeId: place.id,
            customerId,
            startDate: `2031-07-${String(1 + (i % 5)).padStart(2, '0')}`,
            endDate: `2031-07-${String(8 + (i % 5)).padStart(2, '0')}`,
          }),
        ),
      ),
    );
    const ok = replies.filter((r) => r.status === 200);
    const refused = replies.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(49);
    for (const r of refused) {
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('PLACE_HAS_OTHER_EQUIPMENT');
    }
    expect(Number((await t.knex('occupancy').where('placeId', place.id).count({ n: '*' }))[0].n)).toBe(1);
    expect(await overlaps()).toBe(0);
  });

  it('50 parallel unavailabilities through POST /rest/unavailability/edit: exactly one succeeds', async () => {
    const place = await makePlace(t.admin, ref);
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.admin.post('/rest/unavailability/edit', {
          id: 0,
          placeId: place.id,
          startDate: `2031-08-${String(1 + (i % 7)).padStart(2, '0')}`,
          endDate: `2031-08-${String(10 + (i % 7)).padStart(2, '0')}`,
        }),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of replies.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('PLACE_UNAVAILABLE');
    }
    expect(Number((await t.knex('unavailability').where('placeId', place.id).count({ n: '*' }))[0].n)).toBe(1);
    expect(await overlaps()).toBe(0);
  });

  it('25 bookings and 25 unavailabilities racing for one place: one wins, the others get a §8 message', async () => {
    const place = await makePlace(t.admin, ref);
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2
          ? t.admin.post('/rest/unavailability/edit', {
              id: 0,
              placeId: place.id,
              startDate: '2031-09-03',
              endDate: '2031-09-06',
            })
          : t.admin.post(
              '/rest/booking/create',
              bookingBody(ref, { placeId: place.id, customerId, startDate: '2031-09-01', endDate: '2031-09-05' }),
            ),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of replies.filter((x) => x.status !== 200))
      expect(['PLACE_UNAVAILABLE', 'PLACE_HAS_OTHER_EQUIPMENT']).toContain(r.body.code);
    expect(await overlaps()).toBe(0);
  });
});
