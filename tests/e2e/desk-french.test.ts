// French that reads right on a stay's screen (issue 13, docs/stays.md#preferences), in Chromium: counts agree
// with their number and a data label after a count is a common noun (« 2 adultes,
// 1 enfant 3–12 ans », once « 2 Adulte, 1 Enfant 3–12 ans »); the total before VAT
// says that it holds the tourist tax (once « Total HT » with the tax in it), a VAT
// line that the VAT is inside the amounts; the
// cancel confirmation's buttons say what they do (once ANNULER / CONFIRMER).
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, pageApi, withLoggedInPage, type TestPage } from './browser';
import { addDays, todayParis } from '../../common/dates';

let page: TestPage;
let bookingId = 0;
let occupancyId = 0;

const filter = (f: Record<string, unknown>) => encodeURIComponent(JSON.stringify(f));

withLoggedInPage((p) => (page = p));
beforeAll(async () => {
  // A stay of 2 adults and 1 child, 40 days ahead, on a place free for 3 (the demo's own: other files book near today).
  const [adult] = await pageApi<any[]>(page, 'GET', `/age-category?filter=${filter({ label: 'Adulte' })}&range=[0,0]`);
  const [child] = await pageApi<any[]>(
    page,
    'GET',
    `/age-category?filter=${filter({ label: 'Enfant 3–12 ans' })}&range=[0,0]`,
  );
  const start = addDays(todayParis(), 40);
  const free = await pageApi<any[]>(page, 'POST', '/booking/search-availability', {
    startDate: start,
    endDate: addDays(start, 3),
    persons: 3,
  });
  const [customer] = await pageApi<any[]>(page, 'GET', '/customer?range=[0,0]');
  const s = await pageApi<any>(page, 'POST', '/booking/create', {
    kind: 'booking',
    customerId: customer.id,
    occupancies: [
      {
        placeId: free[free.length - 1].placeId,
        startDate: start,
        endDate: addDays(start, 3),
        details: [
          { ageCategoryId: adult.id, quantity: 2 },
          { ageCategoryId: child.id, quantity: 1 },
        ],
      },
    ],
  });
  bookingId = s.booking.id;
  occupancyId = (await pageApi<any[]>(page, 'GET', `/occupancy?filter=${filter({ bookingId })}&range=[0,0]`))[0].id;
});

describe('a stay’s screen in French', () => {
  it('counts its occupants in the plural, the categories as common nouns', async () => {
    await page.goto(`${baseUrl()}/booking/${bookingId}`);
    await page.getByText('2 adultes, 1 enfant 3–12 ans').first().waitFor();
    expect(await page.getByText(/\b2 Adulte\b/).count()).toBe(0);
    expect(page.errors).toEqual([]);
  });

  it('labels the total before VAT as holding the tourist tax, which it does', async () => {
    await page.goto(`${baseUrl()}/booking/${bookingId}`);
    const table = page.getByTestId(`price-${occupancyId}`).getByRole('table', { name: 'Détail du prix' });
    const row = table.getByRole('row', { name: /^Total hors TVA, taxe de séjour comprise/ });
    await row.waitFor();
    expect(await table.getByRole('cell', { name: 'Total HT', exact: true }).count()).toBe(0);
    // A VAT line says that the VAT is inside the TTC amounts (once « TVA 10 % sur 263,46 € HT = 26,34 € », which 10 %
    // of it is not).
    const vat = await table.getByRole('row', { name: /^TVA / }).allTextContents();
    expect(vat.length).toBeGreaterThan(0);
    for (const line of vat)
      expect(line).toMatch(/^TVA [\d,]+ % comprise dans .+ TTC \(base .+ HT, calculée ligne par ligne\)/);
    // The amounts agree with the label: the total before VAT is the total less the VAT, the tax inside it.
    const { pricedQuote } = await pageApi<any>(page, 'GET', `/occupancy/${occupancyId}`);
    const q = pricedQuote.quote;
    expect(q.touristTaxTotal).toBeGreaterThan(0);
    expect(q.totalExclVat).toBe(q.total - q.vatTotals.reduce((t: number, v: any) => t + v.vatAmount, 0));
    const shown = (await row.getByRole('cell').last().textContent())!
      .replace(/[\s\u202f\u00a0€]/g, '')
      .replace(',', '.');
    expect(Math.round(Number(shown) * 100)).toBe(q.totalExclVat);
  });

  it(
    'asks « Annuler le séjour ? » with « Garder le séjour » and « Annuler le séjour », ' + 'and keeps it when told',
    async () => {
      await page.goto(`${baseUrl()}/booking/${bookingId}`);
      await page.getByTestId('action-cancel').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Annuler le séjour ?').waitFor();
      await expect(dialog.getByRole('button').allTextContents()).resolves.toEqual([
        'Garder le séjour',
        'Annuler le séjour',
      ]);
      await dialog.getByRole('button', { name: 'Garder le séjour' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect((await pageApi<any>(page, 'GET', `/booking/${bookingId}`)).statusId).not.toBe(5);
      expect(page.errors).toEqual([]);
    },
  );
});
