// The till (api/domain/sales): a session opened with a float, tickets with discounts and
// split payments (change = cash received − cash due), two tills racing for the last
// unit (one sale, one « quantité supérieure au stock »), 50 parallel tickets on one
// register taking consecutive numbers, gift vouchers sold and partly used, a return as a
// negative ticket, reprints marked DUPLICATA n, the Z (Σ tickets per payment kind) and the
// database's own refusals in plain SQL (no ticket edited, no line added afterwards, no
// closed Z changed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { postOk, unique } from './http-helpers';
import { COMPANY } from './billing-fixtures';
import { formatTicketNumber } from '../../api/domain/sales/numbering';

let t: TestServer;
const ids: Record<string, number> = {};

async function register(label: string): Promise<number> {
  return (
    await postOk(t.admin, '/rest/cash-register', {
      label: unique(label),
      code: unique('C').slice(0, 10),
      cashRegisterTypeId: ids.type,
    })
  ).id;
}
const open = async (cashRegisterId: number, openingFloat = 0) =>
  postOk(t.admin, '/rest/sales/window/open', { cashRegisterId, openingFloat });
const sellBody = (
  cashRegisterId: number,
  lines: unknown[],
  payments: unknown[],
  extra: Record<string, unknown> = {},
) => ({ cashRegisterId, lines, payments, ...extra });

