// The new-booking wizard's API over HTTP: free places with their prices, the
// temporary booking kept in step with the steps (stays rules apply), and the final
// save as a booking, an option, a quote, or into an existing booking; leaving
// abandons the temporary booking.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { postOk, unique } from './http-helpers';
import { abandonIdleDrafts, DRAFT_PARTS } from '../../api/domain/stays/sweeps';

let t: TestServer;
const ids: Record<string, number> = {};
let adult = 0;
let child = 0;
const post = (path: string, body: unknown) => postOk(t.admin, path, body);
async function temp(placeId: number, startDate: string, endDate: string, adults = 2) {
  const s = await post('/rest/booking/create', {
    temporary: true,
    kind: 'booking',
    occupancies: [{ placeId, startDate, endDate, details: [{ ageCategoryId: adult, quantity: adults }] }],
  });
  expect(s.booking.statusId).toBe(1);
  return s.booking.id as number;
}
const offerBody = (o: Record<string, unknown> = {}) => ({
  startDate: '2029-07-10',
  endDate: '2029-07-14',
  occupants: [{ ageCategoryId: adult, quantity: 2 }],
  placeTypeId: ids.type,
  ...o,
});

beforeAll(async () => {
  t = await startTestServer();
  adult = (await t.knex('age_category').where('minAge', 18).first('id')).id;
  child = (await t.knex('age_category').whereNot('id', adult).orderBy('order').first('id')).id;
  const family = (
    await post('/rest/place-family', { code: unique('FW'), label: unique('Famille assistant '), kind: 'pitch' })
  ).id;
  ids.type = (
    await post('/rest/place-type', {
      code: unique('TW'),
      label: unique('Type assistant '),
      placeFamilyId: family,
      maxPersons: 6,
    })
  ).id;
  for (const [c, cap] of [
    ['W1', 6],
    ['W2', 6],
    ['W3', 2],
  ] as const)
    ids[c] = (await post('/rest/place', { code: unique(c), placeTypeId: ids.type, capacity: cap })).id;
  const grid = await post('/rest/price-grid', {
    label: unique('Grille assistant '),
    placeTypeId: ids.type,
    priceModel: 1,
  });
  await post('/rest/price-grid-period', {
    priceGridId: grid.id,
    label: 'Été',
    startDate: '2029-06-01',
    endDate: '2029-09-01',
    pricePerNight: 2500,
  });
  ids.customer = (await post('/rest/customer', { lastName: 'Assistant', firstName: 'Léa' })).id;
});
afterAll(async () => {
  await t?.close();
});

describe('offer: free places with their prices', () => {
  it('lists the free places large enough, each priced for the stay', async () => {
    await post('/rest/booking/create', {
      kind: 'booking',
      customerId: ids.customer,
      occupancies: [
        {
          placeId: ids.W2,
          startDate: '2029-07-12',
          endDate: '2029-07-20',
          details: [{ ageCategoryId: adult, quantity: 2 }],
        },
      ],
    });
    const r = await t.admin.post(
      '/rest/planning/offer',
      offerBody({
        occupants: [
          { ageCategoryId: adult, quantity: 2 },
          { ageCategoryId: child, quantity: 1 },
        ],
      }),
    );
    expect(r.status, r.text).toBe(200);
    expect(r.body.persons).toBe(3);
    expect(r.body.places.map((p: any) => p.placeId)).toEqual([ids.W1]); // W2 taken, W3 too small
    expect(r.body.places[0].total).toBeGreaterThanOrEqual(4 * 2500);
    expect(r.body.types).toEqual([
      expect.objectContaining({ placeTypeId: ids.type, total: r.body.places[0].total, priceError: null }),
    ]);
  });

  it('counts the place its own temporary booking holds as free', async () => {
    const id = await temp(ids.W1, '2029-07-10', '2029-07-14');
    const without = await t.admin.post('/rest/planning/offer', offerBody());
    expect(without.body.places.map((p: any) => p.placeId)).toEqual([ids.W3]);
    const mine = await t.admin.post('/rest/planning/offer', offerBody({ tempBookingId: id }));
    expect(mine.body.places.map((p: any) => [p.placeId, !!p.heldByDraft])).toEqual([
      [ids.W1, true],
      [ids.W3, false],
    ]);
    expect((await t.admin.post(`/rest/booking/${id}/abandon`, {})).status).toBe(200);
  });

  it('refuses in French: no occupant, no dates, dates in the wrong order', async () => {
    let r = await t.admin.post('/rest/planning/offer', offerBody({ occupants: [] }));
    expect(r.body).toMatchObject({ code: 'NO_OCCUPANTS', message: 'Indiquez au moins un occupant' });
    r = await t.admin.post('/rest/planning/offer', offerBody({ startDate: undefined }));
    expect(r.body.message).toBe('Dates de début et de fin obligatoires');
    r = await t.admin.post('/rest/planning/offer', offerBody({ endDate: '2029-07-01' }));
    expect(r.body.message).toBe('La date de début doit précéder la date de fin');
  });
});

