// Issuing a ticket, all in one transaction: one query reads what the sale needs
// (sale-context.ts: the register's open window held FOR SHARE, so a closing waits for
// sales in flight and no sale slips in after its Z; the articles FOR UPDATE, so their
// stock is checked on locked rows; preferences, seller, payment methods), the gift
// vouchers spent (FOR UPDATE), the number from the register's counter (locked, taken
// late so it is held briefly), the ticket, then its lines, payments, stock and stock
// movements in one statement, the vouchers sold and the ledger entry. Any refusal rolls
// all of it back; a ticket is never edited afterwards.
import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';
import { todayParis } from '../../../common/dates';
import {
  computeTicket,
  settle,
  SettlementError,
  TicketError,
  type TillPaymentKind,
} from '../../../common/sales-totals';
import { formatEuros } from '../pricing/money';
import { sellerSnapshotOf } from '../billing/parties';
import { salePreferences } from '../billing/preferences';
import { writeTogether } from '../../db/queries';
import { insertTicket, type Operator, type TicketLineRow } from './ticket-row';
import { movementRows, planStock, stockUpdate } from './stock';
import { createVoucher, spendVoucher } from './gifts';
import { appendTicketEntry } from './ledger-entry';
import { isStayPresent } from './stays';
import { insertTenderVouchers, paperVoucherMethodId, tenderVouchers } from './till-vouchers';
import { paymentMethodFor, saleContext, sellableArticles } from './sale-context';
import type { VoucherLine } from '../../../common/holiday-vouchers';

export interface SellLine {
  articleId: number;
  quantity: number;
  lineDiscount?: number;
}
export interface SellPayment {
  kind: TillPaymentKind;
  amount: number;
  paymentMethodId?: number | null;
  giftVoucherCode?: string | null;
  reference?: string | null;
  /** paper holiday vouchers: how many of each denomination (their sum is the amount) */
  vouchers?: VoucherLine[] | null;
}
export interface SellInput {
  cashRegisterId: number;
  lines: SellLine[];
  ticketDiscount?: number;
  payments: SellPayment[];
  bookingId?: number | null;
  customerId?: number | null;
  braceletCount?: number;
}

function ticketError(e: unknown): never {
  if (e instanceof TicketError) throw badRequest(e.code);
  if (e instanceof SettlementError) throw badRequest(e.code, undefined, { paid: formatEuros(e.paid), total: '' });
  throw e;
}

