// The shell in the browser (§2 (docs/screens.md), §7 (docs/api.md), §8, docs/errors.md#messages): log-out with its
// success alert, the page title, the home tiles with live counts, unlocking the home (hide, reorder, save)
// and the confirmation when leaving it unlocked (useLeaveGuard), menu contexts,
// the user menu, the establishment screen with its logo, the readable history.
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  baseUrl,
  clickMenuItem,
  loginAs,
  newPage,
  openMenuGroup,
  sidebar,
  withLoggedInPage,
  type TestPage,
} from './browser';
import { E2E_SYSTEM_PASSWORD } from './password';
import { SYSTEM_LOGIN } from '../../api/auth/system';

let browser: Browser;
let page: TestPage;
const tag = Date.now().toString(36);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

withLoggedInPage((p, b) => {
  page = p;
  browser = b;
});

async function api(method: string, path: string, data?: unknown) {
  const res = await page
    .context()
    .request.fetch(`${baseUrl()}${path}`, { method, data, headers: { 'Content-Type': 'application/json' } });
  return res.json();
}

describe('home', () => {
  it(
    'shows the tiles with their counts, ' + "the version and the documentation, under the establishment's title",
    async () => {
      await page.goto(`${baseUrl()}/home`);
      const tiles = (await api('GET', '/rest/home/tiles')).tiles as { key: string; count: number | null }[];
      expect(tiles.length).toBeGreaterThan(0);
      for (const t of tiles.slice(0, 3)) {
        await page.getByTestId(`tile-${t.key}`).waitFor();
        await expect
          .poll(() => page.getByTestId(`tile-count-${t.key}`).textContent())
          .toBe(t.count === null ? '—' : new Intl.NumberFormat('fr-FR').format(t.count));
      }
      await page.getByText('Version du logiciel').waitFor();
      await page.getByText("Guide de l'utilisateur (PDF)").waitFor();
      const header = await api('GET', '/rest/establishment/establishment/header');
      await page.waitForFunction((title) => document.title === title, header.title);
    },
  );

  it('unlocks to hide and reorder tiles, saves, and asks before leaving while unlocked', async () => {
    await page.goto(`${baseUrl()}/home`);
    const before = (await api('GET', '/rest/home/tiles')).tiles as { key: string; label: string }[];
    const [first, second] = before;
    await page.getByRole('button', { name: 'Déverrouiller' }).click();
    await page.getByTestId(`edit-tile-${first.key}`).waitFor();
    // Leaving while unlocked: "Rester" stays, nothing is lost.
    await clickMenuItem(page, 'Admin', 'Établissement');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Les modifications non enregistrées seront perdues. Quitter la page ?').waitFor();
    await dialog.getByRole('button', { name: 'Rester' }).click();
    expect(new URL(page.url()).pathname).toBe('/home');
    await page.getByTestId(`edit-tile-${first.key}`).waitFor();
    // Hide the first tile and move the second before it, then save.
    await page.getByRole('button', { name: `Masquer ${first.label}` }).click();
    await page.getByRole('button', { name: `Déplacer ${second.label} avant` }).click();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('button', { name: 'Déverrouiller' }).waitFor();
    await page.getByTestId(`tile-${second.key}`).waitFor();
    await expect.poll(() => page.getByTestId(`tile-${first.key}`).count()).toBe(0);
    const after = (await api('GET', '/rest/home/tiles?all=1')).tiles as { key: string; hidden: boolean }[];
    expect(after.slice(0, 2).map((t) => [t.key, t.hidden])).toEqual([
      [second.key, false],
      [first.key, true],
    ]);
    // Unlocked again, "Quitter" leaves.
    await page.getByRole('button', { name: 'Déverrouiller' }).click();
    await sidebar(page).getByRole('menuitem', { name: 'Établissement' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Quitter' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/establishment');
    // Back to the original layout for the other tests.
    await api('POST', '/rest/home/layout', { tiles: before.map((t) => ({ key: t.key })) });
    expect(page.errors).toEqual([]);
  });

  it('a menu header opens its board on /home as the parent context; the home key clears it', async () => {
    await page.goto(`${baseUrl()}/home`);
    const header = (await openMenuGroup(page, 'Paramètres'))
      .locator('[data-menu-key^="menu-context-"]')
      .filter({ hasText: /^Géographie$/i });
    await header.click();
    await page.waitForURL((u) => u.pathname === '/home');
    const board = page.getByTestId('context-board');
    await board.getByText('Pays', { exact: true }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('bivouac.parentContextId'))).toMatch(/^\d+$/);
    await board.getByText('Pays', { exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/country-list');
    await sidebar(page).locator('[data-menu-key="home"]').click();
    await page.waitForURL((u) => u.pathname === '/home');
    await page.getByText('Version du logiciel').waitFor();
    await expect.poll(() => page.getByTestId('context-board').count()).toBe(0);
    expect(await page.evaluate(() => sessionStorage.getItem('bivouac.parentContextId'))).toBeNull();
  });
});

describe('establishment', () => {
  it('edits the company data and uploads a logo shown in the app bar', async () => {
    await page.goto(`${baseUrl()}/admin/establishment`);
    await page.locator('input[name="name"]').waitFor();
    await page.fill('input[name="shortName"]', `Pins ${tag}`);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    // The save is done when the server holds the new name (a notification text would race the button's own label).
    await expect
      .poll(async () => (await api('GET', '/rest/establishment/establishment/edit')).shortName, { timeout: 15_000 })
      .toBe(`Pins ${tag}`);
    await page.getByRole('tab', { name: 'Informations' }).click();
    await page.fill('input[name="siren"]', '123');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Le SIREN comporte 9 chiffres').first().waitFor();
    await page.fill('input[name="siren"]', (await api('GET', '/rest/establishment/establishment/edit')).siren);
    await page.getByRole('tab', { name: 'Groupe et logos' }).click();
    await page.getByTestId('upload-logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('Logo enregistré').waitFor();
    await page.locator('header img[alt]').first().waitFor();
    await page
      .getByTestId('upload-logo')
      .setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg/>') });
    await page.getByText('Formats acceptés : .jpg, .jpeg, .png, .gif').waitFor();
  });
});

describe('history', () => {
  it("shows what changed as a table with the fields' French labels", async () => {
    await page.goto(`${baseUrl()}/post-history`);
    await page.getByRole('cell', { name: 'Établissement' }).first().waitFor();
    const filter = encodeURIComponent(JSON.stringify({ entity: 'establishment', action: 'update' }));
    const [entry] = await api('GET', `/rest/post-history?filter=${filter}&sort=["id","DESC"]&range=[0,0]`);
    await page.goto(`${baseUrl()}/post-history/${entry.id}`);
    const table = page.getByRole('table', { name: 'Changements' });
    await table.waitFor();
    await table.getByRole('cell', { name: 'Nom court' }).waitFor();
    await table.getByRole('cell', { name: `Pins ${tag}` }).waitFor();
    await page.keyboard.press('Escape');
    await page.waitForURL((u) => u.pathname === '/post-history');
  });
});

describe('user menu and log-out', () => {
  it('shows the name with the Admin tag, the documentation, and logs out with the success alert', async () => {
    await page.goto(`${baseUrl()}/home`);
    await page
      .getByRole('button', { name: /profil|Administrateur/i })
      .first()
      .click();
    await page.getByTestId('user-menu-name').getByText('Administrateur').waitFor();
    await page.getByTestId('user-menu-name').getByText('Admin', { exact: true }).waitFor();
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('menuitem', { name: 'Documentation' }).click(),
    ]);
    expect(popup.url()).toContain('/rest/establishment/establishment/document');
    await popup.close();
    await page
      .getByRole('button', { name: /profil|Administrateur/i })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByText('Vous êtes déconnecté').waitFor();
    // The session ended on the server.
    const r = await page.context().request.get(`${baseUrl()}/rest/security/me`);
    expect(r.status()).toBe(403);
    // /login without the flag shows no alert.
    await page.reload();
    await page.locator('input[name="username"]').waitFor();
    await expect.poll(() => page.getByText('Vous êtes déconnecté').count()).toBe(0);
    await loginAs(page);
  });
});

describe('closing a financial year', () => {
  it("shows « Clôturer l'exercice » to the technical user only, who closes after confirming", async () => {
    const made = [];
    for (const y of [2001, 2002])
      made.push(
        await api('POST', '/rest/establishment/financial-year', {
          label: `Exercice ${y} (${tag})`,
          startDate: `${y}-01-01`,
          endDate: `${y}-12-31`,
        }),
      );
    const id = made[0].id;
    await page.goto(`${baseUrl()}/admin/financial-year/${id}`);
    await page.locator('input[name="label"]').waitFor();
    await expect.poll(() => page.getByRole('button', { name: "Clôturer l'exercice" }).count()).toBe(0);
    const system = await newPage(browser);
    try {
      await loginAs(system, SYSTEM_LOGIN, E2E_SYSTEM_PASSWORD);
      await system.goto(`${baseUrl()}/admin/financial-year/${id}`);
      await system.getByRole('button', { name: "Clôturer l'exercice" }).click();
      const dialog = system.getByRole('dialog');
      await dialog.getByText(`Clôturer l'exercice « Exercice 2001 (${tag}) » ?`).waitFor();
      await dialog.getByRole('button', { name: 'Clôturer' }).click();
      await system.getByText('Exercice clôturé').waitFor();
      await system.getByRole('button', { name: "Clôturer l'exercice" }).waitFor({ state: 'detached' });
      await expect.poll(() => system.locator('input[name="isClosed"]').isChecked()).toBe(true);
      expect(system.errors).toEqual([]);
    } finally {
      await system.context().close();
    }
    expect((await api('GET', `/rest/establishment/financial-year/${id}`)).isClosed).toBe(true);
  });
});
