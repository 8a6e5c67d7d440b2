// The surety module's provider routes (§7 (docs/api.md) module/surety, api/domain/surety/) against a
// local fake provider started here (node:http, port 0): a request it accepts is a
// guarantee « En cours », one it refuses answers 400 with its French message and keeps
// nothing, one whose deposit it holds is a guarantee « Détenue par le prestataire »
// shown by /guarantee-list; the amounts to remind; the surety function's rights; the
// hourly poll of the deposits' states (GET /deposits/{id}), one failure not stopping it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { postOk, unique } from './http-helpers';
import { bookStay, campsite, type Campsite } from './billing-fixtures';
import { userWithRights } from './security-helpers';
import { addDays, todayParis } from '../../common/dates';
import { pollSuretyStatuses } from '../../api/domain/surety/poll';
import { describeError } from '../../api/http/log';

let t: TestServer;
let c: Campsite;
let provider: Server;
/** what the fake provider answers next, per booking reference */
const answers = new Map<string, { status: number; body: unknown }>();
const received: { body: any; auth: string | undefined; login?: string | string[]; path: string | undefined }[] = [];
/** the deposits the fake provider knows (id → status), which a test may move */
const deposits = new Map<string, string>();
/** what the fake provider answers once to GET /deposits/{id} instead of the deposit's state */
const statusAnswers = new Map<string, { status: number; body: unknown }>();
const polled: { id: string; auth: string | undefined }[] = [];

