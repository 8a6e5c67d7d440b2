// « Le séjour sera payé deux fois… » in Chromium (issue 25 point 7, docs/history.md#issue-25): a stay already paid
// in full, and « Encaisser » for its price again. The server answers 409
// PAYMENT_OVERPAYS_CONFIRM and the dialog asks; « Annuler » sends nothing more and records
// nothing; « Enregistrer quand même » sends the same payment again, with the same
// Idempotency-Key and `X-Confirm: overpayment`, and it is recorded once, the stay then
// owing the guest back what was paid twice.
import { describe, expect, it } from 'vitest';
import type { Request } from 'playwright-core';
import { baseUrl, pageApi, withLoggedInPage, type TestPage } from './browser';
import { euros, payAtStay, same } from './billing-fixtures';
import { todayParis } from '../../common/dates';
import { formatCents } from '../../common/money';

let page: TestPage;
withLoggedInPage((p) => (page = p));

const today = todayParis();
const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const filter = (f: Record<string, unknown>) => encodeURIComponent(JSON.stringify(f));
const poll = <T>(f: () => Promise<T> | T) => expect.poll(f, { timeout: 15_000 });

describe('a payment that would pay a stay twice', () => {
  it('is asked about; cancelled it sends nothing, confirmed it is sent again with X-Confirm', async () => {
    const tag = Date.now() % 100000;
    const card = `Carte deux fois ${tag}`;
    await page.goto(`${baseUrl()}/home`);
    const cardId = (await pageApi(page, 'POST', '/payment-method', { label: card, kind: 'card' })).id;
    const customers = await pageApi<any[]>(page, 'GET', `/customer?filter=${filter({})}&range=[0,199]`);
    const customer = customers.find((x) => x.address1 && x.postalCode && x.town && x.lastName);
    const [adult] = await pageApi<any[]>(page, 'GET', `/age-category?filter=${filter({ minAge: 18 })}&range=[0,0]`);
    const free = await pageApi<any[]>(page, 'POST', '/booking/search-availability', {
      startDate: today,
      endDate: tomorrow,
      persons: 2,
    });
    expect(free.length, 'a place free tonight').toBeGreaterThan(0);
    const stay = await pageApi<any>(page, 'POST', '/booking/create', {
      kind: 'booking',
      customerId: customer.id,
      occupancies: [
        {
          placeId: free[0].placeId,
          startDate: today,
          endDate: tomorrow,
          details: [{ ageCategoryId: adult.id, quantity: 2 }],
        },
      ],
    });
    const bookingId = stay.booking.id,
      total = stay.booking.totalAmount;
    expect(total).toBeGreaterThan(0);
    // The whole stay paid once already (by another receptionist, say).
    await pageApi(page, 'POST', '/payment', { bookingId, paymentMethodId: cardId, amount: total, date: today });
    const payments = async () =>
      (await pageApi<any[]>(page, 'GET', `/payment?filter=${filter({ bookingId })}`)).map((p) => p.amount);

    const posts: Request[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/rest/payment') posts.push(r);
    });
    await page.goto(`${baseUrl()}/booking/${bookingId}`);
    const money = page.getByTestId('stay-billing');
    await poll(async () => same(await money.getByTestId('paid').textContent(), euros(total))).toBe(true);
    const dialog = page.getByRole('dialog', { name: 'Encaisser' });
    const asked = dialog.getByTestId('payment-overpaid');

    // Paid again, then « Annuler » at the question.
    await payAtStay(page, card);
    await dialog.getByTestId('payment-amount').fill(formatCents(total, false));
    await dialog.getByTestId('payment-save').click();
    await asked.waitFor();
    expect(await asked.textContent()).toMatch(/^Le séjour sera payé deux fois : il reste .+ à payer/);
    expect((await asked.textContent())!.replace(/\s/g, '')).toContain(
      `cepaiementestde${euros(total).replace(/\s/g, '')}`,
    );
    expect(posts).toHaveLength(1);
    const firstKey = posts[0].headers()['idempotency-key'];
    expect(firstKey).toMatch(/^[0-9a-f]{32}$/);
    expect(posts[0].headers()['x-confirm']).toBeUndefined();
    expect((await posts[0].response())!.status()).toBe(409);
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await payments()).toEqual([total]);
    expect(posts).toHaveLength(1);

    // Paid again, then « Enregistrer quand même »: the same request, confirmed.
    await payAtStay(page, card);
    await dialog.getByTestId('payment-amount').fill(formatCents(total, false));
    await dialog.getByTestId('payment-save').click();
    await asked.waitFor();
    expect(posts).toHaveLength(2);
    const key = posts[1].headers()['idempotency-key'];
    expect(key).not.toBe(firstKey); // a new dialog is a new payment
    expect(posts[1].headers()['x-confirm']).toBeUndefined();
    await dialog.getByTestId('payment-confirm-overpaid').click();
    await dialog.waitFor({ state: 'detached' });
    expect(posts).toHaveLength(3);
    expect(posts[2].headers()['idempotency-key']).toBe(key);
    expect(posts[2].headers()['x-confirm']).toBe('overpayment');
    expect(posts[2].postData()).toBe(posts[1].postData());
    expect((await posts[2].response())!.status()).toBe(200);
    expect(await payments()).toEqual([total, total]);
    await poll(async () => same(await money.getByTestId('paid').textContent(), euros(2 * total))).toBe(true);
    await poll(async () =>
      same(await money.getByTestId('owed-back').textContent(), `Àrendreauclient:${euros(total)}`),
    ).toBe(true);
    expect(page.errors).toEqual([]);
  }, 300_000);
});
