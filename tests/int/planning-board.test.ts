// The planning board's API over HTTP: setup, window (compact bars), free places per
// day, price periods, search, and moves — the server's check (free place, capacity,
// place type, minimum stay, locks), the price change, the override, the stale guard,
// the saved result and its history line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { postOk, unique } from './http-helpers';
import { registerPaymentSource } from '../../api/domain/planning';

let t: TestServer;
const ids: Record<string, number> = {};
let adult = 0;
const post = (path: string, body: unknown) => postOk(t.admin, path, body);

async function place(code: string, typeId: number, capacity = 6) {
  const p = await post('/rest/place', { code, placeTypeId: typeId, layoutId: ids.layout, capacity });
  ids[code] = p.id;
  return p;
}

async function book(
  placeId: number,
  startDate: string,
  endDate: string,
  opts: { adults?: number; customerId?: number; kind?: string; plate?: string } = {},
) {
  const s = await post('/rest/booking/create', {
    kind: opts.kind ?? 'booking',
    customerId: opts.customerId ?? ids.customer,
    occupancies: [
      {
        placeId,
        startDate,
        endDate,
        details: [{ ageCategoryId: adult, quantity: opts.adults ?? 2 }],
        vehicles: opts.plate ? [{ vehicleTypeId: ids.vehicleType, licencePlate: opts.plate }] : [],
      },
    ],
  });
  return {
    bookingId: s.booking.id as number,
    code: s.booking.code as string,
    occupancyId: s.occupancies[0].id as number,
  };
}

beforeAll(async () => {
  t = await startTestServer();
  const k = t.knex;
  adult = (await k('age_category').where('minAge', 18).first('id')).id;
  ids.vehicleType = (await k('vehicle_type').orderBy('id').first('id')).id;
  ids.layout = (await post('/rest/layout', { code: unique('Z'), label: unique('Zone planning ') })).id;
  ids.pitchFamily = (
    await post('/rest/place-family', { code: unique('FP'), label: unique('Famille nus '), kind: 'pitch' })
  ).id;
  ids.rentalFamily = (
    await post('/rest/place-family', { code: unique('FL'), label: unique('Famille loc '), kind: 'rental' })
  ).id;
  ids.pitchType = (
    await post('/rest/place-type', {
      code: unique('TP'),
      label: unique('Type nu '),
      placeFamilyId: ids.pitchFamily,
      maxPersons: 6,
    })
  ).id;
  ids.smallType = (
    await post('/rest/place-type', {
      code: unique('TS'),
      label: unique('Type petit '),
      placeFamilyId: ids.pitchFamily,
      maxPersons: 2,
    })
  ).id;
  ids.rentalType = (
    await post('/rest/place-type', {
      code: unique('TL'),
      label: unique('Type loc '),
      placeFamilyId: ids.rentalFamily,
      maxPersons: 6,
      isRental: true,
    })
  ).id;
  for (const c of ['PA1', 'PA2', 'PA3']) await place(c, ids.pitchType);
  await place('PS1', ids.smallType, 2);
  await place('PL1', ids.rentalType);
  ids.customer = (await post('/rest/customer', { lastName: 'Planchard', firstName: 'Odile' })).id;
  // A night grid for the pitch type: 20 €/night, at least 3 nights in July 2030.
  const grid = await post('/rest/price-grid', {
    label: unique('Grille planning '),
    placeTypeId: ids.pitchType,
    priceModel: 1,
  });
  await post('/rest/price-grid-period', {
    priceGridId: grid.id,
    label: 'Haute saison test',
    startDate: '2030-07-01',
    endDate: '2030-09-01',
    pricePerNight: 2000,
    minNights: 3,
  });
  await post('/rest/price-grid-period', {
    priceGridId: grid.id,
    label: 'Basse saison test',
    startDate: '2030-04-01',
    endDate: '2030-07-01',
    pricePerNight: 1500,
  });
});
afterAll(async () => {
  await t?.close();
});

