// The cancellation insurance module (issue 30, docs/history.md#issue-30): its settings change what the code does
// (offered by default, commission rate, contract number, insurer's e-mail), the
// declaration of a period is previewed, stored, e-mailed with its CSV to a real SMTP
// server started here, declared once when two users send it at once, kept once sent (API
// and plain SQL: the triggers), and the premiums billed reach the insurer's account
// (467100) in the FEC, not the revenue.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { startSmtpCapture, type SmtpCapture } from './smtp-capture';
import { startTestServer, type TestServer } from './harness';
import { createdThroughEdit, expectRefused, fecFile, postOk } from './http-helpers';
import { bookStay, campsite, type Campsite } from './billing-fixtures';
import { formatMessage } from '../../common/messages';
import { todayParis } from '../../common/dates';

process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'bivouac-insurance-'));

let t: TestServer;
let c: Campsite;
let smtp: SmtpCapture;
let moduleId = 0;
const received: ParsedMail[] = [];
const stays: { bookingId: number; total: number }[] = [];

const amount = (c: number) => (c / 100).toFixed(2).replace('.', ',');
const mailOf = (id: number) => t.knex('mail_message').where('id', id).first('status');
const insured = async (placeId: number, from: string, to: string) => {
  const s = await bookStay(t, c, placeId, from, to);
  const r = await t.admin.put(`/rest/booking/${s.bookingId}`, { withCancellationInsurance: true });
  expect(r.status, r.text).toBe(200);
  return { bookingId: s.bookingId, total: (await t.knex('booking').where('id', s.bookingId).first()).totalAmount };
};
const setModule = (settings: Record<string, unknown>) =>
  t.admin.put(`/rest/establishment/module/${moduleId}`, {
    kind: 'insurance',
    label: 'Assurance annulation',
    isActive: true,
    settings,
  });
const SETTINGS = {
  contractNumber: 'CT-2031-42',
  rate: 1000,
  mandatory: true,
  insurerEmail: 'declarations@assureur.test',
};

