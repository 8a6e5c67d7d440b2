// The menu by task (issue 29 §4, docs/history.md#issue-29): « Réception » first, its most frequent screens first,
// and « Rechercher un écran » opening any screen the user may see with a few letters
// and Enter.
import { describe, expect, it } from 'vitest';
import { baseUrl, openMenuGroup, sidebar, withLoggedInPage, type TestPage } from './browser';

let page: TestPage;
withLoggedInPage((p) => {
  page = p;
});

describe('menu by task', () => {
  it('opens with « Réception », arrivals, departures and a new booking first', async () => {
    await page.goto(`${baseUrl()}/home`);
    const sections = sidebar(page).locator('[data-menu-key^="menu-node-"]');
    await sections.first().waitFor();
    expect((await sections.allInnerTexts()).slice(0, 5)).toEqual([
      'Réception',
      'Séjours',
      'Caisse et ventes',
      'Facturation et encaissements',
      'Clôtures et déclarations',
    ]);
    const desk = await openMenuGroup(page, 'Réception');
    await desk.getByRole('menuitem').first().waitFor();
    const items = await desk.getByRole('menuitem').allInnerTexts();
    expect(items.slice(0, 3)).toEqual(['Arrivées', 'Départs', 'Nouvelle réservation']);
  });

  it('finds a screen by a few letters and opens it with Enter', async () => {
    await page.goto(`${baseUrl()}/home`);
    const search = page.getByTestId('menu-search');
    await search.fill('remise banq');
    await page.getByRole('list', { name: 'Écrans trouvés' }).getByText('Nouvelle remise en banque').waitFor();
    await search.fill('nouv rése');
    await page.getByRole('list', { name: 'Écrans trouvés' }).getByText('Nouvelle réservation').waitFor();
    await search.press('Enter');
    await page.waitForURL((u) => u.pathname === '/new-booking');
    await expect(search.inputValue()).resolves.toBe('');
    await search.fill('xyzw');
    await page.getByText('Aucun écran ne correspond').waitFor();
    await search.press('Escape');
    await expect(search.inputValue()).resolves.toBe('');
    expect(page.errors).toEqual([]);
  });
});
