// The stay preferences (§2 (docs/screens.md#preferences) /preference/: booking/option, arrival_departure,
// early_departure, cancellation, customer, customerResume) drive the stays; the undo
// of an early departure gives its nights back; an option made in the wizard is not
// told as a « conversion » (issue 13, docs/stays.md#preferences).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { act, book, makeCustomer, makePlace, reference, type Ref } from './stays-fixtures';
import { STATUS as S } from '../../api/domain/stays/status';
import { addDays, todayParis } from '../../common/dates';
import { DEFAULT_STAY_PREFERENCES } from '../../common/stay-preferences';

const today = todayParis();
let t: TestServer;
let ref: Ref;
let customerId: number;
let placeTypeId: number;
beforeAll(async () => {
  t = await startTestServer();
  ref = await reference(t);
  customerId = (await makeCustomer(t.admin)).id;
  // A type priced 25 € a night around today, so that fees and early departures have a price to work on.
  const ok = async (path: string, body: unknown) => {
    const r = await t.admin.post(path, body);
    expect(r.status, r.text).toBe(200);
    return r.body;
  };
  const family = (await ok('/rest/place-family', { code: 'FPREF', label: 'Famille préférences', kind: 'pitch' })).id;
  placeTypeId = (
    await ok('/rest/place-type', { code: 'TPREF', label: 'Type préférences', placeFamilyId: family, maxPersons: 6 })
  ).id;
  const grid = await ok('/rest/price-grid', { label: 'Grille préférences', placeTypeId, priceModel: 1 });
  await ok('/rest/price-grid-period', {
    priceGridId: grid.id,
    label: 'Toute l’année',
    startDate: addDays(today, -30),
    endDate: addDays(today, 200),
    pricePerNight: 2500,
  });
  if (!(await t.knex('setting').first('id'))) await t.knex('setting').insert({});
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.knex('setting').update(DEFAULT_STAY_PREFERENCES);
});

const prefs = (p: Record<string, unknown>) => t.knex('setting').update(p);
const stay = async (start: string, nights = 6, fields: Record<string, unknown> = {}) => {
  const placeId = (await makePlace(t.admin, ref, { placeTypeId })).id as number;
  const s = await book(t.admin, ref, {
    placeId,
    customerId,
    startDate: start,
    endDate: addDays(start, nights),
    ...fields,
  });
  return { id: s.booking.id as number, placeId, total: s.booking.totalAmount as number };
};
const lines = async (id: number) =>
  (await t.admin.get(`/rest/booking/${id}/summary`)).body.history.map((h: any) => h.detail) as string[];

describe('booking/option: the option duration', () => {
  it('holds an option without a date for the configured number of days', async () => {
    await prefs({ optionDays: 3 });
    const { id } = await stay(addDays(today, 40), 3, { kind: 'option' });
    expect((await t.knex('booking').where('id', id).first()).optionExpiryDate).toBe(addDays(today, 3));
    const b = await stay(addDays(today, 50), 3);
    const r = await act(t.admin, b.id, 'convert', { kind: 'option' });
    expect(r.status, r.text).toBe(200);
    expect(r.body.booking.optionExpiryDate).toBe(addDays(today, 3));
  });
});

describe('cancellation: the fees', () => {
  it('charges the percentage inside the fee window, never under the minimum, nothing before it', async () => {
    await prefs({ cancellationFreeDays: 30, cancellationFeePercent: 25, cancellationFeeMinimum: 5000 });
    const near = await stay(addDays(today, 10));
    expect(near.total).toBeGreaterThan(0);
    const fee = Math.min(near.total, Math.max(Math.round(near.total * 0.25), 5000));
    expect((await t.admin.get(`/rest/booking/${near.id}/summary`)).body.cancellationFee).toBe(fee);
    const r = await act(t.admin, near.id, 'cancel', { reason: 'Client malade' });
    expect(r.status, r.text).toBe(200);
    expect(await lines(near.id)).toContain(
      `Annulation : Client malade (frais d'annulation : ${(fee / 100).toFixed(2).replace('.', ',')}\u00a0€)`,
    );
    const far = await stay(addDays(today, 60));
    expect((await t.admin.get(`/rest/booking/${far.id}/summary`)).body.cancellationFee).toBe(0);
    await act(t.admin, far.id, 'cancel', { reason: 'Changement de projet' });
    expect(await lines(far.id)).toContain('Annulation : Changement de projet');
  });
});