describe('draft: the temporary booking follows the steps', () => {
  it('changes place, dates, occupants, vehicles and extras, and the customer', async () => {
    const id = await temp(ids.W1, '2029-08-01', '2029-08-05');
    const vt = (await t.knex('vehicle_type').orderBy('id').first('id')).id;
    const extra = await post('/rest/extra', { label: unique('Vélo assistant '), price: 500 });
    const r = await t.admin.put(`/rest/planning/draft/${id}`, {
      customerId: ids.customer,
      notes: 'Arrivée tardive',
      totalAmount: 1,
      occupancy: {
        placeId: ids.W2,
        startDate: '2029-08-02',
        endDate: '2029-08-06',
        details: [
          { ageCategoryId: adult, quantity: 2 },
          { ageCategoryId: child, quantity: 2 },
        ],
        vehicles: [{ vehicleTypeId: vt, licencePlate: 'ab-12-cd' }],
        extras: [{ extraId: extra.id, quantity: 2 }],
      },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.booking).toMatchObject({
      statusId: 1,
      customerId: ids.customer,
      notes: 'Arrivée tardive',
      startDate: '2029-08-02',
      endDate: '2029-08-06',
      persons: 4,
    });
    const o = r.body.occupancies[0];
    // The total is the server's (the one sent is ignored): the engine's price of the stay as saved.
    expect(r.body.booking.totalAmount).toBe(o.amount);
    expect(o.amount).toBe(o.pricedQuote.quote.total);
    expect(o.pricedQuote.quote.lines.find((l: any) => l.lineType === 1)).toMatchObject({
      quantity: 4,
      unitPrice: 2500,
    });
    expect(o).toMatchObject({ placeId: ids.W2, startDate: '2029-08-02', endDate: '2029-08-06' });
    expect(o.vehicles.map((v: any) => v.licencePlate)).toEqual(['AB-12-CD']);
    expect(o.extras.map((x: any) => [x.extraId, x.quantity])).toEqual([[extra.id, 2]]);
    expect(o.details).toHaveLength(2);
  });

  it('shows on the board as a draft, holding its place', async () => {
    const id = await temp(ids.W3, '2029-10-01', '2029-10-04');
    const r = await t.admin.get(`/rest/planning/window?from=2029-10-01&to=2029-10-10&placeIds=${ids.W3}`);
    const f = r.body.occupancyFields as string[];
    const bar = r.body.occupancies
      .map((x: unknown[]) => Object.fromEntries(f.map((k, i) => [k, x[i]])))
      .find((o: any) => o.bookingId === id);
    expect(bar).toMatchObject({ placeId: ids.W3, startDate: '2029-10-01', endDate: '2029-10-04', category: 'draft' });
  });

  it('keeps the stays rules: a taken place, too many occupants', async () => {
    const id = await temp(ids.W1, '2029-09-01', '2029-09-04');
    await post('/rest/booking/create', {
      kind: 'booking',
      customerId: ids.customer,
      occupancies: [
        {
          placeId: ids.W2,
          startDate: '2029-09-01',
          endDate: '2029-09-10',
          details: [{ ageCategoryId: adult, quantity: 1 }],
        },
      ],
    });
    let r = await t.admin.put(`/rest/planning/draft/${id}`, {
      occupancy: {
        placeId: ids.W2,
        startDate: '2029-09-01',
        endDate: '2029-09-04',
        details: [{ ageCategoryId: adult, quantity: 2 }],
      },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("L'emplacement a un autre équipement à cette date");
    r = await t.admin.put(`/rest/planning/draft/${id}`, {
      occupancy: {
        placeId: ids.W3,
        startDate: '2029-09-01',
        endDate: '2029-09-04',
        details: [{ ageCategoryId: adult, quantity: 3 }],
      },
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('QUANTITY_ABOVE_CAPACITY');
    // Nothing changed.
    expect((await t.knex('occupancy').where('bookingId', id).first('placeId')).placeId).toBe(ids.W1);
  });
});

describe('a draft still in use', () => {
  /** As if nothing had been saved on the draft for three hours. */
  const age = async (id: number) => {
    const then = new Date(Date.now() - 3 * 3_600_000);
    const occIds = (await t.knex('occupancy').where('bookingId', id).select('id')).map((o: any) => o.id);
    await t.knex('booking').where('id', id).update({ updatedAt: then });
    await t.knex('occupancy').whereIn('id', occIds).update({ updatedAt: then });
    for (const part of DRAFT_PARTS) await t.knex(part).whereIn('occupancyId', occIds).update({ updatedAt: then });
  };

  it('is kept by the wizard telling the server it is being used; left alone, it is abandoned', async () => {
    const used = await temp(ids.W1, '2029-11-01', '2029-11-04');
    const left = await temp(ids.W2, '2029-11-01', '2029-11-04');
    await age(used);
    await age(left);
    const touch = await t.admin.post(`/rest/planning/draft/${used}/touch`, {});
    expect(touch.status, touch.text).toBe(200);
    await abandonIdleDrafts(t.knex);
    const status = async (id: number) => (await t.knex('booking').where('id', id).first('statusId')).statusId;
    expect(await status(used)).toBe(1);
    expect(await status(left)).not.toBe(1);
    // A draft no longer being keyed in cannot be kept alive.
    const gone = await t.admin.post(`/rest/planning/draft/${left}/touch`, {});
    expect([gone.status, gone.body.code]).toEqual([400, 'DRAFT_ALREADY_SAVED']);
  });
});

describe('finalize', () => {
  it('saves a booking (customer required)', async () => {
    const id = await temp(ids.W1, '2029-06-01', '2029-06-04');
    let r = await t.admin.post(`/rest/planning/draft/${id}/finalize`, { kind: 'booking' });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Client non initialisé');
    await t.admin.put(`/rest/planning/draft/${id}`, { customerId: ids.customer });
    r = await t.admin.post(`/rest/planning/draft/${id}/finalize`, { kind: 'booking', totalAmount: 1 });
    expect(r.status, r.text).toBe(200);
    expect(r.body.status).toBe('SAVED');
    expect(r.body.booking).toMatchObject({ id, kind: 'booking', statusId: 2, totalAmount: 3 * 2500 });
    const again = await t.admin.post(`/rest/planning/draft/${id}/finalize`, { kind: 'booking' });
    expect(again.body.code).toBe('DRAFT_ALREADY_SAVED');
    expect((await t.admin.put(`/rest/planning/draft/${id}`, { notes: 'x' })).body.code).toBe('DRAFT_ALREADY_SAVED');
  });

  it('saves an option with its expiry date', async () => {
    const id = await temp(ids.W1, '2029-06-10', '2029-06-12');
    await t.admin.put(`/rest/planning/draft/${id}`, { customerId: ids.customer });
    // An expiry already past is refused, and the draft stays a draft (one transaction).
    const past = await t.admin.post(`/rest/planning/draft/${id}/finalize`, {
      kind: 'option',
      optionExpiryDate: '2024-05-01',
    });
    expect(past.status).toBe(400);
    expect(past.body.code).toBe('DATE_IN_PAST');
    expect((await t.knex('booking').where('id', id).first('statusId')).statusId).toBe(1);
    const r = await t.admin.post(`/rest/planning/draft/${id}/finalize`, {
      kind: 'option',
      optionExpiryDate: '2029-05-01',
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.booking).toMatchObject({ kind: 'option', statusId: 2, optionExpiryDate: '2029-05-01' });
  });

  it('saves a quote as a new quote; the temporary booking is abandoned and its place freed', async () => {
    const id = await temp(ids.W1, '2029-06-20', '2029-06-23');
    await t.admin.put(`/rest/planning/draft/${id}`, { customerId: ids.customer });
    await t.admin.put(`/rest/planning/draft/${id}`, {
      occupancy: {
        placeId: ids.W1,
        startDate: '2029-06-20',
        endDate: '2029-06-23',
        details: [{ ageCategoryId: adult, quantity: 2 }],
        priceOverrides: [{ priceGridOptionId: null, unitPrice: 3300 }],
      },
    });
    const r = await t.admin.post(`/rest/planning/draft/${id}/finalize`, { kind: 'quote' });
    expect(r.status, r.text).toBe(200);
    // The quote keeps the content and the manual price of the draft.
    expect(r.body.booking).toMatchObject({
      kind: 'quote',
      statusId: 2,
      customerId: ids.customer,
      totalAmount: 3 * 3300,
      isManualPrice: true,
      startDate: '2029-06-20',
      endDate: '2029-06-23',
    });
    expect(r.body.booking.id).not.toBe(id);
    expect(r.body.occupancies[0].placeId).toBe(ids.W1);
    expect((await t.knex('booking').where('id', id).first('statusId')).statusId).toBe(15);
    const free = await t.admin.post(
      '/rest/planning/offer',
      offerBody({ startDate: '2029-06-20', endDate: '2029-06-23' }),
    );
    expect(free.body.places.some((p: any) => p.placeId === ids.W1)).toBe(true);
  });

  it('adds the occupancy to an existing booking', async () => {
    const host = await post('/rest/booking/create', {
      kind: 'booking',
      customerId: ids.customer,
      occupancies: [
        {
          placeId: ids.W1,
          startDate: '2029-08-20',
          endDate: '2029-08-24',
          details: [{ ageCategoryId: adult, quantity: 2 }],
        },
      ],
    });
    expect(host.booking.totalAmount).toBe(4 * 2500);
    const id = await temp(ids.W2, '2029-08-21', '2029-08-23');
    const r = await t.admin.post(`/rest/planning/draft/${id}/finalize`, {
      intoBookingId: host.booking.id,
      totalAmount: 1,
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.booking).toMatchObject({ id: host.booking.id, totalAmount: 4 * 2500 + 2 * 2500 });
    expect(r.body.occupancies.map((o: any) => o.placeId).sort()).toEqual([ids.W1, ids.W2].sort());
  });

  it('is one transaction: a refused confirmation leaves the draft as it was', async () => {
    const id = await temp(ids.W3, '2029-11-10', '2029-11-12', 1);
    const r = await t.admin.post(`/rest/planning/draft/${id}/finalize`, {
      kind: 'option',
      optionExpiryDate: '2029-10-01',
    });
    expect(r.body.code).toBe('CUSTOMER_NOT_INITIALISED');
    expect(await t.knex('booking').where('id', id).first('kind', 'statusId', 'optionExpiryDate')).toEqual({
      kind: 'booking',
      statusId: 1,
      optionExpiryDate: null,
    });
  });

  it('asks for a kind', async () => {
    const id = await temp(ids.W3, '2029-11-01', '2029-11-02', 1);
    const r = await t.admin.post(`/rest/planning/draft/${id}/finalize`, { kind: 'passage' });
    expect(r.body).toMatchObject({ code: 'SELECT_STATUS', message: 'Veuillez sélectionner un statut' });
  });
});

describe('editing an existing occupancy through the wizard', () => {
  it('counts its place as free, previews, and saves dates and occupants back with the manual price kept', async () => {
    const s = await post('/rest/booking/create', {
      kind: 'booking',
      customerId: ids.customer,
      occupancies: [
        {
          placeId: ids.W1,
          startDate: '2029-07-20',
          endDate: '2029-07-23',
          details: [{ ageCategoryId: adult, quantity: 2 }],
        },
      ],
    });
    const occ = s.occupancies[0];
    expect(
      (
        await t.admin.put(`/rest/occupancy/${occ.id}`, {
          priceOverrides: [{ priceGridOptionId: null, unitPrice: 2000 }],
        })
      ).status,
    ).toBe(200);
    const stay = { startDate: '2029-07-20', endDate: '2029-07-24' };
    const taken = await t.admin.post('/rest/planning/offer', offerBody(stay));
    expect(taken.body.places.some((p: any) => p.placeId === ids.W1)).toBe(false);
    const mine = await t.admin.post('/rest/planning/offer', offerBody({ ...stay, occupancyId: occ.id }));
    expect(mine.body.places.find((p: any) => p.placeId === ids.W1)).toMatchObject({ heldByDraft: true });
    // The preview prices the changes as saving them would: the manual price per night stays.
    const preview = await post(`/rest/occupancy/${occ.id}/quote`, { occupancy: stay });
    expect(preview.quote.total).toBe(4 * 2000);
    expect(preview.quote.lines[0]).toMatchObject({ isManualPrice: true, computedAmount: 4 * 2500 });
    const other = (await post('/rest/customer', { lastName: 'Autre' })).id;
    const r = await t.admin.put(`/rest/planning/occupancy/${occ.id}`, {
      customerId: other,
      totalAmount: 1,
      occupancy: {
        placeId: ids.W1,
        ...stay,
        details: [{ ageCategoryId: adult, quantity: 3 }],
        priceOverrides: [{ priceGridOptionId: null, unitPrice: 2000 }],
      },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.booking).toMatchObject({
      id: s.booking.id,
      statusId: 2,
      customerId: ids.customer,
      totalAmount: 4 * 2000,
      isManualPrice: true,
      persons: 3,
      endDate: '2029-07-24',
    });
    expect(r.body.occupancies).toHaveLength(1);
    expect(r.body.history[0].detail).toBe("Occupation modifiée par l'assistant : du 20/07/2029 au 24/07/2029");
  });

  it('sends back the versions it read: a stay changed meanwhile is a 409, nothing overwritten', async () => {
    const s = await post('/rest/booking/create', {
      kind: 'booking',
      customerId: ids.customer,
      occupancies: [
        {
          placeId: ids.W2,
          startDate: '2029-06-20',
          endDate: '2029-06-23',
          details: [{ ageCategoryId: adult, quantity: 2 }],
        },
      ],
    });
    const read = (await t.admin.get(`/rest/booking/${s.booking.id}/summary`)).body;
    const occ = read.occupancies[0];
    const edit = (o: Record<string, unknown> = {}) => ({
      notes: 'assistant',
      occupancy: {
        placeId: ids.W2,
        startDate: '2029-06-20',
        endDate: '2029-06-24',
        details: [{ ageCategoryId: adult, quantity: 2 }],
      },
      version: occ.version,
      bookingVersion: read.booking.version,
      ...o,
    });
    // The preview the wizard asks for on the way writes nothing: the versions hold.
    await post(`/rest/occupancy/${occ.id}/quote`, { occupancy: { startDate: '2029-06-20', endDate: '2029-06-24' } });
    // Someone else changes the occupancy, then the booking, meanwhile.
    expect((await t.admin.put(`/rest/occupancy/${occ.id}`, { notes: 'autre poste' })).status).toBe(200);
    let r = await t.admin.put(`/rest/planning/occupancy/${occ.id}`, edit());
    expect(r.status, r.text).toBe(409);
    expect(r.body).toMatchObject({
      code: 'RECORD_CHANGED',
      message: 'Cet enregistrement a été modifié par un autre utilisateur',
      current: { id: occ.id, notes: 'autre poste' },
    });
    const occNow = (await t.admin.get(`/rest/occupancy/${occ.id}`)).body;
    expect(await t.admin.put(`/rest/booking/${s.booking.id}`, { notes: 'note du séjour, autre poste' })).toMatchObject({
      status: 200,
    });
    r = await t.admin.put(`/rest/planning/occupancy/${occ.id}`, edit({ version: occNow.version }));
    expect(r.status, r.text).toBe(409);
    expect(r.body.current).toMatchObject({ id: s.booking.id, notes: 'note du séjour, autre poste' });
    expect(await t.knex('occupancy').where('id', occ.id).first('endDate', 'notes')).toEqual({
      endDate: '2029-06-23',
      notes: 'autre poste',
    });
    // Read again (the wizard's « Recharger »): saved.
    const fresh = (await t.admin.get(`/rest/booking/${s.booking.id}/summary`)).body;
    r = await t.admin.put(
      `/rest/planning/occupancy/${occ.id}`,
      edit({ version: fresh.occupancies[0].version, bookingVersion: fresh.booking.version }),
    );
    expect(r.status, r.text).toBe(200);
    expect(r.body.booking.endDate).toBe('2029-06-24');
  });

  it('refuses a cancelled occupancy', async () => {
    const s = await post('/rest/booking/create', {
      kind: 'booking',
      customerId: ids.customer,
      occupancies: ['W1', 'W2'].map((c) => ({
        placeId: ids[c],
        startDate: '2029-12-01',
        endDate: '2029-12-03',
        details: [{ ageCategoryId: adult, quantity: 1 }],
      })),
    });
    await post(`/rest/occupancy/${s.occupancies[1].id}/cancel`, { reason: 'Erreur' });
    const r = await t.admin.put(`/rest/planning/occupancy/${s.occupancies[1].id}`, {
      occupancy: { startDate: '2029-12-01', endDate: '2029-12-04' },
    });
    expect(r.body.code).toBe('INVALID_TRANSITION');
  });
});