describe('setup, window, free places, periods', () => {
  it('lists the active places with their groups and features, and the board range', async () => {
    const r = await t.admin.get('/rest/planning/setup');
    expect(r.status).toBe(200);
    const p = r.body.places.find((x: any) => x.code === 'PA1');
    expect(p).toMatchObject({
      layoutId: ids.layout,
      placeTypeId: ids.pitchType,
      placeFamilyId: ids.pitchFamily,
      featureIds: [],
    });
    expect(r.body.range.startDate < r.body.today && r.body.today < r.body.range.endDate).toBe(true);
    expect(r.body.types.some((x: any) => x.id === ids.rentalType)).toBe(true);
  });

  it('answers the bars of a window of places, compact, released stays only on demand', async () => {
    const a = await book(ids.PA1, '2030-06-10', '2030-06-14', { plate: 'gh-123-ij' });
    const c = await book(ids.PA1, '2030-06-20', '2030-06-22');
    expect((await t.admin.post(`/rest/booking/${c.bookingId}/cancel`, { reason: 'Test' })).status).toBe(200);
    await post('/rest/unavailability', {
      placeId: ids.PA2,
      startDate: '2030-06-01',
      endDate: '2030-06-05',
      reason: 'Travaux test',
    });
    const r = await t.admin.get(`/rest/planning/window?from=2030-06-01&to=2030-07-01&placeIds=${ids.PA1},${ids.PA2}`);
    expect(r.status).toBe(200);
    const f = r.body.occupancyFields as string[];
    const rows = r.body.occupancies.map((x: unknown[]) => Object.fromEntries(f.map((k, i) => [k, x[i]])));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: a.occupancyId,
      placeId: ids.PA1,
      startDate: '2030-06-10',
      endDate: '2030-06-14',
      code: a.code,
      customer: 'Planchard Odile',
      category: 'booking',
      payment: 'unpaid',
      persons: 2,
    });
    expect(r.body.unavailabilities).toEqual([
      [expect.any(Number), ids.PA2, '2030-06-01', '2030-06-05', 'Travaux test', 1],
    ]);
    // The version each bar was read at: the board sends it back with a move.
    expect(rows[0].version).toBe((await t.admin.get(`/rest/occupancy/${a.occupancyId}`)).body.version);
    const all = await t.admin.get(`/rest/planning/window?from=2030-06-01&to=2030-07-01&placeIds=${ids.PA1}&released=1`);
    expect(all.body.occupancies.map((x: unknown[]) => x[f.indexOf('category')])).toEqual(['booking', 'cancelled']);
  });

  it('colours each bar by what the payments module says the booking received: unpaid, down payment, paid', async () => {
    const a = await book(ids.PA1, '2030-04-01', '2030-04-04');
    const b = await book(ids.PA1, '2030-04-05', '2030-04-08');
    const c = await book(ids.PA1, '2030-04-10', '2030-04-12');
    const totalOf = async (id: number) => (await t.admin.get(`/rest/booking/${id}`)).body.totalAmount as number;
    const [totalB, totalC] = [await totalOf(b.bookingId), await totalOf(c.bookingId)];
    expect(totalB).toBeGreaterThan(0);
    const received = new Map([
      [b.bookingId, Math.floor(totalB / 4)],
      [c.bookingId, totalC],
    ]);
    const billing = registerPaymentSource(
      async (_db, bookingIds) =>
        new Map(bookingIds.filter((id) => received.has(id)).map((id) => [id, received.get(id)!])),
    );
    try {
      expect((await t.admin.get('/rest/planning/setup')).body.paymentsTracked).toBe(true);
      const r = await t.admin.get(`/rest/planning/window?from=2030-04-01&to=2030-04-20&placeIds=${ids.PA1}`);
      const f = r.body.occupancyFields as string[];
      const state = new Map(
        r.body.occupancies.map((x: unknown[]) => [x[f.indexOf('bookingId')], x[f.indexOf('payment')]]),
      );
      expect([state.get(a.bookingId), state.get(b.bookingId), state.get(c.bookingId)]).toEqual([
        'unpaid',
        'deposit',
        'paid',
      ]);
    } finally {
      registerPaymentSource(billing);
    }
  });

  it('counts free places per day among the filtered places', async () => {
    const r = await t.admin.get(
      `/rest/planning/free?from=2030-06-01&to=2030-06-16&typeIds=${ids.pitchType}&layoutIds=${ids.layout}`,
    );
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(3);
    expect(r.body.days['2030-06-01']).toBe(2); // PA2 unavailable
    expect(r.body.days['2030-06-05']).toBe(3);
    expect(r.body.days['2030-06-10']).toBe(2); // PA1 booked
    expect(r.body.days['2030-06-14']).toBe(3); // departure day is free
    expect(Object.keys(r.body.days)).toHaveLength(15);
  });

  it('gives the price periods of the header', async () => {
    const r = await t.admin.get('/rest/planning/periods?from=2030-06-01&to=2030-08-01');
    expect(r.status).toBe(200);
    expect(
      r.body.filter((p: any) => /saison test/.test(p.label)).map((p: any) => [p.label, p.startDate, p.endDate]),
    ).toEqual([
      ['Basse saison test', '2030-04-01', '2030-07-01'],
      ['Haute saison test', '2030-07-01', '2030-09-01'],
    ]);
  });

  it('refuses bad windows in French', async () => {
    expect((await t.admin.get('/rest/planning/window?from=2030-06-10&to=2030-06-01')).body.code).toBe(
      'START_BEFORE_END',
    );
    expect((await t.admin.get('/rest/planning/window?from=x&to=2030-06-01')).status).toBe(400);
    expect((await t.admin.get('/rest/planning/window?from=2029-01-01&to=2032-01-01')).body.code).toBe('INVALID_QUERY');
    expect((await t.client().get('/rest/planning/setup')).status).toBe(403);
  });
});