beforeAll(async () => {
  t = await startTestServer();
  await t.knex('establishment').update(COMPANY);
  const post = (path: string, body: unknown) => postOk(t.admin, path, body);
  ids.tva20 =
    (await t.knex('tva').where('rate', 2000).first('id'))?.id ??
    (await post('/rest/tva', { label: unique('TVA 20 % '), rate: 2000 })).id;
  ids.tva55 =
    (await t.knex('tva').where('rate', 550).first('id'))?.id ??
    (await post('/rest/tva', { label: unique('TVA 5,5 % '), rate: 550 })).id;
  ids.cash = (await post('/rest/payment-method', { label: unique('Espèces '), kind: 'cash' })).id;
  ids.card = (await post('/rest/payment-method', { label: unique('Carte '), kind: 'card' })).id;
  ids.gift = (await post('/rest/payment-method', { label: unique('Bon cadeau '), kind: 'gift' })).id;
  ids.type = (await post('/rest/cash-register-type', { label: unique('Accueil ') })).id;
  ids.family = (await post('/rest/article-family', { label: unique('Épicerie ') })).id;
  ids.bread = (
    await post('/rest/article', {
      code: unique('PAIN'),
      label: 'Baguette',
      articleFamilyId: ids.family,
      price: 130,
      tvaId: ids.tva55,
    })
  ).id;
  ids.ice = (
    await post('/rest/article', {
      code: unique('GLACE'),
      label: 'Glace',
      articleFamilyId: ids.family,
      price: 250,
      tvaId: ids.tva20,
      isStockTracked: true,
    })
  ).id;
  ids.gas = (
    await post('/rest/article', {
      code: unique('GAZ'),
      label: 'Bouteille de gaz',
      articleFamilyId: ids.family,
      price: 3290,
      tvaId: ids.tva20,
      isStockTracked: true,
    })
  ).id;
  ids.voucher = (
    await post('/rest/article', {
      code: unique('BON'),
      label: 'Bon cadeau 50 €',
      articleFamilyId: ids.family,
      price: 5000,
      giftType: 'value',
      giftValidityMonths: 12,
    })
  ).id;
  await postOk(t.admin, `/rest/article/${ids.ice}/stock-movement`, { kind: 'delivery', quantity: 100 });
  await postOk(t.admin, `/rest/article/${ids.gas}/stock-movement`, { kind: 'delivery', quantity: 1 });
  ids.reg = await register('Accueil ');
  ids.window = (await open(ids.reg, 10000)).id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('selling', () => {
  it('a ticket with line and ticket discounts, paid by card and cash with change', async () => {
    const r = await t.admin.post(
      '/rest/sales/sell',
      sellBody(
        ids.reg,
        [
          { articleId: ids.bread, quantity: 3, lineDiscount: 30 },
          { articleId: ids.ice, quantity: 2 },
        ],
        [
          { kind: 'card', amount: 300 },
          { kind: 'cash', amount: 1000 },
        ],
        { ticketDiscount: 60 },
      ),
    );
    expect(r.status, r.text).toBe(200);
    const s = r.body;
    // 3 × 1,30 − 0,30 = 3,60; 2 × 2,50 = 5,00; − 0,60 spread in proportion → 8,00
    expect(s.totalInclVat).toBe(800);
    expect(s.lines.reduce((a: number, l: any) => a + l.amountInclVat, 0)).toBe(800);
    expect(s.changeGiven).toBe(500); // cash due 5,00, received 10,00
    expect(s.payments.map((p: any) => [p.kind, p.amount, p.received])).toEqual([
      ['card', 300, 300],
      ['cash', 500, 1000],
    ]);
    expect(s.vatTotals.map((v: any) => v.vatRateBp).sort()).toEqual([2000, 550].sort());
    expect(s.number).toMatch(/-000001$/);
    expect((await t.knex('article').where('id', ids.ice).first('stock')).stock).toBe(98);
    expect(Number((await t.knex('stock_movement').where({ saleId: s.id }).count({ n: '*' }))[0].n)).toBe(1);
  });

  it('refuses payments that do not cover the ticket, and change on anything but cash', async () => {
    const short = await t.admin.post(
      '/rest/sales/sell',
      sellBody(ids.reg, [{ articleId: ids.bread, quantity: 1 }], [{ kind: 'cash', amount: 100 }]),
    );
    expect(short.status).toBe(400);
    expect(short.body.code).toBe('SALE_PAYMENTS_MISMATCH');
    const over = await t.admin.post(
      '/rest/sales/sell',
      sellBody(ids.reg, [{ articleId: ids.bread, quantity: 1 }], [{ kind: 'card', amount: 200 }]),
    );
    expect(over.body.code).toBe('SALE_CHANGE_ONLY_CASH');
  });

  it('two tills selling the last unit at once: one sale, the other « quantité supérieure au stock »', async () => {
    const other = await register('Bar ');
    await open(other);
    const body = (reg: number) =>
      sellBody(reg, [{ articleId: ids.gas, quantity: 1 }], [{ kind: 'card', amount: 3290 }]);
    const replies = await Promise.all([
      t.admin.post('/rest/sales/sell', body(ids.reg)),
      t.admin.post('/rest/sales/sell', body(other)),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 400]);
    const refused = replies.find((r) => r.status === 400)!;
    expect(refused.body.code).toBe('QUANTITY_ABOVE_STOCK');
    expect(refused.body.message).toBe('Quantité supérieure au stock');
    expect((await t.knex('article').where('id', ids.gas).first('stock')).stock).toBe(0);
  });

  it('50 parallel tickets on one register take consecutive numbers', async () => {
    const reg = await register('Caisse rapide ');
    await open(reg);
    const replies = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.admin.post(
          '/rest/sales/sell',
          sellBody(reg, [{ articleId: ids.bread, quantity: 1 }], [{ kind: 'cash', amount: 200 }]),
        ),
      ),
    );
    for (const r of replies) expect(r.status, r.text).toBe(200);
    const seqs = replies.map((r) => r.body.sequence as number).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(replies.map((r) => r.body.number)).size).toBe(50);
    expect((await t.knex('cash_register_counter').where('cashRegisterId', reg).first('lastTicket')).lastTicket).toBe(
      50,
    );
    // The number is formatted in the ticket's insert: past 6 digits it grows, as formatTicketNumber writes it.
    const prefix = replies[0].body.number.replace(/-\d+$/, '');
    await t.knex('cash_register_counter').where('cashRegisterId', reg).update({ lastTicket: 999_998 });
    for (const n of [999_999, 1_000_000]) {
      const r = await postOk(
        t.admin,
        '/rest/sales/sell',
        sellBody(reg, [{ articleId: ids.bread, quantity: 1 }], [{ kind: 'cash', amount: 200 }]),
      );
      expect([r.sequence, r.number]).toEqual([n, formatTicketNumber(prefix, n)]);
    }
    expect(formatTicketNumber(prefix, 1_000_000)).toBe(`${prefix}-1000000`);
  }, 60_000);

  it('gift voucher: sold outside VAT, then used partly, the rest kept, refused beyond it', async () => {
    const sold = await postOk(
      t.admin,
      '/rest/sales/sell',
      sellBody(ids.reg, [{ articleId: ids.voucher, quantity: 1 }], [{ kind: 'card', amount: 5000 }]),
    );
    const line = sold.lines[0];
    expect(line.vatRateBp).toBeNull();
    expect(sold.totalVat).toBe(0);
    const code = line.giftVoucherCode as string;
    expect(code).toMatch(/^BC-/);
    const used = await postOk(
      t.admin,
      '/rest/sales/sell',
      sellBody(ids.reg, [{ articleId: ids.ice, quantity: 4 }], [{ kind: 'gift', amount: 1000, giftVoucherCode: code }]),
    );
    expect(used.payments[0].reference).toBe(code);
    expect((await t.admin.get(`/rest/gift-voucher/check/${code}`)).body.remainingValue).toBe(4000);
    const tooMuch = await t.admin.post(
      '/rest/sales/sell',
      sellBody(
        ids.reg,
        [{ articleId: ids.gas, quantity: 0 + 1 }],
        [{ kind: 'gift', amount: 4500, giftVoucherCode: code }],
      ),
    );
    expect(tooMuch.status).toBe(400);
    expect((await t.admin.get(`/rest/gift-voucher/check/${code}`)).body.remainingValue).toBe(4000);
  });

  it('a return is a new negative ticket referencing the original; stock comes back', async () => {
    const s = await postOk(
      t.admin,
      '/rest/sales/sell',
      sellBody(ids.reg, [{ articleId: ids.ice, quantity: 3, lineDiscount: 10 }], [{ kind: 'cash', amount: 740 }]),
    );
    const stock = (await t.knex('article').where('id', ids.ice).first('stock')).stock;
    // One unit, then the other two: the last return takes exactly what remains (247 + 493 = 740).
    const one = await postOk(t.admin, `/rest/sales/${s.id}/return`, {
      cashRegisterId: ids.reg,
      lines: [{ saleLineId: s.lines[0].id, quantity: 1 }],
      payments: [{ kind: 'card', amount: 247 }],
    });
    expect(one.totalInclVat).toBe(-247);
    const view = (await t.admin.get(`/rest/sales/view/${s.id}`)).body;
    expect([view.lines[0].returnedQuantity, view.lines[0].returnedAmount]).toEqual([1, 247]);
    const ret = await postOk(t.admin, `/rest/sales/${s.id}/return`, {
      cashRegisterId: ids.reg,
      lines: [{ saleLineId: s.lines[0].id, quantity: 2 }],
      payments: [{ kind: 'cash', amount: 493 }],
    });
    expect(ret.kind).toBe('return');
    expect(ret.totalInclVat).toBe(-493);
    expect(ret.returnOfSaleId).toBe(s.id);
    expect((await t.knex('article').where('id', ids.ice).first('stock')).stock).toBe(stock + 3);
    const again = await t.admin.post(`/rest/sales/${s.id}/return`, {
      cashRegisterId: ids.reg,
      lines: [{ saleLineId: s.lines[0].id, quantity: 1 }],
      payments: [{ kind: 'cash', amount: 1 }],
    });
    expect(again.body.code).toBe('SALE_RETURN_TOO_MUCH');
  });

  it('prints the original, then DUPLICATA 1, 2', async () => {
    const s = await postOk(
      t.admin,
      '/rest/sales/sell',
      sellBody(ids.reg, [{ articleId: ids.bread, quantity: 1 }], [{ kind: 'cash', amount: 130 }]),
    );
    const names = [];
    for (let i = 0; i < 3; i++) {
      const r = await t.admin.post(`/rest/sales/document/${s.id}`); // printing is a POST (GET only shows)
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toContain('application/pdf');
      names.push(r.headers.get('content-disposition'));
    }
    expect(names[0]).not.toContain('duplicata');
    expect(names[1]).toContain('duplicata-1');
    expect(names[2]).toContain('duplicata-2');
    // E-mailed: needs an address (none on a passer-by's ticket), then goes as the next print, DUPLICATA 3.
    expect((await t.admin.post(`/rest/sales/${s.id}/send-email`, {})).body.code).toBe('RECIPIENT_EMAIL_MISSING');
    const sent = await postOk(t.admin, `/rest/sales/${s.id}/send-email`, { to: 'client@example.fr' });
    expect(sent.duplicate).toBe(3);
    const mail = await t
      .knex('mail_message')
      .where('id', sent.id)
      .first('entityType', 'entityId', 'toAddress', 'attachments', 'subject');
    expect([mail.entityType, mail.entityId, mail.toAddress]).toEqual(['sale', s.id, 'client@example.fr']);
    expect(mail.subject).toContain(s.number);
    expect(mail.attachments.map((a: any) => [a.fileName, a.mime])).toEqual([
      [`ticket-${s.number}-duplicata-3.pdf`, 'application/pdf'],
    ]);
  });
});

