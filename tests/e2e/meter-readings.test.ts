// The meter reading round in Chromium (/meter-reading-creation), on the demo meters:
// opened from the menu, the meters of a type with their last reading, indexes typed
// with a French decimal comma; a wrong row saves nothing and says why; then all saved.
import { describe, expect, it } from 'vitest';
import { baseUrl, clickMenuItem, withLoggedInPage, type TestPage } from './browser';

let page: TestPage;

withLoggedInPage((p) => (page = p));

async function api(path: string) {
  return (await page.context().request.get(`${baseUrl()}${path}`)).json();
}
const byNumber = async (number: string) =>
  (await api(`/rest/meter?filter=${encodeURIComponent(JSON.stringify({ number }))}`))[0];
const readingsOf = async (meterId: number) => api(`/rest/meter-reading/meter/${meterId}`);
const frNumber = (n: number) => new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 6 }).format(n);

describe('meter reading creation', () => {
  it('reads the water meters of the residential pitches in one round', async () => {
    await page.goto(`${baseUrl()}/home`);
    await clickMenuItem(page, 'Séjours', 'Saisie des relevés');
    await page.waitForURL((u) => u.pathname === '/meter-reading-creation');
    await page.locator('h1', { hasText: 'Saisie des relevés de compteur' }).waitFor();

    // The first type by label is "Eau": its meters are listed with their last reading.
    const [a, b] = [await byNumber('EAU-R01'), await byNumber('EAU-R02')];
    const [lastA] = await readingsOf(a.id);
    const [lastB] = await readingsOf(b.id);
    const rowA = page.locator('tr[data-meter="EAU-R01"]');
    await rowA.waitFor();
    await expect(rowA.locator('td').nth(3).textContent()).resolves.toBe(frNumber(lastA.quantity));
    const [y, m, d] = lastA.readingDate.split('-');
    await expect(rowA.locator('td').nth(2).textContent()).resolves.toBe(`${d}/${m}/${y}`);

    // A row below its last index: nothing is saved, the row says why.
    await page.fill(`input[name="quantity-${a.id}"]`, `${lastA.quantity + 3},5`);
    await expect(rowA.locator('td').nth(5).textContent()).resolves.toBe('3,5');
    await page.fill(`input[name="quantity-${b.id}"]`, String(lastB.quantity - 1));
    await page.getByRole('button', { name: 'Enregistrer les relevés' }).click();
    await page.getByText('Aucun relevé enregistré : corrigez les lignes en erreur').waitFor();
    await page
      .locator('tr[data-meter="EAU-R02"]')
      .getByText('La quantité doit dépasser le dernier relevé sans dépasser le suivant')
      .waitFor();
    expect((await readingsOf(a.id))[0].id).toBe(lastA.id);
    expect((await readingsOf(b.id))[0].id).toBe(lastB.id);

    // Corrected: both saved in one request, with their consumption.
    await page.fill(`input[name="quantity-${b.id}"]`, `${lastB.quantity},25`);
    await page.getByRole('button', { name: 'Enregistrer les relevés' }).click();
    await page.getByText('Enregistrement effectué : 2 relevés').waitFor();
    const [savedA] = await readingsOf(a.id);
    const [savedB] = await readingsOf(b.id);
    expect([savedA.quantity, savedA.consumption]).toEqual([lastA.quantity + 3.5, 3.5]);
    expect([savedB.quantity, savedB.consumption]).toEqual([lastB.quantity + 0.25, 0.25]);
    await rowA.getByText('Déjà relevé à cette date').waitFor();
    await expect(page.locator(`input[name="quantity-${a.id}"]`).isDisabled()).resolves.toBe(true);
    expect(page.errors).toEqual([]);
  });

  it('lists the readings and opens the reading form from the menu', async () => {
    await page.goto(`${baseUrl()}/home`);
    await clickMenuItem(page, 'Séjours', 'Liste des relevés');
    await page.waitForURL((u) => u.pathname === '/meter-reading-list');
    await page.locator('.RaDatagrid-tbody > tr').first().waitFor();
    await page.goto(`${baseUrl()}/home`);
    await clickMenuItem(page, 'Séjours', 'Nouveau relevé');
    await page.waitForURL((u) => u.pathname === '/meter-reading-form/0');
    await page.locator('input[name="quantity"]').waitFor();
    expect(page.errors).toEqual([]);
  });
});
