// The money of a whole stay in Chromium, on the demo campsite: a stay of tonight →
// deposit bill → card payment (30 %) → arrival → final bill (marking the guest gone now
// asks to confirm the amount due) → cheque for the balance → bank deposit of the cheque
// with its slip; the planning's payment view paints the stay's bar as paid, and the
// departures list shows no balance left. Then the accountant's screens show that money:
// bill list and bill, deposits of the month, a credit note issued from the bill screen
// (credit notes and customers in credit), holiday-aid payments, insured stays,
// guarantees, the checks, the till (starting base, injection, expense, count) and the
// cash and bank journal, and the four preference sections of billing.
import { describe, expect, it } from 'vitest';
import { baseUrl, pageApi, searchList, withLoggedInPage, type TestPage } from './browser';
import { euros, payAtStay, same } from './billing-fixtures';
import { todayParis } from '../../common/dates';

let page: TestPage;

withLoggedInPage((p) => (page = p));

const today = todayParis();
const addDays = (d: string, n: number) =>
  new Date(Date.parse(`${d}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const filter = (f: Record<string, unknown>) => encodeURIComponent(JSON.stringify(f));
const PAID_GREEN = 'rgb(21, 128, 61)'; // the payment palette's « Soldé » (planning/board/colors.ts)
/** An amount as the screens print it, whatever space the locale puts before « € ». */
const amountRe = (c: number) =>
  new RegExp(
    euros(c)
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\s/g, '\\s'),
  );
/** Conditions only: a screen updates after its request, on a loaded machine too. */
const poll = <T>(f: () => Promise<T> | T) => expect.poll(f, { timeout: 15_000 });
const table = (name: string) => page.locator(`[data-table="${name}"]`);
const row = (name: string, text: string | RegExp) => table(name).locator('tbody tr', { hasText: text });

/** What the first scenario leaves for the accountant's screens. */
const made = {} as {
  tag: number;
  bookingId: number;
  customer: any;
  chequeId: number;
  cheque: string;
  total: number;
  deposit: any;
  final: any;
  chequePayment: any;
  depositId: number;
  depositNumber: string;
};

describe('a stay billed, paid and remitted in the browser', () => {
  it('deposit bill, card, arrival, final bill, cheque, deposit slip, paid bar', async () => {
    const tag = Date.now() % 100000;
    const card = `Carte e2e ${tag}`,
      cheque = `Chèque e2e ${tag}`;
    await page.goto(`${baseUrl()}/home`);
    await pageApi(page, 'POST', '/payment-method', { label: card, kind: 'card' });
    const chequeId = (
      await pageApi(page, 'POST', '/payment-method', { label: cheque, kind: 'cheque', isBankable: true })
    ).id;
    // A demo guest with a full address (a bill needs it), a free place for two nights from tonight.
    const customers = await pageApi<any[]>(
      page,
      'GET',
      `/customer?filter=${filter({})}&range=${encodeURIComponent('[0,199]')}`,
    );
    const customer = customers.find((x) => x.address1 && x.postalCode && x.town && x.lastName);
    expect(customer, 'a demo customer with an address').toBeTruthy();
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
    const bookingId = s.booking.id,
      total = s.booking.totalAmount,
      occupancyId = s.occupancies[0].id;
    expect(total, 'the demo grids price tonight').toBeGreaterThan(0);

    // Deposit bill, then a card payment.
    await page.goto(`${baseUrl()}/booking/${bookingId}`);
    const money = page.getByTestId('stay-billing');
    await money.getByTestId('due').waitFor();
    await money.getByTestId('bill-deposit').click();
    await page.getByTestId('bill-issue').click(); // after its preview
    await page.getByTestId('bill-preview').waitFor({ state: 'detached' });
    await money
      .locator('a', { hasText: /^FA\d{4,}$/ })
      .first()
      .waitFor();
    const deposit = (await pageApi<any>(page, 'GET', `/booking/${bookingId}/balance`)).bills[0];
    expect(deposit.isDeposit).toBe(true);
    // The card pays 30 % (the demo's deposit may be the whole stay when it starts tonight).
    const byCard = Math.floor((total * 0.3) / 100) * 100;
    await payAtStay(page, card);
    await page.getByTestId('payment-amount').fill(String(byCard / 100));
    await page.getByLabel('4 derniers chiffres').fill('4242');
    await page.getByTestId('payment-save').click();
    await poll(async () => same(await money.getByTestId('paid').textContent(), euros(byCard))).toBe(true);

    // Arrival from today's arrival list.
    await page.goto(`${baseUrl()}/booking-arrival-list`);
    await page.getByTestId(`tick-arrive-${bookingId}`).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Enregistrer l’arrivée' }).click();
    await page.getByTestId(`tick-arrive-${bookingId}`).waitFor({ state: 'detached' });

    // Final bill (deducting the deposit), then a cheque for what is left.
    await page.goto(`${baseUrl()}/booking/${bookingId}`);
    await money.getByTestId('bill-final').click();
    await page.getByTestId('bill-issue').click(); // after its preview
    await page.getByTestId('bill-preview').waitFor({ state: 'detached' });
    await poll(async () => same(await money.getByTestId('billed').textContent(), euros(total))).toBe(true);
    await poll(async () => same(await money.getByTestId('due').textContent(), euros(total - byCard))).toBe(true);
    // Marking the guest gone now asks to confirm, with the amount still due; kept as it is.
    // The stay's summary reloads after billing: its action buttons stay disabled until it has, and one click opens.
    await page.getByTestId('action-depart').or(page.getByTestId('action-early-departure')).first().click();
    await page.getByRole('dialog').waitFor();
    await page
      .getByRole('dialog')
      .getByText(new RegExp(`Attention : le client doit encore ${amountRe(total - byCard).source}`))
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Ne pas enregistrer' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await payAtStay(page, cheque);
    await page.getByLabel('N° de chèque').fill(`E2E${tag}`);
    await page.getByLabel('Titulaire du chèque').fill(customer.lastName);
    await page.getByLabel('Établissement payeur').fill('Banque e2e');
    await page.getByTestId('payment-save').click();
    await poll(async () => same(await money.getByTestId('due').textContent(), euros(0))).toBe(true);
    const [chequePayment] = await pageApi<any[]>(
      page,
      'GET',
      `/payment?filter=${filter({ bookingId, paymentMethodId: chequeId })}`,
    );
    expect(chequePayment).toMatchObject({ amount: total - byCard, chequeNumber: `E2E${tag}`, isDeposited: false });

    // The cheque goes to the bank: its deposit, the slip.
    await page.goto(`${baseUrl()}/create-deposit/${chequeId}`);
    await page.getByRole('checkbox', { name: `Remettre le paiement ${chequePayment.id}` }).click();
    await poll(async () =>
      same(await page.getByTestId('deposit-selection').textContent(), `1 paiement — ${euros(chequePayment.amount)}`),
    ).toBe(true);
    await page.getByTestId('deposit-create').click();
    await page.waitForURL((u) => /^\/deposit\/\d+$/.test(u.pathname));
    const depositId = Number(new URL(page.url()).pathname.split('/').pop());
    const heading = page.locator('h1', { hasText: /^Remise en banque R\d{6}-\d{3}$/ });
    await heading.waitFor();
    const depositNumber = (await heading.textContent())!.replace('Remise en banque ', '');
    expect(
      same(await page.getByTestId('deposit-total').textContent(), `1 paiement — ${euros(chequePayment.amount)}`),
    ).toBe(true);
    const slip = await page.request.get(`${baseUrl()}${await page.getByTestId('deposit-slip').getAttribute('href')}`);
    expect(slip.status()).toBe(200);
    expect(slip.headers()['content-type']).toMatch(/application\/pdf/);
    expect((await pageApi<any>(page, 'GET', `/payment/${chequePayment.id}`)).isDeposited).toBe(true);

    // The planning's payment view: the stay's bar is painted « Soldé ».
    await page.goto(`${baseUrl()}/planning?placeId=${free[0].placeId}&date=${addDays(today, -2)}`);
    const paymentView = page.getByRole('button', { name: 'Paiements' });
    await poll(() => paymentView.isEnabled()).toBe(true);
    await paymentView.click();
    const bar = page.locator(`[data-bar-id="o${occupancyId}"]`);
    await bar.waitFor();
    await poll(() => bar.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(PAID_GREEN);

    // Nothing left to pay on departure day: the departures list shows no balance.
    const departures = await pageApi<any[]>(page, 'GET', `/booking/departures?date=${addDays(today, 2)}`);
    expect(departures.find((r) => r.bookingId === bookingId)?.balanceDue).toBe(0);
    expect(page.errors).toEqual([]);
    const bills = (await pageApi<any>(page, 'GET', `/booking/${bookingId}/balance`)).bills;
    Object.assign(made, {
      tag,
      bookingId,
      customer,
      chequeId,
      cheque,
      total,
      chequePayment,
      depositId,
      depositNumber,
      deposit: bills.find((b: any) => b.isDeposit),
      final: bills.find((b: any) => !b.isDeposit && b.kind === 'invoice'),
    });
  }, 120_000); // a dozen screens on a shared machine
});

describe("the accountant's screens show that money", () => {
  it('the bill list and the bill, the deposits of the month', async () => {
    expect(made.final, 'the first scenario billed the stay').toBeTruthy();
    const { customer, final, deposit, chequePayment } = made;

    // /bill-list: the stay's two bills, found by the customer's name; a click opens the bill.
    await page.goto(`${baseUrl()}/bill-list`);
    await page.getByLabel('Client ou numéro').fill(customer.lastName);
    await row('bill-list', final.number).waitFor();
    await row('bill-list', deposit.number).waitFor();
    await page
      .getByTestId('totals')
      .getByText(/^Sélection : \d+ documents?$/)
      .waitFor();
    await row('bill-list', final.number).click();
    await page.waitForURL((u) => u.pathname === `/bill/${final.id}`);
    await page
      .getByTestId('bill-total')
      .filter({ hasText: amountRe(final.totalInclVat) })
      .waitFor();
    await page.getByRole('table', { name: 'Lignes de la facture' }).locator('tbody tr').first().waitFor();
    // named for what the stay's down payment is: arrhes or acompte
    // (rules-fr §2, docs/billing.md#vat-and-invoice-mentions)
    const of = deposit.depositNature === 'arrhes' ? "d'arrhes" : "d'acompte";
    await page.getByText(`Déduction de la facture ${of} ${deposit.number}`, { exact: false }).first().waitFor();

    // /deposit-list/{yearMonth}: the deposit of the cheque.
    await page.goto(`${baseUrl()}/deposit-list/${today.slice(0, 7)}`);
    await row('deposit-list', made.depositNumber).click();
    await page.waitForURL((u) => u.pathname === `/deposit/${made.depositId}`);
    await page
      .getByTestId('deposit-total')
      .filter({ hasText: amountRe(chequePayment.amount) })
      .waitFor();
  }, 90_000);

  it(
    'a credit note issued from the bill screen; ' + 'credit notes and customers in credit, holiday aid, insured stays',
    async () => {
      const { tag } = made;
      // A second stay, insured, paid 30 € by the guest and 20 € by the holiday aid (VACAF), billed, then credited from
      // its bill screen.
      const guest = await pageApi<any>(page, 'POST', '/customer', {
        lastName: `Avoir${tag}`,
        firstName: 'Léa',
        address1: '3 allée des Pins',
        postalCode: '33000',
        town: 'Bordeaux',
      });
      const [adult] = await pageApi<any[]>(page, 'GET', `/age-category?filter=${filter({ minAge: 18 })}&range=[0,0]`);
      const free = await pageApi<any[]>(page, 'POST', '/booking/search-availability', {
        startDate: today,
        endDate: addDays(today, 1),
        persons: 2,
      });
      expect(free.length, 'a place free tonight').toBeGreaterThan(0);
      const stay = await pageApi<any>(page, 'POST', '/booking/create', {
        kind: 'booking',
        customerId: guest.id,
        withCancellationInsurance: true,
        occupancies: [
          {
            placeId: free[0].placeId,
            startDate: today,
            endDate: addDays(today, 1),
            details: [{ ageCategoryId: adult.id, quantity: 2 }],
          },
        ],
      });
      const transfer = await pageApi<any>(page, 'POST', '/payment-method', {
        label: `Virement e2e ${tag}`,
        kind: 'none',
      });
      // Paid before the bill, possibly beyond the night's price: recorded knowingly.
      const knowingly = { 'X-Confirm': 'overpayment' };
      await pageApi(
        page,
        'POST',
        '/payment/edit',
        { id: 0, bookingId: stay.booking.id, paymentMethodId: transfer.id, amount: 3000, date: today },
        knowingly,
      );
      await pageApi(
        page,
        'POST',
        '/payment/edit',
        {
          id: 0,
          bookingId: stay.booking.id,
          paymentMethodId: transfer.id,
          amount: 2000,
          date: today,
          payerType: 'holiday-aid',
          payingInstitution: `CAF e2e ${tag}`,
        },
        knowingly,
      );
      const bill = await pageApi<any>(page, 'POST', `/booking/${stay.booking.id}/bill`, { kind: 'final' });
      await page.goto(`${baseUrl()}/bill/${bill.id}`);
      await page.getByTestId('credit-note').click();
      await page.getByRole('dialog').getByLabel("Motif de l'avoir").fill(`Annulation e2e ${tag}`);
      await page.getByRole('dialog').getByRole('button', { name: "Voir l'avoir" }).click();
      await page.getByRole('dialog').getByTestId('credit-preview').waitFor();
      await page.getByRole('dialog').getByRole('button', { name: "Émettre l'avoir" }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.getByText('Annulée par avoir', { exact: true }).waitFor();
      const note = (await pageApi<any>(page, 'GET', `/bill/view/${bill.id}`)).creditNotes[0];
      expect(note.totalInclVat).toBe(-bill.totalInclVat);
      // The stay shows its bill's state.
      await page.goto(`${baseUrl()}/booking/${stay.booking.id}`);
      await page.getByTestId(`bill-state-${bill.id}`).filter({ hasText: 'Annulée par avoir' }).waitFor();

      // /result-credit-list: the credit note, and the guest in credit of the 30 € they paid.
      await page.goto(`${baseUrl()}/result-credit-list`);
      await row('result-credit-list', note.number).getByText(bill.number).waitFor();
      await row('result-credit-balances', `Avoir${tag}`).getByText(amountRe(3000)).first().waitFor();
      // /vacaf-list and /assurance-list.
      await page.goto(`${baseUrl()}/vacaf-list`);
      await row('vacaf-list', `CAF e2e ${tag}`).getByText(amountRe(2000)).waitFor();
      await page.goto(`${baseUrl()}/assurance-list`);
      await row('assurance-list', `Avoir${tag}`).waitFor();
    },
    90_000,
  );

  it('guarantees, and the checks show what their routes answer', async () => {
    const { tag } = made;
    // /guarantee-list: a card imprint taken for the first stay.
    await pageApi(page, 'POST', '/guarantee', {
      bookingId: made.bookingId,
      kind: 'card-imprint',
      amount: 20000,
      status: 'in-progress',
      takenOn: today,
      cardHolder: `Garant ${tag}`,
      cardLast4: '4242',
    });
    await page.goto(`${baseUrl()}/guarantee-list`);
    await searchList(page, `Garant ${tag}`);
    await page
      .locator('.RaDatagrid-tbody > tr', { hasText: 'Empreinte de carte bancaire' })
      .getByText(amountRe(20000))
      .waitFor();

    // The checks show what their routes answer.
    const shows = async (path: string, name: string, rows: any[], text: (r: any) => string, empty: string) => {
      await page.goto(`${baseUrl()}${path}`);
      if (rows.length) await row(name, text(rows[0])).first().waitFor();
      else await table(name).getByText(empty).waitFor();
    };
    await shows(
      '/unbill-document-list',
      'unbill-document-list',
      await pageApi<any[]>(page, 'GET', `/bill/unbilled?until=${today}`),
      (r) => r.customerName,
      'Tous les séjours terminés sont facturés',
    );
    await shows(
      '/verif-double-bill',
      'verif-double-bill',
      await pageApi<any[]>(page, 'GET', '/bill/verif-double'),
      (r) => r.label,
      'Rien à signaler',
    );
    await shows(
      '/verif-due-bill',
      'verif-due-bill',
      await pageApi<any[]>(page, 'GET', `/bill/verif-due?date=${today}`),
      (r) => r.customerName,
      'Aucune facture échue non réglée',
    );
  }, 90_000);

  it('the till of the day, expenses, injections, starting base, and the cash and bank journal', async () => {
    const { tag, chequePayment } = made;
    // The till of a new cash method: 100 € at the start of the month, 20 € brought in, 5 € spent: 115 € expected,
    // counted.
    const till = `Espèces e2e ${tag}`;
    const cash = await pageApi<any>(page, 'POST', '/payment-method', { label: till, kind: 'cash' });
    const ym = today.slice(0, 7);
    await page.goto(`${baseUrl()}/starting-base/${ym}`);
    const base = row('starting-base', till);
    await base.getByLabel('Montant (€)').fill('100');
    await base.getByRole('button', { name: 'Enregistrer' }).click();
    await base.getByText(amountRe(10000)).waitFor();
    for (const [kind, path, label, amount] of [
      ['injection', '/injections-list', `Apport ${tag}`, '20'],
      ['expense', '/expenses-list', `Dépense ${tag}`, '5'],
    ] as const) {
      await page.goto(`${baseUrl()}${path}/${ym}`);
      await page.getByLabel('Caisse').click();
      await page.getByRole('option', { name: till }).click();
      await page.getByLabel('Libellé').fill(label);
      await page.getByLabel('Montant (€)').fill(amount);
      await page.getByRole('button', { name: 'Ajouter' }).click();
      await row(`cash-${kind}`, label)
        .getByText(amountRe(Number(amount) * 100))
        .waitFor();
    }
    await page.goto(`${baseUrl()}/cash-fund/${cash.id}/today`);
    await page
      .getByTestId('cash-expected')
      .filter({ hasText: amountRe(11500) })
      .waitFor();
    await page.getByTestId('cash-counted').fill('115');
    await page.getByTestId('cash-count-save').click();
    await page.getByTestId('cash-difference').filter({ hasText: 'dans la tolérance' }).waitFor();

    // /cash-and-bank-journal: the cheque received, under its method.
    await page.goto(`${baseUrl()}/cash-and-bank-journal`);
    await page.getByLabel('Mode de paiement').click();
    await page.getByRole('option', { name: made.cheque }).click();
    await row('cash-journal', 'Encaissement').getByText(amountRe(chequePayment.amount)).first().waitFor();
    await row('cash-journal-totals', made.cheque).waitFor();
  }, 90_000);

  it('the four preference sections of billing, with their stored values', async () => {
    for (const [section, title, label] of [
      ['result', 'Préférences : résultats', 'Écart de caisse toléré (€)'],
      ['fees', 'Préférences : frais', 'Commission sur les chèques-vacances (%)'],
      ['print-mode', "Préférences : mode d'impression", 'Bordereau de remise'],
      ['sale', 'Préférences : ventes', 'Pied de ticket'],
    ] as const) {
      await page.goto(`${baseUrl()}/preference/${section}`);
      await page.locator('h1', { hasText: title }).waitFor();
      await page.getByLabel(label).waitFor();
    }
    expect(page.errors).toEqual([]);
  }, 90_000);
});
