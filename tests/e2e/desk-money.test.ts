// The front desk's money and extras in Chromium (issue 29, docs/history.md#issue-29), on one stay of tonight: the
// stay page lists its payments (method, date, deposit slip) and the till ticket charged
// to it, counts the ticket in « Reste dû » and warns at arrival; « Facturer » shows the
// bill before issuing it; a guest in credit (a ticket taken back by a credit note) is
// told so at departure, never « undefined ». Waits on conditions only.
import { describe, expect, it } from 'vitest';
import { baseUrl, pageApi, withLoggedInPage, type TestPage } from './browser';
import { euros, payAtStay } from './billing-fixtures';
import { todayParis } from '../../common/dates';

let page: TestPage;
withLoggedInPage((p) => (page = p));

const today = todayParis();
const addDays = (d: string, n: number) =>
  new Date(Date.parse(`${d}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const filter = (f: Record<string, unknown>) => encodeURIComponent(JSON.stringify(f));
const poll = <T>(f: () => Promise<T> | T) => expect.poll(f, { timeout: 15_000 });
const flat = (s: string | null) => (s ?? '').replace(/\s/g, '');
/** What the first test makes for the next ones. */
const made = {} as { bookingId: number; total: number; ticket: any; charged: number; card: string; paid: number };

const money = () => page.getByTestId('stay-billing');
const dialog = () => page.getByRole('dialog');

describe('the money of a stay at the front desk', () => {
  it('lists the payments and the till ticket charged, counts it in « Reste dû », warns at arrival', async () => {
    const tag = Date.now() % 100000;
    await page.goto(`${baseUrl()}/home`);
    made.card = `Carte accueil ${tag}`;
    const card = await pageApi(page, 'POST', '/payment-method', { label: made.card, kind: 'card' });
    const customers = await pageApi<any[]>(page, 'GET', `/customer?filter=${filter({})}&range=[0,199]`);
    const customer = customers.find((x) => x.address1 && x.postalCode && x.town && x.lastName);
    const [adult] = await pageApi<any[]>(page, 'GET', `/age-category?filter=${filter({ minAge: 18 })}&range=[0,0]`);
    const free = await pageApi<any[]>(page, 'POST', '/booking/search-availability', {
      startDate: today,
      endDate: addDays(today, 2),
      persons: 2,
    });
    const s = await pageApi<any>(page, 'POST', '/booking/create', {
      kind: 'booking',
      customerId: customer.id,
      occupancies: [
        {
          placeId: free[0].placeId,
          startDate: today,
          endDate: addDays(today, 2),
          details: [{ ageCategoryId: adult.id, quantity: 2 }],
        },
      ],
    });
    made.bookingId = s.booking.id;
    made.total = s.booking.totalAmount;
    // A baguette from a till of its own, charged to the stay.
    const [type] = await pageApi<any[]>(page, 'GET', '/cash-register-type?range=[0,0]');
    const reg = await pageApi<any>(page, 'POST', '/cash-register', {
      label: `Caisse accueil ${tag}`,
      code: `A${tag}`,
      cashRegisterTypeId: type.id,
    });
    await pageApi(page, 'POST', '/sales/window/open', { cashRegisterId: reg.id, openingFloat: 0 });
    const [bread] = await pageApi<any[]>(page, 'GET', `/article?filter=${filter({ label: 'Baguette' })}&range=[0,0]`);
    made.charged = bread.price * 2;
    made.ticket = await pageApi<any>(page, 'POST', '/sales/sell', {
      cashRegisterId: reg.id,
      lines: [{ articleId: bread.id, quantity: 2 }],
      payments: [{ kind: 'stay', amount: made.charged }],
      bookingId: made.bookingId,
    });
    made.paid = 5000;
    await pageApi(page, 'POST', '/payment', {
      bookingId: made.bookingId,
      paymentMethodId: card.id,
      amount: made.paid,
      date: today,
      cardLast4: '4242',
    });

    await page.goto(`${baseUrl()}/booking/${made.bookingId}`);
    const due = made.total + made.charged - made.paid;
    await poll(async () => flat(await money().getByTestId('due').textContent())).toBe(flat(euros(due)));
    const payments = money().getByTestId('stay-payments');
    await payments.locator('tr', { hasText: made.card }).waitFor();
    expect(flat(await payments.locator('tr', { hasText: made.card }).textContent())).toContain(flat(euros(made.paid)));
    expect(await payments.textContent()).toContain('Non remis');
    const charges = money().getByTestId('stay-charges');
    await charges.locator('tr', { hasText: made.ticket.number }).getByText('À facturer').waitFor();

    await page.getByTestId('action-arrive').click();
    await dialog().waitFor();
    await dialog()
      .getByText(/Attention : le client doit encore/)
      .waitFor();
    expect(flat(await dialog().textContent())).toContain(flat(euros(due)));
    await dialog().getByRole('button', { name: 'Enregistrer l’arrivée' }).click();
    await dialog().waitFor({ state: 'detached' });
    await page.getByText(/^Arrivé le /).waitFor();
  });

  it('shows the bill as it will be issued, and issues it on confirmation only', async () => {
    await money().getByTestId('bill-final').click();
    const preview = page.getByTestId('bill-preview');
    await preview.getByTestId('preview-total').waitFor();
    expect(flat(await preview.getByTestId('preview-total').textContent())).toBe(flat(euros(made.total + made.charged)));
    expect(await preview.textContent()).toContain(`(ticket ${made.ticket.number})`);
    expect(await preview.textContent()).toContain('Pénalités de retard');
    // Nothing issued while the preview shows.
    expect((await pageApi(page, 'GET', `/booking/${made.bookingId}/balance`)).bills).toHaveLength(0);
    await page.getByTestId('bill-issue').click();
    await dialog().waitFor({ state: 'detached' });
    await money()
      .locator('a', { hasText: /^FA\d{4,}$/ })
      .first()
      .waitFor();
    await poll(async () => flat(await money().getByTestId('billed').textContent())).toBe(
      flat(euros(made.total + made.charged)),
    );
    await charges()
      .getByText(/^Sur la facture FA\d+/)
      .waitFor();
  });

  it('tells at departure that a guest in credit is owed money, never « undefined »', async () => {
    const m = await pageApi<any>(page, 'GET', `/booking/${made.bookingId}/balance`);
    const card = (await pageApi<any[]>(page, 'GET', `/payment-method?filter=${filter({ label: made.card })}`))[0];
    await pageApi(page, 'POST', '/payment', {
      bookingId: made.bookingId,
      paymentMethodId: card.id,
      amount: m.due,
      date: today,
      cardLast4: '4242',
    });
    // The baguettes taken back by a credit note: the guest paid them, and is owed them.
    const bill = await pageApi<any>(page, 'GET', `/bill/view/${m.bills[0].id}`);
    const line = bill.lines.find((l: any) => l.label.includes(made.ticket.number));
    await pageApi(page, 'POST', `/bill/${bill.id}/credit-note`, {
      reason: 'Baguettes rendues',
      lines: [{ billLineId: line.id, quantity: line.quantity }],
    });
    await page.reload();
    await money().getByTestId('owed-back').waitFor();
    expect(flat(await money().getByTestId('owed-back').textContent())).toContain(flat(euros(made.charged)));
    expect(flat(await money().getByTestId('due').textContent())).toBe(flat(euros(0)));
    await page.getByTestId('action-depart').or(page.getByTestId('action-early-departure')).first().click();
    await dialog().waitFor();
    await dialog()
      .getByText(/de trop : cette somme lui est due/)
      .waitFor();
    expect(await dialog().textContent()).not.toContain('undefined');
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    // The credit note is among the stay's bills, on the bill it corrects.
    const note = (await pageApi<any>(page, 'GET', `/bill/view/${bill.id}`)).creditNotes[0];
    await money().getByTestId(`bill-state-${note.id}`).getByText(`Sur ${bill.number}`).waitFor();
    // Paid back from the stay page: the refund is listed as such, and nothing is owed any more.
    await money().getByTestId('refund').click();
    await dialog().waitFor();
    await dialog().getByTestId('refund-method').locator('..').click();
    await page.getByRole('option', { name: 'Virement', exact: true }).click();
    await dialog().getByTestId('refund-save').click();
    await dialog().waitFor({ state: 'detached' });
    const refund = money().getByTestId('stay-payments').locator('tr', { hasText: 'Remboursement' });
    await refund.waitFor();
    expect(flat(await refund.textContent())).toContain(flat(euros(-made.charged)));
    await money().getByTestId('owed-back').waitFor({ state: 'detached' });
    expect(page.errors).toEqual([]);
  });
});

const charges = () => money().getByTestId('stay-charges');

describe('extras during a stay', () => {
  it('adds a priced extra from the stay page, its price shown first; the wizard offers priced ones only', async () => {
    const customers = await pageApi<any[]>(page, 'GET', `/customer?filter=${filter({})}&range=[0,199]`);
    const customer = customers.find((x) => x.address1 && x.lastName);
    const [adult] = await pageApi<any[]>(page, 'GET', `/age-category?filter=${filter({ minAge: 18 })}&range=[0,0]`);
    const start = addDays(today, 20);
    const free = await pageApi<any[]>(page, 'POST', '/booking/search-availability', {
      startDate: start,
      endDate: addDays(start, 3),
      persons: 2,
    });
    const s = await pageApi<any>(page, 'POST', '/booking/create', {
      kind: 'booking',
      customerId: customer.id,
      occupancies: [
        {
          placeId: free[0].placeId,
          startDate: start,
          endDate: addDays(start, 3),
          details: [{ ageCategoryId: adult.id, quantity: 2 }],
        },
      ],
    });
    const o = s.occupancies[0];
    const offers = await pageApi<any>(
      page,
      'GET',
      `/booking/extra-offers?placeId=${o.placeId}&startDate=${o.startDate}&endDate=${o.endDate}`,
    );
    const priced = offers.extras.filter((x: any) => x.priced);
    const unpriced = offers.extras.filter((x: any) => !x.priced);
    expect(priced.length, 'the demo grid prices some extras').toBeGreaterThan(0);

    await page.goto(`${baseUrl()}/booking/${s.booking.id}`);
    await page.getByTestId(`extras-occupancy-${o.id}`).click();
    await page.getByTestId('extras-dialog').waitFor();
    const box = page.getByTestId('extras-dialog');
    if (unpriced.length)
      await box.getByTestId('extras-unpriced').getByText(unpriced[0].label, { exact: false }).waitFor();
    await box.getByTestId('extra-add').locator('..').click();
    await page.getByRole('option', { name: priced[0].label, exact: true }).click();
    await box.getByTestId(`extra-quantity-${priced[0].id}`).fill('2');
    // The price after the change is shown before saving, and is what the stay then costs.
    await box.getByText(/Prix de l’occupation : .+ → .+ \(/).waitFor();
    await poll(async () => (await box.getByTestId('extras-price').textContent()) ?? '').not.toContain('inchangé');
    const shown = (await box.getByTestId('extras-price').textContent())!;
    const newPrice = shown.split('→')[1].split('(')[0];
    await page.getByTestId('extras-save').click();
    await box.waitFor({ state: 'detached' });
    const after = await pageApi<any>(page, 'GET', `/booking/${s.booking.id}/summary`);
    expect(after.occupancies[0].extras.map((x: any) => [x.extraId, x.quantity])).toEqual([[priced[0].id, 2]]);
    expect(flat(newPrice)).toBe(flat(euros(after.occupancies[0].pricedQuote.quote.total)));
    await poll(async () => flat(await page.getByTestId('booking-total').textContent())).toBe(
      flat(euros(after.booking.totalAmount)),
    );

    // The wizard's step 4 offers the priced extras only, and names the others with the reason.
    await page.goto(`${baseUrl()}/new-booking/4/${s.booking.id}/0/${o.id}/0/${customer.id}/0`);
    await page.getByText('Options et extras').waitFor();
    await page.getByLabel(priced[0].label, { exact: true }).waitFor();
    if (unpriced.length) {
      await page.getByTestId('wizard-extras-unpriced').getByText(unpriced[0].label, { exact: false }).waitFor();
      expect(await page.getByLabel(unpriced[0].label, { exact: true }).count()).toBe(0);
    }
    expect(page.errors).toEqual([]);
  });
});

describe('what a professional product gets right', () => {
  it('names the CSV after its list and day, shows the technical journal in local time, confirms closures', async () => {
    await page.goto(`${baseUrl()}/payment-list`);
    await page.locator('.RaDatagrid-tbody > tr').first().waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter / imprimer' }).click();
    await page.getByRole('menuitem', { name: 'Exporter en CSV' }).click();
    expect((await download).suggestedFilename()).toBe(`paiements-${today}.csv`);

    // The journal: the campsite's time, details in words (« processus : 4242 », « opération : modification »).
    // A change of the general settings goes to the journal (put back as it was).
    const [setting] = await pageApi<any[]>(page, 'GET', '/establishment/setting?range=[0,0]');
    for (const draftIdleMinutes of [setting.draftIdleMinutes + 1, setting.draftIdleMinutes])
      await pageApi(page, 'PUT', `/establishment/setting/${setting.id}`, { draftIdleMinutes });
    await page.goto(`${baseUrl()}/jet`);
    const jet = page.locator('[data-table="jet"]');
    await jet.getByRole('columnheader', { name: 'Date et heure (Paris)' }).waitFor();
    await jet.locator('tbody tr').first().waitFor();
    const text = (await jet.textContent()) ?? '';
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/);
    expect(text).not.toContain('{');
    expect(text).not.toMatch(/\b(pid|userId|fiscalSeq|entity|action|fingerprint|outcome|level) : /);
    expect(text).toContain('paramètre : Paramètres généraux');
    expect(text).toContain('opération : modification');
    expect(text).toContain(
      `Abandon des séjours temporaires après (minutes sans modification) = ${setting.draftIdleMinutes}`,
    );
    expect(text).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);

    // A closure says what it does and that it is final before anything is closed.
    await page.goto(`${baseUrl()}/closure`);
    const pending = await page.getByTestId('closure-pending').textContent();
    await page.getByTestId('close-day').click();
    await dialog().waitFor();
    await dialog()
      .getByText(/Clôturer la journée du \d{2}\/\d{2}\/\d{4} \?/)
      .waitFor();
    expect(await dialog().textContent()).toContain('définitive');
    await dialog().getByRole('button', { name: 'Ne pas clôturer' }).click();
    await dialog().waitFor({ state: 'detached' });
    expect(await page.getByTestId('closure-pending').textContent()).toBe(pending);
    await page.getByTestId('close-month').click();
    await dialog().waitFor();
    await dialog()
      .getByText(/Clôturer le mois de .+ \?/)
      .waitFor();
    await dialog().getByRole('button', { name: 'Ne pas clôturer' }).click();
    await dialog().waitFor({ state: 'detached' });
    expect(page.errors).toEqual([]);
  });

  it('asks the new customer’s country first, and adapts the postcode to it', async () => {
    const [adult] = await pageApi<any[]>(page, 'GET', `/age-category?filter=${filter({ minAge: 18 })}&range=[0,0]`);
    const start = addDays(today, 24);
    await page.goto(`${baseUrl()}/new-booking`);
    await page.getByTestId('nb-start').fill(start);
    await page.getByTestId('nb-end').fill(addDays(start, 2));
    await page.getByTestId(`nb-age-${adult.id}`).fill('2');
    await page.getByTestId('nb-next').click();
    await page.locator('[data-testid^="nb-place-"]').first().click();
    await page.getByTestId('nb-next').click();
    // The route holds the draft once the place is taken: /new-booking/3/0/{tempBookingId}/…
    await page.waitForURL((u) => /^\/new-booking\/3\/0\/[1-9]\d*\//.test(u.pathname));
    await page.getByRole('button', { name: 'Nouveau client' }).click();
    const country = page.getByTestId('nb-new-country').locator('..');
    const postcode = page.getByLabel(/^Code postal/);
    await country.waitFor();
    const top = async (l: typeof country) => (await l.boundingBox())!.y;
    expect(await top(country)).toBeLessThan(await top(page.getByLabel('Adresse')));
    expect(await top(country)).toBeLessThan(await top(page.getByTestId('nb-new-lastName')));
    await page.getByTestId('nb-new-lastName').fill('Pays');
    await postcode.fill('SW1A 1AA');
    const create = page.getByRole('button', { name: 'Créer le client' });
    await poll(() => create.isDisabled()).toBe(true); // France: 5 digits
    await country.click();
    await page.getByRole('option', { name: 'Royaume-Uni' }).click();
    await page.getByLabel('Code postal (facultatif)').waitFor();
    await poll(() => create.isEnabled()).toBe(true);
    await page.goto(`${baseUrl()}/home`); // the draft is dropped
  });

  it('takes ANCV holiday vouchers by count and denomination, shown on the stay, the payment and the slip', async () => {
    const customers = await pageApi<any[]>(page, 'GET', `/customer?filter=${filter({})}&range=[0,199]`);
    const customer = customers.find((x) => x.address1 && x.postalCode && x.town && x.lastName);
    const [adult] = await pageApi<any[]>(page, 'GET', `/age-category?filter=${filter({ minAge: 18 })}&range=[0,0]`);
    const [from, to] = [addDays(today, 3), addDays(today, 5)];
    const free = await pageApi<any[]>(page, 'POST', '/booking/search-availability', {
      startDate: from,
      endDate: to,
      persons: 2,
    });
    const s = await pageApi<any>(page, 'POST', '/booking/create', {
      kind: 'booking',
      customerId: customer.id,
      occupancies: [
        { placeId: free[0].placeId, startDate: from, endDate: to, details: [{ ageCategoryId: adult.id, quantity: 2 }] },
      ],
    });
    const bookingId = s.booking.id;
    await page.goto(`${baseUrl()}/booking/${bookingId}`);
    await money().getByTestId('due').waitFor();
    await payAtStay(page, 'Chèques-Vacances ANCV');
    // Two of 50 € and three of 20 €: the amount is their sum, shown before saving.
    await dialog().getByTestId('payment-vouchers-50').fill('2');
    await dialog().getByTestId('payment-vouchers-20').fill('3');
    await poll(() => dialog().getByTestId('payment-amount').inputValue()).toBe('160,00');
    expect(await dialog().textContent()).toContain('5 chèques-vacances : 2 × 50 € + 3 × 20 €');
    await dialog().getByTestId('payment-save').click();
    const overpaid = dialog().getByTestId('payment-confirm-overpaid');
    // A stay cheaper than 160 € asks first (the demo's prices decide): confirmed knowingly.
    await Promise.race([dialog().waitFor({ state: 'detached' }), overpaid.waitFor()]);
    if (await overpaid.isVisible()) await overpaid.click();
    await dialog().waitFor({ state: 'detached' });
    const row = money().getByTestId('stay-payments').locator('tr', { hasText: 'Chèques-Vacances ANCV' });
    await row.getByText('Chèques-Vacances ANCV : 2 × 50 € + 3 × 20 €').waitFor();

    const [payment] = await pageApi<any[]>(page, 'GET', `/payment?filter=${filter({ bookingId })}`);
    await page.goto(`${baseUrl()}/payment/${payment.id}`);
    const lines = page.getByTestId('payment-voucher-lines');
    await lines.getByText('Chèques-vacances ANCV reçus : 5 chèques-vacances').waitFor();
    expect(flat(await lines.textContent())).toContain(flat(`50,00 €2100,00 €`));

    // Remitted to the ANCV, not the bank: the deposit says so and counts them.
    const deposit = await pageApi<any>(page, 'POST', '/bank-deposit/create', {
      paymentMethodId: payment.paymentMethodId,
      paymentIds: [payment.id],
    });
    await page.goto(`${baseUrl()}/deposit/${deposit.id}`);
    await page.getByText(`Remise à l’ANCV ${deposit.number}`).first().waitFor();
    expect(await page.getByTestId('deposit-vouchers').textContent()).toBe(
      'Chèques-vacances remis à l’ANCV : 2 × 50 € + 3 × 20 € (5 chèques-vacances)',
    );
    expect(page.errors).toEqual([]);
  });
});
