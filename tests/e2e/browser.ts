// Chromium through playwright-core (Debian's browser, never a download).
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { E2E_ADMIN_PASSWORD } from './password';

export const baseUrl = () => inject('baseUrl');

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** A page whose errors fail loudly: uncaught exceptions are collected. */
export async function newPage(browser: Browser): Promise<Page & { errors: string[] }> {
  const context = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris', viewport: { width: 1400, height: 900 } });
  const page = (await context.newPage()) as Page & { errors: string[] };
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.setDefaultTimeout(15_000);
  return page;
}

/** Logs in through the real /login form. */
export async function loginAs(page: Page, login = 'admin', password = E2E_ADMIN_PASSWORD): Promise<void> {
  await page.goto(`${baseUrl()}/login`);
  await page.fill('input[name="username"]', login);
  await page.fill('input[name="password"]', password);
  await page.click('button[type="submit"]');
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

export { E2E_ADMIN_PASSWORD };