beforeAll(async () => {
  provider = createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => {
      raw += d;
    });
    req.on('end', () => {
      const answer = (a: { status: number; body: unknown }) => {
        res.writeHead(a.status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(a.body));
      };
      const get = /^\/api\/deposits\/([^/]+)$/.exec(req.url ?? '');
      if (req.method === 'GET' && get) {
        const id = decodeURIComponent(get[1]);
        polled.push({ id, auth: req.headers.authorization });
        const once = statusAnswers.get(id);
        statusAnswers.delete(id); // a failure is answered once
        const state = deposits.get(id);
        answer(
          once ??
            (state ? { status: 200, body: { id, status: state } } : { status: 404, body: { message: 'inconnue' } }),
        );
        return;
      }
      const body = JSON.parse(raw);
      received.push({ body, auth: req.headers.authorization, login: req.headers['x-api-login'], path: req.url });
      const a = answers.get(body.reference) ?? {
        status: 200,
        body: { id: `sw-${received.length}`, status: 'requested' },
      };
      answers.delete(body.reference); // a refusal is answered once
      const b = a.body as { id?: string; status?: string };
      if (a.status === 200 && b.id && b.status) deposits.set(b.id, b.status);
      answer(a);
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  process.env.SURETY_PROVIDER_URL = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/api/`;
  process.env.SURETY_PROVIDER_KEY = 'cle-swikly';
  t = await startTestServer();
  c = await campsite(t, 2);
});
afterAll(async () => {
  for (const k of ['SURETY_PROVIDER_URL', 'SURETY_PROVIDER_KEY']) delete process.env[k];
  await t?.close();
  await new Promise<void>((resolve) => provider?.close(() => resolve()));
});

describe('surety provider', () => {
  const start = addDays(todayParis(), 3);
  let accepted: number, refused: number, held: number;
  const code = async (id: number) => (await t.knex('booking').where('id', id).first('code')).code as string;

  beforeAll(async () => {
    await postOk(t.admin, '/rest/establishment/module', {
      kind: 'surety',
      label: unique('Caution '),
      isActive: true,
      settings: { calcul: 1, nbdaySurety: 10, depositEuros: 300, apiLogin: 'camping-des-pins' },
    });
    const cust = async (lastName: string) =>
      (
        await postOk(t.admin, '/rest/customer', {
          lastName,
          firstName: 'Léa',
          email: `${lastName.toLowerCase()}@example.fr`,
        })
      ).id;
    accepted = (await bookStay(t, c, c.places[0], start, addDays(start, 2), await cust('Accepte'))).bookingId;
    refused = (await bookStay(t, c, c.places[1], start, addDays(start, 3), await cust('Refuse'))).bookingId;
    held = (await bookStay(t, c, c.places[0], addDays(start, 2), addDays(start, 4), await cust('Detenue'))).bookingId;
  });

  it('index gives the settings and the provider state, never its key', async () => {
    const r = await t.admin.get('/rest/module/surety/index');
    expect(r.status).toBe(200);
    expect(r.body.settings).toEqual({ calcul: 1, nbdaySurety: 10, nbdaySuretyReminder: 5, depositAmount: 30000 });
    expect(r.body.provider).toMatchObject({ name: 'Swikly', configured: true });
    expect(JSON.stringify(r.body)).not.toContain('cle-swikly');
  });

  it('calcul lists the stays to remind with their deposit', async () => {
    const r = await postOk(t.admin, '/rest/module/surety/booking/calcul', {});
    const mine = r.bookings.filter((b: any) => [accepted, refused, held].includes(b.bookingId));
    expect(mine.map((b: any) => [b.bookingId, b.depositAmount])).toEqual([
      [accepted, 30000],
      [refused, 30000],
      [held, 30000],
    ]);
  });

  it('send: accepted, refused once with the provider message, held; the guarantee rows follow', async () => {
    answers.set(await code(refused), { status: 422, body: { message: "L'adresse e-mail du locataire est refusée" } });
    answers.set(await code(held), { status: 200, body: { id: 'sw-held', status: 'held' } });
    const ok = await postOk(t.admin, '/rest/module/surety/swikly/send', { bookingIds: [accepted] });
    expect(ok.sent).toEqual([{ bookingId: accepted, state: 'requested' }]);
    expect(received.at(-1)).toMatchObject({
      path: '/api/deposits',
      auth: 'Bearer cle-swikly',
      // the module's « Identifiant d'API » names the campsite's account at the provider
      login: 'camping-des-pins',
      body: { reference: await code(accepted), amount: 30000, email: 'accepte@example.fr' },
    });

    const no = await t.admin.post('/rest/module/surety/swikly/send', { bookingIds: [refused] });
    expect(no.status).toBe(400);
    expect(no.body.message).toBe("Prestataire de caution : 422 L'adresse e-mail du locataire est refusée");
    expect(await t.knex('guarantee').where('bookingId', refused).first('id')).toBeUndefined();
    // the refusal was answered once: sent again, it is accepted
    expect((await postOk(t.admin, '/rest/module/surety/swikly/send', { bookingIds: [refused] })).sent[0].state).toBe(
      'requested',
    );

    expect((await postOk(t.admin, '/rest/module/surety/swikly/send', { bookingIds: [held] })).sent).toEqual([
      { bookingId: held, state: 'held' },
    ]);
    // the provider now holds the first one too: its row is updated, not doubled
    answers.set(await code(accepted), { status: 200, body: { id: 'sw-1b', status: 'held' } });
    await postOk(t.admin, '/rest/module/surety/swikly/send', { bookingIds: [accepted] });
    const rows = await t
      .knex('guarantee')
      .whereIn('bookingId', [accepted, refused, held])
      .orderBy('bookingId')
      .select('bookingId', 'kind', 'status', 'amount', 'provider');
    expect(rows).toEqual([
      { bookingId: accepted, kind: 'provider', status: 'provider-held', amount: 30000, provider: 'Swikly' },
      { bookingId: refused, kind: 'provider', status: 'in-progress', amount: 30000, provider: 'Swikly' },
      { bookingId: held, kind: 'provider', status: 'provider-held', amount: 30000, provider: 'Swikly' },
    ]);
    // a held deposit is not asked again
    const before = received.length;
    expect((await postOk(t.admin, '/rest/module/surety/swikly/send', { bookingIds: [held] })).sent).toEqual([
      { bookingId: held, state: 'held' },
    ]);
    expect(received.length).toBe(before);

    const list = await t.admin.get(
      `/rest/guarantee?filter=${encodeURIComponent(JSON.stringify({ bookingId: held }))}&range=[0,9]`,
    );
    expect(list.status).toBe(200);
    expect(list.body.map((g: any) => [g.bookingId, g.status, g.amount])).toEqual([[held, 'provider-held', 30000]]);
  });

  it('bookings gives each stay of the period its deposit state; calcul no longer lists them', async () => {
    const r = await postOk(t.admin, '/rest/module/surety/swikly/bookings', {
      startDate: start,
      endDate: addDays(start, 2),
    });
    const state = new Map(r.map((b: any) => [b.bookingId, b.state]));
    expect([state.get(accepted), state.get(refused), state.get(held)]).toEqual(['held', 'requested', 'held']);
    expect(r[0]).not.toHaveProperty('email');
    expect(
      (await t.admin.post('/rest/module/surety/swikly/bookings', { startDate: start, endDate: addDays(start, -1) }))
        .status,
    ).toBe(400);
    const calc = await postOk(t.admin, '/rest/module/surety/booking/calcul', {});
    expect(calc.bookings.some((b: any) => [accepted, refused, held].includes(b.bookingId))).toBe(false);
  });

  it('reading needs the surety read right, sending its write right; without a provider, a 400', async () => {
    const reader = (await userWithRights(t, { rights: { 'customer.surety': { rights: '001' } } })).client;
    const none = (await userWithRights(t, { rights: { 'booking.booking': { rights: '111' } } })).client;
    expect((await reader.get('/rest/module/surety/index')).status).toBe(200);
    expect(
      (await reader.post('/rest/module/surety/swikly/bookings', { startDate: start, endDate: start })).status,
    ).toBe(200);
    const before = received.length;
    expect((await reader.post('/rest/module/surety/swikly/send', { bookingIds: [refused] })).status).toBe(401);
    expect(received.length).toBe(before);
    expect((await none.get('/rest/module/surety/index')).status).toBe(401);
    expect((await none.post('/rest/module/surety/booking/calcul', {})).status).toBe(401);
    expect((await t.client().get('/rest/module/surety/index')).status).toBe(403);

    const url = process.env.SURETY_PROVIDER_URL;
    delete process.env.SURETY_PROVIDER_URL;
    try {
      const r = await t.admin.post('/rest/module/surety/swikly/send', { bookingIds: [refused] });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe("Aucun prestataire de caution n'est configuré (SURETY_PROVIDER_URL)");
      expect((await t.admin.get('/rest/module/surety/index')).body.provider).toEqual({
        name: 'Swikly',
        configured: false,
        host: null,
      });
    } finally {
      process.env.SURETY_PROVIDER_URL = url;
    }
  });

  describe('poll of the deposit states', () => {
    const rows = async () =>
      t
        .knex('guarantee')
        .whereIn('bookingId', [accepted, refused, held])
        .orderBy('bookingId')
        .select('bookingId', 'status', 'version', 'releasedOn', 'notes');
    const idOf = (notes: string) => notes.replace('Demande Swikly ', '');

    it('without a provider configured, nothing is asked', async () => {
      const url = process.env.SURETY_PROVIDER_URL;
      delete process.env.SURETY_PROVIDER_URL;
      try {
        expect(await pollSuretyStatuses(t.knex)).toEqual({ checked: 0, changed: 0, failed: 0 });
      } finally {
        process.env.SURETY_PROVIDER_URL = url;
      }
      expect(polled).toEqual([]);
    });

    it('asks each deposit in progress or held, with the key; unchanged states write nothing', async () => {
      const before = await rows();
      expect(await pollSuretyStatuses(t.knex)).toEqual({ checked: 3, changed: 0, failed: 0 });
      expect(polled.map((p) => p.id).sort()).toEqual(before.map((r) => idOf(r.notes)).sort());
      expect(polled.every((p) => p.auth === 'Bearer cle-swikly')).toBe(true);
      expect(await rows()).toEqual(before);
    });

    it('held, released, captured follow; a provider failing for one leaves it and updates the others', async () => {
      const before = await rows();
      const [a, r, h] = before.map((x) => idOf(x.notes));
      deposits.set(r, 'held');
      deposits.set(a, 'released');
      deposits.set(h, 'captured');
      statusAnswers.set(h, { status: 500, body: { message: 'Erreur pour Léa Detenue' } });
      const logged: string[] = [];
      expect(await pollSuretyStatuses(t.knex, undefined, (m, e) => logged.push(`${m} — ${describeError(e)}`))).toEqual({
        checked: 3,
        changed: 2,
        failed: 1,
      });
      expect(logged).toHaveLength(1);
      // the provider's message may quote the customer: never logged
      expect(logged[0]).toContain('SuretyProviderError');
      expect(logged[0]).not.toContain('Léa');
      const after = await rows();
      expect(
        after.map((x) => [x.bookingId, x.status, x.version - before.find((b) => b.bookingId === x.bookingId).version]),
      ).toEqual([
        [accepted, 'released', 1],
        [refused, 'provider-held', 1],
        [held, 'provider-held', 0],
      ]);
      expect(after[0].releasedOn).toBe(todayParis());
      expect(after[1].releasedOn).toBeNull();

      // the next hour the provider answers: the captured deposit is cashed; a released one is not asked again
      polled.length = 0;
      expect(await pollSuretyStatuses(t.knex)).toEqual({ checked: 2, changed: 1, failed: 0 });
      expect(polled.map((p) => p.id).sort()).toEqual([r, h].sort());
      const last = await rows();
      expect(last.map((x) => [x.bookingId, x.status])).toEqual([
        [accepted, 'released'],
        [refused, 'provider-held'],
        [held, 'cashed'],
      ]);
      expect(last[2].releasedOn).toBe(todayParis());
      expect(
        (await t.admin.get(`/rest/guarantee/${(await t.knex('guarantee').where('bookingId', held).first('id')).id}`))
          .body,
      ).toMatchObject({ status: 'cashed' });
    });

    it('an unknown state is a failure, not a change', async () => {
      const r = idOf((await rows())[1].notes);
      statusAnswers.set(r, { status: 200, body: { id: r, status: 'disputed' } });
      expect(await pollSuretyStatuses(t.knex, undefined, () => {})).toEqual({ checked: 1, changed: 0, failed: 1 });
      expect((await rows())[1].status).toBe('provider-held');
    });
  });
});
