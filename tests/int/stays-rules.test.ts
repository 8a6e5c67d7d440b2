// The validation rules of the catalogue and of stays (§5 (docs/stays.md#validation), §8, docs/errors.md#messages):
// place type required, deletion blocked when in use, place type history, extras of equipment, capacity,
// places that cannot change, partner allotments and commission periods.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness';
import { act, book, bookingBody, makePlace, unique, type Ref, staysServer } from './stays-fixtures';

let t: TestServer;
let ref: Ref;
let customerId: number;
beforeAll(async () => {
  ({ t, ref, customerId } = await staysServer());
});
afterAll(async () => {
  await t?.close();
});

describe('catalogue', () => {
  it('a place must have a place type, in the API and in the database', async () => {
    const r = await t.admin.post('/rest/place', { code: unique('X') });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('PLACE_NEEDS_PLACE_TYPE');
    expect(r.body.errors.placeTypeId).toBe("L'emplacement doit avoir un type d'emplacement");
    const p = await makePlace(t.admin, ref);
    expect((await t.admin.put(`/rest/place/${p.id}`, { placeTypeId: null })).body.code).toBe('PLACE_NEEDS_PLACE_TYPE');
    await expect(t.knex('place').insert({ code: unique('X') })).rejects.toMatchObject({
      code: '23514',
      constraint: 'ck_place__place_type_required',
    });
  });

  it('deletion is blocked while a place, place type or zone is in use', async () => {
    const [type] = await t
      .knex('place_type')
      .insert({
        code: unique('T'),
        label: unique('Type '),
        placeFamilyId: (await t.knex('place_family').first('id')).id,
      })
      .returning('id');
    const [layout] = await t
      .knex('layout')
      .insert({ code: unique('Z'), label: unique('Zone ') })
      .returning('id');
    const p = await makePlace(t.admin, ref, { placeTypeId: type.id, layoutId: layout.id });
    await book(t.admin, ref, { placeId: p.id, customerId, startDate: '2029-01-01', endDate: '2029-01-02' });
    expect((await t.admin.post(`/rest/place/delete/${p.id}`)).body.code).toBe('PLACE_IN_USE');
    expect((await t.admin.post(`/rest/place-type/delete/${type.id}`)).body.code).toBe('PLACE_TYPE_IN_USE');
    expect((await t.admin.post(`/rest/layout/delete/${layout.id}`)).body.code).toBe('LAYOUT_IN_USE');
    const free = await makePlace(t.admin, ref);
    await t.admin.put(`/rest/place/${free.id}/features`, { featureIds: [(await t.knex('feature').first('id')).id] });
    await t.admin.post('/rest/unavailability', { placeId: free.id, startDate: '2029-01-01', endDate: '2029-01-05' });
    expect((await t.admin.del(`/rest/place/${free.id}`)).status).toBe(200);
  });

  it('features of a place are written as a set', async () => {
    const p = await makePlace(t.admin, ref);
    const f: number[] = (await t.knex('feature').orderBy('id').limit(3).select('id')).map((r: any) => r.id);
    const r = await t.admin.put(`/rest/place/${p.id}/features`, { featureIds: [f[2], f[0], f[2]] });
    expect(r.body.featureIds).toEqual([f[0], f[2]]);
    expect((await t.admin.get(`/rest/place/${p.id}/features`)).body.featureIds).toEqual([f[0], f[2]]);
    expect((await t.admin.put(`/rest/place/${p.id}/features`, { featureIds: [999999] })).status).toBe(400);
    expect((await t.admin.get(`/rest/place-feature/place/${p.id}`)).body).toHaveLength(2);
  });

  it('a place type keeps a version of every change', async () => {
    const family = (await t.knex('place_family').first('id')).id;
    const created = await t.admin.post('/rest/place-type', {
      code: unique('V'),
      label: unique('Versionné '),
      placeFamilyId: family,
      maxPersons: 4,
    });
    expect(created.body.historyVersion).toBe(1);
    const id = created.body.id;
    const up = await t.admin.put(`/rest/place-type/${id}`, { maxPersons: 5 });
    expect(up.body.historyVersion).toBe(2);
    // no change, no version
    expect((await t.admin.put(`/rest/place-type/${id}`, { maxPersons: 5 })).body.historyVersion).toBe(2);
    const versions = await t.admin.get(
      `/rest/place-type-history?filter=${encodeURIComponent(JSON.stringify({ placeTypeId: id }))}`,
    );
    expect(versions.body.map((v: any) => [v.version, v.data.maxPersons])).toEqual([
      [2, 5],
      [1, 4],
    ]);
    expect((await t.admin.put(`/rest/place-type-history/${versions.body[0].id}`, {})).status).toBe(404);
    // Seeded place types start at version 1 too.
    expect(
      Number((await t.knex('place_type_history').where('version', 1).count({ n: '*' }))[0].n),
    ).toBeGreaterThanOrEqual(8);
  });

  it('an extra billed with an equipment cannot be made inactive', async () => {
    const extra = await t.admin.post('/rest/extra', { label: unique('Location caravane ') });
    const eq = await t.admin.post('/rest/equipment', {
      code: unique('EQ'),
      label: unique('Caravane louée '),
      kind: 'caravan',
      capacity: 4,
      extraId: extra.body.id,
    });
    expect(eq.status, eq.text).toBe(200);
    const r = await t.admin.put(`/rest/extra/${extra.body.id}`, { isActive: false });
    expect(r.body.code).toBe('EXTRA_ATTACHED_TO_EQUIPMENT');
    expect(r.body.errors.isActive).toBe('Un extra rattaché à un équipement ne peut pas être inactif');
    const inactive = await t.admin.post('/rest/extra', { label: unique('Inactif '), isActive: false });
    expect((await t.admin.put(`/rest/equipment/${eq.body.id}`, { extraId: inactive.body.id })).body.code).toBe(
      'EXTRA_ATTACHED_TO_EQUIPMENT',
    );
    await t.admin.put(`/rest/equipment/${eq.body.id}`, { extraId: null });
    expect((await t.admin.put(`/rest/extra/${extra.body.id}`, { isActive: false })).status).toBe(200);
  });
});

