// Residential, two points of issue 26 (docs/residential.md): a meter tariff by slices (tranches) priced on the
// rent receipt's consumption lines, and rent reminders by e-mail sent through the mail
// module to a real SMTP server started here (smtp-server on port 0, mailparser) — the
// « Relance de quittance » model, the bill's PDF attached, once a day per receipt even
// when two users remind at once, refused for a receipt with nothing due; the batch of
// late receipts counts those without an address apart.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { startSmtpCapture, type SmtpCapture } from './smtp-capture';
import { todayParis } from '../../common/dates';
import { startTestServer, type TestServer } from './harness';
import { createdThroughEdit, createThroughEdit, expectRefused, postOk, unique } from './http-helpers';
import { campsite, type Campsite } from './billing-fixtures';

process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'bivouac-rent-mail-'));

let t: TestServer;
let c: Campsite;
let smtp: SmtpCapture;
const received: ParsedMail[] = [];
let resType: number;
let water: number;
let tariff: number;

const post = (path: string, body: unknown) => postOk(t.admin, path, body);

beforeAll(async () => {
  smtp = await startSmtpCapture(received);
  t = await startTestServer();
  c = await campsite(t, 1);
  const r = await t.admin.put('/rest/email-configuration', {
    host: '127.0.0.1',
    port: smtp.port,
    security: 'none',
    fromAddress: 'accueil@pins-bleus.fr',
  });
  expect(r.status, r.text).toBe(200);
  const family = (await post('/rest/place-family', { code: unique('FR'), label: unique('Résid '), kind: 'pitch' })).id;
  resType = (
    await post('/rest/place-type', {
      code: unique('RS'),
      label: unique('Résidentiel '),
      placeFamilyId: family,
      maxPersons: 6,
      isResidential: true,
    })
  ).id;
  await t.knex('residential_fees').delete();
  water = (await post('/rest/meter-type', { label: unique('Eau '), unit: 'm³' })).id;
  tariff = (
    await post('/rest/meter-tarification-type', {
      meterTypeId: water,
      label: 'Eau par tranches',
      unitPrice: 300,
      startDate: '2029-01-01',
    })
  ).id;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const resident = async (email: string | null) =>
  (
    await post('/rest/customer', {
      lastName: unique('Leroy '),
      firstName: 'Anne',
      email,
      address1: '2 allée des Pins',
      postalCode: '40200',
      town: 'Mimizan',
    })
  ).id as number;

/** A place let from 2030 to `customerId`, billed quarterly at 2 400 € a year. */
async function contract(customerId: number, meterTypeIds: number[] = []) {
  const placeId = (await post('/rest/place', { code: unique('R').slice(0, 10), placeTypeId: resType })).id;
  const meter = meterTypeIds.length
    ? (await post('/rest/meter', { placeId, meterTypeId: water, number: unique('W') })).id
    : null;
  const aff = await createdThroughEdit(t.admin, 'place-affectation', {
    placeId,
    customerId,
    startDate: '2030-01-01',
    isIndefinite: true,
    yearlyFee: 240000,
    deadlines: 4,
    meterTypeIds,
  });
  return { placeId, meter, aff };
}

describe('a meter tariff by slices', () => {
  it('prices each reading’s consumption band by band, and a slice threshold is unique per tariff', async () => {
    await post('/rest/meter-tarification-slice', { meterTarificationTypeId: tariff, fromQuantity: 30, unitPrice: 450 });
    await post('/rest/meter-tarification-slice', {
      meterTarificationTypeId: tariff,
      fromQuantity: 100,
      unitPrice: 600,
    });
    const dup = await createThroughEdit(t.admin, 'meter-tarification-slice', {
      meterTarificationTypeId: tariff,
      fromQuantity: 30,
      unitPrice: 500,
    });
    expect(dup.status, dup.text).toBe(400);

    const { meter, aff } = await contract(await resident('anne@example.fr'), [water]);
    for (const [readingDate, quantity] of [
      ['2030-01-02', 1000],
      ['2030-02-15', 1020], // 20 m³: all in the first band
      ['2030-03-20', 1060], // 40 m³: 30 at 3 €, 10 at 4,50 €
      ['2030-05-10', 1200.5], // 140,5 m³: 30 at 3 €, 70 at 4,50 €, 40,5 at 6 €
    ] as const)
      await post('/rest/meter-reading', { meterId: meter, readingDate, quantity });
    const made = await post('/rest/rent-receipt/multi-creation', { year: 2030, placeAffectationId: aff.id });
    const lines = [];
    for (const id of made.receiptIds) lines.push(...(await t.admin.get(`/rest/rent-receipt/view/${id}`)).body.lines);
    const meterLines = lines.filter((l: any) => l.lineType === 22);
    expect(meterLines.map((l: any) => l.amountInclVat)).toEqual([6000, 9000 + 4500, 9000 + 31500 + 24300]);
    expect(meterLines[2].label).toContain(
      "tarif par tranches (3,00 € jusqu'à 30 m³, 4,50 € jusqu'à 100 m³, 6,00 € au-delà)",
    );
    // the first reading is the baseline; the first quarter carries two readings, the second one
    expect(lines.filter((l: any) => l.lineType === 18).reduce((s: number, l: any) => s + l.amountInclVat, 0)).toBe(
      240000,
    );
  });
});

describe('rent reminders by e-mail', () => {
  let model: number;
  beforeAll(async () => {
    model = (
      await createdThroughEdit(t.admin, 'document-function-model', {
        functionCode: 'rent-reminder',
        label: unique('Relance quittance '),
      })
    ).id;
  });

  const billed = async (email: string | null) => {
    const { aff } = await contract(await resident(email));
    const made = await post('/rest/rent-receipt/multi-creation', { year: 2030, placeAffectationId: aff.id });
    const ids: number[] = made.receiptIds;
    for (const id of ids) await post(`/rest/rent-receipt/${id}/bill`, {});
    return ids;
  };

  it('needs its model, then sends the receipt’s bill to the resident over SMTP, once a day', async () => {
    const [id] = await billed('paul@example.fr');
    expectRefused(await t.admin.post(`/rest/rent-receipt/${id}/send-reminder`, {}), 'MAILING_CONFIGURATION_NOT_FOUND');
    await createdThroughEdit(t.admin, 'mailing-configuration', {
      documentFunctionModelId: model,
      label: 'Relance',
      subject: 'Quittance {{bill.number}} : {{rent.due}} dus',
      body: '<p>{{customer.firstName}}, quittance {{rent.period}}, reste {{rent.due}}.</p>',
      attachDocument: true,
    });
    const view = (await t.admin.get(`/rest/rent-receipt/view/${id}`)).body;
    const before = received.length;
    const sent = await post(`/rest/rent-receipt/${id}/send-reminder`, {});
    expect(sent).toMatchObject({ rentReceiptId: id, status: 'sent', to: 'paul@example.fr', error: null });
    expect(received.length).toBe(before + 1);
    const mail = received[before];
    expect(mail.subject).toBe(`Quittance ${view.billNumber} : 600,00 € dus`);
    expect(mail.html).toContain('Anne, quittance du 01/01/2030 au 01/04/2030, reste 600,00');
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`${view.billNumber}.pdf`, 'application/pdf'],
    ]);
    expect(mail.attachments[0].content.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.admin.get(`/rest/rent-receipt/view/${id}`)).body.lastReminderOn).toBe(todayParis());
    expectRefused(await t.admin.post(`/rest/rent-receipt/${id}/send-reminder`, {}), 'RENT_REMINDER_ALREADY_SENT');
    expect(received.length).toBe(before + 1);
  });

  it('two users reminding at once send one e-mail; nothing due, nothing sent', async () => {
    const [a, b] = await billed('zoe@example.fr');
    const before = received.length;
    const answers = await Promise.all([1, 2, 3].map(() => t.admin.post(`/rest/rent-receipt/${a}/send-reminder`, {})));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    for (const r of answers.filter((x) => x.status === 400)) expect(r.body.code).toBe('RENT_REMINDER_ALREADY_SENT');
    expect(await t.knex('mail_message').where({ entityType: 'rent-receipt', entityId: a }).count({ n: '*' })).toEqual([
      { n: 1 },
    ]);
    expect(received.length).toBe(before + 1);

    const paid = (await t.admin.get(`/rest/rent-receipt/view/${b}`)).body;
    await post('/rest/payment', {
      billId: paid.billId,
      customerId: paid.customerId,
      paymentMethodId: c.card,
      amount: paid.totalInclVat,
      date: todayParis(),
    });
    expectRefused(await t.admin.post(`/rest/rent-receipt/${b}/send-reminder`, {}), 'RENT_RECEIPT_NOTHING_DUE');
    const { aff } = await contract(await resident('eve@example.fr'));
    const temp = await post('/rest/rent-receipt/temp', { placeAffectationId: aff.id, year: 2030, deadline: 1 });
    expectRefused(await t.admin.post(`/rest/rent-receipt/${temp.id}/send-reminder`, {}), 'RENT_RECEIPT_NOTHING_DUE');
    expect(received.length).toBe(before + 1);
  });

  it('reminds every late receipt of a day in one go, those without an address counted apart', async () => {
    await billed(null);
    const date = '2031-06-01'; // every 2030 receipt is past due then
    const late = await t
      .knex('rent_receipt as r')
      .join('customer as c', 'c.id', 'r.customerId')
      .where({ 'r.isBilled': true })
      .where('r.dueDate', '<', date)
      .whereRaw('r.total_incl_vat > coalesce((SELECT sum(p.amount) FROM payment p WHERE p.bill_id = r.bill_id), 0)')
      .select('r.id', 'c.email');
    const withAddress = late.filter((r) => r.email).length;
    const before = received.length;
    const run = await post('/rest/rent-receipt/send-reminders', { date });
    expect(run).toMatchObject({ sent: withAddress, failed: 0, noAddress: 4, already: 0 });
    expect(received.length).toBe(before + withAddress);
    expect(await post('/rest/rent-receipt/send-reminders', { date })).toMatchObject({
      sent: 0,
      noAddress: 4,
      already: withAddress,
    });
  });
});