describe('the database refuses edits (plain SQL)', () => {
  it('no UPDATE or DELETE of a ticket, its lines or payments; no line added to an issued ticket', async () => {
    const s = await t.knex('sale').where('cashRegisterId', ids.reg).first('id');
    const refused = async (sql: string, code: string) => {
      await expect(t.knex.raw(sql)).rejects.toThrow(code);
    };
    await refused(`UPDATE sale SET total_incl_vat = 1 WHERE id = ${s.id}`, 'NOT_AUTHORISED');
    await refused(`DELETE FROM sale WHERE id = ${s.id}`, 'NOT_AUTHORISED');
    await refused(`UPDATE sale_line SET quantity = 9 WHERE sale_id = ${s.id}`, 'NOT_AUTHORISED');
    await refused(`DELETE FROM sale_payment WHERE sale_id = ${s.id}`, 'NOT_AUTHORISED');
    await refused(`UPDATE sale SET number = number WHERE false`, 'NOT_AUTHORISED');
    await refused(
      `INSERT INTO sale_line (sale_id, position, article_id, code, label, quantity, unit_price, amount_incl_vat,
        amount_excl_vat, vat_amount)
      VALUES (${s.id}, 99, ${ids.bread}, 'X', 'Ajout', 1, 130, 130, 123, 7)`,
      'SALE_TICKET_LOCKED',
    );
  });
});