beforeAll(async () => {
  smtp = await startSmtpCapture(received);
  t = await startTestServer();
  c = await campsite(t, 4);
  const r = await t.admin.put('/rest/email-configuration', {
    host: '127.0.0.1',
    port: smtp.port,
    security: 'none',
    fromAddress: 'accueil@pins-bleus.fr',
  });
  expect(r.status, r.text).toBe(200);
  await createdThroughEdit(t.admin, 'cancellation-insurance', { label: 'Annulation 5 %', rate: 500, minimumAmount: 0 });
  moduleId = (
    await postOk(t.admin, '/rest/establishment/module', {
      kind: 'insurance',
      label: 'Assurance annulation',
      isActive: true,
      settings: SETTINGS,
    })
  ).id;
  stays.push(await insured(c.places[0], '2031-07-04', '2031-07-06'));
  stays.push(await insured(c.places[1], '2031-07-20', '2031-07-23'));
  await bookStay(t, c, c.places[2], '2031-07-10', '2031-07-12'); // not insured: never declared
  stays.push(await insured(c.places[3], '2031-08-02', '2031-08-04'));
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('cancellation insurance', () => {
  it('« proposée par défaut » ticks the insurance in the booking wizard, and no longer once unset', async () => {
    expect((await t.admin.get('/rest/insurance/defaults')).body).toEqual({ offeredByDefault: true });
    expect((await setModule({ ...SETTINGS, mandatory: false })).status).toBe(200);
    expect((await t.admin.get('/rest/insurance/defaults')).body).toEqual({ offeredByDefault: false });
    expect((await setModule(SETTINGS)).status).toBe(200);
  });

  it('previews the period: insured stays arriving in it, premiums, the commission at the module rate', async () => {
    const p = (
      await t.admin.get(`/rest/insurance-declaration/preview?moduleId=${moduleId}&from=2031-07-01&to=2031-08-01`)
    ).body;
    expect(p.stays.map((s: any) => s.bookingId)).toEqual([stays[0].bookingId, stays[1].bookingId]);
    // 5 % of 2 and 3 nights at 30 €
    expect(p.stays.map((s: any) => s.premium)).toEqual([300, 450]);
    expect(p.totalPremium).toBe(750);
    expect(p.contractNumber).toBe('CT-2031-42');
    expect(p.commission).toBe(75);
    await setModule({ ...SETTINGS, rate: 2000 });
    const q = (
      await t.admin.get(`/rest/insurance-declaration/preview?moduleId=${moduleId}&from=2031-07-01&to=2031-08-01`)
    ).body;
    expect(q.commission).toBe(150);
    await setModule(SETTINGS);
  });

  it('two users declaring July at once make one declaration, e-mailed to the insurer with its CSV', async () => {
    const body = { moduleId, from: '2031-07-01', to: '2031-08-01' };
    const other = t.client();
    await other.login();
    const answers = await Promise.all([
      t.admin.post('/rest/insurance-declaration/create', body),
      other.post('/rest/insurance-declaration/create', body),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const refused = answers.find((a) => a.status === 400)!;
    expect(refused.body.code).toBe('INSURANCE_PERIOD_DECLARED');
    const ok = answers.find((a) => a.status === 200)!.body;
    await expect.poll(async () => (await mailOf(ok.mailId)).status, { timeout: 15_000 }).toBe('sent');
    expect(await t.knex('insurance_declaration').count({ n: '*' })).toEqual([{ n: 1 }]);

    const mail = received.find((m) => m.subject?.includes('CT-2031-42'))!;
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('declarations@assureur.test');
    const csv = mail.attachments[0].content.toString('utf8').replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('numero_sejour;nom_client;date_arrivee;date_depart;montant_sejour;prime;numero_contrat');
    const code = (await t.knex('booking').where('id', stays[0].bookingId).first('code')).code;
    expect(lines[1]).toBe(`${code};Claire Martin;2031-07-04;2031-07-06;${amount(stays[0].total)};3,00;CT-2031-42`);
    expect(lines).toHaveLength(3);

    const list = (await t.admin.get('/rest/insurance-declaration/list')).body.rows;
    expect(list[0]).toMatchObject({ id: ok.id, stayCount: 2, totalPremium: 750, commission: 75, sentBy: 'admin' });
    expect(list[0].sentAt).toBeTruthy();
    const file = await fetch(`${t.url}/rest/insurance-declaration/${ok.id}/file`, {
      headers: { cookie: t.admin.cookie! },
    });
    expect(Buffer.from(await file.arrayBuffer()).equals(mail.attachments[0].content)).toBe(true);
  });

  it('a period overlapping a declared one is refused; a stay is declared once', async () => {
    const r = await t.admin.post('/rest/insurance-declaration/create', {
      moduleId,
      from: '2031-07-15',
      to: '2031-08-15',
    });
    expectRefused(r, 'INSURANCE_PERIOD_DECLARED');
    const p = (
      await t.admin.get(`/rest/insurance-declaration/preview?moduleId=${moduleId}&from=2031-06-01&to=2031-07-01`)
    ).body;
    expect(p.stays).toEqual([]);
  });

  it('« insurance sent cannot be deleted »: the API with the §8 message, plain SQL by the triggers', async () => {
    const sent = await t.knex('insurance_declaration').first('id');
    const r = await t.admin.post(`/rest/insurance-declaration/delete/${sent.id}`);
    expect(r.status, r.text).toBe(400);
    expect(r.body).toMatchObject({
      code: 'INSURANCE_SENT_UNDELETABLE',
      message: formatMessage('INSURANCE_SENT_UNDELETABLE'),
    });
    for (const sql of [
      `DELETE FROM insurance_declaration WHERE id = ${sent.id}`,
      `UPDATE insurance_declaration SET total_premium = 1 WHERE id = ${sent.id}`,
      `UPDATE insurance_declaration SET sent_at = NULL WHERE id = ${sent.id}`,
      `DELETE FROM insurance_declaration_stay WHERE declaration_id = ${sent.id}`,
    ])
      await expect(t.runtimeKnex.raw(sql), sql).rejects.toThrow(/INSURANCE_SENT_UNDELETABLE/);
    await expect(t.knex.raw('TRUNCATE insurance_declaration CASCADE')).rejects.toThrow(/NOT_AUTHORISED/);
  });

  it('a draft may be deleted, which frees its stays; without the insurer’s address nothing is sent', async () => {
    const body = { moduleId, from: '2031-08-01', to: '2031-09-01' };
    const draft = await postOk(t.admin, '/rest/insurance-declaration/create', { ...body, send: false });
    expect(draft.mailId).toBeNull();
    expect((await t.admin.post(`/rest/insurance-declaration/delete/${draft.id}`)).status).toBe(200);
    await setModule({ ...SETTINGS, insurerEmail: '' });
    expectRefused(await t.admin.post('/rest/insurance-declaration/create', body), 'INSURER_EMAIL_REQUIRED');
    await setModule(SETTINGS);
    const sent = await postOk(t.admin, '/rest/insurance-declaration/create', body);
    await expect.poll(async () => (await mailOf(sent.mailId)).status, { timeout: 15_000 }).toBe('sent');
  });

  it('the premiums billed are owed to the insurer: 467100 in the FEC, not a revenue account', async () => {
    const bill = await postOk(t.admin, `/rest/booking/${stays[1].bookingId}/bill`, { kind: 'final' });
    const fec = await fecFile(t, todayParis().slice(0, 4));
    expect(fec.status, fec.text).toBe(200);
    const rows = fec.text.split('\r\n').map((l) => l.split('\t'));
    const ofBill = rows.filter((r) => r[8] === bill.number);
    expect(ofBill.find((r) => r[4] === '467100')?.[12]).toBe('4,50');
    const outside = ofBill.find((r) => r[4] === '708000');
    expect(outside).toBeUndefined();
  });
});