describe('capacity and equipment', () => {
  it('occupants never above the equipment capacity (or the place capacity without equipment)', async () => {
    const p = await makePlace(t.admin, ref, { capacity: 6 });
    const over = await t.admin.post(
      '/rest/booking/create',
      bookingBody(ref, {
        placeId: p.id,
        customerId,
        equipmentId: ref.equipment.TTOIT,
        adults: 4,
        startDate: '2029-02-01',
        endDate: '2029-02-03',
      }),
    );
    expect(over.body.code).toBe('QUANTITY_ABOVE_CAPACITY');
    expect(over.body.message).toBe("La quantité ne peut pas dépasser la capacité de l'équipement");
    const b = await book(t.admin, ref, {
      placeId: p.id,
      customerId,
      equipmentId: ref.equipment.TTOIT,
      adults: 2,
      startDate: '2029-02-01',
      endDate: '2029-02-03',
    });
    const occ = b.occupancies[0].id;
    expect(
      (await t.admin.post('/rest/occupancy-detail', { occupancyId: occ, ageCategoryId: ref.ages.child, quantity: 2 }))
        .body.code,
    ).toBe('QUANTITY_ABOVE_CAPACITY');
    expect(
      (await t.admin.post('/rest/occupancy-detail', { occupancyId: occ, ageCategoryId: ref.ages.child, quantity: 1 }))
        .status,
    ).toBe(200);
    expect((await t.knex('booking').where('id', b.booking.id).first()).persons).toBe(3);
    // Changing for a smaller equipment: "new equipment cannot house current occupants".
    const [small] = await t
      .knex('equipment')
      .insert({ code: unique('S'), label: unique('Tente 2 places '), capacity: 2 })
      .returning('id');
    const r = await t.admin.put(`/rest/occupancy/${occ}`, { equipmentId: small.id });
    expect(r.body.code).toBe('EQUIPMENT_CANNOT_HOUSE_OCCUPANTS');
    expect((await t.admin.put(`/rest/occupancy/${occ}`, { equipmentId: ref.equipment.TENTE })).status).toBe(200);
    // Without equipment, the place's capacity.
    const rental = await makePlace(t.admin, ref, { placeTypeId: ref.placeTypes.MH4, capacity: 4 });
    expect(
      (
        await t.admin.post(
          '/rest/booking/create',
          bookingBody(ref, {
            placeId: rental.id,
            customerId,
            adults: 5,
            startDate: '2029-02-01',
            endDate: '2029-02-03',
          }),
        )
      ).body.code,
    ).toBe('QUANTITY_ABOVE_CAPACITY');
  });

  it('the limit is the smaller of the place capacity and the equipment capacity', async () => {
    const pitch = await makePlace(t.admin, ref, { capacity: 2 });
    expect((await t.knex('equipment').where('id', ref.equipment.TENTE).first()).capacity).toBe(8);
    const dates = { startDate: '2029-02-10', endDate: '2029-02-12' };
    // 6 people with an 8-person tent on a 2-person pitch: refused by the pitch.
    const six = await t.admin.post(
      '/rest/booking/create',
      bookingBody(ref, { placeId: pitch.id, customerId, equipmentId: ref.equipment.TENTE, adults: 6, ...dates }),
    );
    expect(six.status).toBe(400);
    expect(six.body.code).toBe('QUANTITY_ABOVE_CAPACITY');
    expect(await t.knex('occupancy').where('placeId', pitch.id).first()).toBeUndefined();
    const two = await book(t.admin, ref, {
      placeId: pitch.id,
      customerId,
      equipmentId: ref.equipment.TENTE,
      adults: 2,
      ...dates,
    });
    const occ = two.occupancies[0].id;
    expect(
      (await t.admin.post('/rest/occupancy-detail', { occupancyId: occ, ageCategoryId: ref.ages.child, quantity: 1 }))
        .body.code,
    ).toBe('QUANTITY_ABOVE_CAPACITY');
    // On a 6-person pitch, the 3-person roof tent is the limit.
    const big = await makePlace(t.admin, ref, { capacity: 6 });
    const roof = await book(t.admin, ref, {
      placeId: big.id,
      customerId,
      equipmentId: ref.equipment.TTOIT,
      adults: 3,
      ...dates,
    });
    expect(
      (
        await t.admin.post('/rest/occupancy-detail', {
          occupancyId: roof.occupancies[0].id,
          ageCategoryId: ref.ages.child,
          quantity: 1,
        })
      ).body.code,
    ).toBe('QUANTITY_ABOVE_CAPACITY');
    // Moving 3 people with their tent onto a 2-person pitch: refused by the new place.
    const other = await makePlace(t.admin, ref, { capacity: 2 });
    const moved = await t.admin.put(`/rest/occupancy/${roof.occupancies[0].id}`, { placeId: other.id });
    expect(moved.body.code).toBe('QUANTITY_ABOVE_CAPACITY');
    expect((await t.knex('occupancy').where('id', roof.occupancies[0].id).first()).placeId).toBe(big.id);
  });
});

