// Text messages (§9 (docs/constants.md#mail-and-reminders) reminder channels, campaigns by SMS) through the SMS adapter
// (api/domain/mail/sms.ts) against a local fake gateway started here (node:http, port
// 0): surety reminders by SMS to the customer's mobile, a gateway that fails (503),
// then accepts, gets each message exactly once even with two queue runs at once; a 4xx
// refusal is final; a campaign by SMS reaches only consenting customers with a mobile,
// its unsubscribe link as text, and shows in the campaign history; without a gateway the message waits with the
// §8 (docs/errors.md#messages) text; the mail history gives each row its channel.
import { createServer, type Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { createdThroughEdit, postOk, unique } from './http-helpers';
import { bookStay, campsite, type Campsite } from './billing-fixtures';
import { processQueue } from '../../api/domain/mail/queue';

process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'bivouac-sms-'));

let t: TestServer;
let c: Campsite;
let gateway: Server;
let answer = 200;
const accepted: { to: string; text: string; sender: string; auth: string | undefined }[] = [];
let calls = 0;

beforeAll(async () => {
  gateway = createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => {
      raw += d;
    });
    req.on('end', () => {
      calls++;
      const body = JSON.parse(raw);
      const status = body.to === '+33699999999' ? 400 : answer;
      if (status === 200) accepted.push({ ...body, auth: req.headers.authorization });
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify(
          status === 200 ? { id: `sms-${accepted.length}` } : { error: status === 400 ? 'invalid number' : 'busy' },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  process.env.SMS_PROVIDER_URL = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`;
  process.env.SMS_PROVIDER_TOKEN = 'jeton-sms';
  process.env.SMS_SENDER = 'PinsBleus';
  t = await startTestServer();
  c = await campsite(t, 2);
});
afterAll(async () => {
  for (const k of ['SMS_PROVIDER_URL', 'SMS_PROVIDER_TOKEN', 'SMS_SENDER']) delete process.env[k];
  await t?.close();
  await new Promise<void>((resolve) => gateway?.close(() => resolve()));
});

const due = (ids: number[]) =>
  t
    .knex('mail_message')
    .whereIn('id', ids)
    .update({ nextAttemptAt: new Date(Date.now() - 1000) });

describe('surety reminders by SMS', () => {
  const period = { startDate: '2031-08-19', endDate: '2031-08-26' };
  let mobile: number, landline: number, refused: number;

  beforeAll(async () => {
    await postOk(t.admin, '/rest/establishment/module', {
      kind: 'surety',
      label: unique('Caution '),
      isActive: true,
      settings: { calcul: 1 },
    });
    const model = await createdThroughEdit(t.admin, 'document-function-model', {
      functionCode: 'surety-reminder',
      label: unique('Relance caution '),
    });
    await createdThroughEdit(t.admin, 'mailing-configuration', {
      documentFunctionModelId: model.id,
      label: 'Caution',
      subject: 'Acompte {{stay.code}}',
      body: '<p>Merci de régler {{price.downPayment}}.</p>',
      attachDocument: true,
    });
    const cust = async (lastName: string, phone1: string) =>
      (await postOk(t.admin, '/rest/customer', { lastName, firstName: 'Léa', phone1 })).id;
    mobile = (await bookStay(t, c, c.places[0], '2031-08-20', '2031-08-23', await cust('Mobile', '06 12 34 56 78')))
      .bookingId;
    landline = (await bookStay(t, c, c.places[1], '2031-08-21', '2031-08-24', await cust('Fixe', '05 58 00 00 00')))
      .bookingId;
    refused = (await bookStay(t, c, c.places[0], '2031-08-24', '2031-08-26', await cust('Refus', '06 99 99 99 99')))
      .bookingId;
  });

  it(
    'a gateway that fails, then accepts, ' + 'gets the reminder exactly once; a refused number fails for good',
    async () => {
      answer = 503;
      const r = await postOk(t.admin, '/rest/surety/send', {
        ...period,
        bookingIds: [mobile, landline, refused],
        channel: 'sms',
      });
      expect(r.sent).toBe(2);
      expect(r.errors).toEqual([{ bookingId: landline, error: 'Numéro de mobile du destinataire manquant' }]);
      const rows = await t
        .knex('mail_message')
        .whereIn('bookingId', [mobile, refused])
        .orderBy('id')
        .select('id', 'channel', 'toAddress', 'status', 'lastError', 'attachments');
      expect(rows.map((m) => [m.channel, m.toAddress, m.status])).toEqual([
        ['sms', '+33612345678', 'queued'],
        ['sms', '+33699999999', 'failed'],
      ]);
      expect(rows[0].lastError).toContain('SMS : 503');
      expect(rows[1].lastError).toContain('SMS : 400');
      expect(rows[0].attachments).toEqual([]); // no PDF by SMS
      // the reminder counts (§3 (docs/entities.md) flag) while it waits: the stay moves to « to remind again »
      const l = (await t.admin.get(`/rest/surety/list?startDate=${period.startDate}&endDate=${period.endDate}`)).body;
      expect(l.suretyReminderList.map((x: any) => x.bookingId)).toEqual([mobile]);

      answer = 200;
      await due([rows[0].id]);
      const before = calls;
      const runs = await Promise.all([processQueue(t.knex), processQueue(t.knex), processQueue(t.knex)]);
      expect(runs.reduce((s, x) => s + x.sent, 0)).toBe(1);
      expect(calls - before).toBe(1);
      const sms = accepted.filter((a) => a.to === '+33612345678');
      expect(sms).toHaveLength(1);
      const code = (await t.knex('booking').where('id', mobile).first('code')).code;
      expect(sms[0]).toMatchObject({ sender: 'PinsBleus', auth: 'Bearer jeton-sms' });
      expect(sms[0].text).toMatch(new RegExp(`^Acompte ${code}\\nMerci de régler \\d+,\\d{2}`));
      expect(await t.knex('mail_message').where('id', rows[0].id).first('status', 'messageId')).toEqual({
        status: 'sent',
        messageId: 'sms-1',
      });
    },
  );
});

describe('campaigns by SMS', () => {
  it('reach consenting customers with a mobile only, once, with the unsubscribe link as text', async () => {
    const lang = (
      await postOk(t.admin, '/rest/language', { code: unique('s').slice(0, 5), name: unique('Langue SMS ') })
    ).id;
    const yes = (
      await postOk(t.admin, '/rest/customer', {
        lastName: 'Abonné',
        firstName: 'Tom',
        phone2: '+44 7700 900123',
        newsletterConsent: true,
        languageId: lang,
      })
    ).id;
    await postOk(t.admin, '/rest/customer', {
      lastName: 'Refus',
      phone1: '06 11 22 33 44',
      newsletterConsent: false,
      languageId: lang,
    });
    await postOk(t.admin, '/rest/customer', {
      lastName: 'Sansmobile',
      email: 'x@example.fr',
      newsletterConsent: true,
      languageId: lang,
    });
    const criteria = (
      await postOk(t.admin, '/rest/mailing-criteria', {
        label: unique('Critère SMS '),
        criteria: { languageIds: [lang] },
      })
    ).id;
    const model = await createdThroughEdit(t.admin, 'document-function-model', {
      functionCode: 'campaign',
      label: unique('SMS '),
    });
    const mcId = (
      await createdThroughEdit(t.admin, 'mailing-configuration', {
        documentFunctionModelId: model.id,
        label: 'Promo',
        subject: 'Promo {{customer.firstName}}',
        body: '<p>-10 % en juin</p>',
        attachDocument: false,
      })
    ).id;
    expect((await t.admin.get(`/rest/campaign/preview/${criteria}?channel=sms`)).body).toMatchObject({
      count: 1,
      sample: [{ id: yes }],
    });
    const r = await postOk(t.admin, '/rest/campaign/send', {
      mailingConfigurationId: mcId,
      mailingCriteriaId: criteria,
      channel: 'sms',
    });
    expect(r).toEqual({ queued: 1, selected: 1 });
    expect(
      (
        await postOk(t.admin, '/rest/campaign/send', {
          mailingConfigurationId: mcId,
          mailingCriteriaId: criteria,
          channel: 'sms',
        })
      ).queued,
    ).toBe(0);
    await processQueue(t.knex);
    const sms = accepted.filter((a) => a.to === '+447700900123');
    expect(sms).toHaveLength(1);
    expect(sms[0].text).toMatch(
      /^Promo Tom\n-10 % en juin\n+Désabonnement : http:\/\/\S+\/rest\/unsubscribe\?c=\d+&t=\S+$/,
    );
    // an e-mail campaign of the same model is another campaign: the e-mail selection has no one here but « Sansmobile »
    expect((await t.admin.get(`/rest/campaign/preview/${criteria}`)).body.count).toBe(1);
    // the campaign history: one row for this model × criteria × channel, its figures those of the queue
    const h = (await t.admin.get('/rest/campaign/history')).body as any[];
    const row = h.find((x) => x.mailingConfigurationId === mcId && x.mailingCriteriaId === criteria);
    expect(row).toMatchObject({
      channel: 'sms',
      recipients: 1,
      sent: 1,
      failed: 0,
      pending: 0,
      criteriaSummary: '1 langue, clients consentants',
    });
    expect(row.criteriaLabel).toMatch(/^Critère SMS /);
    expect(row.modelLabel).toMatch(/^SMS /);
    expect(row.firstSentAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });
});

describe('without a gateway', () => {
  it('the SMS waits in the queue with the §8 text', async () => {
    const url = process.env.SMS_PROVIDER_URL;
    delete process.env.SMS_PROVIDER_URL;
    try {
      const cust = (await postOk(t.admin, '/rest/customer', { lastName: 'Attente', phone1: '07 00 00 00 01' })).id;
      const stay = (await bookStay(t, c, c.places[1], '2031-08-25', '2031-08-26', cust)).bookingId;
      const r = await postOk(t.admin, '/rest/surety/send', {
        startDate: '2031-08-25',
        endDate: '2031-08-25',
        bookingIds: [stay],
        channel: 'sms',
      });
      expect(r.sent).toBe(1);
      const m = await t.knex('mail_message').where('bookingId', stay).first('status', 'lastError', 'toAddress');
      expect(m).toMatchObject({ status: 'queued', toAddress: '+33700000001' });
      expect(m.lastError).toContain('aucune passerelle SMS');
    } finally {
      process.env.SMS_PROVIDER_URL = url;
    }
  });
});

describe('mail history', () => {
  it('gives each row its channel (E-mail / SMS column of /email-history-list-page)', async () => {
    const rows = (await t.admin.get('/rest/mail-history?entityId=0&perPage=200')).body.rows as {
      id: number;
      channel: string;
    }[];
    const stored = new Map((await t.knex('mail_message').select('id', 'channel')).map((m) => [m.id, m.channel]));
    expect(rows.length).toBe(stored.size);
    expect(rows.every((r) => r.channel === stored.get(r.id))).toBe(true);
    expect(new Set(rows.map((r) => r.channel)).has('sms')).toBe(true);
  });
});