describe('closing the window', () => {
  it('the Z holds Σ tickets per payment kind, expected vs counted; the closed window never changes', async () => {
    const live = (await t.admin.get(`/rest/sales/window/${ids.window}/z`)).body;
    const sums = await t
      .knex('sale_payment as p')
      .join('sale as s', 's.id', 'p.saleId')
      .where('s.cashRegisterWindowId', ids.window)
      .groupBy('p.kind')
      .select('p.kind', t.knex.raw('sum(p.amount)::int as total'));
    for (const row of sums) {
      const k = live.byKind.find((x: any) => x.kind === row.kind);
      expect(k.expected, row.kind).toBe(row.total + (row.kind === 'cash' ? 10000 : 0));
    }
    const ticketSum = (await t.knex('sale').where('cashRegisterWindowId', ids.window).sum({ n: 'totalInclVat' }))[0].n;
    expect(live.totalInclVat).toBe(Number(ticketSum));
    const cash = live.byKind.find((x: any) => x.kind === 'cash').expected;
    const z = await postOk(t.admin, `/rest/sales/window/${ids.window}/close`, {
      counted: { cash: cash - 50, card: live.byKind.find((x: any) => x.kind === 'card').expected },
    });
    expect(z.zNumber).toBe(1);
    expect(z.byKind.find((x: any) => x.kind === 'cash').difference).toBe(-50);
    expect(z.byKind.find((x: any) => x.kind === 'card').difference).toBe(0);
    const after = await t.admin.post(
      '/rest/sales/sell',
      sellBody(ids.reg, [{ articleId: ids.bread, quantity: 1 }], [{ kind: 'cash', amount: 130 }]),
    );
    expect(after.body.code).toBe('CASH_WINDOW_NOT_OPEN');
    await expect(
      t.knex.raw(`UPDATE cash_register_window SET opening_float = 0 WHERE id = ${ids.window}`),
    ).rejects.toThrow('CASH_WINDOW_CLOSED');
    expect((await t.admin.post(`/rest/sales/window/${ids.window}/close`, { counted: {} })).body.code).toBe(
      'CASH_WINDOW_CLOSED',
    );
  });
});

