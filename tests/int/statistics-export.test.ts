// The statistics sent to an outside service (module `statistics`: « Adresse d'envoi »,
// « Années de référence »): after a regeneration a real HTTP server started here
// receives the documented JSON, its figures equal to the independent SQL; a server that
// fails gives the §8 (docs/errors.md#messages) message on the parameters screen's state and is tried again by the
// job once its delay has passed; « Envoyer maintenant » sends on demand.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { seedEdgeCases } from '../statistics-data';
import { occupiedByType, revenueOfNights } from './statistics-sql';
import { nightlyRegeneration, applyStatisticsQueue } from '../../api/domain/statistics/jobs';
import { RETRY_FIRST_MS } from '../../api/domain/statistics/export-send';
import { MESSAGES } from '../../common/messages';
import { todayParis } from '../../common/dates';

const Y = 2025;
let t: TestServer;
let http: Server;
/** What the outside service answers next, and what it received. */
let answer = 200;
const received: { url: string; type: string; body: any }[] = [];
let moduleId: number;

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = '';
    req.on('data', (c) => (s += c));
    req.on('end', () => resolve(s));
  });

beforeAll(async () => {
  http = createServer(async (req, res) => {
    const body = await readBody(req);
    if (answer === 200) received.push({ url: req.url!, type: req.headers['content-type']!, body: JSON.parse(body) });
    res.writeHead(answer, { 'Content-Type': 'text/plain' }).end(answer === 200 ? 'ok' : 'internal details');
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  t = await startTestServer();
  await seedEdgeCases(t.knex, Y);
  const port = (http.address() as AddressInfo).port;
  [{ id: moduleId }] = await t
    .knex('module_config')
    .insert({
      kind: 'statistics',
      label: 'Observatoire du tourisme',
      isActive: true,
      settings: { exportUrl: `http://127.0.0.1:${port}/receive?key=secret-key`, referenceYears: 2 },
    })
    .returning('id');
});
afterAll(async () => {
  await t?.close();
  http?.closeAllConnections();
  await new Promise((r) => http?.close(r));
});

describe('sending the statistics', () => {
  it('after the nightly regeneration: the JSON of the record’s years, equal to the raw SQL', async () => {
    expect(await nightlyRegeneration(t.knex)).toBe('done');
    expect(received).toHaveLength(1);
    const { url, type, body } = received[0];
    expect(url).toBe('/receive?key=secret-key');
    expect(type).toMatch(/^application\/json/);
    const now = Number(todayParis().slice(0, 4));
    expect(body).toMatchObject({
      format: 'bivouac-statistics/1',
      source: { id: moduleId },
      years: [now, now - 1, now - 2],
    });
    // July of the edge cases' year, tourist park: nights and accommodation as the raw stays say.
    const july = body.months.find((m: any) => m.month === `${Y}-07` && m.park === 'tourist');
    const nights = [...(await occupiedByType(t.knex, `${Y}-07-01`, `${Y}-08-01`)).values()].reduce((a, b) => a + b, 0);
    expect(july.occupiedNights).toBe(nights);
    expect(july.accommodation).toBe((await revenueOfNights(t.knex, `${Y}-07-01`, `${Y}-08-01`)).accommodation);
    expect(july.occupancyBp).toBe(Math.round((july.occupiedNights * 10_000) / july.availableNights));
    const types = body.placeTypes.filter((p: any) => p.year === Y && p.park === 'tourist');
    const byType = await occupiedByType(t.knex, `${Y}-01-01`, `${Y + 1}-01-01`);
    for (const p of types) expect(p.occupiedNights, p.placeType).toBe(byType.get(p.placeTypeId) ?? 0);
    const s = await t.admin.get('/rest/stat/status');
    expect(s.body.exports).toEqual([
      expect.objectContaining({ id: moduleId, host: expect.stringMatching(/^127\.0\.0\.1:\d+$/), status: 'sent' }),
    ]);
    expect(JSON.stringify(s.body)).not.toContain('secret-key');
  });

  it('a failing service: the §8 message, then sent again by the job once its delay has passed', async () => {
    answer = 500;
    const r = await t.admin.post('/rest/stat/send', {});
    expect(r.status).toBe(200);
    expect(r.body.results).toEqual([
      expect.objectContaining({ status: 'failed', message: MESSAGES.STATS_SERVICE_DOWN }),
    ]);
    const s = await t.admin.get('/rest/stat/status');
    expect(s.body.exports[0]).toMatchObject({ status: 'failed', error: `${MESSAGES.STATS_SERVICE_DOWN} (HTTP 500)` });
    expect(JSON.stringify(s.body)).not.toContain('internal details');
    // The job does not try before the delay…
    await applyStatisticsQueue(t.knex);
    expect((await t.knex('stat_export').where('moduleConfigId', moduleId).first()).failures).toBe(1);
    // …and sends once it has passed and the service is back.
    answer = 200;
    await t
      .knex('stat_export')
      .where('moduleConfigId', moduleId)
      .update({ nextAttemptAt: new Date(Date.now() - 1000) });
    const before = received.length;
    await applyStatisticsQueue(t.knex);
    expect(received.length).toBe(before + 1);
    expect(await t.knex('stat_export').where('moduleConfigId', moduleId).first()).toMatchObject({
      status: 'sent',
      failures: 0,
      nextAttemptAt: null,
    });
  });

  it('an unreachable address and a growing delay; no address: « Envoyer maintenant » says so', async () => {
    await t
      .knex('module_config')
      .where('id', moduleId)
      .update({ settings: { exportUrl: 'http://127.0.0.1:1/closed', referenceYears: 1 } });
    for (const failures of [1, 2]) {
      const r = await t.admin.post('/rest/stat/send', {});
      expect(r.body.results[0].message).toBe(MESSAGES.STATS_SERVICE_DOWN);
      const row = await t.knex('stat_export').where('moduleConfigId', moduleId).first();
      expect(row).toMatchObject({ failures, errorCode: 'injoignable' });
      const wait = new Date(row.nextAttemptAt).getTime() - new Date(row.attemptedAt).getTime();
      expect(wait).toBe(RETRY_FIRST_MS * 2 ** (failures - 1));
    }
    await t.knex('module_config').where('id', moduleId).update({ isActive: false });
    const r = await t.admin.post('/rest/stat/send', {});
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(MESSAGES.STATS_NO_EXPORT_TARGET);
    // The job drops the row of a record no longer configured.
    await t.knex('stat_export').update({ nextAttemptAt: new Date(Date.now() - 1000) });
    await applyStatisticsQueue(t.knex);
    expect(await t.knex('stat_export').count({ n: '*' })).toEqual([{ n: 0 }]);
  });
});
