// The first page (issue 18 §1 (docs/history.md#issue-18), issue 13, docs/stays.md#preferences): a bookmark opened
// without a session shows the log-in form from the light log-in shell — no react-admin, no /rest
// call, no log-out loop — then opens the bookmark once logged in; a stale stored
// user is sent to the form once; the built assets come precompressed. And no round
// trip waits for another (issue 29 §8, docs/history.md#issue-29): the log-in's answer stands for /security/me and
// the menu, a reload asks the first screen's data before that screen's code arrives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { E2E_ADMIN_PASSWORD, baseUrl, launch, newPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Every request the page makes, by path. */
function record(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (r: Request) => paths.push(new URL(r.url()).pathname));
  return paths;
}

const restCalls = (paths: string[]) => paths.filter((p) => p.startsWith('/rest/'));
const loginForm = (page: Page) => page.locator('form').filter({ has: page.locator('input[name="username"]') });

describe('a bookmark opened without a session', () => {
  it('shows the log-in form without looping, then opens the bookmark', async () => {
    const page = await newPage(browser);
    const paths = record(page);
    await page.goto(`${baseUrl()}/planning`);
    await loginForm(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    // From the navigation's start to the form (the goal is 1 s; 10 to 13 s before issue 13, docs/stays.md#preferences).
    // The bound leaves room for a busy test machine; the mechanism is held below (no API call, only the shell's
    // scripts).
    const shownMs = await page.evaluate(() => performance.now());
    console.log(`log-in form shown ${Math.round(shownMs)} ms after the navigation (goal 1 000 ms)`);
    expect(shownMs).toBeLessThan(5_000);
    // Quiet afterwards: the form stays, the address stays, nothing is asked of the API.
    const bodyBefore = await page.locator('#root').innerHTML();
    await page.waitForLoadState('networkidle');
    expect(restCalls(paths)).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.locator('#root').innerHTML()).toBe(bodyBefore);
    // Only the shell was downloaded (the entry, the form and what they share with the admin): not the admin
    // itself (boot/admin.tsx's chunk), which comes only once someone types.
    const scripts = paths.filter((p) => p.endsWith('.js'));
    expect(scripts.length).toBeLessThanOrEqual(6);
    expect(scripts.some((p) => /\/login-[\w-]+\.js$/.test(p))).toBe(true);
    expect(scripts.some((p) => /\/admin-[\w-]+\.js$/.test(p))).toBe(false);

    await page.fill('input[name="username"]', 'admin');
    await page.fill('input[name="password"]', E2E_ADMIN_PASSWORD);
    await page.click('button[type="submit"]');
    await page.waitForURL((u) => u.pathname === '/planning');
    await page.getByTestId('planning-board').waitFor();
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('says why a log-in is refused, in French, and stays on the form', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseUrl()}/home`);
    await loginForm(page).waitFor();
    await page.fill('input[name="username"]', 'admin');
    await page.fill('input[name="password"]', 'pas-le-bon-mot-de-passe');
    await page.click('button[type="submit"]');
    await page
      .getByRole('alert')
      .filter({ hasText: /incorrect|mot de passe|identifiant/i })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });

  it(
    'sends a stale stored user (session gone) to the form once, ' + "with « 401/403 Vous n'êtes pas connecté »",
    async () => {
      const page = await newPage(browser);
      await page.goto(`${baseUrl()}/login`);
      await loginForm(page).waitFor();
      // A user left in the browser from a session the server no longer knows.
      await page.evaluate(() =>
        localStorage.setItem(
          'bivouac.user',
          JSON.stringify({ id: 1, login: 'admin', name: 'Administrateur', admin: true, systeme: false, rights: null }),
        ),
      );
      const paths = record(page);
      await page.goto(`${baseUrl()}/planning`);
      await page.waitForURL((u) => u.pathname === '/login');
      await page.getByText("401/403 Vous n'êtes pas connecté").waitFor();
      await loginForm(page).waitFor();
      await page.waitForLoadState('networkidle');
      // The admin asked a few things and got 403 — a handful of calls, not a loop.
      const rest = restCalls(paths);
      expect(rest.length).toBeGreaterThan(0);
      expect(rest.length).toBeLessThanOrEqual(12);
      expect(await page.evaluate(() => localStorage.getItem('bivouac.user'))).toBeNull();
      // The bookmark is opened once logged in again.
      await page.fill('input[name="username"]', 'admin');
      await page.fill('input[name="password"]', E2E_ADMIN_PASSWORD);
      await page.click('button[type="submit"]');
      await page.waitForURL((u) => u.pathname === '/planning');
      await page.getByTestId('planning-board').waitFor();
      await page.context().close();
    },
  );
});

/** Requests in the order the page sent them, as « METHOD path ». */
function recordInOrder(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (r: Request) => sent.push(`${r.method()} ${new URL(r.url()).pathname}`));
  return sent;
}

describe('no round trip waits for another (issue 29 §8)', () => {
  it('after the log-in, asks only for what the log-in did not answer, with the admin already downloaded', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseUrl()}/home`);
    await loginForm(page).waitFor();
    await page.fill('input[name="username"]', 'admin');
    await page.fill('input[name="password"]', E2E_ADMIN_PASSWORD);
    // Typing downloaded the admin and the home screen; wait until nothing is on its way.
    await page.waitForLoadState('networkidle');
    const sent = recordInOrder(page);
    await page.click('button[type="submit"]');
    await page.locator('[data-testid^="tile-count-"]').first().waitFor();
    await page.waitForLoadState('networkidle');
    // The log-in answers the user, its rights and its menu: no /security/me, no /security/menu after it.
    expect(sent.filter((r) => r.includes('/rest/'))).toEqual(
      expect.arrayContaining(['POST /rest/security/login', 'GET /rest/home/tiles']),
    );
    expect(sent.filter((r) => /\/rest\/security\/(me|menu)$/.test(r))).toEqual([]);
    expect(sent.filter((r) => r.endsWith('.js'))).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('on a reload of the planning, asks the user, the menu and the set-up before the screen code', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseUrl()}/login`);
    await page.fill('input[name="username"]', 'admin');
    await page.fill('input[name="password"]', E2E_ADMIN_PASSWORD);
    await page.click('button[type="submit"]');
    await page.locator('[data-testid^="tile-count-"]').first().waitFor();
    const sent = recordInOrder(page);
    await page.goto(`${baseUrl()}/planning`);
    await page.getByTestId('planning-board').waitFor();
    await page.waitForLoadState('networkidle');
    const at = (pattern: RegExp) => sent.findIndex((r) => pattern.test(r));
    const screenCode = at(/\/assets\/PlanningScreen-[\w-]+\.js$/);
    expect(screenCode).toBeGreaterThan(0);
    // Started by the page's entry, not after react-admin has rendered: each before the screen's code.
    for (const read of [/\/rest\/security\/me$/, /\/rest\/security\/menu$/, /\/rest\/planning\/setup$/]) {
      expect(at(read)).toBeGreaterThanOrEqual(0);
      expect(at(read)).toBeLessThan(screenCode);
    }
    // Each asked once: the screens took the answers the entry had asked for.
    expect(sent.filter((r) => r.endsWith('/rest/planning/setup'))).toHaveLength(1);
    expect(sent.filter((r) => r.endsWith('/rest/security/me'))).toHaveLength(1);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});

describe('built assets', () => {
  it('are served precompressed by Accept-Encoding, hashed files cached for good, index.html revalidated', async () => {
    const html = await fetch(`${baseUrl()}/planning`, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(html.headers.get('cache-control')).toBe('no-cache');
    expect(html.headers.get('content-encoding')).toBe('br');
    const text = await html.text(); // fetch decodes brotli
    const entry = /src="(\/assets\/[^"]+\.js)"/.exec(text)?.[1];
    expect(entry).toBeTruthy();
    const raw = await fetch(`${baseUrl()}${entry}`, { headers: { 'Accept-Encoding': 'identity' } });
    const rawBytes = Number(raw.headers.get('content-length'));
    const rawText = await raw.text();
    expect(raw.headers.get('content-encoding')).toBeNull();
    expect(raw.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(raw.headers.get('vary')).toMatch(/Accept-Encoding/i);
    const br = await fetch(`${baseUrl()}${entry}`, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(Number(br.headers.get('content-length'))).toBeLessThan(rawBytes / 2);
    expect(await br.text()).toBe(rawText);
    const gz = await fetch(`${baseUrl()}${entry}`, { headers: { 'Accept-Encoding': 'gzip, br;q=0' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe(rawText);
  });
});