describe('search', () => {
  it('finds by customer name, booking code and licence plate (3 characters at least)', async () => {
    const a = await book(ids.PA3, '2030-05-02', '2030-05-05', { plate: 'XY-987-ZT' });
    const byName = await t.admin.get('/rest/planning/search?q=planch');
    expect(byName.status).toBe(200);
    expect(byName.body.some((h: any) => h.id === a.occupancyId)).toBe(true);
    const byCode = await t.admin.get(`/rest/planning/search?q=${a.code}`);
    expect(byCode.body.map((h: any) => h.id)).toEqual([a.occupancyId]);
    const byPlate = await t.admin.get('/rest/planning/search?q=xy987');
    expect(byPlate.body.map((h: any) => h.id)).toEqual([a.occupancyId]);
    expect(byPlate.body[0]).toMatchObject({ placeId: ids.PA3, placeCode: 'PA3', licencePlates: 'XY-987-ZT' });
    const short = await t.admin.get('/rest/planning/search?q=ab');
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('La recherche nécessite au moins 3 caractères');
  });
});

describe('moves', () => {
  const move = (
    o: { occupancyId: number },
    placeId: number,
    startDate: string,
    endDate: string,
    extra: Record<string, unknown> = {},
  ) => ({ kind: 'occupancy', id: o.occupancyId, placeId, startDate, endDate, ...extra });

  it('checks a move to a free place: price before and after, nothing written', async () => {
    const a = await book(ids.PA1, '2030-07-10', '2030-07-14');
    const r = await t.admin.post('/rest/planning/move/check', move(a, ids.PA2, '2030-07-10', '2030-07-15'));
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({
      ok: true,
      needsForce: false,
      summary: { fromPlaceCode: 'PA1', toPlaceCode: 'PA2', code: a.code },
    });
    expect(r.body.price.before).toBeGreaterThanOrEqual(4 * 2000);
    expect(r.body.price.after - r.body.price.before).toBe(2000); // one more night at 20 €
    expect(r.body.price.difference).toBe(2000);
    const still = await t.knex('occupancy').where('id', a.occupancyId).first('placeId', 'endDate');
    expect(still).toEqual({ placeId: ids.PA1, endDate: '2030-07-14' });
  });

  it('saves the move, the stored price follows, with a French history line', async () => {
    const a = await book(ids.PA3, '2030-07-20', '2030-07-24');
    expect((await t.knex('booking').where('id', a.bookingId).first('totalAmount')).totalAmount).toBe(4 * 2000);
    const r = await t.admin.post(
      '/rest/planning/move',
      move(a, ids.PA2, '2030-07-21', '2030-07-25', {
        from: { placeId: ids.PA3, startDate: '2030-07-20', endDate: '2030-07-24' },
      }),
    );
    expect(r.status, r.text).toBe(200);
    expect(r.body.status).toBe('SAVED');
    expect(await t.knex('occupancy').where('id', a.occupancyId).first('placeId', 'startDate', 'endDate')).toEqual({
      placeId: ids.PA2,
      startDate: '2030-07-21',
      endDate: '2030-07-25',
    });
    // same nights, same price
    expect((await t.knex('booking').where('id', a.bookingId).first('totalAmount')).totalAmount).toBe(4 * 2000);
    const h = await t
      .knex('post_history')
      .where({ entity: 'booking', recordId: a.bookingId })
      .orderBy('id', 'desc')
      .first('detail');
    expect(h.detail).toMatch(
      /^Déplacé depuis le planning : PA3 du 20\/07\/2030 au 24\/07\/2030 → PA2 du 21\/07\/2030 au 25\/07\/2030/,
    );
    const w = await t.admin.get(`/rest/planning/window?from=2030-07-01&to=2030-08-01&placeIds=${ids.PA2}`);
    expect(w.body.occupancies.some((x: unknown[]) => x[0] === a.occupancyId)).toBe(true);
  });

  it('changes the total by the price difference when nights are added', async () => {
    const a = await book(ids.PA3, '2030-08-01', '2030-08-05');
    const r = await t.admin.post('/rest/planning/move', move(a, ids.PA3, '2030-08-01', '2030-08-07'));
    expect(r.status, r.text).toBe(200);
    expect(r.body.check.price).toMatchObject({
      before: 4 * 2000,
      after: 6 * 2000,
      difference: 2 * 2000,
      bookingTotalBefore: 4 * 2000,
      bookingTotalAfter: 6 * 2000,
    });
    expect((await t.knex('booking').where('id', a.bookingId).first('totalAmount')).totalAmount).toBe(6 * 2000);
    const h = await t
      .knex('post_history')
      .where({ entity: 'booking', recordId: a.bookingId })
      .orderBy('id', 'desc')
      .first('detail');
    expect(h.detail).toMatch(/; total 80,00\s€ → 120,00\s€$/);
  });

  it('refuses a taken place with the French message and names free places of the same type', async () => {
    const a = await book(ids.PA1, '2030-08-10', '2030-08-14');
    await book(ids.PA2, '2030-08-12', '2030-08-20');
    const r = await t.admin.post('/rest/planning/move/check', move(a, ids.PA2, '2030-08-10', '2030-08-14'));
    expect(r.body.ok).toBe(false);
    expect(r.body.code).toBe('PLACE_HAS_OTHER_EQUIPMENT');
    expect(r.body.message).toMatch(/^L'emplacement a un autre équipement à cette date — libres du même type : .*PA3/);
    const w = await t.admin.post('/rest/planning/move', move(a, ids.PA2, '2030-08-10', '2030-08-14'));
    expect(w.status).toBe(400);
    expect(w.body.message).toBe("L'emplacement a un autre équipement à cette date");
    expect((await t.knex('occupancy').where('id', a.occupancyId).first('placeId')).placeId).toBe(ids.PA1);
  });

  it('refuses an unavailable place, a smaller place, another kind of place, a locked stay', async () => {
    const a = await book(ids.PA1, '2030-06-01', '2030-06-04', { adults: 3 });
    let r = await t.admin.post('/rest/planning/move/check', move(a, ids.PA2, '2030-06-01', '2030-06-04'));
    expect(r.body).toMatchObject({
      ok: false,
      code: 'PLACE_UNAVAILABLE',
      message: 'Emplacement indisponible — libres du même type : PA3',
    });
    r = await t.admin.post('/rest/planning/move/check', move(a, ids.PS1, '2030-06-20', '2030-06-23'));
    expect(r.body).toMatchObject({
      ok: false,
      code: 'PLACE_CAPACITY_EXCEEDED',
      message: "Capacité de l'emplacement dépassée : 3 personnes pour 2 places",
    });
    r = await t.admin.post('/rest/planning/move/check', move(a, ids.PL1, '2030-06-20', '2030-06-23'));
    expect(r.body.code).toBe('PLACE_TYPE_MISMATCH');
    expect(r.body.message).toMatch(/^Type d'emplacement incompatible avec ce séjour : /);
    await t.knex('occupancy').where('id', a.occupancyId).update({ isLocked: true });
    r = await t.admin.post('/rest/planning/move', move(a, ids.PA3, '2030-06-20', '2030-06-23'));
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Emplacement verrouillé par le client');
    // Dates may still change on the same place.
    r = await t.admin.post('/rest/planning/move', move(a, ids.PA1, '2030-06-20', '2030-06-23'));
    expect(r.status, r.text).toBe(200);
  });

  it('asks for an override below the minimum stay, and saves it when forced', async () => {
    const a = await book(ids.PA3, '2030-07-02', '2030-07-06');
    const r = await t.admin.post('/rest/planning/move/check', move(a, ids.PA3, '2030-07-02', '2030-07-04'));
    expect(r.body.ok).toBe(true);
    expect(r.body.needsForce).toBe(true);
    expect(r.body.warnings).toContainEqual({
      code: 'MIN_NIGHTS_NOT_MET',
      message: 'Durée de séjour non conforme au minimum de nuits de la période',
      blocking: true,
    });
    const refused = await t.admin.post('/rest/planning/move', move(a, ids.PA3, '2030-07-02', '2030-07-04'));
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('PLANNING_OVERRIDE_REQUIRED');
    const forced = await t.admin.post(
      '/rest/planning/move',
      move(a, ids.PA3, '2030-07-02', '2030-07-04', { force: true }),
    );
    expect(forced.status, forced.text).toBe(200);
    const h = await t
      .knex('post_history')
      .where({ entity: 'booking', recordId: a.bookingId })
      .orderBy('id', 'desc')
      .first('detail');
    expect(h.detail).toMatch(/\(forcé : Durée de séjour non conforme au minimum de nuits de la période\)$/);
  });

  it('refuses a move from a stale position', async () => {
    const a = await book(ids.PA2, '2030-09-01', '2030-09-03');
    const r = await t.admin.post(
      '/rest/planning/move',
      move(a, ids.PA3, '2030-09-01', '2030-09-03', {
        from: { placeId: ids.PA1, startDate: '2030-09-01', endDate: '2030-09-03' },
      }),
    );
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('PLANNING_STALE');
  });

  it('moves an unavailability, refused over a stay', async () => {
    const un = await post('/rest/unavailability', { placeId: ids.PS1, startDate: '2030-10-01', endDate: '2030-10-05' });
    await book(ids.PA3, '2030-10-02', '2030-10-04');
    const bad = await t.admin.post('/rest/planning/move', {
      kind: 'unavailability',
      id: un.id,
      placeId: ids.PA3,
      startDate: '2030-10-01',
      endDate: '2030-10-05',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("L'emplacement a un autre équipement à cette date");
    const ok = await t.admin.post('/rest/planning/move', {
      kind: 'unavailability',
      id: un.id,
      placeId: ids.PS1,
      startDate: '2030-10-03',
      endDate: '2030-10-09',
    });
    expect(ok.status, ok.text).toBe(200);
    expect(await t.knex('unavailability').where('id', un.id).first('startDate', 'endDate')).toEqual({
      startDate: '2030-10-03',
      endDate: '2030-10-09',
    });
  });

  it(
    'sends back the version the board read: a stale drag, resize, undo or unavailability move is a 409 with the ' +
      'record as it is now',
    async () => {
      const a = await book(ids.PA1, '2030-11-02', '2030-11-05');
      const barOf = async (placeId: number) => {
        const w = await t.admin.get(`/rest/planning/window?from=2030-11-01&to=2030-12-01&placeIds=${placeId}`);
        const f = w.body.occupancyFields as string[];
        const row = w.body.occupancies.find((x: unknown[]) => x[0] === a.occupancyId);
        return Object.fromEntries(f.map((k, i) => [k, row[i]]));
      };
      const seen = await barOf(ids.PA1);
      const from = { placeId: ids.PA1, startDate: '2030-11-02', endDate: '2030-11-05' };
      // Another user edits the stay's notes meanwhile: same place and dates, a new version.
      const other = await t.admin.put(`/rest/occupancy/${a.occupancyId}`, { notes: 'changé par un autre poste' });
      expect(other.status, other.text).toBe(200);
      for (const [path, body] of [
        // drag, checked
        ['/rest/planning/move/check', move(a, ids.PA2, '2030-11-02', '2030-11-05', { from, version: seen.version })],
        [
          '/rest/planning/move',
          move(a, ids.PA1, '2030-11-02', '2030-11-06', { from, version: seen.version, force: true }),
        ], // resize
        [
          '/rest/planning/move',
          move(a, ids.PA2, '2030-11-02', '2030-11-05', { from, force: true, version: seen.version }),
        ], // an undo (forced, never past a version)
      ] as const) {
        const r = await t.admin.post(path, body);
        expect(r.status, `${path} ${r.text}`).toBe(409);
        expect(r.body).toMatchObject({
          code: 'RECORD_CHANGED',
          message: 'Cet enregistrement a été modifié par un autre utilisateur',
        });
        expect(r.body.current).toMatchObject({
          id: a.occupancyId,
          notes: 'changé par un autre poste',
          version: other.body.version,
        });
      }
      // The If-Match header says the same.
      const viaHeader = await t.admin.request(
        'POST',
        '/rest/planning/move',
        move(a, ids.PA2, '2030-11-02', '2030-11-05', { force: true }),
        { 'If-Match': `W/"${seen.version}"` },
      );
      expect(viaHeader.status).toBe(409);
      expect(await t.knex('occupancy').where('id', a.occupancyId).first('placeId', 'endDate', 'notes')).toEqual({
        placeId: ids.PA1,
        endDate: '2030-11-05',
        notes: 'changé par un autre poste',
      });
      // Reloaded, the board moves it; the answer gives the new version for the next move (an undo).
      const fresh = await barOf(ids.PA1);
      expect(fresh.version).toBe(other.body.version);
      const moved = await t.admin.post(
        '/rest/planning/move',
        move(a, ids.PA2, '2030-11-02', '2030-11-05', { from, version: fresh.version }),
      );
      expect(moved.status, moved.text).toBe(200);
      expect(moved.body.record.version).toBe((await barOf(ids.PA2)).version);
      const undo = await t.admin.post(
        '/rest/planning/move',
        move(a, ids.PA1, '2030-11-02', '2030-11-05', {
          from: { ...from, placeId: ids.PA2 },
          force: true,
          version: moved.body.record.version,
        }),
      );
      expect(undo.status, undo.text).toBe(200);

      const un = await post('/rest/unavailability', {
        placeId: ids.PS1,
        startDate: '2030-11-10',
        endDate: '2030-11-12',
        reason: 'Peinture',
      });
      await t.admin.put(`/rest/unavailability/${un.id}`, { reason: 'Peinture et vernis' });
      const staleUn = await t.admin.post('/rest/planning/move', {
        kind: 'unavailability',
        id: un.id,
        placeId: ids.PS1,
        startDate: '2030-11-11',
        endDate: '2030-11-13',
        version: un.version,
      });
      expect(staleUn.status).toBe(409);
      expect(staleUn.body.current.reason).toBe('Peinture et vernis');
      expect((await t.knex('unavailability').where('id', un.id).first('startDate')).startDate).toBe('2030-11-10');
    },
  );

  it('validates the request and the rights', async () => {
    const r = await t.admin.post('/rest/planning/move', {
      kind: 'occupancy',
      id: 1,
      placeId: 1,
      startDate: '2030-01-05',
      endDate: '2030-01-05',
    });
    expect(r.body.code).toBe('START_NOT_EQUAL_END');
    expect((await t.admin.post('/rest/planning/move', { kind: 'x' })).body.code).toBe('VALIDATION_FAILED');
    expect(
      (
        await t.client().post('/rest/planning/move', {
          kind: 'occupancy',
          id: 1,
          placeId: 1,
          startDate: '2030-01-05',
          endDate: '2030-01-06',
        })
      ).status,
    ).toBe(403);
  });
});
