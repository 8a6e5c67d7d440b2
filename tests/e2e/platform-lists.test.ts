// The generic list and form in Chromium: reordering a list with an order field,
// French amounts and rates typed in generic forms, CSV export with a short search,
// and the special offers list built on the generic one (remembered row, CSV).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { todayParis } from '../../common/dates';
import { baseUrl, searchList, withLoggedInPage, type TestPage } from './browser';

let page: TestPage;
const tag = Date.now().toString(36).slice(-5);

withLoggedInPage((p) => (page = p));

async function api(method: string, path: string, data?: unknown) {
  const res = await page
    .context()
    .request.fetch(`${baseUrl()}${path}`, { method, data, headers: { 'Content-Type': 'application/json' } });
  return res.json();
}
const filterQ = (f: Record<string, unknown>) => `filter=${encodeURIComponent(JSON.stringify(f))}`;

const rows = () => page.locator('.RaDatagrid-tbody > tr');
/** The text of one column in every row shown. */
async function column(source: string): Promise<string[]> {
  await rows().first().waitFor();
  return rows().locator(`td.column-${source}`).allInnerTexts();
}

describe('reordering a list with an order field', () => {
  it('moves an access channel down, and the order is kept after a reload', async () => {
    await page.goto(`${baseUrl()}/access-channel-list`);
    const before = await column('label');
    expect(before.length).toBeGreaterThan(2);
    await rows().first().getByRole('button', { name: 'Descendre' }).click();
    await page.getByText('Enregistrement effectué').first().waitFor();
    await page.waitForFunction(
      (first) => document.querySelector('.RaDatagrid-tbody > tr td.column-label')?.textContent === first,
      before[1],
    );
    await page.reload();
    await page.waitForFunction(
      (first) => document.querySelector('.RaDatagrid-tbody > tr td.column-label')?.textContent === first,
      before[1],
    );
    expect((await column('label')).slice(0, 3)).toEqual([before[1], before[0], before[2]]);
    const stored = (await api('GET', '/rest/access-channel')).map((c: any) => c.label);
    expect(stored.slice(0, 2)).toEqual([before[1], before[0]]);

    // and back up: the first row has no "Monter"
    await expect(rows().first().getByRole('button', { name: 'Monter' }).isDisabled()).resolves.toBe(true);
    await rows().nth(1).getByRole('button', { name: 'Monter' }).click();
    await page.waitForFunction(
      (first) => document.querySelector('.RaDatagrid-tbody > tr td.column-label')?.textContent === first,
      before[0],
    );
    expect(page.errors).toEqual([]);
  });

  it('offers no reorder buttons on lists without an order field', async () => {
    await page.goto(`${baseUrl()}/language-list`);
    await rows().first().waitFor();
    await expect(page.getByRole('button', { name: 'Descendre' }).count()).resolves.toBe(0);
  });
});

describe('French numbers in generic forms', () => {
  it('saves "1 234,50 €" typed in a money field as 123450 cents', async () => {
    const label = `Extra e2e ${tag}`;
    await page.goto(`${baseUrl()}/extra/0`);
    await page.fill('input[name="label"]', label);
    await page.fill('input[name="price"]', '1 234,50 €');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.waitForURL((u) => u.pathname === '/extra-list');
    const [saved] = await api('GET', `/rest/extra?${filterQ({ label })}`);
    expect(saved.price).toBe(123450);
  });

  it('saves "5,5 %" typed in a rate field as 550 basis points', async () => {
    const label = `TVA e2e ${tag}`;
    await page.goto(`${baseUrl()}/tva/0`);
    await page.fill('input[name="label"]', label);
    await page.fill('input[name="rate"]', '5,5 %');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.waitForURL((u) => u.pathname === '/tva-list');
    const [saved] = await api('GET', `/rest/tva?${filterQ({ label })}`);
    expect(saved.rate).toBe(550);
  });
});

// F8 / « Exporter / imprimer » opens the menu holding the CSV export.
async function exportCsv() {
  await page.getByRole('button', { name: 'Exporter / imprimer' }).click();
  await page.getByRole('menuitem', { name: 'Exporter en CSV' }).click();
}

describe('CSV export', () => {
  it('leaves out a search of 2 characters, as the list does', async () => {
    await page.goto(`${baseUrl()}/language-list`);
    await rows().first().waitFor();
    await searchList(page, 'fr');
    const download = page.waitForEvent('download');
    await exportCsv();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`langues-${todayParis()}.csv`);
    const lines = readFileSync((await file.path())!, 'utf8')
      .trim()
      .split(/\r?\n/);
    const total = (await api('GET', '/rest/language')).length;
    expect(lines.length).toBe(total + 1);
    await expect(page.getByText('La recherche nécessite au moins 3 caractères').count()).resolves.toBe(0);
  });
});

describe('special offers list', () => {
  it('remembers and highlights the selected offer, exports CSV and keeps both create buttons', async () => {
    await page.goto(`${baseUrl()}/special-offer-list`);
    await rows().first().waitFor();
    await page.getByRole('link', { name: 'Nouvelle offre', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Nouvelle offre DMDS' }).waitFor();
    const labels = await column('label');
    const target = labels[Math.min(1, labels.length - 1)];
    await rows().locator('td.column-label', { hasText: target }).first().click();
    await page.waitForURL((u) => /^\/(special-offer|dmds-offer)\/\d+$/.test(u.pathname));
    await page.goto(`${baseUrl()}/special-offer-list`);
    const row = rows()
      .filter({ has: page.locator('td.column-label', { hasText: target }) })
      .first();
    await row.waitFor();
    await page.waitForFunction((t) => {
      const tr = [...document.querySelectorAll('.RaDatagrid-tbody > tr')].find(
        (r) => r.querySelector('td.column-label')?.textContent === t,
      );
      return !!tr && getComputedStyle(tr).backgroundColor === 'rgba(46, 93, 58, 0.12)';
    }, target);
    const download = page.waitForEvent('download');
    await exportCsv();
    const lines = readFileSync((await (await download).path())!, 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(lines.length).toBe((await api('GET', '/rest/special-offer')).length + 1);
    expect(page.errors).toEqual([]);
  });
});
