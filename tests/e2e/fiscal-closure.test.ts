// Closing a day in Chromium: a payment taken today, /daily-operations shows it under its
// method, « Clôturer la journée (Z) » asks for confirmation showing what it covers, then
// makes the Z, which the screen then shows with its PDF link; /closure lists it.
import { describe, expect, it } from 'vitest';
import { baseUrl, pageApi, withLoggedInPage, type TestPage } from './browser';
import { todayParis } from '../../common/dates';

let page: TestPage;

withLoggedInPage((p) => (page = p));

describe('the day closure in the browser', () => {
  it('a payment today, then the Z of the day with its PDF', async () => {
    const label = `Espèces Z ${Date.now() % 100000}`;
    await page.goto(`${baseUrl()}/home`);
    const method = await pageApi(page, 'POST', '/payment-method', { label, kind: 'cash' });
    const [customer] = await pageApi<any[]>(
      page,
      'GET',
      `/customer?filter=${encodeURIComponent(JSON.stringify({ lastName: 'Martin' }))}&range=[0,0]`,
    );
    const any = customer ?? (await pageApi<any[]>(page, 'GET', '/customer?range=[0,0]'))[0];
    await pageApi(page, 'POST', '/payment', {
      customerId: any.id,
      paymentMethodId: method.id,
      amount: 4200,
      date: todayParis(),
    });
    await page.goto(`${baseUrl()}/daily-operations`);
    await expect.poll(() => page.getByTestId('totals-payments').textContent(), { timeout: 15_000 }).toContain(label);
    await page.getByTestId('daily-close').click();
    // the confirmation names what the Z covers before anything is closed
    await expect
      .poll(() => page.getByTestId('closure-confirm-cover').textContent(), { timeout: 15_000 })
      .toMatch(/^\d+ opérations? datées? (du|de)/);
    await expect.poll(() => page.getByTestId('totals-payments').last().textContent()).toContain(label);
    await page.getByTestId('closure-confirm-ok').click();
    const z = page.getByTestId('daily-z');
    await z.waitFor({ timeout: 15_000 });
    await expect.poll(() => z.textContent()).toMatch(/Z n° \d+/);
    await expect
      .poll(() => z.getByRole('link', { name: 'PDF du Z' }).getAttribute('href'))
      .toMatch(/^\/rest\/closure\/document\/\d+$/);
    await page.goto(`${baseUrl()}/closure`);
    await expect
      .poll(() => page.locator('[data-table="closures"]').textContent(), { timeout: 15_000 })
      .toContain('Journée (Z)');
    expect(page.errors).toEqual([]);
  });
});
