// Bookings pushed by a channel's signed webhook (the channels without a public API):
// a bad signature is refused and logged, a good one joins the queue; the race of 20
// channel bookings and 20 reception bookings for the last place of a type leaves exactly
// one stay per place-night; the iCal feeds read by Mozilla's parser, and a channel's feed
// made by ical-generator imported into blocked periods.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import ical from 'ical-generator';
import { startTestServer, type TestServer } from './harness';
import { accessChannel, channelModule, channelPlaces, mapType, postWebhook } from './channels-fixtures';
import type { ChannelConfig } from '../../api/domain/channels/config';
import { runOperation } from '../../api/domain/channels/runner';
import { addDays, todayParis } from '../../common/dates';

let t: TestServer;
let ch: ChannelConfig;
const SECRET = 'un-secret-partage-avec-elloha';

const booking = (id: string, arrival: string, departure: string, extra: Record<string, unknown> = {}) => ({
  event: 'booking',
  booking: {
    id,
    status: 'confirmed',
    modifiedAt: new Date().toISOString(),
    roomType: 'MH-LUXE',
    arrival,
    departure,
    guest: { lastName: `Dupont${id}`, firstName: 'Léa', email: `${id.toLowerCase()}@example.fr`, country: 'FR' },
    adults: 2,
    children: 1,
    childAges: [7],
    currency: 'EUR',
    total: 43800,
    collected: 43800,
    commission: 6570,
    lines: [
      { kind: 'accommodation', label: 'Mobil-home luxe, 4 nuits', quantity: 1, amount: 40000 },
      { kind: 'fee', label: 'Frais de dossier', quantity: 1, amount: 3800 },
    ],
    ...extra,
  },
});

beforeAll(async () => {
  t = await startTestServer();
  const access = await accessChannel(t, 'ELLOHA');
  ch = await channelModule(t, 'elloha', 'Elloha', {
    connector: 'webhook',
    webhookSecret: SECRET,
    accessChannelId: access,
  });
});

afterAll(async () => {
  await t?.close();
});