describe('charging a guest present today', () => {
  it("refuses a stay not on site; a charged ticket goes on the stay's final bill (additional sales)", async () => {
    const { campsite, bookStay } = await import('./billing-fixtures');
    const { todayParis, addDays } = await import('../../common/dates');
    const c = await campsite(t, 2);
    const grid = await t.knex('price_grid').where('placeTypeId', c.type).first('id');
    const today = todayParis();
    await postOk(t.admin, '/rest/price-grid-period', {
      priceGridId: grid.id,
      label: 'Hors saison',
      startDate: addDays(today, -30),
      endDate: addDays(today, 30),
      pricePerNight: 2000,
    });
    const present = await bookStay(t, c, c.places[0], addDays(today, -1), addDays(today, 2));
    const future = await bookStay(t, c, c.places[1], addDays(today, 5), addDays(today, 7));
    const reg = await register('Épicerie ');
    await open(reg);
    const refused = await t.admin.post(
      '/rest/sales/sell',
      sellBody(reg, [{ articleId: ids.bread, quantity: 1 }], [{ kind: 'stay', amount: 130 }], {
        bookingId: future.bookingId,
      }),
    );
    expect(refused.body.code).toBe('SALE_STAY_NOT_PRESENT');
    const found = await t.admin.get('/rest/sales/stays-present?q=Martin');
    expect(found.body.map((s: any) => s.id)).toContain(present.bookingId);
    expect(found.body.map((s: any) => s.id)).not.toContain(future.bookingId);
    const sale = await postOk(
      t.admin,
      '/rest/sales/sell',
      sellBody(
        reg,
        [
          { articleId: ids.bread, quantity: 2 },
          { articleId: ids.ice, quantity: 1 },
        ],
        [
          { kind: 'cash', amount: 100 },
          { kind: 'stay', amount: 410 },
        ],
        { bookingId: present.bookingId },
      ),
    );
    expect(sale.customerName).toContain('Martin');
    const voucher = await postOk(
      t.admin,
      '/rest/sales/sell',
      sellBody(reg, [{ articleId: ids.voucher, quantity: 1 }], [{ kind: 'stay', amount: 5000 }], {
        bookingId: present.bookingId,
      }),
    );
    // §8 (docs/errors.md#messages): an article of a sale charged but not billed yet says so; once billed, « masquez-le
    // ».
    expect((await t.admin.del(`/rest/article/${ids.voucher}`)).body.message).toBe(
      'Article présent dans une vente non facturée : suppression impossible',
    );
    const bill = await postOk(t.admin, `/rest/booking/${present.bookingId}/bill`, { kind: 'final' });
    const extra = bill.lines.filter((l: any) => l.lineType === 16);
    expect(extra.reduce((a: number, l: any) => a + l.amountInclVat, 0)).toBe(410);
    expect(extra[0].label).toContain(sale.number);
    // The voucher charged to the stay: a « gift vouchers » line outside VAT.
    const gift = bill.lines.filter((l: any) => l.lineType === 23);
    expect(gift.map((l: any) => [l.amountInclVat, l.vatRateBp, l.vatAmount])).toEqual([[5000, null, 0]]);
    expect(gift[0].label).toContain(voucher.number);
    expect(bill.totalInclVat).toBe(present.total + 410 + 5000);
    expect((await t.admin.del(`/rest/article/${ids.voucher}`)).body.code).toBe('ARTICLE_DELETE_BLOCKED');
    // The till's checks (/check-sales) list both charges, billed now; each row answers its declared schema.
    const charged: any[] = (await t.admin.get('/rest/sales/check/charged')).body;
    expect(
      charged.filter((r) => r.bookingId === present.bookingId).map((r) => [r.number, r.amount, r.isBilled]),
    ).toEqual([
      [voucher.number, 5000, true],
      [sale.number, 410, true],
    ]);
    expect((await t.admin.get('/rest/sales/check/payments')).status).toBe(200);
  }, 60_000);
});

describe('gift vouchers bought on an outside shop', () => {
  it('imports the CSV once, refuses integrating an unmapped row, integrates a mapped one into a voucher', async () => {
    const csv =
      'référence;article;montant;date;acheteur;bénéficiaire\nSHOP-1001;Bon cadeau 50 €;50,00;24/11/2026;Anne ' +
      'Dupuis;Léa Dupuis\nSHOP-1002;Carte inconnue;30;2026-11-20;Marc;';
    const first = await postOk(t.admin, '/rest/sale-gift-import/csv', { csv });
    expect(first).toEqual({ imported: 2, skipped: 0, errors: [] });
    expect((await postOk(t.admin, '/rest/sale-gift-import/csv', { csv })).skipped).toBe(2);
    const rows = await t.knex('sale_gift_import').orderBy('externalCode').select('id', 'articleId');
    expect(rows[0].articleId).toBe(ids.voucher);
    expect(rows[1].articleId).toBeNull();
    const refused = await t.admin.post(`/rest/sale-gift-import/${rows[1].id}/integrate`, {});
    expect(refused.body.code).toBe('GIFT_ARTICLE_NOT_MAPPED');
    const done = await postOk(t.admin, `/rest/sale-gift-import/${rows[0].id}/integrate`, {});
    const v = await t
      .knex('gift_voucher')
      .where('id', done.giftVoucherId)
      .first('initialValue', 'remainingValue', 'origin', 'beneficiary');
    expect(v).toEqual({ initialValue: 5000, remainingValue: 5000, origin: 'import', beneficiary: 'Léa Dupuis' });
  });
});

