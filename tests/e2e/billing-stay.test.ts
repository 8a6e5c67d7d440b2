// Billing a stay in Chromium, on the demo campsite: from the stay's screen « Facturer »
// issues the final bill, its screen shows the lines and the total, « Encaisser » records
// a card payment (last four digits only) and the stay owes nothing; the planning's
// payment view has its source.
import { describe, expect, it } from 'vitest';
import { baseUrl, pageApi, withLoggedInPage, type TestPage } from './browser';
import { euros, payAtStay, same } from './billing-fixtures';

let page: TestPage;

withLoggedInPage((p) => (page = p));

describe('a stay billed and paid in the browser', () => {
  it('bills a confirmed stay, shows the bill, takes a card payment', async () => {
    await page.goto(`${baseUrl()}/home`);
    const stays = await pageApi<any[]>(
      page,
      'GET',
      `/booking?filter=${encodeURIComponent(JSON.stringify({ statusId: 2 }))}&range=${encodeURIComponent('[0,99]')}`,
    );
    let stay: any = null;
    for (const s of stays) {
      if (!(s.totalAmount > 0) || !s.customerId) continue;
      // A demo guest with a full address (stays other browser tests made have bare customers, whom a bill refuses).
      const customer = await pageApi(page, 'GET', `/customer/${s.customerId}`);
      if (!customer.address1 || !customer.postalCode || !customer.town || !customer.lastName) continue;
      const balance = await pageApi(page, 'GET', `/booking/${s.id}/balance`);
      if (balance.bills.length === 0) {
        stay = s;
        break;
      }
    }
    expect(stay, 'a confirmed, priced, unbilled demo stay').not.toBeNull();
    const label = `Carte e2e ${Date.now() % 100000}`;
    await pageApi(page, 'POST', '/payment-method', { label, kind: 'card' });

    await page.goto(`${baseUrl()}/booking/${stay.id}`);
    const card = page.getByTestId('stay-billing');
    await card.getByTestId('due').waitFor();
    expect(same(await card.getByTestId('due').textContent(), euros(stay.totalAmount))).toBe(true);
    await card.getByTestId('bill-final').click();
    await page.getByTestId('bill-issue').click(); // after its preview
    await page.getByTestId('bill-preview').waitFor({ state: 'detached' });
    const billLink = card.locator('a', { hasText: /^FA\d{4,}$/ });
    await billLink.waitFor();
    await expect
      .poll(async () => same(await card.getByTestId('billed').textContent(), euros(stay.totalAmount)), {
        timeout: 15_000,
      })
      .toBe(true);
    await expect(card.getByTestId('bill-final').count()).resolves.toBe(0);

    const number = (await billLink.textContent())!;
    await billLink.click();
    await page.waitForURL((u) => /^\/bill\/\d+$/.test(u.pathname));
    await page.locator('h1', { hasText: `Facture ${number}` }).waitFor();
    expect(same(await page.getByTestId('bill-total').textContent(), `Total TTC : ${euros(stay.totalAmount)}`)).toBe(
      true,
    );
    await page.getByRole('table', { name: 'Lignes de la facture' }).locator('tbody tr').first().waitFor();

    await page.goto(`${baseUrl()}/booking/${stay.id}`);
    await payAtStay(page, label);
    await page.getByLabel('4 derniers chiffres').fill('4242');
    await page.getByTestId('payment-save').click();
    await expect
      .poll(async () => same(await card.getByTestId('due').textContent(), euros(0)), { timeout: 15_000 })
      .toBe(true);
    const payments = await pageApi<any[]>(
      page,
      'GET',
      `/payment?filter=${encodeURIComponent(JSON.stringify({ bookingId: stay.id }))}`,
    );
    expect(payments.map((p) => [p.amount, p.cardLast4])).toEqual([[stay.totalAmount, '4242']]);
    expect((await pageApi(page, 'GET', '/planning/setup')).paymentsTracked).toBe(true);
    expect(page.errors).toEqual([]);
  });
});
