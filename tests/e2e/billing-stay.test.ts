// Billing a stay in Chromium, on the demo campsite: from the stay's screen « Facturer »
// issues the final bill, its screen shows the lines and the total, « Encaisser » records
// a card payment (last four digits only) and the stay owes nothing; the planning's
// payment view has its source. From the bill screen, « Avoir » shows the credit note as it
// will be — by line, then by amount — and issues it on confirmation only, as previewed.
import { describe, expect, it } from 'vitest';
import { baseUrl, pageApi, withLoggedInPage, type TestPage } from './browser';
import { euros, payAtStay, same } from './billing-fixtures';

let page: TestPage;
/** The bill the first test issues, credited by the second. */
let billId = 0;

withLoggedInPage((p) => (page = p));
const flat = (s: string | null) => (s ?? '').replace(/\s/g, '');

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
    billId = Number(new URL(page.url()).pathname.split('/').pop());
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

  it('previews a credit note by line and by amount, and issues it as previewed on confirmation only', async () => {
    expect(billId, 'the bill of the first test').toBeGreaterThan(0);
    const bill = await pageApi<any>(page, 'GET', `/bill/view/${billId}`);
    const line = bill.lines.find((l: any) => l.vatRateBp != null && l.amountInclVat >= 1000);
    expect(line, 'a taxed line of 10 € or more').toBeTruthy();
    const dialog = page.getByRole('dialog');
    const shown = async (id: string) => flat(await dialog.getByTestId(id).textContent());
    const mode = async (name: string) => {
      await dialog.getByTestId('credit-mode').locator('..').click();
      await page.getByRole('option', { name }).click();
    };
    /** The credit note issued last equals the preview on screen: totals and VAT per rate. */
    const issuedAsShown = async (count: number) => {
      const shownTotals = [await shown('preview-total-excl'), await shown('preview-total-vat')];
      const shownRates = await dialog.locator('[data-testid^="preview-vat-"]').allTextContents();
      await dialog.getByTestId('credit-confirm').click();
      await dialog.waitFor({ state: 'detached' });
      const notes = (await pageApi<any>(page, 'GET', `/bill/view/${billId}`)).creditNotes;
      expect(notes).toHaveLength(count);
      const note = await pageApi<any>(page, 'GET', `/bill/view/${notes[count - 1].id}`);
      expect(shownTotals).toEqual([flat(euros(note.totalExclVat)), flat(euros(note.totalVat))]);
      expect(shownRates.map(flat)).toEqual(
        note.vatTotals.map((v: any) =>
          flat(
            `TVA ${(v.vatRateBp / 100).toLocaleString('fr-FR')} % sur ${euros(v.totalExclVat)} HT${euros(v.vatAmount)}`,
          ),
        ),
      );
      return note;
    };

    await page.goto(`${baseUrl()}/bill/${billId}`);
    await page.getByTestId('credit-note').click();
    await dialog.waitFor();
    // By line: 10 € off one line, shown as it will be, nothing issued yet.
    await mode('Des lignes, en tout ou en partie');
    await dialog.getByTestId(`credit-line-${line.id}`).fill('10,00');
    await dialog.getByTestId('credit-reason').fill('Réduction e2e');
    await dialog.getByTestId('credit-preview-open').click();
    await dialog.getByTestId('credit-preview').waitFor();
    expect(await shown('preview-total')).toBe(flat(euros(-1000)));
    expect(await dialog.getByTestId('credit-preview').textContent()).toContain(
      `Avoir sur la facture N° ${bill.number}`,
    );
    expect(await dialog.getByTestId('credit-preview').textContent()).toContain('Motif : Réduction e2e');
    expect(flat(await dialog.getByTestId('credit-consequence').textContent())).toContain(
      flat(`ne vaudra plus que ${euros(bill.remaining - 1000)} au lieu de ${euros(bill.remaining)}`),
    );
    expect((await pageApi<any>(page, 'GET', `/bill/view/${billId}`)).creditNotes).toHaveLength(0);
    // « Modifier » goes back to the form as it was; previewed again, then issued.
    await dialog.getByTestId('credit-change').click();
    expect(await dialog.getByTestId(`credit-line-${line.id}`).inputValue()).toBe('10,00');
    await dialog.getByTestId('credit-preview-open').click();
    await dialog.getByTestId('credit-preview').waitFor();
    const byLine = await issuedAsShown(1);
    expect([byLine.totalInclVat, byLine.reason]).toEqual([-1000, 'Réduction e2e']);
    await page.getByText('Partiellement annulée par avoir', { exact: true }).waitFor();

    // By amount: 20 € off the whole bill, spread by the server over its taxed lines.
    await page.getByTestId('credit-note').click();
    await dialog.waitFor();
    await mode("Un montant sur l'ensemble de la facture");
    await dialog.getByTestId('credit-amount').fill('20,00');
    await dialog.getByTestId('credit-reason').fill('Geste e2e');
    await dialog.getByTestId('credit-preview-open').click();
    await dialog.getByTestId('credit-preview').waitFor();
    expect(await shown('preview-total')).toBe(flat(euros(-2000)));
    const byAmount = await issuedAsShown(2);
    expect(byAmount.totalInclVat).toBe(-2000);
    expect((await pageApi<any>(page, 'GET', `/bill/view/${billId}`)).remaining).toBe(bill.remaining - 3000);
    expect(page.errors).toEqual([]);
  });
});
