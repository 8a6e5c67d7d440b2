// Chromium through playwright-core (Debian's browser, never a download).
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { E2E_ADMIN_PASSWORD } from './password';

export const baseUrl = () => inject('baseUrl');

/** A `/rest` call from inside the page (its session cookie and origin); throws on any status but 200. */
export async function pageApi<T = any>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const r = await page.evaluate(
    async ([m, p, b, h]) => {
      const res = await fetch(`/rest${p}`, {
        method: m,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...h },
        body: b === undefined ? undefined : JSON.stringify(b),
        credentials: 'same-origin',
      });
      return { status: res.status, text: await res.text() };
    },
    [method, path, body, headers] as const,
  );
  if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${r.text}`);
  return JSON.parse(r.text) as T;
}

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A page from newPage: its uncaught exceptions are in `errors`. */
export type TestPage = Page & { errors: string[] };

/** A page whose errors fail loudly: uncaught exceptions are collected. */
export async function newPage(browser: Browser): Promise<TestPage> {
  const context = await browser.newContext({
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    viewport: { width: 1400, height: 900 },
  });
  const page = (await context.newPage()) as TestPage;
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.setDefaultTimeout(15_000);
  return page;
}

/**
 * The set-up most browser test files share: before their tests, one browser and one page logged in through
 * the /login form, handed to `ready`; after them, the browser closed. `beforeLogin` prepares the page first.
 */
export function withLoggedInPage(
  ready: (page: TestPage, browser: Browser) => void,
  options: { beforeLogin?: (page: TestPage) => Promise<void> } = {},
): void {
  let browser: Browser | undefined;
  let page: TestPage | undefined;
  beforeAll(async () => {
    browser = await launch();
    page = await newPage(browser);
    ready(page, browser);
    await options.beforeLogin?.(page);
    await loginAs(page);
  });
  // A failed test says where its page was and what the page threw: a CI log is all we get.
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail' || !page) return;
    const dialogs = await page
      .getByRole('dialog')
      .allInnerTexts()
      .catch(() => []);
    console.error(`page at failure: ${page.url()}\npage errors: ${JSON.stringify(page.errors)}`);
    if (dialogs.length) console.error(`open dialogs: ${JSON.stringify(dialogs)}`);
  });
  afterAll(async () => {
    await browser?.close();
  });
}

/** Logs in through the real /login form. */
export async function loginAs(page: Page, login = 'admin', password = E2E_ADMIN_PASSWORD): Promise<void> {
  await page.goto(`${baseUrl()}/login`);
  await page.fill('input[name="username"]', login);
  await page.fill('input[name="password"]', password);
  await page.click('button[type="submit"]');
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

/**
 * Types in a generic list's search box and waits until the debounced filter has
 * reached the list: react-admin writes it into the URL (`?filter={"q":…}`), then
 * fetches. A condition, not a sleep: a late filter would otherwise navigate back.
 */
export async function searchList(page: Page, text: string): Promise<void> {
  await page.getByPlaceholder('Rechercher (3 caractères min.)').fill(text);
  await page.waitForURL((u) => {
    try {
      return JSON.parse(u.searchParams.get('filter') ?? '{}').q === text;
    } catch {
      return false;
    }
  });
  await page.waitForLoadState('networkidle');
}

/** The main menu (the fixed sidebar, or the drawer on a narrow screen). */
export const sidebar = (page: Page): Locator => page.locator('.RaSidebar-fixed, .MuiDrawer-root').first();

/**
 * Opens a main-menu group (closed on page load) and returns its content once it
 * has finished expanding: an item clicked while its Collapse is still growing can
 * move between pointerdown and pointerup, and the click is lost.
 */
export async function openMenuGroup(page: Page, group: string): Promise<Locator> {
  const button = sidebar(page)
    .locator('[data-menu-key]')
    .filter({ hasText: new RegExp(`^${group}$`) })
    .first();
  await button.click();
  return button.locator('xpath=following-sibling::*[1]').and(page.locator('.MuiCollapse-entered'));
}

/** Clicks an item of a main-menu group that is closed. */
export async function clickMenuItem(page: Page, group: string, item: string): Promise<void> {
  await (await openMenuGroup(page, group)).getByRole('menuitem', { name: item, exact: true }).click();
}

export { E2E_ADMIN_PASSWORD };
