// Yield management in Chromium: a rule created on its screen, the preview (opened from the menu) of the
// grid cell it changes (before → after), « Appliquer » confirmed, and the
// change in the journal. On its own place type and grid (2031), so no demo price moves.
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, clickMenuItem, pageApi, withLoggedInPage, type TestPage } from './browser';

let page: TestPage;
const stamp = Date.now().toString(36);
const ids: Record<string, number> = {};

withLoggedInPage((p) => (page = p));

async function pick(label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

describe('yield management screens', () => {
  beforeAll(async () => {
    await page.goto(`${baseUrl()}/home`);
    const [family] = await pageApi(page, 'GET', '/place-family');
    ids.type = (
      await pageApi(page, 'POST', '/place-type', {
        code: `Y${stamp}`.slice(0, 10).toUpperCase(),
        label: `Yield e2e ${stamp}`,
        placeFamilyId: family.id,
        maxPersons: 6,
      })
    ).id;
    const grid = await pageApi(page, 'POST', '/price-grid', {
      label: `Grille yield ${stamp}`,
      placeTypeId: ids.type,
      priceModel: 1,
    });
    ids.grid = grid.id;
    ids.period = (
      await pageApi(page, 'POST', '/price-grid-period', {
        priceGridId: grid.id,
        label: `Été ${stamp}`,
        startDate: '2031-07-01',
        endDate: '2031-08-01',
        pricePerNight: 2000,
      })
    ).id;
  });

  it('creates a rule, previews the new price and applies it', async () => {
    await page.goto(`${baseUrl()}/yield-rule/0`);
    await page.fill('input[name="label"]', `Dernière minute ${stamp}`);
    await pick("Type d'emplacement", `Yield e2e ${stamp}`);
    await page.fill('input[name="startDate"]', '2031-07-01');
    await page.fill('input[name="endDate"]', '2031-08-01');
    await pick('Condition', "Jours avant l'arrivée");
    await page.fill('input[name="threshold"]', '0');
    await page.fill('input[name="adjustment"]', '10');
    await page.fill('input[name="floorPrice"]', '10');
    await page.fill('input[name="ceilingPrice"]', '100');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.waitForURL((u) => u.pathname === '/yield-rule-list');
    await page.getByText(`Dernière minute ${stamp}`).waitFor();

    // the rule as saved, and the change the server previews for its grid
    const [saved] = await pageApi(
      page,
      'GET',
      '/yield-rule?filter=' + encodeURIComponent(JSON.stringify({ q: stamp })),
    );
    expect(saved).toMatchObject({
      placeTypeId: ids.type,
      condition: 2,
      threshold: 0,
      adjustmentUnit: 1,
      adjustment: 1000,
    });
    const preview = await pageApi(page, 'GET', '/yield/preview');
    expect(preview.changes.filter((c: { priceGridId: number }) => c.priceGridId === ids.grid)).toMatchObject([
      { before: 2000, after: 2200 },
    ]);

    await clickMenuItem(page, 'Paramètres', 'Yield : aperçu et application');
    await page.waitForURL((u) => u.pathname === '/yield-preview');
    const row = page.getByRole('row').filter({ hasText: `Grille yield ${stamp}` });
    await row.waitFor({ timeout: 15_000 });
    await expect(row.textContent()).resolves.toMatch(/20,00\s€.*22,00\s€.*Dernière minute/);
    await page.getByRole('button', { name: 'Appliquer' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Appliquer' }).click();
    await page.getByText(/^1 prix modifié/).waitFor({ timeout: 15_000 });
    await row.waitFor({ state: 'detached' });
    const period = await pageApi(page, 'GET', `/price-grid-period/${ids.period}`);
    expect(period.pricePerNight).toBe(2200);

    await page.goto(`${baseUrl()}/yield-journal-list`);
    await page
      .getByRole('row')
      .filter({ hasText: `Grille yield ${stamp}` })
      .first()
      .waitFor();
    expect(page.errors).toEqual([]);
  });
});
