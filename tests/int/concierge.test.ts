// Concierge (issue 30, docs/history.md#issue-30) over HTTP: a service of the catalogue ordered for a guest becomes an
// extra of the stay priced by the engine, with its date and time; the day's list for the
// provider as a screen answer and a CSV, e-mailed to the module's contactEmail by the
// morning job (once a day) and on demand, through a real SMTP server started here.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ParsedMail } from 'mailparser';
import { startSmtpCapture, type SmtpCapture } from './smtp-capture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { postOk, unique } from './http-helpers';
import { bookStay, campsite, type Campsite } from './billing-fixtures';
import { addDays, todayParis } from '../../common/dates';
import { processQueue } from '../../api/domain/mail/queue';
import { sendDailyConciergeList } from '../../api/domain/concierge/daily';

process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'bivouac-concierge-'));

let t: TestServer;
let c: Campsite;
let smtp: SmtpCapture;
const received: ParsedMail[] = [];
const extras: Record<string, number> = {};
let stay: { bookingId: number; occupancyId: number; total: number };
const today = todayParis();
const tomorrow = addDays(today, 1);

beforeAll(async () => {
  smtp = await startSmtpCapture(received);
  t = await startTestServer();
  c = await campsite(t, 1);
  const post = (path: string, body: unknown) => postOk(t.admin, path, body);
  const smtpSet = await t.admin.put('/rest/email-configuration', {
    host: '127.0.0.1',
    port: smtp.port,
    security: 'none',
    fromAddress: 'accueil@pins-bleus.fr',
  });
  expect(smtpSet.status, smtpSet.text).toBe(200);
  const grid = await t.knex('price_grid').where('placeTypeId', c.type).first('id');
  const period = await post('/rest/price-grid-period', {
    priceGridId: grid.id,
    label: 'Saison',
    startDate: addDays(today, -30),
    endDate: addDays(today, 30),
    pricePerNight: 2000,
  });
  // Bread, 1,50 € by the grid, is a concierge service; electricity is an extra, not a service.
  extras.bread = (await post('/rest/extra', { label: unique('Pain '), isConcierge: true })).id;
  extras.power = (await post('/rest/extra', { label: unique('Électricité ') })).id;
  const option = await post('/rest/price-grid-option', { priceGridId: grid.id, extraId: extras.bread });
  const priced = await t.admin.put(`/rest/pricing/grid/${grid.id}/option/${option.id}/prices`, {
    prices: [{ priceGridPeriodId: period.id, price: 150 }],
  });
  expect(priced.status, priced.text).toBe(200);
  stay = await bookStay(t, c, c.places[0], today, addDays(today, 3));
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const order = (body: Record<string, unknown>) =>
  t.admin.post('/rest/concierge/order', {
    occupancyId: stay.occupancyId,
    extraId: extras.bread,
    quantity: 2,
    serviceDate: tomorrow,
    serviceTime: '08:00',
    ...body,
  });

describe('concierge orders', () => {
  it('orders bread as an extra of the stay priced by the engine, at its date and time', async () => {
    const r = await order({ note: '=pas trop cuites' });
    expect(r.status, r.text).toBe(200);
    const booking = (await t.admin.get(`/rest/booking/${stay.bookingId}/summary`)).body.booking;
    expect(booking.totalAmount).toBe(stay.total + 300);
    expect(
      await t.knex('occupancy_extra').where('occupancyId', stay.occupancyId).select('startDate', 'endDate'),
    ).toEqual([{ startDate: tomorrow, endDate: addDays(tomorrow, 1) }]);
    await order({ quantity: 1, serviceTime: '07:30', note: null });
    const list = (await t.admin.get(`/rest/concierge/order-list?date=${tomorrow}`)).body;
    expect(list.rows.map((o: any) => [o.serviceTime, o.quantity])).toEqual([
      ['07:30', 1],
      ['08:00', 2],
    ]);
    expect(list.services.map((s: any) => s.id)).toEqual([extras.bread]);
    // refused: an extra that is not a service, a day outside the stay, an hour that is none
    expect((await order({ extraId: extras.power })).body.code).toBe('CONCIERGE_NOT_SERVICE');
    expect((await order({ serviceDate: addDays(today, 5) })).body.code).toBe('CONCIERGE_OUTSIDE_STAY');
    expect((await order({ serviceTime: '25:00' })).status).toBe(400);
  });

  it('gives the day’s list as CSV, formulas neutralised', async () => {
    const r = await t.admin.get(`/rest/concierge/daily-export?date=${tomorrow}`);
    expect(r.status).toBe(200);
    const lines = r.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Heure;Service;Quantité;Emplacement;Client;Séjour;Remarque');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/^08:00;Pain \d+;2;/);
    expect(lines[2]).toContain(";'=pas trop cuites");
  });

  it('mails the list to contactEmail each morning once, and on demand', async () => {
    // no module: nothing to send, and the screen says why
    expect((await t.admin.post('/rest/concierge/daily-send', { date: tomorrow })).body.code).toBe('CONCIERGE_NO_EMAIL');
    const mod = (await t.admin.get('/rest/establishment/module?range=[0,99]')).body.find(
      (m: any) => m.kind === 'concierge-service',
    );
    const put = await t.admin.put(`/rest/establishment/module/${mod.id}`, {
      ...mod,
      isActive: true,
      settings: { contactEmail: 'boulangerie@example.org' },
    });
    expect(put.status, put.text).toBe(200);
    const morning = new Date(`${tomorrow}T05:30:00Z`); // 06:30 or 07:30 in Paris
    expect(await sendDailyConciergeList(t.knex, { now: new Date(`${tomorrow}T02:00:00Z`) })).toBe('not-yet');
    expect(await sendDailyConciergeList(t.knex, { now: morning })).toBe('queued');
    expect(await sendDailyConciergeList(t.knex, { now: morning })).toBe('already-sent');
    await processQueue(t.knex);
    const m = received.at(-1)!;
    expect((m.to as any).value[0].address).toBe('boulangerie@example.org');
    expect(m.subject).toMatch(/^Conciergerie : commandes du \d\d\/\d\d\/\d{4}$/);
    expect(m.text).toContain('2 commandes');
    expect(m.attachments[0].filename).toBe(`conciergerie-${tomorrow}.csv`);
    expect(m.attachments[0].content.toString('utf8')).toContain('07:30;');
    const before = received.length;
    const now = await t.admin.post('/rest/concierge/daily-send', { date: tomorrow });
    expect(now.body).toEqual({ outcome: 'queued' });
    expect(received.length).toBe(before + 1);
  });

  it('cancels an order: the extra leaves the stay, priced again', async () => {
    const list = (await t.admin.get(`/rest/concierge/order-list?bookingId=${stay.bookingId}`)).body.rows;
    for (const o of list) expect((await t.admin.post(`/rest/concierge/order/${o.id}/cancel`)).status).toBe(200);
    expect((await t.admin.get(`/rest/booking/${stay.bookingId}/summary`)).body.booking.totalAmount).toBe(stay.total);
    expect(await t.knex('concierge_order').count({ n: '*' })).toEqual([{ n: 0 }]);
  });
});