describe('the residential preferences', () => {
  const setPreferences = async (settings: Record<string, unknown>) => {
    const all = (await t.admin.get(`/rest/establishment/module?range=[0,99]`)).body;
    const rec = all.find((m: { kind: string }) => m.kind === 'residential-preference');
    const r = await t.admin.put(`/rest/establishment/module/${rec.id}`, { ...rec, isActive: true, settings });
    expect(r.status, r.text).toBe(200);
  };
  const dueDates = async () => {
    const { aff } = await contract(await resident(null));
    const made = await post('/rest/rent-receipt/multi-creation', { year: 2030, placeAffectationId: aff.id });
    const rows = await t.knex('rent_receipt').whereIn('id', made.receiptIds).orderBy('startDate').select('dueDate');
    return rows.map((r: { dueDate: string }) => String(r.dueDate));
  };

  it('« Jour d’échéance » is the day of the month a new receipt falls due', async () => {
    expect(await dueDates()).toEqual(['2030-01-05', '2030-04-05', '2030-07-05', '2030-10-05']);
    await setPreferences({ dueDay: 15, autoSendOn5th: false });
    expect(await dueDates()).toEqual(['2030-01-15', '2030-04-15', '2030-07-15', '2030-10-15']);
  });

  it('« Envoi automatique le 5 du mois » reminds the late receipts on the 5th only', async () => {
    const { monthlyResidentialSend } = await import('../../api/domain/residential/reminder-mail');
    await setPreferences({ dueDay: 5, autoSendOn5th: false });
    expect(await monthlyResidentialSend(t.knex, '2031-07-05')).toBeNull();
    await setPreferences({ dueDay: 5, autoSendOn5th: true });
    expect(await monthlyResidentialSend(t.knex, '2031-07-04')).toBeNull();
    const before = received.length;
    const run = await monthlyResidentialSend(t.knex, '2031-07-05');
    expect(run?.sent).toBeGreaterThan(0);
    expect(received.length).toBe(before + run!.sent);
    // The same day again (the job runs hourly): each receipt is reminded once a day.
    expect(await monthlyResidentialSend(t.knex, '2031-07-05')).toMatchObject({ sent: 0 });
  });
});
