// E-mail in Chromium against a real SMTP server started here (smtp-server, port 0, with
// a password): the SMTP setting typed on /email-configuration, « Envoyer un e-mail de
// test » received by the server, then the mail in the history as sent; a British
// guest's confirmation e-mailed from the stay's screen with the demo's model, in English
// with its PDF.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { baseUrl, launch, loginAs, newPage, pageApi } from './browser';

let browser: Browser;
let page: Page & { errors: string[] };
let smtp: SMTPServer;
const received: ParsedMail[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth: (auth, _s, cb) =>
      auth.username === 'accueil' && auth.password === 'secret-e2e'
        ? cb(null, { user: 'accueil' })
        : cb(new Error('Invalid username or password')),
    onData: (stream, _s, cb) => {
      simpleParser(stream).then((m) => {
        received.push(m);
        cb();
      }, cb);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  browser = await launch();
  page = await newPage(browser);
  await loginAs(page);
});
afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

describe('SMTP setting', () => {
  it('is typed, sends a test e-mail the server receives, and the history shows it sent', async () => {
    const port = (smtp.server.address() as AddressInfo).port;
    const to = `test-${Date.now()}@example.org`;
    await page.goto(`${baseUrl()}/email-configuration`);
    await page.locator('h1', { hasText: "Paramètres d'e-mail" }).waitFor();
    await page.getByLabel('Serveur SMTP').fill('127.0.0.1');
    await page.getByLabel('Port', { exact: false }).first().fill(String(port));
    await page.getByLabel('Sécurité').click();
    await page.getByRole('option', { name: 'Aucune' }).click();
    await page.getByLabel('Identifiant').fill('accueil');
    await page.getByLabel('Mot de passe').fill('secret-e2e');
    await page.getByLabel("Adresse d'expédition").fill('accueil@camping-e2e.fr');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Enregistré (chiffré) : laissez vide pour le garder').waitFor();

    await page.getByLabel('Destinataire du test').fill(to);
    await page.getByRole('button', { name: 'Envoyer un e-mail de test' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `E-mail de test envoyé à ${to}` })
      .waitFor();
    const mail = received.find((m) => (m.to as any)?.value[0]?.address === to);
    expect(mail?.subject).toBe('Bivouac : e-mail de test');
    expect(mail?.from?.value[0].address).toBe('accueil@camping-e2e.fr');

    await page.getByRole('link', { name: 'Historique des e-mails' }).click();
    await page.waitForURL((u) => u.pathname === '/email-history-list-page/0');
    const row = page.getByRole('row').filter({ hasText: to });
    await row.getByText('Envoyé').waitFor();
    await row.getByText('Bivouac : e-mail de test').waitFor();
    expect(page.errors).toEqual([]);
  });

  it('e-mails a British guest’s confirmation from the stay’s screen, in English, with its PDF', async () => {
    const en = (
      await pageApi<any[]>(page, 'GET', `/language?filter=${encodeURIComponent(JSON.stringify({ code: 'en' }))}`)
    )[0].id;
    const guests = await pageApi<any[]>(
      page,
      'GET',
      `/customer?filter=${encodeURIComponent(JSON.stringify({ languageId: en }))}&range=[0,199]`,
    );
    const withMail = new Map(guests.filter((g) => g.email).map((g) => [g.id, g]));
    let stay: any;
    for (const g of withMail.values()) {
      stay = (
        await pageApi<any[]>(
          page,
          'GET',
          `/booking?filter=${encodeURIComponent(JSON.stringify({ customerId: g.id, kind: 'booking' }))}&range=[0,0]`,
        )
      )[0];
      if (stay) break;
    }
    expect(stay, 'a demo stay of an English-speaking guest with an e-mail').toBeTruthy();
    const guest = withMail.get(stay.customerId);
    await page.goto(`${baseUrl()}/booking/${stay.id}`);
    await page.getByRole('button', { name: 'Confirmation' }).click();
    await page.getByRole('menuitem', { name: 'Envoyer par e-mail au client' }).click();
    await page.getByText(`E-mail envoyé à ${guest.email}`).waitFor();
    const mail = received.find(
      (m) => (m.to as any)?.value[0]?.address === guest.email && m.subject === `Your stay ${stay.code} is confirmed`,
    );
    expect(mail, 'the confirmation as the SMTP server received it').toBeTruthy();
    expect(mail!.html).toContain(`Dear ${guest.firstName ?? ''}`.trim());
    expect(mail!.attachments[0].contentType).toBe('application/pdf');
    expect(mail!.attachments[0].content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(page.errors).toEqual([]);
  });
});
