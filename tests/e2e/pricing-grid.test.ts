// Price grid screens in Chromium: edit a period's price on its screen, see the grid's
// new version and the new price in a quote from the grid screen; an older version
// stays readable, read-only, and quotes at its own prices.
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, withLoggedInPage, type TestPage } from './browser';

let page: TestPage;
const stamp = Date.now().toString(36);

async function apiCall(method: 'GET' | 'POST', path: string, data?: unknown): Promise<any> {
  const r =
    method === 'GET'
      ? await page.request.get(`${baseUrl()}/rest${path}`)
      : await page.request.post(`${baseUrl()}/rest${path}`, { data });
  expect(r.status(), await r.text()).toBe(200);
  return r.json();
}

withLoggedInPage((p) => (page = p));

describe('price grid screen', () => {
  let gridId = 0;
  let periodId = 0;

  beforeAll(async () => {
    // Own data, unique names: a pitch grid at 20 € a night in 2030.
    const [tent] = await apiCall('GET', `/place-type?filter=${encodeURIComponent(JSON.stringify({ code: 'TENTE' }))}`);
    const grid = await apiCall('POST', '/price-grid/edit', {
      id: 0,
      label: `E2E tarifs ${stamp}`,
      placeTypeId: tent.id,
      priceModel: 1,
      isActive: false,
    });
    gridId = grid.id;
    const period = await apiCall('POST', '/price-grid-period/edit', {
      id: 0,
      priceGridId: gridId,
      label: `Saison ${stamp}`,
      startDate: '2030-04-01',
      endDate: '2030-10-01',
      pricePerNight: 2000,
    });
    periodId = period.id;
  });

  it('edits a period price and shows the new price in a quote', async () => {
    await page.goto(`${baseUrl()}/price/grid/${gridId}/0/0/0`);
    await page.waitForURL((u) => u.pathname.endsWith('/2') && u.pathname.startsWith(`/price/grid/${gridId}/1/`));
    await page.getByText('version 2', { exact: true }).waitFor();
    await page.getByRole('link', { name: `Saison ${stamp}` }).click();
    await page.waitForURL((u) => u.pathname === `/price/period/${periodId}/grid/${gridId}/2`);
    const price = page.locator('input[name="pricePerNight"]');
    await expect(price.inputValue()).resolves.toBe('20,00');
    await price.fill('23,50');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    // back on the grid, at its new version
    await page.waitForURL((u) => u.pathname.startsWith(`/price/grid/${gridId}/1/`) && u.pathname.endsWith('/3'));
    await page.getByText('version 3', { exact: true }).waitFor();
    await page.getByRole('table', { name: 'Périodes' }).getByText('23,50 €').waitFor();

    await page.fill('input[name="quoteStartDate"]', '2030-05-03');
    await page.fill('input[name="quoteEndDate"]', '2030-05-06');
    await page.getByRole('button', { name: 'Calculer le prix' }).click();
    const lines = page.getByRole('table', { name: 'Lignes du devis' });
    const occupancy = lines.getByRole('row').filter({ hasText: `E2E tarifs ${stamp} – nuit` });
    await occupancy.waitFor();
    await expect(occupancy.textContent()).resolves.toMatch(/23,50\s€.*70,50\s€/);
    expect(page.errors).toEqual([]);
  });

  it('shows an older version read-only, quoted at its own prices', async () => {
    await page.goto(`${baseUrl()}/price/grid/${gridId}/0/0/2`);
    await page.getByText('Version 2 (historique) : consultation seule.').waitFor();
    await page.getByRole('table', { name: 'Périodes' }).getByText('20,00 €').waitFor();
    await expect(page.getByRole('button', { name: 'Enregistrer' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Nouvelle période' }).count()).resolves.toBe(0);
    await page.fill('input[name="quoteStartDate"]', '2030-05-03');
    await page.fill('input[name="quoteEndDate"]', '2030-05-06');
    await page.getByRole('button', { name: 'Calculer le prix' }).click();
    const occupancy = page
      .getByRole('table', { name: 'Lignes du devis' })
      .getByRole('row')
      .filter({ hasText: `E2E tarifs ${stamp} – nuit` });
    await occupancy.waitFor();
    await expect(occupancy.textContent()).resolves.toMatch(/20,00\s€.*60,00\s€/);
    // the period of that version opens read-only too
    await page.getByRole('link', { name: `Saison ${stamp}` }).click();
    await page.waitForURL((u) => u.pathname === `/price/period/${periodId}/grid/${gridId}/2`);
    await page.locator('[data-field="pricePerNight"]').waitFor();
    await expect(page.locator('[data-field="pricePerNight"]').textContent()).resolves.toMatch(/20,00\s€/);
    await expect(page.locator('input[name="pricePerNight"]').count()).resolves.toBe(0);
    expect(page.errors).toEqual([]);
  });

  it('refuses an overlapping period with the server’s French message', async () => {
    await page.goto(`${baseUrl()}/price/period/0/grid/${gridId}/0`);
    await page.fill('input[name="label"]', `Chevauchement ${stamp}`);
    await page.fill('input[name="startDate"]', '2030-09-01');
    await page.fill('input[name="endDate"]', '2030-11-01');
    await page.fill('input[name="pricePerNight"]', '10');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Les périodes se chevauchent').first().waitFor();
    expect(new URL(page.url()).pathname).toBe(`/price/period/0/grid/${gridId}/0`);
  });
});
