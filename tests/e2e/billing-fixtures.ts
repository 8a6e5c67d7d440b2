// What the billing browser tests share: amounts as the screens print them, and
// « Encaisser » on a stay's money card with the payment method chosen.
import type { Page } from 'playwright-core';

export const euros = (c: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(c / 100);
/** Equal once spaces are dropped: the locale puts a narrow no-break space before « € ». */
export const same = (a: string | null, b: string) => (a ?? '').replace(/\s/g, '') === b.replace(/\s/g, '');

/** Opens the payment dialog of the stay on screen and picks the method labelled `label`. */
export async function payAtStay(page: Page, label: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Encaisser' });
  await page.getByTestId('stay-billing').getByTestId('pay').click();
  await dialog.waitFor();
  await dialog.getByTestId('payment-method').locator('..').click();
  await page.getByRole('option', { name: label }).click();
}