describe('places that cannot change', () => {
  it('residential stays keep their place', async () => {
    const res = await makePlace(t.admin, ref, { placeTypeId: ref.placeTypes.RES });
    const other = await makePlace(t.admin, ref, { placeTypeId: ref.placeTypes.RES });
    const b = await book(t.admin, ref, { placeId: res.id, customerId, startDate: '2029-03-01', endDate: '2029-09-01' });
    const r = await t.admin.put(`/rest/occupancy/${b.occupancies[0].id}`, { placeId: other.id });
    expect(r.body.code).toBe('PLACE_CANNOT_CHANGE');
    expect((await t.admin.put(`/rest/occupancy/${b.occupancies[0].id}`, { endDate: '2029-10-01' })).status).toBe(200);
  });
});

describe('partners: allotments and commission periods', () => {
  it('an allotment keeps its places for its partner, ties its stays, and cannot change once reserved', async () => {
    const [partnerA, partnerB] = ref.partners;
    const p = await makePlace(t.admin, ref, { placeTypeId: ref.placeTypes.MH6 });
    const other = await makePlace(t.admin, ref, { placeTypeId: ref.placeTypes.MH6 });
    const a = await t.admin.post('/rest/partner-allotment', {
      partnerId: partnerA,
      placeId: p.id,
      startDate: '2029-07-01',
      endDate: '2029-09-01',
      releaseDate: '2029-06-01',
    });
    expect(a.status, a.text).toBe(200);
    expect(
      (
        await t.admin.post('/rest/partner-allotment', {
          partnerId: partnerB,
          placeId: p.id,
          startDate: '2029-08-01',
          endDate: '2029-08-15',
        })
      ).body.code,
    ).toBe('OVERLAPPING_PERIODS');
    expect((await t.admin.get(`/rest/partner-allotment/partner/${partnerA}`)).body.map((x: any) => x.id)).toContain(
      a.body.id,
    );
    // Before the release date, nobody else books it (the test runs long before 2029).
    const direct = await t.admin.post(
      '/rest/booking/create',
      bookingBody(ref, { placeId: p.id, customerId, startDate: '2029-07-10', endDate: '2029-07-17' }),
    );
    expect(direct.body.code).toBe('PLACE_UNAVAILABLE');
    const search = await t.admin.post('/rest/booking/search-availability', {
      startDate: '2029-07-10',
      endDate: '2029-07-17',
      persons: 2,
      placeTypeId: ref.placeTypes.MH6,
    });
    expect(search.body.map((x: any) => x.placeId)).not.toContain(p.id);
    expect(
      (
        await t.admin.post('/rest/booking/search-availability', {
          startDate: '2029-07-10',
          endDate: '2029-07-17',
          persons: 2,
          placeTypeId: ref.placeTypes.MH6,
          partnerId: partnerA,
        })
      ).body.map((x: any) => x.placeId),
    ).toContain(p.id);
    const pb = await book(t.admin, ref, {
      placeId: p.id,
      customerId,
      partnerId: partnerA,
      startDate: '2029-07-10',
      endDate: '2029-07-17',
    });
    expect(pb.occupancies[0].partnerAllotmentId).toBe(a.body.id);
    // "Place cannot change for allotment stay"; "cannot cancel with partner occupancy".
    expect((await t.admin.put(`/rest/occupancy/${pb.occupancies[0].id}`, { placeId: other.id })).body.code).toBe(
      'PLACE_CANNOT_CHANGE',
    );
    expect((await act(t.admin, pb.booking.id, 'cancel', { reason: 'Annulé par le voyagiste' })).body.code).toBe(
      'CANNOT_CANCEL_PARTNER_OCCUPANCY',
    );
    expect((await t.admin.put(`/rest/booking/${pb.booking.id}`, { partnerId: partnerB })).body.code).toBe(
      'SUBLET_ALLOTMENT_LOCKED',
    );
    // "Sublet or allotment cannot change once reserved" (nor be deleted).
    expect((await t.admin.put(`/rest/partner-allotment/${a.body.id}`, { endDate: '2029-08-01' })).body.code).toBe(
      'SUBLET_ALLOTMENT_LOCKED',
    );
    expect((await t.admin.post(`/rest/partner-allotment/delete/${a.body.id}`)).body.code).toBe(
      'SUBLET_ALLOTMENT_LOCKED',
    );
    expect((await t.admin.put(`/rest/partner-allotment/${a.body.id}`, { notes: 'Contrat signé' })).status).toBe(200);
    // The partner occupancy is cancelled first (back to the allotment); then the stay can be.
    expect(
      (await t.admin.post(`/rest/occupancy/${pb.occupancies[0].id}/cancel`, { reason: 'Annulé par le voyagiste' }))
        .status,
    ).toBe(200);
    expect((await act(t.admin, pb.booking.id, 'cancel', { reason: 'Annulé par le voyagiste' })).status).toBe(200);
  });

  it('commission periods of one partner never overlap', async () => {
    const partner = ref.partners[1];
    const base = { partnerId: partner, commissionRate: 800 };
    expect(
      (
        await t.admin.post('/rest/partner-commission-period', {
          ...base,
          startDate: '2029-01-01',
          endDate: '2030-01-01',
        })
      ).status,
    ).toBe(200);
    const r = await t.admin.post('/rest/partner-commission-period', {
      ...base,
      startDate: '2029-12-01',
      endDate: '2030-06-01',
    });
    expect(r.body.code).toBe('OVERLAPPING_PERIODS');
    expect(
      (
        await t.admin.post('/rest/partner-commission-period', {
          ...base,
          startDate: '2030-01-01',
          endDate: '2031-01-01',
        })
      ).status,
    ).toBe(200);
    expect((await t.admin.get(`/rest/partner-commission-period/partner/${partner}`)).body).toHaveLength(2);
    await expect(
      t.knex('partner_commission_period').insert({ ...base, startDate: '2030-05-01', endDate: '2030-05-02' }),
    ).rejects.toMatchObject({ code: '23P01' });
  });
});

