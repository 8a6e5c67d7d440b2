// The residential year in Chromium: a resident's contract on a new residential pitch,
// the year's rent receipts issued in one go from « Création des quittances », one of
// them billed and cashed from its page, and the resident's account opened from the list.
import { describe, expect, it } from 'vitest';
import { todayParis } from '../../common/dates';
import { baseUrl, clickMenuItem, pageApi, withLoggedInPage, type TestPage } from './browser';
import { euros, same } from './billing-fixtures';

let page: TestPage;

withLoggedInPage((p) => (page = p));

describe('residential', () => {
  it('lets a pitch, issues the year’s receipts in one go, bills and cashes one', async () => {
    await page.goto(`${baseUrl()}/home`);
    const year = Number(todayParis().slice(0, 4));
    // A new residential pitch let from January to a demo guest with a full address.
    const r01 = (await pageApi<any[]>(page, 'GET', `/place?filter=${encodeURIComponent('{"code":"R01"}')}`))[0];
    const code = `RE${Date.now() % 10000}`;
    const place = await pageApi(page, 'POST', '/place', { code, placeTypeId: r01.placeTypeId });
    const customers = await pageApi<any[]>(page, 'GET', `/customer?range=${encodeURIComponent('[0,50]')}`);
    const resident = customers.find((c) => c.address1 && c.postalCode && c.town)!;
    const aff = await pageApi(page, 'POST', '/place-affectation', {
      placeId: place.id,
      customerId: resident.id,
      startDate: `${year}-01-01`,
      isIndefinite: true,
      yearlyFee: 240000,
      deadlines: 4,
    });
    await pageApi(page, 'POST', '/residential-contract', {
      placeAffectationId: aff.id,
      startDate: `${year}-01-01`,
      isIndefinite: true,
      noticeReceiptDate: `${year - 1}-12-01`,
    });

    await clickMenuItem(page, 'Séjours', 'Création des quittances');
    await page.waitForURL((u) => u.pathname === '/rent-receipt-multi-creation');
    await page.getByTestId('multi-create').click();
    const result = page.getByTestId('multi-result');
    await result.waitFor();
    expect(await result.textContent()).toMatch(/\d+ quittances? créées?/);
    const rows = (await pageApi(page, 'GET', `/rent-receipt/management?year=${year}`)).rows.filter(
      (x: any) => x.placeAffectationId === aff.id,
    );
    expect(rows).toHaveLength(4);
    expect(rows.reduce((s: number, x: any) => s + x.totalInclVat, 0)).toBeGreaterThanOrEqual(240000);

    // The first deadline: billed, then cashed.
    const label = `Virement e2e ${Date.now() % 100000}`;
    await pageApi(page, 'POST', '/payment-method', { label, kind: 'none' });
    await page.goto(`${baseUrl()}/rent-receipt/lines/${rows[0].id}`);
    await page.getByRole('button', { name: 'Facturer' }).click();
    await page
      .getByTestId('receipt-summary')
      .getByText(/facturée \(FA\d+\)/)
      .waitFor();
    const dialog = page.getByRole('dialog');
    await page.getByTestId('receipt-pay').click();
    await dialog.waitFor();
    await dialog.getByTestId('pay-method').locator('..').click();
    await page.getByRole('option', { name: label }).click();
    await dialog.getByTestId('pay-confirm').click();
    await expect
      .poll(
        async () => same(await page.getByTestId('receipt-paid').textContent(), `Payé : ${euros(rows[0].totalInclVat)}`),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);

    // The resident in the list, and their account.
    await clickMenuItem(page, 'Séjours', 'Résidents');
    await page.waitForURL((u) => u.pathname === '/resident-list');
    const row = page.locator('tr', { hasText: code });
    await row.waitFor();
    await row.getByRole('button', { name: 'Compte' }).click();
    await page.waitForURL((u) => u.pathname === `/customer/general/${resident.id}`);
    expect(page.errors).toEqual([]);
  });
});
