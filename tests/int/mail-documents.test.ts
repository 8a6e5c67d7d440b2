// E-mail and documents over HTTP against a real SMTP server started here (smtp-server
// on port 0, mailparser): the SMTP setting with its encrypted password (the server checks
// the password it receives), the test e-mail, a server that refuses then accepts (the
// mail arrives exactly once, even with two queue runs at once), a stay's confirmation
// e-mailed in the customer's language with its PDF (the attachment's bytes), merge values
// escaped, the printing route (stay and bill), the history, resend, and the database's
// guarantees (a sent mail never changes; an interrupted send is not retried by itself);
// an attachment without a name is refused with the §8 (docs/errors.md#messages) message, nothing queued.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { startTestServer, type TestServer } from './harness';
import { createdThroughEdit, postOk, unique } from './http-helpers';
import { userWithRights } from './security-helpers';
import { bookStay, campsite, type Campsite } from './billing-fixtures';
import { enqueueMail, processQueue } from '../../api/domain/mail/queue';
import { decryptSecret } from '../../api/domain/mail/secret';

process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'bivouac-mail-'));

let t: TestServer;
let c: Campsite;
let smtp: SMTPServer;
let port = 0;
let refuse = false;
const received: ParsedMail[] = [];
const SMTP_PASSWORD = 'mot-de-passe-smtp-42';

