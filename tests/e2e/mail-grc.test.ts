// Customer relations and mailing screens in Chromium: a GRC record shows its follow-ups
// and « Ajouter un suivi » adds one under it; a new GRC record opens dated today; the
// mail history has its E-mail / SMS column; the campaign history opens from the
// campaigns screen. Records are made by the test itself (shared demo server).
import { describe, expect, it } from 'vitest';
import { baseUrl, pageApi, withLoggedInPage, type TestPage } from './browser';
import { formatDateFr, todayParis } from '../../common/dates';

let page: TestPage;

withLoggedInPage((p) => (page = p));

describe('GRC screen', () => {
  it('lists the record’s follow-ups and adds one', async () => {
    const stamp = Date.now();
    const customer = await pageApi(page, 'POST', '/customer', { lastName: `Relation${stamp}`, firstName: 'Léa' });
    const grc = await pageApi(page, 'POST', '/grc', {
      customerId: customer.id,
      subject: `Demande ${stamp}`,
      openedOn: todayParis(),
    });
    await pageApi(page, 'POST', '/grc-history', {
      grcId: grc.id,
      date: todayParis(),
      channel: 'phone',
      note: `Rappelé ${stamp}`,
    });
    await page.goto(`${baseUrl()}/grc/${grc.id}`);
    const table = page.getByRole('table', { name: 'Suivis de la relation client' });
    await table
      .getByRole('row')
      .filter({ hasText: `Rappelé ${stamp}` })
      .filter({ hasText: 'Téléphone' })
      .waitFor();
    await page.getByRole('textbox', { name: 'Nouveau suivi' }).fill(`Devis envoyé ${stamp}`);
    await page.getByRole('button', { name: 'Ajouter un suivi' }).click();
    await table
      .getByRole('row')
      .filter({ hasText: `Devis envoyé ${stamp}` })
      .waitFor();
    await page.getByText('(2 suivis)').waitFor();
    const stored = await pageApi<any[]>(
      page,
      'GET',
      `/grc-history?filter=${encodeURIComponent(JSON.stringify({ grcId: grc.id }))}`,
    );
    expect(stored.map((r) => r.note).sort()).toEqual([`Devis envoyé ${stamp}`, `Rappelé ${stamp}`]);
  });

  it('a new record opens dated today, without a follow-up panel', async () => {
    await page.goto(`${baseUrl()}/grc/0`);
    const opened = page.getByRole('textbox', { name: 'Ouverte le' });
    await opened.waitFor();
    expect(await opened.inputValue()).toBe(formatDateFr(todayParis()));
    expect(await page.getByRole('button', { name: 'Ajouter un suivi' }).count()).toBe(0);
  });
});

describe('mailing lists', () => {
  it('the mail history has a channel column; the campaign history opens from the campaigns screen', async () => {
    await page.goto(`${baseUrl()}/email-history-list-page/0`);
    await page
      .getByRole('table', { name: 'Historique des e-mails' })
      .getByRole('columnheader', { name: 'Canal' })
      .waitFor();
    await page.goto(`${baseUrl()}/campaign-email`);
    await page.getByRole('link', { name: 'Historique des campagnes' }).click();
    await page.waitForURL((u) => u.pathname === '/campaign-history');
    const table = page.getByRole('table', { name: 'Historique des campagnes' });
    for (const h of ['Envoyée le', 'Critère', 'Canal', 'Destinataires', 'Envoyés', 'En échec'])
      await table.getByRole('columnheader', { name: h, exact: true }).waitFor();
  });
});