describe('early departure: the price and the undo', () => {
  it(
    'keeps the planned price by default, reprices the nights spent with « consumed », and the undo gives ' +
      'everything back',
    async () => {
      const planned = await stay(addDays(today, -2), 6);
      await act(t.admin, planned.id, 'arrive');
      const early = await act(t.admin, planned.id, 'early-departure', { date: addDays(today, 1), acceptBalance: true });
      expect(early.status, early.text).toBe(200);
      expect(early.body.booking).toMatchObject({
        statusId: S.EARLY_DEPARTURE,
        totalAmount: planned.total,
        endDate: addDays(today, 1),
      });

      await prefs({ earlyDepartureCharge: 'consumed' });
      const consumed = await stay(addDays(today, -2), 6);
      await act(t.admin, consumed.id, 'arrive');
      const cut = await act(t.admin, consumed.id, 'early-departure', { date: addDays(today, 1), acceptBalance: true });
      expect(cut.body.booking.totalAmount).toBeLessThan(consumed.total);
      expect(cut.body.actions).toContain('undo-departure');
      expect((await act(t.admin, consumed.id, 'undo-departure', {})).body.code).toBe('UNDO_REASON_REQUIRED');
      const back = await act(t.admin, consumed.id, 'undo-departure', { reason: 'Reste finalement' });
      expect(back.status, back.text).toBe(200);
      expect(back.body.booking).toMatchObject({
        statusId: S.ARRIVED,
        goneAt: null,
        earlyDepartureDate: null,
        endDate: addDays(today, 4),
        totalAmount: consumed.total,
      });
      expect(back.body.occupancies.map((o: any) => [o.endDate, o.isCancelled])).toEqual([[addDays(today, 4), false]]);
      expect(await lines(consumed.id)).toContain('Départ anticipé annulé : Reste finalement');
    },
  );

  it('refuses the undo when the freed nights were taken meanwhile, and on another day', async () => {
    const s = await stay(addDays(today, -1), 5);
    await act(t.admin, s.id, 'arrive');
    await act(t.admin, s.id, 'early-departure', { date: addDays(today, 1), acceptBalance: true });
    const other = await book(t.admin, ref, {
      placeId: s.placeId,
      customerId,
      startDate: addDays(today, 2),
      endDate: addDays(today, 3),
    });
    const r = await act(t.admin, s.id, 'undo-departure', { reason: 'Reste' });
    expect(r.status).toBe(400);
    expect((await t.knex('booking').where('id', s.id).first()).statusId).toBe(S.EARLY_DEPARTURE);
    await act(t.admin, other.booking.id, 'cancel', { reason: 'Libère' });
    await t
      .knex('booking')
      .where('id', s.id)
      .update({ goneAt: new Date(Date.now() - 2 * 86_400_000).toISOString() });
    expect((await act(t.admin, s.id, 'undo-departure', { reason: 'Reste' })).body.code).toBe('UNDO_NOT_SAME_DAY');
  });
});

describe('arrival_departure: the expected hours', () => {
  it('gives each arrival and departure row the configured hour', async () => {
    await prefs({ arrivalTime: '15:30', departureTime: '11:00' });
    await stay(addDays(today, 20), 2);
    const arr = await t.admin.get(`/rest/booking/arrivals?date=${addDays(today, 20)}`);
    expect(arr.status, arr.text).toBe(200);
    expect(arr.body.length).toBeGreaterThan(0);
    expect(new Set(arr.body.map((r: any) => r.expectedTime))).toEqual(new Set(['15:30']));
    const dep = await t.admin.get(`/rest/booking/departures?date=${addDays(today, 22)}`);
    expect(new Set(dep.body.map((r: any) => r.expectedTime))).toEqual(new Set(['11:00']));
    expect(
      (
        await t.admin.put(`/rest/establishment/setting/${(await t.knex('setting').first('id')).id}`, {
          arrivalTime: '25:00',
        })
      ).status,
    ).toBe(400);
  });
});

describe('customer and customerResume', () => {
  it('refuses a customer without the fields made mandatory, in French per field', async () => {
    await prefs({ customerRequiresEmail: true, customerRequiresAddress: true });
    const r = await t.admin.post('/rest/customer', { lastName: 'Sansmail', firstName: 'Paul' });
    expect(r.status).toBe(400);
    expect(r.body.errors).toMatchObject({
      email: 'Champ obligatoire',
      address1: 'Champ obligatoire',
      postalCode: 'Champ obligatoire',
      town: 'Champ obligatoire',
    });
    const ok = await t.admin.post('/rest/customer', {
      lastName: 'Avecmail',
      email: 'a@exemple.fr',
      address1: '1 rue du Port',
      postalCode: '56340',
      town: 'Carnac',
    });
    expect(ok.status, ok.text).toBe(200);
  });

  it('leaves the cancelled stays out of the resume when asked', async () => {
    const own = (await makeCustomer(t.admin)).id;
    const kept = await book(t.admin, ref, {
      placeId: (await makePlace(t.admin, ref)).id,
      customerId: own,
      startDate: addDays(today, 70),
      endDate: addDays(today, 72),
    });
    const gone = await book(t.admin, ref, {
      placeId: (await makePlace(t.admin, ref)).id,
      customerId: own,
      startDate: addDays(today, 80),
      endDate: addDays(today, 82),
    });
    await act(t.admin, gone.booking.id, 'cancel', { reason: 'Annulé' });
    const ids = async () => (await t.admin.get(`/rest/customer/${own}/resume`)).body.stays.map((s: any) => s.id).sort();
    expect(await ids()).toEqual([kept.booking.id, gone.booking.id].sort());
    await prefs({ customerResumeCancelledStays: false });
    expect(await ids()).toEqual([kept.booking.id]);
  });
});

describe('history: an option made in the wizard', () => {
  it('says it was made an option, and a later conversion reads from → to', async () => {
    const placeId = (await makePlace(t.admin, ref)).id;
    const start = addDays(today, 90);
    const draft = await t.admin.post('/rest/booking/create', {
      temporary: true,
      kind: 'booking',
      occupancies: [
        {
          placeId,
          startDate: start,
          endDate: addDays(start, 2),
          details: [{ ageCategoryId: ref.ages.adult, quantity: 2 }],
        },
      ],
    });
    const id = draft.body.booking.id;
    await t.admin.put(`/rest/planning/draft/${id}`, { customerId });
    const r = await t.admin.post(`/rest/planning/draft/${id}/finalize`, {
      kind: 'option',
      optionExpiryDate: addDays(today, 5),
    });
    expect(r.status, r.text).toBe(200);
    expect(await lines(id)).not.toContain('Conversion : Réservation → Option');
    expect(await lines(id)).toContain(`Posée en option jusqu'au ${addDays(today, 5).split('-').reverse().join('/')}`);
    await act(t.admin, id, 'convert', { kind: 'booking' });
    expect((await lines(id))[0]).toBe('Conversion : Option → Réservation');
  });
});