async function startSmtp() {
  smtp = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === 'camping' && auth.password === SMTP_PASSWORD) cb(null, { user: 'camping' });
      else cb(new Error('Invalid username or password'));
    },
    onRcptTo(_address, _session, cb) {
      if (refuse) cb(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
      else cb();
    },
    onData(stream, _session, cb) {
      simpleParser(stream).then((m) => {
        received.push(m);
        cb();
      }, cb);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
}

beforeAll(async () => {
  await startSmtp();
  t = await startTestServer();
  c = await campsite(t, 2);
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

describe('SMTP setting and test e-mail', () => {
  it('stores the password encrypted, never reads it back, and the server accepts it', async () => {
    const r = await t.admin.put('/rest/email-configuration', {
      host: '127.0.0.1',
      port,
      security: 'none',
      username: 'camping',
      password: SMTP_PASSWORD,
      fromAddress: 'accueil@pins-bleus.fr',
      fromName: 'Camping Les Pins Bleus',
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ host: '127.0.0.1', port, hasPassword: true, configured: true });
    expect(JSON.stringify(r.body)).not.toContain(SMTP_PASSWORD);
    const row = await t.knex('smtp_setting').where('id', 1).first();
    expect(row.passwordEncrypted).not.toContain(SMTP_PASSWORD);
    expect(decryptSecret(row.passwordEncrypted)).toBe(SMTP_PASSWORD);
    // saving again without a password keeps it; an old version is a 409
    const again = await t.admin.put('/rest/email-configuration', {
      host: '127.0.0.1',
      port,
      security: 'none',
      username: 'camping',
      fromAddress: 'accueil@pins-bleus.fr',
      fromName: 'Camping Les Pins Bleus',
      version: r.body.version,
    });
    expect(again.status, again.text).toBe(200);
    expect(again.body.hasPassword).toBe(true);
    const stale = await t.admin.put('/rest/email-configuration', {
      host: '127.0.0.1',
      port,
      security: 'none',
      fromAddress: 'accueil@pins-bleus.fr',
      version: r.body.version,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('RECORD_CHANGED');
  });

  it('sends the test e-mail through the server: headers and body as received', async () => {
    const before = received.length;
    const r = await postOk(t.admin, '/rest/email-configuration/test', { to: 'gerant@example.org' });
    expect(r).toMatchObject({ status: 'sent', error: null });
    expect(received.length).toBe(before + 1);
    const m = received[received.length - 1];
    expect(m.subject).toBe('Bivouac : e-mail de test');
    expect(m.from?.value[0]).toMatchObject({ address: 'accueil@pins-bleus.fr', name: 'Camping Les Pins Bleus' });
    expect((m.to as any).value[0].address).toBe('gerant@example.org');
    expect(m.text).toContain("les paramètres d'e-mail sont corrects");
    expect(m.messageId).toBe(
      `<bivouac-mail-${r.id}.` +
        `${new Date((await t.knex('mail_message').where('id', r.id).first('createdAt')).createdAt).getTime()}` +
        `@pins-bleus.fr>`,
    );
  });

  it('refuses a malformed address, and needs the SMTP write right', async () => {
    const bad = await t.admin.post('/rest/email-configuration/test', { to: 'pas-une-adresse' });
    expect(bad.status).toBe(400);
    const reader = (await userWithRights(t, { rights: { 'documents.smtp': { rights: '001' } } })).client;
    expect((await reader.post('/rest/email-configuration/test', { to: 'a@example.org' })).status).toBe(401);
    expect((await reader.get('/rest/email-configuration')).status).toBe(200);
  });
});

describe('the queue', () => {
  it('a server that refuses, then accepts, gets the mail exactly once', async () => {
    refuse = true;
    const before = received.length;
    const r = await postOk(t.admin, '/rest/email-configuration/test', { to: 'retry@example.org' });
    expect(r.status).toBe('queued');
    expect(r.error).toContain('451');
    let row = await t.knex('mail_message').where('id', r.id).first();
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(new Date(row.nextAttemptAt).getTime()).toBeGreaterThan(Date.now() + 50_000); // back-off: a minute
    // not due yet: a queue run leaves it
    await processQueue(t.knex);
    expect(received.length).toBe(before);
    refuse = false;
    await t
      .knex('mail_message')
      .where('id', r.id)
      .update({ nextAttemptAt: new Date(Date.now() - 1000) });
    // two runs at once (two processes): one claims the row, the other finds nothing
    const runs = await Promise.all([processQueue(t.knex), processQueue(t.knex), processQueue(t.knex)]);
    expect(runs.reduce((s, x) => s + x.sent, 0)).toBe(1);
    await processQueue(t.knex);
    expect(received.filter((m) => (m.to as any).value[0].address === 'retry@example.org')).toHaveLength(1);
    expect(received.length).toBe(before + 1);
    row = await t.knex('mail_message').where('id', r.id).first();
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('a send interrupted by a stopped process is failed, never retried by itself', async () => {
    const [{ id }] = await t
      .knex('mail_message')
      .insert({
        kind: 'test',
        toAddress: 'x@example.org',
        subject: 's',
        bodyHtml: '<p>x</p>',
        status: 'sending',
        claimedAt: new Date(Date.now() - 3_600_000),
        attempts: 1,
      })
      .returning('id');
    const before = received.length;
    await processQueue(t.knex);
    expect(await t.knex('mail_message').where('id', id).first('status', 'lastError')).toMatchObject({
      status: 'failed',
      lastError: expect.stringContaining('interrompu'),
    });
    expect(received.length).toBe(before);
  });

  it('a sent mail never changes nor disappears (plain SQL)', async () => {
    const sent = await t.knex('mail_message').where('status', 'sent').first('id');
    await expect(t.knex.raw('UPDATE mail_message SET subject = ? WHERE id = ?', ['autre', sent.id])).rejects.toThrow(
      /NOT_AUTHORISED/,
    );
    await expect(t.knex.raw('DELETE FROM mail_message WHERE id = ?', [sent.id])).rejects.toThrow(/NOT_AUTHORISED/);
  });
});

describe('documents from a model', () => {
  let bookingId: number;
  let customerId: number;
  let mcId: number;
  let en: number;

  beforeAll(async () => {
    en =
      (await t.knex('language').where('code', 'en').first('id'))?.id ??
      (await postOk(t.admin, '/rest/language', { code: 'en', name: 'Anglais' })).id;
    customerId = (
      await postOk(t.admin, '/rest/customer', {
        lastName: "O'Brien <b>&</b>",
        firstName: 'Sean',
        email: 'sean@example.ie',
        languageId: en,
        address1: '1 Main St',
        postalCode: 'D02',
        town: 'Dublin',
      })
    ).id;
    bookingId = (await bookStay(t, c, c.places[0], '2031-07-10', '2031-07-14', customerId)).bookingId;
    const model = await createdThroughEdit(t.admin, 'document-function-model', {
      functionCode: 'booking-confirmation',
      label: unique('Confirmation '),
    });
    const mc = await createdThroughEdit(t.admin, 'mailing-configuration', {
      documentFunctionModelId: model.id,
      label: 'Standard',
      isDefault: true,
      attachDocument: true,
      subject: 'Confirmation de votre séjour {{stay.code}}',
      body: '<p>Bonjour {{customer.firstName}} {{customer.lastName}},</p><p>Arrivée le {{stay.arrival}}.</p>',
      signature: "L'équipe",
    });
    mcId = mc.id;
    await createdThroughEdit(t.admin, 'mailing-configuration-translation', {
      mailingConfigurationId: mcId,
      languageId: en,
      subject: 'Your stay {{stay.code}} is confirmed',
      body:
        '<p>Dear {{customer.firstName}} {{customer.lastName}},</p><p>Arrival on {{stay.arrival}}, {{stay.nights}} ' +
        'nights, total {{price.total}}.</p><script>alert(1)</script><p onclick="x()">Thanks</p>',
      signature: '<i>The team</i>',
    });
  });

  it("e-mails the confirmation in the customer's language, values escaped, with its PDF", async () => {
    const before = received.length;
    const r = await postOk(t.admin, `/rest/booking/${bookingId}/send-document`, {});
    expect(r).toMatchObject({ status: 'sent', to: 'sean@example.ie', translated: true });
    expect(received.length).toBe(before + 1);
    const m = received[received.length - 1];
    const code = (await t.knex('booking').where('id', bookingId).first('code')).code;
    expect(m.subject).toBe(`Your stay ${code} is confirmed`);
    expect(m.html).toContain('Dear Sean O&#39;Brien &lt;b&gt;&amp;&lt;/b&gt;,');
    expect(m.html).toContain('Arrival on 10/07/2031, 4 nights');
    expect(m.html).toContain('<i>The team</i>');
    expect(m.html).not.toMatch(/<script|onclick|alert/);
    expect(m.text).toContain("Dear Sean O'Brien <b>&</b>,");
    expect(m.attachments).toHaveLength(1);
    const att = m.attachments[0];
    expect(att.contentType).toBe('application/pdf');
    expect(att.filename).toMatch(/\.pdf$/);
    const row = await t.knex('mail_message').where('id', r.id).first();
    const stored = await t.knex('stored_file').where('ref', row.attachments[0].ref).first('data');
    expect(Buffer.compare(att.content, Buffer.from(stored.data))).toBe(0);
    expect(att.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(row).toMatchObject({ customerId, bookingId, entityType: 'booking', entityId: bookingId, languageId: en });
  });

  it('falls back to French for a language without translation', async () => {
    const r = await postOk(t.admin, `/rest/booking/${bookingId}/send-document`, {
      languageId: 999999,
      to: 'autre@example.fr',
    });
    expect(r.translated).toBe(false);
    expect(received[received.length - 1].subject).toMatch(/^Confirmation de votre séjour /);
    expect(received[received.length - 1].text).toContain("L'équipe");
  });

  it('prints the document as a PDF, and for a bill the stored bill', async () => {
    const pdf = await fetch(`${t.url}/rest/printing/${mcId}/booking/${bookingId}/0`, {
      headers: { Cookie: t.admin.cookie! },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await t.knex('establishment').update({ email: 'accueil@pins-bleus.fr' });
    const other = await bookStay(t, c, c.places[1], '2031-07-20', '2031-07-22');
    const bill = await postOk(t.admin, `/rest/booking/${other.bookingId}/bill`, { kind: 'deposit' });
    const b = await fetch(`${t.url}/rest/printing/0/bill/${bill.id}/0`, { headers: { Cookie: t.admin.cookie! } });
    expect(b.status).toBe(200);
    const bytes = Buffer.from(await b.arrayBuffer());
    const original = await t.knex('stored_file').where('ref', `bills/bill-${bill.id}.pdf`).first('data');
    expect(Buffer.compare(bytes, Buffer.from(original.data))).toBe(0);
    const unknown = await t.admin.get(`/rest/printing/${mcId}/booking/999999/0`);
    expect(unknown.status).toBe(404);
  });

  it("lists the customer's history with status, attachments string, and resends", async () => {
    const h = await t.admin.get(`/rest/mail-history?entityId=${customerId}`);
    expect(h.status).toBe(200);
    expect(h.body.total).toBe(2); // the confirmation, then its French copy (newest first)
    expect(h.body.rows.map((r: any) => r.toAddress)).toEqual(['autre@example.fr', 'sean@example.ie']);
    const first = h.body.rows[1];
    expect(first).toMatchObject({ status: 'sent', customerId, lastError: null });
    expect(first.attachments).toMatch(/^[^;]+\.pdf$/);
    const all = await t.admin.get('/rest/mail-history?entityId=0');
    expect(all.body.total).toBeGreaterThan(h.body.total);
    const before = received.length;
    const again = await postOk(t.admin, `/rest/mail-history/${first.id}/resend`, {});
    expect(again).toMatchObject({ status: 'sent', resentFromId: first.id, toAddress: 'sean@example.ie' });
    expect(received.length).toBe(before + 1);
    // the same bytes as the first time (stored with the message, not rendered again)
    const firstRow = await t.knex('mail_message').where('id', first.id).first('attachments');
    const stored = await t.knex('stored_file').where('ref', firstRow.attachments[0].ref).first('data');
    expect(Buffer.compare(received[received.length - 1].attachments[0].content, Buffer.from(stored.data))).toBe(0);
  });

  it('previews a text on a stay, and with field names', async () => {
    const p = await postOk(t.admin, '/rest/mailing-configuration/preview', {
      subject: '{{stay.code}}',
      body: '<p>{{customer.lastName}}</p>',
      bookingId,
    });
    expect(p.html).toBe('<p>O&#39;Brien &lt;b&gt;&amp;&lt;/b&gt;</p>');
    const names = await postOk(t.admin, '/rest/mailing-configuration/preview', {
      subject: 'x',
      body: '<p>{{customer.lastName}}</p>',
    });
    expect(names.html).toBe('<p>[Client : nom]</p>');
  });
});

describe('documents sent on their dates by the scheduler', () => {
  const models: Record<string, number> = {};
  let arriving: number, leaving: number, later: number, noEmail: number;

  beforeAll(async () => {
    for (const [fn, subject] of [
      ['pre-stay-survey', 'Avant votre séjour {{stay.code}}'],
      ['post-stay-survey', 'Votre avis sur le séjour {{stay.code}}'],
      ['balance-reminder', 'Solde de votre séjour : {{price.balance}}'],
    ]) {
      const model = await createdThroughEdit(t.admin, 'document-function-model', {
        functionCode: fn,
        label: unique(`${fn} `),
      });
      models[fn] = (
        await createdThroughEdit(t.admin, 'mailing-configuration', {
          documentFunctionModelId: model.id,
          label: 'Auto',
          subject,
          body: '<p>Bonjour {{customer.firstName}}</p>',
          attachDocument: false,
        })
      ).id;
    }
    const customer = (
      await postOk(t.admin, '/rest/customer', { lastName: 'Durand', firstName: 'Léa', email: 'lea@example.fr' })
    ).id;
    const bare = (await postOk(t.admin, '/rest/customer', { lastName: 'Sansmail', firstName: 'Paul' })).id;
    // 10 days after 2031-07-31
    arriving = (await bookStay(t, c, c.places[0], '2031-08-10', '2031-08-12', customer)).bookingId;
    later = (await bookStay(t, c, c.places[1], '2031-08-11', '2031-08-13', customer)).bookingId; // 11 days: not yet
    noEmail = (await bookStay(t, c, c.places[0], '2031-08-05', '2031-08-07', bare)).bookingId;
    // left the day before
    leaving = (await bookStay(t, c, c.places[1], '2031-07-28', '2031-07-30', customer)).bookingId;
  });

  it(
    'queues the pre-stay survey 10 days before arrival, the post-stay survey the day after departure, the balance ' +
      'reminder — each once',
    async () => {
      const { sendScheduledDocuments } = await import('../../api/domain/documents/scheduled');
      const day = '2031-07-31';
      const r = await sendScheduledDocuments(t.knex, day);
      const keysOf = async (ids: number[]) =>
        (await t.knex('mail_message').whereNotNull('dedupeKey').whereIn('bookingId', ids).select('dedupeKey'))
          .map((m) => m.dedupeKey as string)
          .sort();
      const keys = await keysOf([arriving, leaving, later, noEmail]);
      expect(keys).toEqual(
        [`balance-reminder-10:${arriving}`, `post-stay-survey:${leaving}`, `pre-stay-survey:${arriving}`].sort(),
      );
      expect(r.queued).toBe(3);
      expect(r.skipped).toBeGreaterThanOrEqual(2); // the stay without e-mail: pre-stay survey and reminder
      // again, and twice at once: nothing more
      const again = await Promise.all([sendScheduledDocuments(t.knex, day), sendScheduledDocuments(t.knex, day)]);
      expect(again.reduce((s, x) => s + x.queued, 0)).toBe(0);
      // the queue sends them to the real server
      const before = received.length;
      await t
        .knex('mail_message')
        .whereIn('dedupeKey', keys)
        .update({ nextAttemptAt: new Date(Date.now() - 1000) });
      await processQueue(t.knex);
      const subjects = received.slice(before).map((m) => m.subject);
      const code = async (id: number) => (await t.knex('booking').where('id', id).first('code')).code;
      expect(subjects).toEqual(
        expect.arrayContaining([
          `Avant votre séjour ${await code(arriving)}`,
          `Votre avis sur le séjour ${await code(leaving)}`,
        ]),
      );
      expect(subjects.some((s) => s?.startsWith('Solde de votre séjour : '))).toBe(true);
      // 5 days before: the second reminder; the survey is not sent again
      await sendScheduledDocuments(t.knex, '2031-08-05');
      expect(await keysOf([arriving])).toEqual([
        `balance-reminder-10:${arriving}`,
        `balance-reminder-5:${arriving}`,
        `pre-stay-survey:${arriving}`,
      ]);
    },
  );
});

describe('surety reminders (/surety-list)', () => {
  let a: number, b: number, bare: number;
  const period = { startDate: '2031-08-19', endDate: '2031-08-26' };

  beforeAll(async () => {
    await postOk(t.admin, '/rest/establishment/module', {
      kind: 'surety',
      label: unique('Caution '),
      isActive: true,
      settings: { calcul: 3, nbdaySurety: 10, nbdaySuretyReminder: 5 },
    });
    const model = await createdThroughEdit(t.admin, 'document-function-model', {
      functionCode: 'surety-reminder',
      label: unique('Relance caution '),
    });
    await createdThroughEdit(t.admin, 'mailing-configuration', {
      documentFunctionModelId: model.id,
      label: 'Caution',
      subject: 'Acompte de {{price.downPayment}} pour {{stay.code}}',
      body: '<p>Merci de régler {{price.downPayment}}.</p>',
      attachDocument: false,
    });
    const customer = (
      await postOk(t.admin, '/rest/customer', { lastName: 'Caution', firstName: 'Anne', email: 'anne@example.fr' })
    ).id;
    const noMail = (await postOk(t.admin, '/rest/customer', { lastName: 'Sansadresse', firstName: 'Luc' })).id;
    a = (await bookStay(t, c, c.places[0], '2031-08-20', '2031-08-23', customer)).bookingId;
    b = (await bookStay(t, c, c.places[1], '2031-08-21', '2031-08-24', customer)).bookingId;
    bare = (await bookStay(t, c, c.places[0], '2031-08-24', '2031-08-26', noMail)).bookingId;
  });

  const list = async () =>
    (await t.admin.get(`/rest/surety/list?startDate=${period.startDate}&endDate=${period.endDate}`)).body;
  const kinds = async (id: number) =>
    (
      await t
        .knex('mail_message')
        .where('bookingId', id)
        .whereIn('kind', ['surety-first', 'surety-again', 'balance-first', 'balance-again'])
        .select('kind')
    )
      .map((m) => m.kind)
      .sort();

  it(
    'lists the stays with a deposit or a balance due, ' + "with amounts and the missing address as the row's error",
    async () => {
      expect((await t.admin.get('/rest/surety/configuration')).body).toEqual({
        calcul: 3,
        nbdaySurety: 10,
        nbdaySuretyReminder: 5,
      });
      const l = await list();
      expect(l.calcul).toBe(3);
      expect(l.suretyList.map((r: any) => r.bookingId)).toEqual([a, b, bare]);
      expect(l.suretyReminderList).toEqual([]);
      const booking = await t.knex('booking').where('id', a).first('downPaymentAmount', 'totalAmount', 'code');
      expect(l.suretyList[0]).toMatchObject({
        bookingCode: booking.code,
        customerName: 'Caution Anne',
        suretyAmount: booking.downPaymentAmount,
        balanceAmount: booking.totalAmount,
        isSuretySend: false,
        isBalanceSend: false,
        error: null,
      });
      expect(l.suretyList[2].error).toBe('E-mail du destinataire manquant');
      expect((await t.admin.get('/rest/surety/list?startDate=2031-08-26&endDate=2031-08-19')).status).toBe(400);
    },
  );

  it('sending needs the write right on the surety function', async () => {
    const reader = (await userWithRights(t, { rights: { 'customer.surety': { rights: '001' } } })).client;
    expect((await reader.get(`/rest/surety/list?startDate=${period.startDate}&endDate=${period.endDate}`)).status).toBe(
      200,
    );
    expect((await reader.post('/rest/surety/send', { ...period, bookingIds: [a] })).status).toBe(401);
    expect(await kinds(a)).toEqual([]);
    expect((await t.admin.post('/rest/surety/send', { ...period, bookingIds: [] })).body.code).toBe(
      'NO_EMAILING_SELECTION',
    );
  });

  it('sends the deposit and balance reminders, marks the flags, then the second reminder exactly once', async () => {
    const before = received.length;
    const r = await postOk(t.admin, '/rest/surety/send', { ...period, bookingIds: [a, b, bare] });
    expect(r.sent).toBe(4);
    expect(r.errors).toEqual([
      { bookingId: bare, error: 'E-mail du destinataire manquant' },
      { bookingId: bare, error: 'E-mail du destinataire manquant' },
    ]);
    const mine = received.slice(before).filter((m) => (m.to as any).value[0].address === 'anne@example.fr');
    expect(mine).toHaveLength(4);
    const down = (await t.knex('booking').where('id', a).first('downPaymentAmount')).downPaymentAmount;
    expect(mine.map((m) => m.subject)).toContain(
      `Acompte de ${(down / 100).toFixed(2).replace('.', ',')} € pour ` +
        `${(await t.knex('booking').where('id', a).first('code')).code}`,
    );
    let l = await list();
    expect(l.suretyList.map((x: any) => x.bookingId)).toEqual([bare]);
    expect(l.suretyReminderList.map((x: any) => x.bookingId)).toEqual([a, b]);
    expect(l.suretyReminderList[0]).toMatchObject({
      isSuretySend: true,
      isBalanceSend: true,
      isSuretyReminderSend: false,
      isBalanceSendReminder: false,
    });
    // two users send the reminders at the same moment: each stay gets them once
    const both = await Promise.all([
      t.admin.post('/rest/surety/send', { ...period, bookingIds: [a, b] }),
      t.admin.post('/rest/surety/send', { ...period, bookingIds: [a, b] }),
    ]);
    expect(both.map((x) => x.status)).toEqual([200, 200]);
    expect(both[0].body.sent + both[1].body.sent).toBe(4);
    expect(await kinds(a)).toEqual(['balance-again', 'balance-first', 'surety-again', 'surety-first']);
    l = await list();
    expect(l.suretyReminderList).toEqual([]);
    expect((await postOk(t.admin, '/rest/surety/send', { ...period, bookingIds: [a, b] })).sent).toBe(0);
  });
});

describe('e-mail campaigns', () => {
  let criteria: number, mcId: number, yes: number, no: number;

  beforeAll(async () => {
    const lang = (
      await postOk(t.admin, '/rest/language', { code: unique('x').slice(0, 5), name: unique('Langue campagne ') })
    ).id;
    yes = (
      await postOk(t.admin, '/rest/customer', {
        lastName: 'Abonnée',
        firstName: 'Zoé',
        email: 'zoe@example.fr',
        newsletterConsent: true,
        languageId: lang,
      })
    ).id;
    no = (
      await postOk(t.admin, '/rest/customer', {
        lastName: 'Refus',
        firstName: 'Marc',
        email: 'marc@example.fr',
        newsletterConsent: false,
        languageId: lang,
      })
    ).id;
    await postOk(t.admin, '/rest/customer', { lastName: 'Sansadresse', newsletterConsent: true, languageId: lang });
    criteria = (
      await postOk(t.admin, '/rest/mailing-criteria', { label: unique('Critère '), criteria: { languageIds: [lang] } })
    ).id;
    const model = await createdThroughEdit(t.admin, 'document-function-model', {
      functionCode: 'campaign',
      label: unique('Lettre '),
    });
    mcId = (
      await createdThroughEdit(t.admin, 'mailing-configuration', {
        documentFunctionModelId: model.id,
        label: 'Printemps',
        subject: 'Nos nouveautés, {{customer.firstName}}',
        body: '<p>Bonjour {{customer.firstName}}</p>',
        attachDocument: false,
      })
    ).id;
  });

  it('reaches only customers with consent and an address, once, with a working unsubscribe link', async () => {
    const preview = (await t.admin.get(`/rest/campaign/preview/${criteria}`)).body;
    expect(preview).toMatchObject({ count: 1, sample: [{ id: yes, email: 'zoe@example.fr' }] });
    const r = await postOk(t.admin, '/rest/campaign/send', {
      mailingConfigurationId: mcId,
      mailingCriteriaId: criteria,
    });
    expect(r).toEqual({ queued: 1, selected: 1 });
    expect(
      (await postOk(t.admin, '/rest/campaign/send', { mailingConfigurationId: mcId, mailingCriteriaId: criteria }))
        .queued,
    ).toBe(0);
    const before = received.length;
    await processQueue(t.knex);
    const mail = received.slice(before).find((m) => (m.to as any).value[0].address === 'zoe@example.fr')!;
    expect(mail.subject).toBe('Nos nouveautés, Zoé');
    expect(received.slice(before).some((m) => (m.to as any).value[0].address === 'marc@example.fr')).toBe(false);
    const link = /href="([^"]+\/rest\/unsubscribe[^"]+)"/.exec(mail.html as string)![1].replace(/&amp;/g, '&');
    expect((await fetch(link.replace(/c=\d+/, `c=${no}`))).status).toBe(400); // another customer's token
    const res = await fetch(link);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Désabonnement enregistré');
    expect((await t.knex('customer').where('id', yes).first('newsletterConsent')).newsletterConsent).toBe(false);
    expect(
      (await t.admin.post('/rest/campaign/send', { mailingConfigurationId: mcId, mailingCriteriaId: criteria })).body
        .code,
    ).toBe('NO_EMAILING_SELECTION');
  });
});

describe('attachment names', () => {
  it(
    'an attachment without a file name is refused with ' + '« Nom de fichier obligatoire » and nothing is queued',
    async () => {
      const before = await t.knex('mail_message').count({ n: '*' }).first();
      const attempt = enqueueMail(t.knex, {
        kind: 'test',
        to: 'anna@example.fr',
        subject: 'Sans nom',
        html: '<p>x</p>',
        attachments: [{ fileName: '  ', mime: 'application/pdf', data: new Uint8Array([37, 80]) }],
      });
      await expect(attempt).rejects.toMatchObject({
        status: 400,
        code: 'FILE_NAME_REQUIRED',
        errors: { attachments: 'Nom de fichier obligatoire' },
      });
      expect(await t.knex('mail_message').count({ n: '*' }).first()).toEqual(before);
    },
  );
});
