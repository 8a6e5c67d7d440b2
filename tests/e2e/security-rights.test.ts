// Rights in the browser (§6): a read-only user sees no create or delete button
// and is sent to /home from a page whose functionality is 000; an administrator
// manages a group's rights in the matrix and the change takes effect; the
// function keys F3, F12, Esc and F9 work on the generated screens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, launch, loginAs, newPage } from './browser';

let browser: Browser;
let admin: Page & { errors: string[] };
const tag = Date.now().toString(36);
const PASSWORD = 'mot-de-passe-e2e';

beforeAll(async () => {
  browser = await launch();
  admin = await newPage(browser);
  await loginAs(admin);
});
afterAll(async () => { await browser?.close(); });

/** Types in the list's search box and waits for its debounce (a late filter would navigate back to the list). */
async function search(text: string) {
  await admin.getByPlaceholder('Rechercher (3 caractères min.)').fill(text);
  await admin.waitForTimeout(700);
}

/** JSON API calls with the admin's session (same origin). */
async function adminApi(method: string, path: string, data?: unknown) {
  const res = await admin.context().request.fetch(`${baseUrl()}${path}`, { method, data, headers: { 'Content-Type': 'application/json' } });
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
      expect(await page.getByRole('link', { name: /Nouveau|Nouvelle/ }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Export CSV' }).count()).toBe(0);
      expect(await page.locator('input[type="checkbox"]').count()).toBe(0); // no bulk delete
      // F3 does nothing without the write right.
      await page.keyboard.press('F3');
      await page.waitForTimeout(300);
      expect(new URL(page.url()).pathname).toBe('/civility-list');
      await page.getByRole('cell', { name: 'Madame', exact: true }).click();
      await page.waitForURL((u) => /^\/civility\/\d+$/.test(u.pathname));
      await page.locator('input[name="label"]').waitFor();
      expect(await page.locator('input[name="label"]').isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Enregistrer' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Supprimer' }).count()).toBe(0);
      // Pages of functionalities at 000 go to /home: generated and hand-written alike.
      for (const path of ['/layout-list', '/admin/user-list', '/admin/group/1', '/post-history', '/admin/establishment']) {
        await page.goto(`${baseUrl()}${path}`);
        await page.waitForURL((u) => u.pathname === '/home');
      }
      // The menu holds only what the user may read.
      const menu = page.locator('.RaSidebar-fixed, .MuiDrawer-root').first();
      await menu.getByText('Fichiers').waitFor();
      expect(await menu.getByText('Zones', { exact: true }).count()).toBe(0);
      expect(await menu.locator('[data-menu-key]').filter({ hasText: 'Accès' }).count()).toBe(0);
      expect(page.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('an administrator manages a group\'s rights', () => {
  it('creates a group, sets a level in the matrix, adds a member, and the member\'s access follows', async () => {
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
    expect(await row.getByRole('checkbox', { name: 'Lecture : Paramètres' }).isChecked()).toBe(true);
    expect(await row.getByRole('checkbox', { name: 'Suppression : Paramètres' }).isChecked()).toBe(false);
    await admin.getByRole('button', { name: 'Enregistrer les droits' }).click();
    await admin.getByText('Droits du groupe enregistrés').waitFor();
    const saved = await adminApi('GET', `/rest/security/group/get_right/${groupId}`);
    expect(saved.rights['establishment.settings']).toEqual({ canRead: true, canWrite: true, canDelete: false, canExport: false });

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
      await admin.locator('tr[data-functionality="establishment.settings"]').getByRole('button', { name: 'Paramètres 000' }).click();
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
  it('F3 opens a new record, F12 saves, Esc goes back, F9 asks to delete', async () => {
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
    await admin.keyboard.press('Escape');
    await admin.waitForURL((u) => u.pathname === '/civility-list');
    await admin.getByRole('cell', { name: label, exact: true }).click();
    await admin.waitForURL((u) => /^\/civility\/\d+$/.test(u.pathname));
    await admin.locator('input[name="label"]').waitFor();
    await admin.keyboard.press('F9');
    const dialog = admin.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(label);
    await dialog.getByRole('button', { name: /Confirmer|Supprimer/ }).click();
    await admin.waitForURL((u) => u.pathname === '/civility-list');
    await search(label.slice(0, 10));
    expect(await admin.getByRole('cell', { name: label, exact: true }).count()).toBe(0);
    expect(admin.errors).toEqual([]);
  });
});
