// Rights in the browser (§6 (docs/rights.md), §8, docs/errors.md#messages): a read-only user sees no create or delete
// button and is sent to /home from a page whose functionality is 000, generated or
// hand-written; an administrator manages a group's rights in the matrix and the
// change takes effect; the function keys F3, F4, F8 (CSV and print), F12, Esc and F9
// work on the generated screens; a session ended on the server sends a hand-written
// screen to /login with "401/403 Vous n'êtes pas connecté".
import { describe, expect, it } from 'vitest';
import { todayParis } from '../../common/dates';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { baseUrl, loginAs, newPage, searchList, withLoggedInPage, type TestPage } from './browser';

let browser: Browser;
let admin: TestPage;
const tag = Date.now().toString(36);
const PASSWORD = 'mot-de-passe-e2e';

withLoggedInPage((p, b) => {
  admin = p;
  browser = b;
});

/** Types in the list's search box and waits for its debounce (a late filter would navigate back to the list). */
const search = (text: string) => searchList(admin, text);

/** JSON API calls with the admin's session (same origin). */
async function adminApi(method: string, path: string, data?: unknown) {
  const res = await admin
    .context()
    .request.fetch(`${baseUrl()}${path}`, { method, data, headers: { 'Content-Type': 'application/json' } });
  const body = await res.json().catch(() => null);
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${JSON.stringify(body)}`);
  return body;
}

async function createUser(login: string, rights?: Record<string, unknown>): Promise<number> {
  const u = await adminApi('POST', '/rest/security/user', { login, name: `Utilisateur ${login}`, password: PASSWORD });
  if (rights) await adminApi('POST', `/rest/security/user/set_right/${u.id}`, { rights });
  return u.id;
}

async function asUser(login: string): Promise<{ page: Page & { errors: string[] }; context: BrowserContext }> {
  const page = await newPage(browser);
  await loginAs(page, login, PASSWORD);
  return { page, context: page.context() };
}

describe('a read-only user', () => {
  it('sees no create, export or delete button, a read-only form, and is sent home from a 000 page', async () => {
    const login = `lecteur-${tag}`;
    await createUser(login, { 'establishment.settings': { rights: '001' } });
    const { page, context } = await asUser(login);
    try {
      await page.goto(`${baseUrl()}/civility-list`);
      await page.getByRole('cell', { name: 'Madame', exact: true }).waitFor();
      await expect.poll(() => page.getByRole('link', { name: /Nouveau|Nouvelle/ }).count()).toBe(0);
      // F8 offers printing only: no CSV without the export right.
      await page.keyboard.press('F8');
      await page.getByRole('menuitem', { name: 'Imprimer' }).waitFor();
      await expect.poll(() => page.getByRole('menuitem', { name: 'Exporter en CSV' }).count()).toBe(0);
      await page.keyboard.press('Escape');
      await page.getByRole('menuitem', { name: 'Imprimer' }).waitFor({ state: 'detached' });
      await expect.poll(() => page.locator('input[type="checkbox"]').count()).toBe(0); // no bulk delete
      // F3 does nothing without the write right.
      await page.keyboard.press('F3');
      // The key handler navigates synchronously: two rendered frames later the page would have moved.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      expect(new URL(page.url()).pathname).toBe('/civility-list');
      await page.getByRole('cell', { name: 'Madame', exact: true }).click();
      await page.waitForURL((u) => /^\/civility\/[1-9]\d*$/.test(u.pathname));
      await page.locator('input[name="label"]').waitFor();
      await expect.poll(() => page.locator('input[name="label"]').isDisabled()).toBe(true);
      await expect.poll(() => page.getByRole('button', { name: 'Enregistrer' }).count()).toBe(0);
      await expect.poll(() => page.getByRole('button', { name: 'Supprimer' }).count()).toBe(0);
      // Pages of functionalities at 000 go to /home: generated and hand-written alike.
      for (const path of [
        '/layout-list',
        '/admin/user-list',
        '/admin/group/1',
        '/post-history',
        '/admin/establishment',
        '/booking-list/0',
        '/booking/1',
        '/customer-resume',
        '/transfer-customers',
        '/price/grid-list',
        '/planning',
        '/admin/module-grid',
        '/init-demo',
      ]) {
        await page.goto(`${baseUrl()}${path}`);
        await page.waitForURL((u) => u.pathname === '/home');
      }
      // The menu holds only what the user may read.
      const menu = page.locator('.RaSidebar-fixed, .MuiDrawer-root').first();
      await menu.getByText('Paramètres').waitFor();
      await expect.poll(() => menu.getByText('Zones', { exact: true }).count()).toBe(0);
      await expect.poll(() => menu.locator('[data-menu-key]').filter({ hasText: 'Accès' }).count()).toBe(0);
      expect(page.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("an administrator manages a group's rights", () => {
  it("creates a group, sets a level in the matrix, adds a member, and the member's access follows", async () => {
    const label = `Réception ${tag}`;
    await admin.goto(`${baseUrl()}/admin/group-list`);
    await admin.getByRole('link', { name: 'Nouveau' }).click();
    await admin.waitForURL((u) => u.pathname === '/admin/group/0');
    await admin.fill('input[name="label"]', label);
    await admin.getByRole('button', { name: 'Enregistrer' }).click();
    await admin.waitForURL((u) => u.pathname === '/admin/group-list');
    await search(label.slice(0, 12));
    await admin.getByRole('cell', { name: label, exact: true }).click();
    await admin.waitForURL((u) => /^\/admin\/group\/\d+$/.test(u.pathname));
    const groupId = Number(new URL(admin.url()).pathname.split('/').pop());
    // Matrix: "Paramètres" (establishment.settings) at 011.
    const row = admin.locator('tr[data-functionality="establishment.settings"]');
    await row.getByRole('button', { name: 'Paramètres 011' }).click();
    await expect.poll(() => row.getByRole('checkbox', { name: 'Lecture : Paramètres' }).isChecked()).toBe(true);
    await expect.poll(() => row.getByRole('checkbox', { name: 'Suppression : Paramètres' }).isChecked()).toBe(false);
    await admin.getByRole('button', { name: 'Enregistrer les droits' }).click();
    await admin.getByText('Droits du groupe enregistrés').waitFor();
    const saved = await adminApi('GET', `/rest/security/group/get_right/${groupId}`);
    expect(saved.rights['establishment.settings']).toEqual({
      canRead: true,
      canWrite: true,
      canDelete: false,
      canExport: false,
    });

    // The member, through the user's "Groupes" tab.
    const login = `membre-${tag}`;
    const userId = await createUser(login);
    await admin.goto(`${baseUrl()}/admin/user/groups/${userId}`);
    await admin.getByRole('checkbox', { name: new RegExp(`^${label}`) }).check();
    await admin.getByRole('button', { name: 'Enregistrer les groupes' }).click();
    await admin.getByText('Groupes enregistrés').waitFor();

    const { page, context } = await asUser(login);
    try {
      await page.goto(`${baseUrl()}/civility-list`);
      await page.getByRole('link', { name: 'Nouvelle' }).waitFor();
      // The administrator lowers the group to 000: the member is sent home on the next page load.
      await admin.goto(`${baseUrl()}/admin/group/${groupId}`);
      await admin
        .locator('tr[data-functionality="establishment.settings"]')
        .getByRole('button', { name: 'Paramètres 000' })
        .click();
      await admin.getByRole('button', { name: 'Enregistrer les droits' }).click();
      await admin.getByText('Droits du groupe enregistrés').waitFor();
      await page.goto(`${baseUrl()}/civility-list`);
      await page.waitForURL((u) => u.pathname === '/home');
      const r = await context.request.get(`${baseUrl()}/rest/civility?range=[0,0]`);
      expect(r.status()).toBe(401);
    } finally {
      await context.close();
    }
    expect(admin.errors).toEqual([]);
  });
});

describe('function keys', () => {
  it('F3 opens a new record, F12 saves, Esc goes back, F4 opens the selected row, F9 asks to delete', async () => {
    const label = `Maître ${tag}`;
    await admin.goto(`${baseUrl()}/civility-list`);
    await admin.getByRole('cell', { name: 'Madame', exact: true }).waitFor();
    await admin.keyboard.press('F3');
    await admin.waitForURL((u) => u.pathname === '/civility/0');
    await admin.fill('input[name="shortLabel"]', `Me${tag}`.slice(0, 10));
    await admin.fill('input[name="label"]', label);
    await admin.keyboard.press('F12');
    await admin.waitForURL((u) => u.pathname === '/civility-list');
    await search(label.slice(0, 10));
    await admin.getByRole('cell', { name: label, exact: true }).click();
    await admin.waitForURL((u) => /^\/civility\/\d+$/.test(u.pathname));
    await admin.locator('input[name="label"]').waitFor();
    const editPath = new URL(admin.url()).pathname;
    await admin.keyboard.press('Escape');
    await admin.waitForURL((u) => u.pathname === '/civility-list');
    // F4 modifies the row last selected.
    await admin.getByRole('cell', { name: label, exact: true }).waitFor();
    await admin.keyboard.press('F4');
    await admin.waitForURL((u) => u.pathname === editPath);
    await admin.locator('input[name="label"]').waitFor();
    await admin.keyboard.press('F9');
    const dialog = admin.getByRole('dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.textContent()).toContain(label);
    await dialog.getByRole('button', { name: /Confirmer|Supprimer/ }).click();
    await admin.waitForURL((u) => u.pathname === '/civility-list');
    await search(label.slice(0, 10));
    await expect.poll(() => admin.getByRole('cell', { name: label, exact: true }).count()).toBe(0);
    expect(admin.errors).toEqual([]);
  });
});

describe('F8: CSV and print', () => {
  it('offers the CSV export (export right) and printing, whose page keeps only the content', async () => {
    await admin.goto(`${baseUrl()}/civility-list`);
    await search('Madame');
    await admin.getByRole('cell', { name: 'Madame', exact: true }).waitFor();
    await admin.keyboard.press('F8');
    const download = admin.waitForEvent('download');
    await admin.getByRole('menuitem', { name: 'Exporter en CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`civilites-${todayParis()}.csv`);
    expect(await readFile((await file.path())!, 'utf8')).toContain('Madame');
    // « Imprimer » prints the page (window.print, counted here instead of opening the dialog)…
    await admin.evaluate(() => {
      (window as any).printed = 0;
      window.print = () => {
        (window as any).printed++;
      };
    });
    await admin.getByRole('button', { name: 'Exporter / imprimer' }).click();
    await admin.getByRole('menuitem', { name: 'Imprimer' }).click();
    await admin.waitForFunction(() => (window as any).printed === 1);
    await admin.getByRole('menuitem', { name: 'Imprimer' }).waitFor({ state: 'detached' });
    // …and the print stylesheet hides the app bar, the main menu and the buttons, not the table.
    await admin.emulateMedia({ media: 'print' });
    try {
      await admin.locator('.MuiAppBar-root').waitFor({ state: 'hidden' });
      await admin.locator('.RaSidebar-root').waitFor({ state: 'hidden' });
      await admin.getByRole('link', { name: 'Nouvelle' }).waitFor({ state: 'hidden' });
      await admin.getByRole('button', { name: 'Exporter / imprimer' }).waitFor({ state: 'hidden' });
      await admin.getByRole('cell', { name: 'Madame', exact: true }).waitFor({ state: 'visible' });
    } finally {
      await admin.emulateMedia({ media: 'screen' });
    }
    await admin.getByRole('link', { name: 'Nouvelle' }).waitFor({ state: 'visible' });
    expect(admin.errors).toEqual([]);
  });

  it('the planning board offers its CSV only with the export right', async () => {
    const login = `planning-${tag}`;
    await createUser(login, { 'camp.planning': { rights: '001' } });
    const { page, context } = await asUser(login);
    try {
      await page.goto(`${baseUrl()}/planning`);
      await page.getByTestId('planning-board').waitFor();
      await page.getByRole('button', { name: 'Exporter / imprimer' }).click();
      await page.getByRole('menuitem', { name: 'Imprimer' }).waitFor();
      await expect.poll(() => page.getByRole('menuitem', { name: 'Exporter en CSV' }).count()).toBe(0);
      await page.keyboard.press('Escape');
    } finally {
      await context.close();
    }
    await admin.goto(`${baseUrl()}/planning`);
    await admin.getByTestId('planning-board').waitFor();
    await admin.keyboard.press('F8');
    await admin.getByRole('menuitem', { name: 'Exporter en CSV' }).waitFor();
    await admin.keyboard.press('Escape');
  });
});

describe('a session ended on the server', () => {
  it('sends a hand-written screen to /login with "401/403 Vous n\'êtes pas connecté"', async () => {
    const login = `expire-${tag}`;
    await createUser(login, { 'booking.booking': { rights: '001' } });
    const { page, context } = await asUser(login);
    try {
      await page.goto(`${baseUrl()}/booking-list/0`);
      await page.getByLabel('Rechercher (3 caractères min.)').waitFor();
      // Logged out by another request (another tab, an administrator…).
      expect((await context.request.get(`${baseUrl()}/rest/logout`)).status()).toBe(200);
      await page.getByLabel('Rechercher (3 caractères min.)').fill('Dupont');
      await page.waitForURL((u) => u.pathname === '/login');
      await page.getByText("401/403 Vous n'êtes pas connecté").waitFor();
      expect(await page.evaluate(() => localStorage.getItem('bivouac.user'))).toBeNull();
      expect(page.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('logging out once the session has already ended still shows the log-out alert', async () => {
    const login = `sortie-${tag}`;
    await createUser(login, { 'establishment.settings': { rights: '001' } });
    const { page, context } = await asUser(login);
    try {
      await page.goto(`${baseUrl()}/civility-list`);
      await page.getByRole('cell', { name: 'Madame', exact: true }).waitFor();
      expect((await context.request.get(`${baseUrl()}/rest/logout`)).status()).toBe(200);
      await page
        .getByRole('button', { name: /profil|Utilisateur/i })
        .first()
        .click();
      await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
      await page.waitForURL((u) => u.pathname === '/login');
      await page.getByText('Vous êtes déconnecté').waitFor();
    } finally {
      await context.close();
    }
  });
});
