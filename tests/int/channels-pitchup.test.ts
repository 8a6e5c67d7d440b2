// The Pitchup connector against the in-process fake built from Pitchup's public API guide:
// a season pulled over pages and integrated priced as sold and paid as collected, the
// same booking twice (pulled again, pushed by webhook), a modification and a cancellation,
// a 429 storm, a 5xx, a wrong key, a conflict with the free places offered, availability
// pushed after a booking, a cancellation and a planning move.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { startFakePitchup, pitchupBooking, type FakePitchup } from './fakes/pitchup';
import { accessChannel, channelModule, channelPlaces, mapType, postWebhook } from './channels-fixtures';
import { runOperation } from '../../api/domain/channels/runner';
import { loadChannel, type ChannelConfig } from '../../api/domain/channels/config';
import { channelTick } from '../../api/domain/channels/scheduler';
import { addDays } from '../../common/dates';

let t: TestServer;
let fake: FakePitchup;
let ch: ChannelConfig;
let placeTypeId: number;
let placeIds: number[];
const SECRET = 'secret-du-webhook-pitchup';
const START = '2031-04-01';
const stamp = (i: number) => new Date(Date.UTC(2031, 0, 1, 0, 0, i)).toISOString();

const reload = async () => (ch = (await loadChannel(t.knex, ch.id))!);
const importOf = (ref: string) => t.knex('booking_import').where({ channelModuleId: ch.id, externalRef: ref }).first();

beforeAll(async () => {
  t = await startTestServer();
  fake = await startFakePitchup();
  ({ placeTypeId, placeIds } = await channelPlaces(t, 4));
  const access = await accessChannel(t, 'PUPTEST');
  ch = await channelModule(t, 'Pitchup test', 'Pitchup', {
    connector: 'pitchup',
    apiUrl: fake.url,
    apiKey: fake.key,
    webhookSecret: SECRET,
    accessChannelId: access,
    pushAvailability: true,
  });
  await mapType(t, ch.id, '101', placeTypeId);
  // A season: 120 two-night stays, four a time slot (one per place), over two pages of 100.
  for (let i = 0; i < 120; i++) {
    const arrive = addDays(START, Math.floor(i / 4) * 3);
    fake.bookings.push(
      pitchupBooking(fake.url, {
        id: `PU${i}`,
        arrive,
        depart: addDays(arrive, 2),
        pitchtype: 101,
        modified: stamp(i),
      }),
    );
  }
});

afterAll(async () => {
  await fake?.close();
  await t?.close();
});