describe('assigning a customer to tickets issued without one (/add-customer-to-sales)', () => {
  it('assigns all or none, once; the ticket is unchanged; the database refuses the rest in plain SQL', async () => {
    const reg = await register('Snack ');
    await open(reg);
    const sell1 = async () =>
      postOk(
        t.admin,
        '/rest/sales/sell',
        sellBody(reg, [{ articleId: ids.bread, quantity: 1 }], [{ kind: 'cash', amount: 130 }]),
      );
    const [a, b] = [await sell1(), await sell1()];
    const customer = await postOk(t.admin, '/rest/customer', { lastName: unique('Durand'), firstName: 'Paul' });
    const listed = (await t.admin.get('/rest/sales/unassigned')).body.map((r: any) => r.id);
    expect(listed).toEqual(expect.arrayContaining([a.id, b.id]));
    const done = await postOk(t.admin, '/rest/sales/assign-customer', { customerId: customer.id, saleIds: [a.id] });
    expect(done.assigned).toBe(1);
    expect(done.customerName).toContain('Durand');
    // One already assigned in the batch: none is.
    const again = await t.admin.post('/rest/sales/assign-customer', { customerId: customer.id, saleIds: [b.id, a.id] });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('SALE_CUSTOMER_ASSIGN_FAILED');
    expect(again.body.message).toMatch(/^L'affectation du client aux ventes a échoué/);
    expect(await t.knex('sale_customer').where('saleId', b.id).first('id')).toBeUndefined();
    const view = (await t.admin.get(`/rest/sales/view/${a.id}`)).body;
    expect(view.assignedCustomer.customerId).toBe(customer.id);
    expect(view.customerId).toBeNull();
    const after = (await t.admin.get('/rest/sales/unassigned')).body.map((r: any) => r.id);
    expect(after).not.toContain(a.id);
    await expect(t.knex.raw(`UPDATE sale_customer SET customer_id = customer_id WHERE false`)).rejects.toThrow(
      'NOT_AUTHORISED',
    );
    await expect(t.knex.raw(`DELETE FROM sale_customer WHERE sale_id = ${a.id}`)).rejects.toThrow('NOT_AUTHORISED');
    const named = await postOk(
      t.admin,
      '/rest/sales/sell',
      sellBody(reg, [{ articleId: ids.bread, quantity: 1 }], [{ kind: 'cash', amount: 130 }], {
        customerId: customer.id,
      }),
    );
    await expect(
      t.knex.raw(
        `INSERT INTO sale_customer (sale_id, customer_id, customer_name) VALUES (${named.id}, ${customer.id}, 'X')`,
      ),
    ).rejects.toThrow('SALE_CUSTOMER_ASSIGN_FAILED');
  });
});

describe('articles', () => {
  it('an article sold is never deleted: « masquez-le »; hidden, the till no longer offers it', async () => {
    const r = await t.admin.del(`/rest/article/${ids.bread}`);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('ARTICLE_DELETE_BLOCKED');
    expect(r.body.message).toBe("Suppression de l'article impossible : masquez-le");
    const spare = await postOk(t.admin, '/rest/article', {
      code: unique('HIDE'),
      label: 'À masquer',
      articleFamilyId: ids.family,
      price: 100,
      tvaId: ids.tva20,
    });
    const reg = await register('Plage ');
    expect((await t.admin.get(`/rest/sales/till/${reg}`)).body.articles.map((a: any) => a.id)).toContain(spare.id);
    const cur = (await t.admin.get(`/rest/article/${spare.id}`)).body;
    expect((await t.admin.put(`/rest/article/${spare.id}`, { ...cur, isActive: false })).status).toBe(200);
    expect((await t.admin.get(`/rest/sales/till/${reg}`)).body.articles.map((a: any) => a.id)).not.toContain(spare.id);
  });
});
