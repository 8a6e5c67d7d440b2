// The till in Chromium at tablet width (768 px), on the demo articles
// (issue 16 (docs/billing.md#till-and-ancillary-sales)'s scenario): a register of its own opened with a float; a
// baguette (button), a cone (code + Enter) and a gift voucher (its family's tab) paid part cash part card; the
// ticket printed (80 mm PDF), then reprinted as DUPLICATA 1; a laundry token charged,
// by keyboard, to the stay of a guest on site found by pitch; a baguette returned (a
// negative ticket referencing the first); the window closed and the
// Z read; the stay's final bill carries the token. Then every sales screen of the issue
// shows what was just sold (lists, ticket, voucher, checks) and a customer is assigned
// to the first ticket. Paper holiday vouchers are taken by count and denomination (the
// ticket and the Z list them), electronic ones by amount. Waits on conditions only.
import { describe, expect, it } from 'vitest';
import { baseUrl, pageApi, withLoggedInPage, type TestPage } from './browser';
import { todayParis } from '../../common/dates';

let page: TestPage;

withLoggedInPage((p) => (page = p), {
  beforeLogin: (p) => p.setViewportSize({ width: 768, height: 1024 }),
});

const today = todayParis();
const addDays = (d: string, n: number) =>
  new Date(Date.parse(`${d}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const filter = (f: Record<string, unknown>) => encodeURIComponent(JSON.stringify(f));
const flat = (s: string | null) => (s ?? '').replace(/\s/g, '');
const poll = expect.poll;

describe('the till', () => {
  it('sells, takes cash and card, prints, charges a stay, closes with the Z; the sales screens show it', async () => {
    const tag = Date.now() % 100000;
    await page.goto(`${baseUrl()}/home`);
    const [type] = await pageApi<any[]>(page, 'GET', `/cash-register-type?range=${encodeURIComponent('[0,0]')}`);
    const reg = await pageApi<any>(page, 'POST', '/cash-register', {
      label: `Caisse e2e ${tag}`,
      code: `E${tag}`,
      cashRegisterTypeId: type.id,
    });
    // A guest on site tonight: a demo customer with a full address (a bill needs it) on a free pitch.
    const customers = await pageApi<any[]>(
      page,
      'GET',
      `/customer?filter=${filter({})}&range=${encodeURIComponent('[0,199]')}`,
    );
    const customer = customers.find((x) => x.address1 && x.postalCode && x.town && x.lastName);
    const [adult] = await pageApi<any[]>(page, 'GET', `/age-category?filter=${filter({ minAge: 18 })}&range=[0,0]`);
    const free = await pageApi<any[]>(page, 'POST', '/booking/search-availability', {
      startDate: today,
      endDate: addDays(today, 2),
      persons: 2,
    });
    const stay = (
      await pageApi<any>(page, 'POST', '/booking/create', {
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
      })
    ).booking;
    const place = await pageApi<any>(page, 'GET', `/place/${free[0].placeId}`);
    const pitch = String(place.code ?? place.label);

    // The register's window opens with a float of 100 €.
    await page.goto(`${baseUrl()}/sale-cash-register/${reg.id}`);
    await page.getByTestId('opening-float').fill('100');
    await page.getByTestId('open-window').click();

    // Ticket 1: a button, a code + Enter, a gift voucher from its family's tab.
    await page.getByTestId('article-BAGUETTE').click();
    await page.getByTestId('article-code').fill('glace-cone');
    await page.getByTestId('article-code').press('Enter');
    await page.getByRole('tab', { name: 'Bons cadeaux' }).click();
    await page.getByTestId('article-BON-50').click();
    await poll(async () => flat(await page.getByTestId('ticket-total').textContent())).toBe('Total:53,80€');
    await expect(page.getByTestId('ticket-line').count()).resolves.toBe(3);
    // Every button reachable without scrolling sideways at 768 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);

    await page.getByTestId('encaisser').click();
    await page.getByTestId('tender-amount').fill('20,00');
    await page.getByTestId('tender-add').click();
    await page.getByTestId('quick-card').click();
    await poll(async () => flat(await page.getByTestId('pay-left').textContent())).toBe('Resteàpayer:0,00€');
    await page.getByTestId('pay-confirm').click();
    const last = page.getByTestId('last-ticket');
    await last.filter({ hasText: `Ticket E${tag}-000001` }).waitFor();
    const first = (await pageApi<any[]>(page, 'GET', `/sale?filter=${filter({ cashRegisterId: reg.id })}`))[0];
    const sale1 = await pageApi<any>(page, 'GET', `/sales/view/${first.id}`);
    expect(sale1.payments.map((p: any) => [p.kind, p.amount])).toEqual([
      ['cash', 2000],
      ['card', 3380],
    ]);
    const voucherCode = sale1.lines.find((l: any) => l.giftVoucherCode).giftVoucherCode as string;

    // The ticket printed (a POST: the screen's form): an 80 mm PDF (the original).
    expect(await last.locator('form').getAttribute('action')).toBe(`/rest/sales/document/${first.id}`);
    await last.getByRole('button', { name: 'Imprimer le ticket' }).waitFor();
    const pdf = await page.request.post(`${baseUrl()}/rest/sales/document/${first.id}`);
    expect(pdf.headers()['content-type']).toMatch(/application\/pdf/);
    expect(pdf.headers()['content-disposition']).not.toMatch(/duplicata/);

    // Ticket 2, by keyboard: code + Enter, Enter (payment), charged to the stay found by its pitch.
    await page.getByTestId('article-code').fill('JETON-LAV');
    await page.getByTestId('article-code').press('Enter');
    await page.getByTestId('ticket-line').filter({ hasText: 'Jeton de lave-linge' }).waitFor();
    await page.getByTestId('article-code').press('Enter');
    const dialog = page.getByRole('dialog', { name: /^Encaisser 5,00/ });
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: 'Nature' }).click();
    await page.getByRole('option', { name: 'Porté sur le séjour' }).click();
    await dialog.getByLabel('Client présent (nom, emplacement, immatriculation)').fill(pitch);
    await dialog
      .getByRole('button')
      .filter({ hasText: `Séjour ${stay.code ?? stay.id}` })
      .click();
    await dialog.getByTestId('tender-add').click();
    await poll(async () => flat(await dialog.getByTestId('pay-left').textContent())).toBe('Resteàpayer:0,00€');
    // The ticket goes with its Idempotency-Key: sent again after a lost answer, it is sold once.
    const sold = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/rest/sales/sell'));
    await dialog.getByTestId('pay-confirm').click();
    expect((await sold).headers()['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    await last.filter({ hasText: `Ticket E${tag}-000002` }).waitFor();

    // A baguette comes back: a negative ticket referencing the first, refunded in cash.
    await page.goto(`${baseUrl()}/vente-annexe/${first.id}`);
    await page.getByRole('button', { name: 'Retour…' }).click();
    await page.getByRole('textbox', { name: 'Quantité rendue : Baguette' }).fill('1');
    await poll(async () => flat(await page.getByTestId('return-refund').textContent())).toBe('Àrembourser:1,30€');
    await page.getByRole('button', { name: 'Émettre le ticket de retour' }).click();
    await page.getByRole('link', { name: new RegExp(`^Retour E${tag}-000003`) }).waitFor();

    // Closing: counted cash = float + 20 € − 1,30 €, card 33,80 €; the Z.
    await page.goto(`${baseUrl()}/sale-cash-register/${reg.id}`);
    await page.getByTestId('close-window').click();
    await page.getByTestId('counted-cash').fill('118,70');
    await page.getByTestId('counted-card').fill('33,80');
    await page.getByTestId('confirm-close').click();
    await page.getByTestId('z-title').filter({ hasText: 'Z n° 1' }).waitFor();
    expect(flat(await page.getByTestId('z-cash').textContent())).toMatch(/118,70€118,70€0,00€$/);
    expect(flat(await page.getByTestId('z-card').textContent())).toMatch(/33,80€33,80€0,00€$/);
    expect(flat(await page.getByTestId('z-stay').textContent())).toMatch(/5,00€——$/);

    // The stay's final bill carries the token (additional sales).
    const bill = await pageApi<any>(page, 'POST', `/booking/${stay.id}/bill`, { kind: 'final' });
    expect(bill.lines.filter((l: any) => l.lineType === 16).map((l: any) => [l.label, l.amountInclVat])).toEqual([
      [`Jeton de lave-linge (ticket E${tag}-000002)`, 500],
    ]);

    // The sales screens, on what was just sold.
    const shows = async (path: string, text: string | RegExp) => {
      await page.goto(`${baseUrl()}${path}`);
      await page.getByText(text).first().waitFor();
    };
    await shows('/vente-annexe-list', `E${tag}-000001`);
    await shows(`/vente-annexe/${first.id}`, 'Bon cadeau 50 €');
    await page.getByRole('button', { name: /^Imprimer/ }).waitFor();
    const reprint = await page.request.post(`${baseUrl()}/rest/sales/document/${first.id}`);
    expect(reprint.headers()['content-disposition']).toMatch(/duplicata-1/);
    await shows('/gift-list', voucherCode);
    await shows('/check-sales', `E${tag}-000002`);
    await shows('/verif-tickets-payment', 'Tous les tickets sont réglés exactement.');
    await shows('/sale-cash-register-list', `Caisse e2e ${tag}`);
    await shows('/article-list', 'Glace cornet');
    await shows('/article-commercialization', 'Bracelet piscine');
    const baguette = (await pageApi<any[]>(page, 'GET', `/article?filter=${filter({ code: 'BAGUETTE' })}`))[0];
    await page.goto(`${baseUrl()}/article/${baguette.id}`);
    await poll(() => page.locator('input[name="label"]').inputValue()).toBe('Baguette');
    await page.goto(`${baseUrl()}/famille-article/${baguette.articleFamilyId}`);
    await poll(() => page.locator('input[name="label"]').inputValue()).toBe('Boulangerie');
    // The shop's voucher whose article is not mapped: « Article bon cadeau non paramétré ».
    await shows('/sale-gift-import-list', 'SHOP-2406');
    const unmapped = (
      await pageApi<any[]>(page, 'GET', `/sale-gift-import?filter=${filter({ externalCode: 'SHOP-2406' })}`)
    )[0];
    await page.goto(`${baseUrl()}/sale-gift-import/${unmapped.id}`);
    await page.getByTestId('integrate-gift').click();
    await page.getByText('Article bon cadeau non paramétré').first().waitFor();

    // The first ticket, sold to a passer-by, is assigned to the customer afterwards.
    await page.goto(`${baseUrl()}/add-customer-to-sales`);
    await page.getByRole('checkbox', { name: `Choisir le ticket E${tag}-000001` }).click();
    await page.getByRole('combobox', { name: 'Client' }).fill(customer.lastName.slice(0, 12));
    await page
      .getByRole('option')
      .filter({ hasText: `(${customer.code}` })
      .first()
      .click();
    await page.getByTestId('assign-customer').click();
    await page.getByRole('checkbox', { name: `Choisir le ticket E${tag}-000001` }).waitFor({ state: 'detached' });
    await shows(`/vente-annexe/${first.id}`, /^Client affecté après coup/);
    expect(page.errors).toEqual([]);
  }, 240_000);

  it('takes paper holiday vouchers by count and denomination; the ticket and the Z show them', async () => {
    const tag = Date.now() % 100000;
    await page.goto(`${baseUrl()}/home`);
    const [type] = await pageApi<any[]>(page, 'GET', `/cash-register-type?range=${encodeURIComponent('[0,0]')}`);
    const reg = await pageApi<any>(page, 'POST', '/cash-register', {
      label: `Caisse ANCV ${tag}`,
      code: `V${tag}`,
      cashRegisterTypeId: type.id,
    });
    // A 32,90 € article of its own, sold at every register.
    const baguette = (await pageApi<any[]>(page, 'GET', `/article?filter=${filter({ code: 'BAGUETTE' })}`))[0];
    await pageApi(page, 'POST', '/article', {
      code: `LAMPE${tag}`,
      label: `Lampe frontale ${tag}`,
      articleFamilyId: baguette.articleFamilyId,
      price: 3290,
      tvaId: baguette.tvaId,
    });
    await page.goto(`${baseUrl()}/sale-cash-register/${reg.id}`);
    await page.getByTestId('opening-float').fill('0');
    await page.getByTestId('open-window').click();
    await page.getByTestId('article-BAGUETTE').waitFor();
    await page.getByTestId('article-code').fill(`LAMPE${tag}`);
    await page.getByTestId('article-code').press('Enter');
    await poll(async () => flat(await page.getByTestId('ticket-total').textContent())).toBe('Total:32,90€');

    // One of 20 € and one of 10 €: the amount is their sum; no « le reste » for counted vouchers.
    await page.getByTestId('encaisser').click();
    const dialog = page.getByRole('dialog', { name: /^Encaisser 32,90/ });
    await dialog.waitFor();
    expect(await dialog.getByTestId('quick-holiday-voucher').count()).toBe(0);
    await dialog.getByRole('combobox', { name: 'Nature' }).click();
    await page.getByRole('option', { name: 'Chèques-vacances' }).click();
    await dialog.getByTestId('payment-vouchers-20').fill('1');
    await dialog.getByTestId('payment-vouchers-10').fill('1');
    await poll(() => dialog.getByTestId('tender-amount').inputValue()).toBe('30,00');
    await dialog.getByTestId('tender-add').click();
    await dialog.getByText('Chèques-vacances : 1 × 20 € + 1 × 10 €').waitFor();
    await poll(async () => flat(await dialog.getByTestId('pay-left').textContent())).toBe('Resteàpayer:2,90€');
    await dialog.getByTestId('quick-cash').click();
    await dialog.getByTestId('pay-confirm').click();
    await page
      .getByTestId('last-ticket')
      .filter({ hasText: `Ticket V${tag}-000001` })
      .waitFor();
    const [sold] = await pageApi<any[]>(page, 'GET', `/sale?filter=${filter({ cashRegisterId: reg.id })}`);
    const ticket = await pageApi<any>(page, 'GET', `/sales/view/${sold.id}`);
    const paper = ticket.payments.find((p: any) => p.kind === 'holiday-voucher');
    expect([paper.amount, paper.vouchers]).toEqual([
      3000,
      [
        { denomination: 2000, count: 1 },
        { denomination: 1000, count: 1 },
      ],
    ]);

    // Electronic vouchers (Chèque-Vacances Connect) stay an amount, on their own method.
    await page.getByTestId('article-BAGUETTE').click();
    await page.getByTestId('encaisser').click();
    const second = page.getByRole('dialog', { name: /^Encaisser 1,30/ });
    await second.getByRole('combobox', { name: 'Nature' }).click();
    await page.getByRole('option', { name: 'Chèques-vacances' }).click();
    await second.getByTestId('tender-voucher-method').locator('..').click();
    await page.getByRole('option', { name: 'Chèque-Vacances Connect' }).click();
    expect(await second.getByTestId('payment-vouchers').count()).toBe(0);
    await second.getByTestId('tender-add').click();
    await second.getByTestId('pay-confirm').click();
    await page
      .getByTestId('last-ticket')
      .filter({ hasText: `Ticket V${tag}-000002` })
      .waitFor();

    // The ticket lists the vouchers; the close asks for them and the Z counts them.
    await page.goto(`${baseUrl()}/vente-annexe/${sold.id}`);
    await page
      .getByRole('table', { name: 'Règlements' })
      .getByText('Chèques-vacances : 1 × 20 € + 1 × 10 € (2 chèques-vacances)')
      .waitFor();
    await page.goto(`${baseUrl()}/sale-cash-register/${reg.id}`);
    await page.getByTestId('close-window').click();
    await page
      .getByTestId('close-vouchers')
      .getByText('Chèques-vacances papier à trouver : 1 × 20 € + 1 × 10 € (2 chèques-vacances)')
      .waitFor();
    await page.getByTestId('counted-cash').fill('2,90');
    await page.getByTestId('counted-holiday-voucher').fill('31,30');
    await page.getByTestId('confirm-close').click();
    await page.getByTestId('z-title').filter({ hasText: 'Z n° 1' }).waitFor();
    expect(flat(await page.getByTestId('z-holiday-voucher').textContent())).toMatch(/31,30€31,30€0,00€$/);
    expect(await page.getByTestId('z-vouchers').textContent()).toBe(
      'Chèques-vacances papier : 1 × 20 € + 1 × 10 € (2 chèques-vacances)',
    );
    expect(page.errors).toEqual([]);
  }, 120_000);
});