describe('Pitchup connector', () => {
  it('pulls a season over pages: every booking one stay, priced as sold, paid as collected', async () => {
    const r = await runOperation(t.knex, ch, 'pull');
    expect(r, JSON.stringify(r)).toMatchObject({ ok: true, items: 120 });
    const gets = fake.requests.filter((q) => q.method === 'GET');
    expect(gets.length).toBe(2);
    expect(gets.every((q) => q.accept === 'application/json; version=2023-08-25')).toBe(true);
    const imports = await t.knex('booking_import').where('channelModuleId', ch.id);
    expect(imports.length).toBe(120);
    expect(imports.filter((i) => i.bookingId == null).map((i) => i.problem)).toEqual([]);
    const stay = await t.knex('booking').where('id', imports[0].bookingId).first();
    expect(stay.statusId).toBe(13);
    expect(stay.channelPriced).toBe(true);
    // The channel's 96,00 € is the stay's price (the tourist tax, owed on site, comes on top).
    expect(stay.totalAmount - (stay.touristTaxAmount ?? 0)).toBe(9600);
    const paid = await t.knex('payment').where('bookingId', stay.id).sum({ s: 'amount' }).first();
    expect(Number(paid!.s)).toBe(9600);
    // Acknowledged: each Pitchup booking got our stay's number as external_id.
    expect(fake.patches.length).toBe(120);
    expect(fake.patches[0].body.external_id).toBe(stay.code);
  }, 300_000); // a season: 120 stays created, priced and paid one after the other

  it('a booking pulled again or pushed by the webhook stays one stay', async () => {
    await t.knex('channel_state').where('moduleId', ch.id).update({ cursor: null });
    const again = await runOperation(t.knex, ch, 'pull');
    expect(again.ok).toBe(true);
    expect(again.message).toContain('120 inchangée(s)');
    const b = fake.bookings[5];
    const w = await postWebhook(
      t,
      ch.id,
      {
        booking: {
          id: b.pretty_id,
          status: 'confirmed',
          modifiedAt: b.modified,
          roomType: '101',
          arrival: b.arrive,
          departure: b.depart,
          guest: { lastName: b.last_name },
          adults: 2,
          total: 9600,
          collected: 9600,
        },
      },
      SECRET,
    );
    expect(w.status).toBe(200);
    expect(w.body.outcome).toBe('unchanged');
    expect(await t.knex('booking').where('accessChannelId', ch.accessChannelId).count({ n: '*' })).toEqual([
      { n: 120 },
    ]);
  });

  it('a modification and a cancellation from Pitchup change the stay', async () => {
    const moved = fake.bookings[0];
    moved.arrive = '2031-09-10';
    moved.depart = '2031-09-14';
    moved.price = { amount: '180.00', currency: 'EUR' };
    moved.accommodation_cost = moved.price;
    moved.total_paid = { amount: '150.00', currency: 'EUR' };
    moved.modified = stamp(500);
    const gone = fake.bookings[1];
    gone.status = 'cancelled';
    gone.modified = stamp(501);
    const r = await runOperation(t.knex, ch, 'pull');
    expect(r.message).toContain('1 modifiée(s)');
    const imp = await importOf('PU0');
    const stay = await t.knex('booking').where('id', imp.bookingId).first();
    expect([stay.startDate, stay.endDate]).toEqual(['2031-09-10', '2031-09-14']);
    expect(stay.totalAmount - (stay.touristTaxAmount ?? 0)).toBe(18000);
    const paid = await t.knex('payment').where('bookingId', stay.id).sum({ s: 'amount' }).first();
    expect(Number(paid!.s)).toBe(15000);
    const cancelled = await t
      .knex('booking')
      .where('id', (await importOf('PU1')).bookingId)
      .first();
    expect(cancelled.statusId).toBe(9);
    const history = await t.knex('post_history').where({ recordId: stay.id }).pluck('detail');
    expect(history.join('\n')).toContain('Modifiée par le canal Pitchup test');
  });

  it('a 429 storm is waited for, then left to the back-off with its French message', async () => {
    fake.failures.push(...Array.from({ length: 3 }, () => ({ status: 429, headers: { 'Retry-After': '1' } })));
    const r = await runOperation(t.knex, ch, 'pull');
    expect(r.ok).toBe(false);
    expect(r.message).toBe('Le canal limite les appels : nouvel essai dans 1 s');
    const s = await t.knex('channel_state').where('moduleId', ch.id).first();
    expect(s.failingSince).not.toBeNull();
    fake.failures.push({ status: 429, headers: { 'Retry-After': '1' } });
    expect((await runOperation(t.knex, ch, 'pull')).ok).toBe(true);
    expect((await t.knex('channel_state').where('moduleId', ch.id).first()).failingSince).toBeNull();
  });

  it('a 5xx and a wrong key are errors in French, the key never in the log', async () => {
    fake.failures.push({ status: 503 });
    expect((await runOperation(t.knex, ch, 'pull')).message).toBe('Le canal ne répond pas (erreur 503)');
    fake.key = 'another-key';
    const r = await runOperation(t.knex, ch, 'pull');
    expect(r.message).toBe("Clé d'API refusée par le canal");
    const s = await t.knex('channel_state').where('moduleId', ch.id).first();
    expect(new Date(s.nextAttemptAt).getTime()).toBeGreaterThan(Date.now() + 10 * 60_000);
    const log = await t.knex('channel_sync_log').where('moduleId', ch.id).pluck('message');
    expect(log.join(' ')).not.toContain('pitchup-test-key');
    fake.key = 'pitchup-test-key';
  });

  it('a booking for a taken place waits in the queue with the free places of its type', async () => {
    await t
      .knex('channel_mapping')
      .insert({ moduleId: ch.id, kind: 'place-feed', externalCode: '9001', placeId: placeIds[0] });
    // Reception has sold place 0 for those nights.
    const customer = await t.admin.post('/rest/customer', { lastName: 'Accueil', firstName: 'Test' });
    const desk = await t.admin.post('/rest/booking/create', {
      kind: 'booking',
      customerId: customer.body.id,
      occupancies: [{ placeId: placeIds[0], startDate: '2031-10-01', endDate: '2031-10-05', details: [] }],
    });
    expect(desk.status, desk.text).toBe(200);
    fake.bookings.push(
      pitchupBooking(fake.url, {
        id: 'PUX',
        arrive: '2031-10-02',
        depart: '2031-10-04',
        pitchtype: 101,
        pitch: 9001,
        modified: stamp(900),
      }),
    );
    await runOperation(t.knex, ch, 'pull');
    const imp = await importOf('PUX');
    expect(imp.bookingId).toBeNull();
    expect(imp.problem).toBe(
      "L'emplacement demandé par le canal est déjà occupé : choisissez un des emplacements libres",
    );
    expect(imp.freePlaceIds).toEqual(placeIds.slice(1));
    const r = await t.admin.post(`/rest/booking-import/${imp.id}/integrate`, { placeId: imp.freePlaceIds[0] });
    expect(r.status, r.text).toBe(200);
    const occ = await t.knex('occupancy').where('bookingId', r.body.booking.id).first();
    expect(occ.placeId).toBe(placeIds[1]);
  });

  it('availability is pushed after a booking, a cancellation and a move, within the debounce', async () => {
    await reload();
    const first = await runOperation(t.knex, ch, 'push-availability', { full: true });
    expect(first.ok).toBe(true);
    const night = '2027-02-02';
    const allocation = () =>
      fake.allocations.filter((a) => a.date === night && a.pitchtype.endsWith('/pitchtype/101/')).at(-1)
        ?.max_allocation;
    expect(allocation()).toBe(4);
    const customer = await t.admin.post('/rest/customer', { lastName: 'Dispo', firstName: 'Test' });
    const desk = await t.admin.post('/rest/booking/create', {
      kind: 'booking',
      customerId: customer.body.id,
      occupancies: [{ placeId: placeIds[2], startDate: '2027-02-01', endDate: '2027-02-04', details: [] }],
    });
    expect(desk.status, desk.text).toBe(200);
    const later = (ms: number) => new Date(Date.now() + ms);
    // Debounced: nothing before the changes have been quiet for a while, pushed within a minute.
    await channelTick(t.knex, later(1_000));
    expect(allocation()).toBe(4);
    await channelTick(t.knex, later(60_000));
    expect(allocation()).toBe(3);
    const occ = await t.knex('occupancy').where('bookingId', desk.body.booking.id).first();
    const move = await t.admin.post('/rest/planning/move', {
      kind: 'occupancy',
      id: occ.id,
      placeId: placeIds[3],
      startDate: '2027-02-05',
      endDate: '2027-02-08',
      force: true,
    });
    expect(move.status, move.text).toBe(200);
    await channelTick(t.knex, later(60_000));
    expect(allocation()).toBe(4);
    expect(fake.allocations.filter((a) => a.date === '2027-02-06').at(-1)?.max_allocation).toBe(3);
    const cancel = await t.admin.post(`/rest/booking/${desk.body.booking.id}/cancel`, { reason: 'Test' });
    expect(cancel.status, cancel.text).toBe(200);
    await channelTick(t.knex, later(60_000));
    expect(fake.allocations.filter((a) => a.date === '2027-02-06').at(-1)?.max_allocation).toBe(4);
  });
});