export async function sell(knex: Knex, input: SellInput, operator: Operator): Promise<number> {
  if (!input.lines.length) throw badRequest('SALE_EMPTY');
  return knex.transaction(async (trx) => {
    const today = todayParis();
    // One query reads (and locks) what the sale needs; then only writes (issue 31, docs/history.md#issue-31).
    const ids = [...new Set(input.lines.map((l) => l.articleId))];
    const ctx = await saleContext(trx, input.cashRegisterId, ids);
    const { register } = ctx;
    const articles = sellableArticles(ctx, ids, today);
    // A gift voucher is one unit per line (each line then carries its voucher).
    const lines = input.lines.flatMap((l) => {
      const a = articles.get(l.articleId)!;
      if (a.giftType === 'none' || l.quantity <= 1) return [{ ...l, a }];
      if (l.lineDiscount)
        throw badRequest('SALE_DISCOUNT_TOO_HIGH', {
          lineDiscount: 'Remise impossible sur plusieurs bons à la fois : une ligne par bon',
        });
      return Array.from({ length: l.quantity }, () => ({ articleId: l.articleId, quantity: 1, lineDiscount: 0, a }));
    });
    if (lines.some((l) => l.quantity <= 0))
      throw badRequest('INCORRECT_FORM', {
        quantity: 'Quantité positive attendue (un retour se fait depuis le ticket d’origine)',
      });
    let ticket;
    try {
      ticket = computeTicket(
        lines.map((l) => ({
          unitPrice: l.a.price,
          quantity: l.quantity,
          lineDiscount: l.lineDiscount ?? 0,
          vatRateBp: l.a.giftType === 'none' ? (l.a.vatRateBp ?? null) : null,
        })),
        input.ticketDiscount ?? 0,
      );
    } catch (e) {
      ticketError(e);
    }
    let settlement;
    try {
      settlement = settle(ticket!.totalInclVat, input.payments);
    } catch (e) {
      if (e instanceof SettlementError)
        throw badRequest(e.code, undefined, { paid: formatEuros(e.paid), total: formatEuros(ticket!.totalInclVat) });
      throw e;
    }
    if (input.payments.some((p) => p.kind === 'gift') && lines.some((l) => l.a.giftType !== 'none'))
      throw badRequest('GIFT_VOUCHER_ON_GIFT');

    // Charge to a stay: the guest must be on site today.
    const stayPayment = input.payments.find((p) => p.kind === 'stay' && p.amount !== 0);
    const bookingId = input.bookingId ?? null;
    let customerId = input.customerId ?? null;
    let customerName: string | null = null;
    if (stayPayment && bookingId == null)
      throw badRequest('SALE_STAY_NOT_PRESENT', { bookingId: 'Choisissez le séjour' });
    if (bookingId != null) {
      const stay = await isStayPresent(trx, bookingId, today);
      if (!stay) throw badRequest('SALE_STAY_NOT_PRESENT', { bookingId: "Séjour absent aujourd'hui" });
      customerId = customerId ?? stay.customerId ?? null;
      customerName = stay.customerName ?? null;
    } else if (customerId != null) {
      const c = await trx('customer').where('id', customerId).first('lastName', 'firstName', 'companyName');
      customerName = c ? c.companyName || [c.lastName, c.firstName].filter(Boolean).join(' ') : null;
    }

    // The « sale » section of the preferences (billing/preferences.ts): customer required, methods, footer.
    const prefs = await salePreferences(trx, ctx.preferences);
    if (prefs.requireCustomer && customerId == null)
      throw badRequest('SALE_CUSTOMER_REQUIRED', { customerId: 'Choisissez le client' });

    const stock = planStock(
      ctx.articles,
      lines.map((l) => ({ articleId: l.articleId, quantity: -l.quantity })),
      'sale',
    );
    const preferred = [prefs.cashPaymentMethodId, prefs.defaultPaymentMethodId];
    // Counted vouchers go to a paper-voucher method when none is named.
    const paper = paperVoucherMethodId(ctx.methods, input.payments);
    const methods = input.payments.map((p) =>
      paymentMethodFor(ctx, p.kind, p.paymentMethodId ?? (p.vouchers?.length ? paper : null), preferred),
    );
    const paperIds = new Set(ctx.methods.filter((m) => m.isPaperVoucher).map((m) => m.id));
    const counted = tenderVouchers(input.payments, methods, paperIds);
    const voucherIds: (number | null)[] = [];
    for (const p of input.payments) {
      if (p.kind !== 'gift') {
        voucherIds.push(null);
        continue;
      }
      if (!p.giftVoucherCode) throw badRequest('GIFT_VOUCHER_CODE_REQUIRED', { giftVoucherCode: 'Code du bon cadeau' });
      voucherIds.push((await spendVoucher(trx, p.giftVoucherCode, p.amount, today)).id);
    }
    const seller = sellerSnapshotOf(ctx.establishment);
    const sale = await insertTicket(trx, {
      kind: 'sale',
      register,
      windowId: ctx.windowId,
      operator,
      date: today,
      bookingId,
      customerId,
      customerName,
      returnOfSaleId: null,
      totals: ticket!,
      changeGiven: settlement!.change,
      braceletCount: input.braceletCount ?? lines.reduce((n, l) => n + (l.a.isBracelet ? l.quantity : 0), 0),
      // the ticket footer as it was at the sale: a reprint is the same ticket
      seller: { ...seller, ticketFooter: prefs.ticketFooter },
    });
    const lineRows: TicketLineRow[] = [];
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i];
      const t = ticket!.lines[i];
      const giftVoucherId =
        l.a.giftType === 'none'
          ? null
          : await createVoucher(trx, {
              giftType: l.a.giftType,
              articleId: l.a.id,
              value: t.amountInclVat,
              validityMonths: l.a.giftValidityMonths,
              saleId: sale.id,
              origin: 'till',
              issuedOn: today,
            });
      lineRows.push({
        saleId: sale.id,
        position: i + 1,
        articleId: l.a.id,
        code: l.a.code,
        label: l.a.label,
        quantity: l.quantity,
        unitPrice: l.a.price,
        lineDiscount: t.lineDiscount,
        ticketDiscountShare: t.ticketDiscountShare,
        vatRateBp: t.vatRateBp,
        amountInclVat: t.amountInclVat,
        amountExclVat: t.amountExclVat,
        vatAmount: t.vatAmount,
        accountingCode: l.a.accountingCode,
        giftVoucherId,
        returnOfLineId: null,
      });
    }
    const kept = input.payments.flatMap((p, i) => (p.amount !== 0 || settlement!.applied[i] !== 0 ? [i] : []));
    const payRows = kept.map((i) => {
      const p = input.payments[i];
      return {
        saleId: sale.id,
        paymentMethodId: methods[i],
        kind: p.kind,
        amount: settlement!.applied[i],
        received: p.amount,
        giftVoucherId: voucherIds[i],
        reference: p.kind === 'gift' ? p.giftVoucherCode!.trim().toUpperCase() : (p.reference ?? null),
      };
    });
    // Lines, payments, stock and its movements: one statement (the ticket's row is written, its triggers ran).
    const written = await writeTogether(trx, {
      lines: trx('sale_line').insert(lineRows).returning('*'),
      payments: payRows.length ? trx('sale_payment').insert(payRows).returning('id') : undefined,
      stock: stock.length ? stockUpdate(trx, stock) : undefined,
      movements: stock.length
        ? trx('stock_movement').insert(movementRows(stock, 'sale', { saleId: sale.id, userId: operator.id }))
        : undefined,
    });
    if (payRows.length)
      await insertTenderVouchers(
        trx,
        written.payments.map((r) => Number(r.id)),
        kept.map((i) => counted[i]),
      );
    await appendTicketEntry(trx, sale, register.code, payRows, {
      methods: ctx.methods,
      lines: written.lines,
    });
    return sale.id;
  });
}
