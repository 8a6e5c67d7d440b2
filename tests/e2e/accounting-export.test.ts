// The accounting export in Chromium: a payment dated in the previous month (the period the
// screens open on, beside the demo data), /accounting-preview shows the period balanced;
// /accounting-export exports it, the history shows the export with its counts and its file
// link; deleting it asks first (« … libère ses paiements et ses factures ») and it is gone.
// /payment-plan lists the payment methods; the export screen shows the software chosen.
import { describe, expect, it } from 'vitest';
import { baseUrl, pageApi, withLoggedInPage, type TestPage } from './browser';
import { previousMonth } from '../../custom-screens/accounting/period';

let page: TestPage;

withLoggedInPage((p) => (page = p));

/** The export needs the company's SIREN (it names the file). */
async function ensureSiren() {
  const [est] = await pageApi<any[]>(page, 'GET', '/establishment/establishment?range=[0,0]');
  const rec = await pageApi(page, 'GET', `/establishment/establishment/${est.id}`);
  if (!/^\d{9}$/.test(String(rec.siren ?? '')))
    await pageApi(page, 'PUT', `/establishment/establishment/${est.id}`, { ...rec, siren: '732829320' });
}

describe('the accounting export in the browser', () => {
  it('previews the period balanced, exports it, lists it, then deletes it after confirming', async () => {
    await page.goto(`${baseUrl()}/home`);
    await ensureSiren();
    const label = `Espèces compta ${Date.now() % 100000}`;
    const method = await pageApi(page, 'POST', '/payment-method', { label, kind: 'cash' });
    const [customer] = await pageApi<any[]>(page, 'GET', '/customer?range=[0,0]');
    const date = `${previousMonth().from.slice(0, 7)}-15`;
    await pageApi(page, 'POST', '/payment', {
      customerId: customer.id,
      paymentMethodId: method.id,
      amount: 4200,
      date,
    });

    await page.goto(`${baseUrl()}/accounting-preview`);
    const totals = page.getByTestId('accounting-totals');
    await expect.poll(() => totals.textContent(), { timeout: 15_000 }).toMatch(/écritures? — débit .* — équilibré$/);
    await expect
      .poll(() => page.locator('[data-table="accounting-lines"]').textContent())
      .toContain(`Paiement ${label}`);

    await page.goto(`${baseUrl()}/accounting-export`);
    await expect
      .poll(() => page.getByTestId('accounting-totals').textContent(), { timeout: 15_000 })
      .toContain('équilibré');
    await page.getByTestId('accounting-export-run').click();
    await expect
      .poll(() => page.getByTestId('accounting-export-message').textContent(), { timeout: 15_000 })
      .toContain('Export enregistré');
    const [made] = (await pageApi(page, 'GET', '/accounting/exports')).rows;
    expect(made.paymentCount).toBeGreaterThanOrEqual(1);
    const history = page.locator('[data-table="accounting-exports"]');
    const row = history.locator('tr', { has: page.getByTestId(`accounting-export-delete-${made.id}`) });
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain(String(made.entryCount));
    const cells = await row.locator('td').allTextContents();
    expect(cells).toContain(String(made.paymentCount));
    expect(cells).toContain(String(made.entryCount));
    await expect
      .poll(() => page.getByTestId(`accounting-export-file-${made.id}`).getAttribute('href'))
      .toBe(`/rest/accounting/exports/${made.id}/file`);

    await page.getByTestId(`accounting-export-delete-${made.id}`).click();
    const dialog = page.getByRole('dialog');
    await expect
      .poll(() => dialog.textContent(), { timeout: 15_000 })
      .toContain('La suppression d’un export comptable libère ses paiements et ses factures');
    await dialog.getByRole('button', { name: 'Supprimer l’export' }).click();
    await expect
      .poll(() => page.getByTestId(`accounting-export-delete-${made.id}`).count(), { timeout: 15_000 })
      .toBe(0);
    await expect.poll(() => dialog.count()).toBe(0);
    expect((await pageApi(page, 'GET', '/accounting/exports')).rows.map((r: any) => r.id)).not.toContain(made.id);
    expect(page.errors).toEqual([]);
  });

  it('the payment plan lists every payment method with its default account and journal', async () => {
    const [method] = await pageApi<any[]>(page, 'GET', '/payment-method?range=[0,0]');
    await page.goto(`${baseUrl()}/payment-plan`);
    const table = page.locator('[data-table="accounting-payment-plan"]');
    await expect.poll(() => table.textContent(), { timeout: 15_000 }).toContain(method.label);
    await expect.poll(() => table.textContent()).toContain('Par défaut (');
    await page.goto(`${baseUrl()}/accounting-export`);
    await expect.poll(() => page.getByTestId('accounting-software').inputValue(), { timeout: 15_000 }).toBe('fec');
    expect(page.errors).toEqual([]);
  });
});
