// The technical event journal records security events (issue 25 point 11, docs/history.md#issue-25): failed
// log-ins of every account (one entry per account, address and minute), rights and
// group changes, VAT rate and company identity changes, FEC and accounting exports,
// failed verifications asked through the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayParis } from '../../common/dates';
import { startTestServer, type TestServer } from './harness';
import { fecFile, postOk, unique } from './http-helpers';
import { billOn, bookStay, campsite, type Campsite } from './billing-fixtures';

let t: TestServer;
let c: Campsite;
const jet = async () => (await t.admin.get('/rest/jet/list')).body.rows as any[];
const since = async (seq: number) => (await jet()).filter((e) => e.seq > seq);
const lastSeq = async () => (await jet())[0]?.seq ?? 0;

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 2);
});
afterAll(async () => {
  await t?.close();
});

describe('security events in the JET', () => {
  it('failed log-ins: one entry per account and address in a minute, unknown accounts too', async () => {
    const login = unique('recep');
    await postOk(t.admin, '/rest/security/user', { login, name: 'Réception', password: 'motdepasse-1' });
    const from = await lastSeq();
    const guest = t.client();
    for (let i = 0; i < 3; i++) expect((await guest.login(login, 'mauvais')).status).toBe(400);
    expect((await guest.login('personne', 'x')).status).toBe(400);
    const failed = (await since(from)).filter((e) => e.kind === 'login-failed');
    expect(failed.map((e) => e.data.login).sort()).toEqual([login, 'personne'].sort());
    expect(failed[0]).toMatchObject({ label: 'Échec de connexion', data: { ip: expect.any(String) } });
  });

  it('rights and group changes, VAT rates and the company’s identity', async () => {
    const user = (
      await postOk(t.admin, '/rest/security/user', { login: unique('u'), name: 'U', password: 'motdepasse-2' })
    ).id;
    const from = await lastSeq();
    const rights = await t.admin.get(`/rest/security/user/get_right/${user}`);
    expect(rights.status).toBe(200);
    const functionalities = rights.body.functionalities;
    expect((await t.admin.post(`/rest/security/user/set_right/${user}`, { functionalities })).status).toBe(200);
    expect((await t.admin.post(`/rest/security/user/set_groups/${user}`, { groupIds: [] })).status).toBe(200);
    const tva = (await postOk(t.admin, '/rest/tva', { label: unique('TVA '), rate: 700 })).id;
    expect((await t.admin.put(`/rest/tva/${tva}`, { rate: 750 })).status).toBe(200);
    const est = (await t.admin.get('/rest/establishment/establishment/edit')).body;
    const saved = await t.admin.post('/rest/establishment/establishment/edit', {
      ...est,
      siren: '552100554',
      siret: '55210055400013',
      capital: 100000,
    });
    expect(saved.status, saved.text).toBe(200);
    const events = await since(from);
    expect(events.filter((e) => e.kind === 'rights').map((e) => e.data.action)).toEqual(['set_groups', 'set_right']);
    const settings = events.filter((e) => e.kind === 'setting');
    expect(settings.find((e) => e.data.entity === 'tva' && e.data.action === 'update')?.data.fields).toEqual({
      rate: '750',
    });
    expect(settings.find((e) => e.data.entity === 'establishment')?.data.fields).toMatchObject({
      siren: '552100554',
      capital: '100000',
    });
  });

  it('the FEC handed out, and a verification that fails through the API', async () => {
    const s = await bookStay(t, c, c.places[0], '2031-07-04', '2031-07-08');
    await billOn(t, s.bookingId, { kind: 'deposit' }, todayParis());
    const from = await lastSeq();
    const year = Number(todayParis().slice(0, 4));
    expect((await fecFile(t, year)).status).toBe(200);
    // a committed tamper, as superuser with the triggers off, then put back
    const tamper = async (delta: number) =>
      t.knex.transaction(async (trx) => {
        await trx.raw('SET LOCAL session_replication_role = replica');
        await trx.raw(`UPDATE ledger_entry SET amount = amount + ${delta} WHERE chain = 'fiscal' AND seq = 1`);
      });
    await tamper(100);
    try {
      expect((await t.admin.get('/rest/fiscal/verify')).body.status).toBe('broken');
    } finally {
      await tamper(-100);
    }
    expect((await t.admin.get('/rest/fiscal/verify')).body.status).toBe('ok');
    const events = await since(from);
    expect(events.find((e) => e.kind === 'export')?.data).toMatchObject({ kind: 'fec', year });
    expect(events.filter((e) => e.kind === 'verify-failed')).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ chain: 'fiscal', breaks: 1, firstSeq: 1 }) }),
    ]);
  });
});