describe('online bookings', () => {
  it('must be accepted before integration, and are integrated once only', async () => {
    const channel = (await t.knex('access_channel').where('code', 'WEB').first('id')).id;
    const imp = await t.admin.post('/rest/booking-import', {
      accessChannelId: channel,
      externalRef: unique('WEB-'),
      lastName: 'Internaute',
      firstName: 'Zoé',
      email: 'zoe.internaute@exemple.fr',
      placeTypeId: ref.placeTypes.MH4,
      startDate: '2029-05-02',
      endDate: '2029-05-09',
      adults: 2,
      children: 1,
      amount: 45000,
    });
    expect(imp.status, imp.text).toBe(200);
    expect(imp.body.statusId).toBe(12);
    const id = imp.body.id;
    await makePlace(t.admin, ref, { placeTypeId: ref.placeTypes.MH4, capacity: 4 });
    const list = await t.admin.post('/rest/booking-import/list', { source: 'to-integrate' });
    expect(list.body.items.map((x: any) => x.id)).toContain(id);
    expect((await t.admin.post(`/rest/booking-import/${id}/integrate`)).body.code).toBe('BOOKING_NOT_ACCEPTED');
    expect((await t.admin.post(`/rest/booking-import/${id}/accept`)).body.statusId).toBe(4);
    const done = await t.admin.post(`/rest/booking-import/${id}/integrate`);
    expect(done.status, done.text).toBe(200);
    expect(done.body.statusId).toBe(13);
    const booking = await t.knex('booking').where('id', done.body.bookingId).first();
    // The stay is "Intégrée" (13), holds its place, and lives as a firm booking from there.
    expect(booking).toMatchObject({
      statusId: 13,
      kind: 'booking',
      accessChannelId: channel,
      persons: 3,
      startDate: '2029-05-02',
    });
    // Priced here like any stay (no grid for this type in this database: not priced); the channel's amount stays on the
    // import.
    expect(booking.totalAmount).toBeNull();
    expect(
      Number(
        (
          await t
            .knex('place_reservation')
            .join('occupancy', 'occupancy.id', 'place_reservation.occupancyId')
            .where('occupancy.bookingId', booking.id)
            .count({ n: '*' })
        )[0].n,
      ),
    ).toBe(1);
    const summary = (await t.admin.get(`/rest/booking/${booking.id}/summary`)).body;
    // No « Arrivé » for a stay that begins in 2029 (arrival from the arrival day).
    expect(summary.actions).toEqual(['validate', 'cancel', 'mark-cancelling', 'refuse', 'reset']);
    const details = summary.history.map((h: any) => h.detail);
    expect(details).toContain(`Création : Réservation en ligne ${imp.body.externalRef} intégrée`);
    expect(details.some((d: string) => /^Montant payé sur le canal : 450,00\s€, prix calculé : —$/.test(d))).toBe(true);
    expect((await act(t.admin, booking.id, 'convert', { kind: 'option' })).body.code).toBe('INVALID_TRANSITION');
    expect((await act(t.admin, booking.id, 'arrive')).body.code).toBe('ARRIVAL_TOO_EARLY');
    expect((await t.knex('customer').where('id', booking.customerId).first()).email).toBe('zoe.internaute@exemple.fr');
    expect((await t.admin.post(`/rest/booking-import/${id}/integrate`)).body.code).toBe(
      'ONLINE_BOOKING_ALREADY_INTEGRATED',
    );
    expect((await t.admin.post(`/rest/booking-import/${id}/refuse`, {})).body.code).toBe(
      'ONLINE_BOOKING_ALREADY_INTEGRATED',
    );
    // The database refuses a second integration too.
    await expect(t.knex('booking_import').where('id', id).update({ statusId: 4 })).rejects.toThrow(
      /ONLINE_BOOKING_ALREADY_INTEGRATED/,
    );
    expect(
      (await t.admin.post('/rest/booking-import/list', { source: 'processed' })).body.items.map((x: any) => x.id),
    ).toContain(id);
    // The generic routes do not integrate: status and booking are read-only there.
    const again = await t.admin.put(`/rest/booking-import/${id}`, {
      statusId: 12,
      bookingId: null,
      lastName: 'Internaute',
    });
    expect(again.body).toMatchObject({ statusId: 13, bookingId: done.body.bookingId });
  });

  it('a refused online booking is never integrated', async () => {
    const imp = await t.admin.post('/rest/booking-import', {
      externalRef: unique('BK-'),
      lastName: 'Refus',
      startDate: '2029-05-02',
      endDate: '2029-05-09',
    });
    const r = await t.admin.post(`/rest/booking-import/${imp.body.id}/refuse`, { reason: 'Complet' });
    expect(r.body).toMatchObject({ statusId: 10, refusalReason: 'Complet' });
    expect((await t.admin.post(`/rest/booking-import/${imp.body.id}/integrate`)).body.code).toBe(
      'BOOKING_NOT_ACCEPTED',
    );
    expect((await t.admin.post(`/rest/booking-import/${imp.body.id}/accept`)).body.code).toBe('INVALID_TRANSITION');
  });
});