describe('Channel webhook', () => {
  it('refuses a bad or missing signature, logged in the sync log, and queues nothing', async () => {
    const { placeTypeId } = await channelPlaces(t, 2);
    await mapType(t, ch.id, 'MH-LUXE', placeTypeId);
    const body = booking('EL1', '2031-06-01', '2031-06-05');
    expect((await postWebhook(t, ch.id, body, 'not-the-secret')).status).toBe(401);
    const none = await postWebhook(t, ch.id, body, null);
    expect(none.status).toBe(401);
    expect(none.body.message).toBe('Signature du webhook invalide');
    expect(await t.knex('booking_import').where('channelModuleId', ch.id).count({ n: '*' })).toEqual([{ n: 0 }]);
    const log = await t.knex('channel_sync_log').where({ moduleId: ch.id, operation: 'webhook', ok: false });
    expect(log.length).toBe(2);
  });

  it('a signed booking: a stay at the price and lines sold, paid as collected, child mapped by age', async () => {
    const r = await postWebhook(t, ch.id, booking('EL2', '2031-06-10', '2031-06-14'), SECRET);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.outcome).toBe('integrated');
    const imp = await t.knex('booking_import').where({ channelModuleId: ch.id, externalRef: 'EL2' }).first();
    expect(imp.commissionAmount).toBe(6570);
    const stay = await t.knex('booking').where('id', imp.bookingId).first();
    expect(stay.totalAmount - (stay.touristTaxAmount ?? 0)).toBe(43800);
    const occ = await t.knex('occupancy').where('bookingId', stay.id).first();
    const labels = occ.pricedQuote.quote.lines.map((l: any) => l.label);
    expect(labels).toEqual(expect.arrayContaining(['Mobil-home luxe, 4 nuits', 'Frais de dossier']));
    const persons = await t.knex('occupancy_detail').where('occupancyId', occ.id).sum({ n: 'quantity' }).first();
    expect(Number(persons!.n)).toBe(3);
    // A user moving it on the planning does not reprice it; « Recalculer le prix » does.
    const reprice = await t.admin.post(`/rest/booking/${stay.id}/reprice`, {});
    expect(reprice.status, reprice.text).toBe(200);
    expect((await t.knex('booking').where('id', stay.id).first()).channelPriced).toBe(false);
  });

  it('race: 20 channel bookings and 20 reception bookings for the last place — one stay per place-night', async () => {
    const { placeTypeId, placeIds } = await channelPlaces(t, 1);
    await t.knex('channel_mapping').insert({ moduleId: ch.id, kind: 'place-type', externalCode: 'LAST', placeTypeId });
    const customer = (await t.admin.post('/rest/customer', { lastName: 'Course', firstName: 'Test' })).body.id;
    const [from, to] = ['2031-08-01', '2031-08-08'];
    const results = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) =>
        postWebhook(t, ch.id, booking(`RACE${i}`, from, to, { roomType: 'LAST' }), SECRET).then((r) => ({
          who: 'channel',
          ...r,
        })),
      ),
      ...Array.from({ length: 20 }, () =>
        t.admin
          .post('/rest/booking/create', {
            kind: 'booking',
            customerId: customer,
            occupancies: [{ placeId: placeIds[0], startDate: from, endDate: to, details: [] }],
          })
          .then((r) => ({ who: 'desk', status: r.status, body: r.body })),
      ),
    ]);
    expect(results.every((r) => r.status === 200 || r.status === 400 || r.status === 409)).toBe(true);
    const held = await t.knex('place_reservation').where('placeId', placeIds[0]);
    expect(held.length).toBe(1);
    const integrated = results.filter((r) => r.who === 'channel' && r.body?.outcome === 'integrated').length;
    const desk = results.filter((r) => r.who === 'desk' && r.status === 200).length;
    expect(integrated + desk).toBe(1);
    const waiting = await t
      .knex('booking_import')
      .where('channelModuleId', ch.id)
      .where('externalRef', 'like', 'RACE%')
      .whereNull('bookingId');
    expect(waiting.length).toBe(20 - integrated);
    expect(new Set(waiting.map((w) => w.problem))).toEqual(
      new Set(['Aucun emplacement libre de ce type pour ces dates : la réservation du canal reste à traiter']),
    );
  });

  it('10 channel bookings at once for a type of 10 free places: all integrated, none queued', async () => {
    const { placeTypeId } = await channelPlaces(t, 10);
    await t.knex('channel_mapping').insert({ moduleId: ch.id, kind: 'place-type', externalCode: 'TEN', placeTypeId });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        postWebhook(t, ch.id, booking(`TEN${i}`, '2031-09-01', '2031-09-05', { roomType: 'TEN' }), SECRET),
      ),
    );
    expect(results.map((r) => r.body?.outcome)).toEqual(Array(10).fill('integrated'));
  });

  it('the home tile counts a channel failing for more than an hour, and the health screen says why', async () => {
    const tile = async () =>
      ((await t.admin.get('/rest/home/tiles')).body.tiles as any[]).find((x) => x.key === 'channel-failures');
    expect((await tile()).count).toBe(0);
    await t.knex.raw(
      `INSERT INTO channel_state (module_id, failing_since, last_error, last_error_at)
       VALUES (?, now() - interval '2 hours', 'Canal injoignable', now())
       ON CONFLICT (module_id) DO UPDATE SET failing_since = EXCLUDED.failing_since, last_error = EXCLUDED.last_error`,
      [ch.id],
    );
    expect(await tile()).toMatchObject({
      count: 1,
      warning: 'Un canal ne se synchronise plus : consultez l’état des canaux',
    });
    const health = (await t.admin.get('/rest/channel/health')).body.channels.find((c: any) => c.id === ch.id);
    expect(health).toMatchObject({ lastError: 'Canal injoignable', connector: 'webhook' });
    expect(health.runs24h).toBeGreaterThan(0);
    await t.knex('channel_state').where('moduleId', ch.id).update({ failingSince: null });
  });

  it('serves iCal feeds of busy nights, read by ical.js; a wrong token is a 404', async () => {
    const { placeTypeId, placeIds } = await channelPlaces(t, 1);
    await t.knex('channel_mapping').insert({ moduleId: ch.id, kind: 'place-type', externalCode: 'ICAL', placeTypeId });
    const start = addDays(todayParis(), 20);
    const customer = (await t.admin.post('/rest/customer', { lastName: 'Ical', firstName: 'Test' })).body.id;
    const desk = await t.admin.post('/rest/booking/create', {
      kind: 'booking',
      customerId: customer,
      occupancies: [{ placeId: placeIds[0], startDate: start, endDate: addDays(start, 3), details: [] }],
    });
    expect(desk.status, desk.text).toBe(200);
    const links = await t.admin.get(`/rest/channel/${ch.id}/links`);
    expect(links.status, links.text).toBe(200);
    const place = links.body.places.find((p: any) => p.id === placeIds[0]);
    const type = links.body.placeTypes.find((p: any) => p.id === placeTypeId);
    for (const url of [place.url, type.url]) {
      const res = await fetch(url.replace(/^https?:\/\/[^/]+/, t.url));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/calendar');
      const comp = new ICAL.Component(ICAL.parse(await res.text()));
      const events = comp.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
      expect(events.map((e) => [e.startDate.toString(), e.endDate.toString()])).toEqual([[start, addDays(start, 3)]]);
    }
    const wrong = await fetch(`${t.url}/rest/ical/place/${placeIds[0]}/${'A'.repeat(32)}.ics`);
    expect(wrong.status).toBe(404);
  });

  it('imports an iCal feed (made by ical-generator) into blocked periods, freed when gone', async () => {
    const { placeIds } = await channelPlaces(t, 1);
    const start = addDays(todayParis(), 30);
    let events = [{ id: 'evt-1@channel', start, end: addDays(start, 4) }];
    const feed = createServer((_req, res) => {
      const cal = ical({ name: 'Canal' });
      const day = (s: string) => new Date(Number(s.slice(0, 4)), Number(s.slice(5, 7)) - 1, Number(s.slice(8, 10)));
      for (const e of events)
        cal.createEvent({ id: e.id, start: day(e.start), end: day(e.end), allDay: true, summary: 'Réservé' });
      res.writeHead(200, { 'Content-Type': 'text/calendar' });
      res.end(cal.toString());
    });
    await new Promise<void>((r) => feed.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/cal.ics`;
    const icalCh = await channelModule(t, 'Calendrier test', 'Giloo', { connector: 'ical' });
    await t
      .knex('channel_mapping')
      .insert({ moduleId: icalCh.id, kind: 'place-feed', externalCode: 'P1', placeId: placeIds[0], feedUrl: url });
    try {
      expect((await runOperation(t.knex, icalCh, 'ical-import')).ok).toBe(true);
      const blocks = await t.knex('unavailability').where({ channelModuleId: icalCh.id });
      expect(blocks.map((b) => [b.placeId, b.startDate, b.endDate, b.externalUid])).toEqual([
        [placeIds[0], start, addDays(start, 4), 'evt-1@channel'],
      ]);
      events = [];
      expect((await runOperation(t.knex, icalCh, 'ical-import')).ok).toBe(true);
      expect(await t.knex('unavailability').where({ channelModuleId: icalCh.id }).count({ n: '*' })).toEqual([
        { n: 0 },
      ]);
    } finally {
      await new Promise((r) => feed.close(r));
    }
  });
});
