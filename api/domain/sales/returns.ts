// A return is a new ticket, negative, referencing the original: never an edit of it.
// Each returned line takes its share of the original line's amount (the last unit
// returned takes exactly what remains, so a full return cancels the line to the cent),
// goes back into stock, and is refunded by the tenders given (negative amounts). A
// voucher sold on the original goes back only while unused (its value is then zeroed).
import type { Knex } from 'knex';
import { badRequest, notFound } from '../../http/errors';
import { todayParis } from '../../../common/dates';
import { exclVat, returnShare, settle, SettlementError, type VatTotal } from '../../../common/sales-totals';
import { formatEuros } from '../pricing/money';
import { sellerSnapshot } from '../billing/parties';
import { reserveStock, writeMovements } from './stock';
import type { SellPayment } from './sell';
import { insertTicket, openWindowForSale, type Operator, type TicketLineRow } from './ticket-row';
import { appendTicketEntry } from './ledger-entry';

import type { SaleLineRecord, SaleRecord } from '../../../common/generated/types';

export interface ReturnInput {
  cashRegisterId: number;
  lines: { saleLineId: number; quantity: number }[];
  payments: SellPayment[];
}

export async function returnSale(knex: Knex, saleId: number, input: ReturnInput, operator: Operator): Promise<number> {
  return knex.transaction(async (trx) => {
    const today = todayParis();
    const original: SaleRecord | undefined = await trx('sale').where('id', saleId).forUpdate().first('*');
    if (!original) throw notFound();
    if (original.kind !== 'sale') throw badRequest('SALE_RETURN_TOO_MUCH', { saleId: 'Un retour ne se retourne pas' });
    const { register, window } = await openWindowForSale(trx, input.cashRegisterId);
    const origLines: SaleLineRecord[] = await trx('sale_line').where('saleId', saleId).orderBy('position').select('*');
    const already: { returnOfLineId: number; q: number; a: number }[] = await trx('sale_line as l')
      .join('sale as s', 's.id', 'l.saleId')
      .where('s.returnOfSaleId', saleId)
      .groupBy('l.returnOfLineId')
      .select('l.returnOfLineId', trx.raw('sum(-l.quantity)::int as q'), trx.raw('sum(-l.amount_incl_vat)::int as a'));
    const done = new Map(already.map((r) => [r.returnOfLineId, r]));
    const lines = input.lines.map((r) => {
      const o = origLines.find((l) => l.id === r.saleLineId);
      if (!o) throw badRequest('SALE_RETURN_TOO_MUCH', { saleLineId: 'Ligne absente du ticket' });
      const prev = done.get(o.id) ?? { q: 0, a: 0 };
      if (r.quantity <= 0 || prev.q + r.quantity > o.quantity)
        throw badRequest('SALE_RETURN_TOO_MUCH', { [`line.${o.id}`]: o.label });
      const amount = returnShare({ quantity: o.quantity, amountInclVat: o.amountInclVat }, prev.q, prev.a, r.quantity);
      const amountInclVat = -amount;
      const amountExclVat = exclVat(amountInclVat, o.vatRateBp);
      return { o, quantity: -r.quantity, amountInclVat, amountExclVat, vatAmount: amountInclVat - amountExclVat };
    });
    const total = lines.reduce((a, l) => a + l.amountInclVat, 0);
    let settlement;
    try {
      settlement = settle(
        total,
        input.payments.map((p) => ({ ...p, amount: -Math.abs(p.amount) })),
      );
    } catch (e) {
      if (e instanceof SettlementError)
        throw badRequest(e.code, undefined, { paid: formatEuros(e.paid), total: formatEuros(total) });
      throw e;
    }
    for (const l of lines) {
      if (!l.o.giftVoucherId) continue;
      const v = await trx('gift_voucher')
        .where('id', l.o.giftVoucherId)
        .forUpdate()
        .first('remainingValue', 'initialValue');
      if (!v || v.remainingValue !== v.initialValue)
        throw badRequest('SALE_RETURN_TOO_MUCH', { [`line.${l.o.id}`]: 'Bon cadeau déjà utilisé' });
      await trx('gift_voucher').where('id', l.o.giftVoucherId).update({ remainingValue: 0 });
    }
    const stock = await reserveStock(
      trx,
      lines.map((l) => ({ articleId: l.o.articleId, quantity: -l.quantity })),
      'return',
    );
    const byRate = new Map<string, VatTotal>();
    for (const l of lines) {
      const k = String(l.o.vatRateBp);
      const v = byRate.get(k) ?? { vatRateBp: l.o.vatRateBp, totalExclVat: 0, vatAmount: 0, totalInclVat: 0 };
      v.totalExclVat += l.amountExclVat;
      v.vatAmount += l.vatAmount;
      v.totalInclVat += l.amountInclVat;
      byRate.set(k, v);
    }
    const seller = await sellerSnapshot(trx);
    const sale = await insertTicket(trx, {
      kind: 'return',
      register,
      windowId: window.id,
      operator,
      date: today,
      bookingId: null,
      customerId: original.customerId,
      customerName: original.customerName,
      returnOfSaleId: original.id,
      totals: {
        grossInclVat: total,
        ticketDiscount: 0,
        totalExclVat: lines.reduce((a, l) => a + l.amountExclVat, 0),
        totalVat: lines.reduce((a, l) => a + l.vatAmount, 0),
        totalInclVat: total,
        vatTotals: [...byRate.values()],
      },
      changeGiven: 0,
      braceletCount: 0,
      seller,
    });
    await trx('sale_line').insert(
      lines.map((l, i): TicketLineRow => ({
        saleId: sale.id,
        position: i + 1,
        articleId: l.o.articleId,
        code: l.o.code,
        label: l.o.label,
        quantity: l.quantity,
        unitPrice: l.o.unitPrice,
        lineDiscount: 0,
        ticketDiscountShare: 0,
        vatRateBp: l.o.vatRateBp,
        amountInclVat: l.amountInclVat,
        amountExclVat: l.amountExclVat,
        vatAmount: l.vatAmount,
        accountingCode: l.o.accountingCode,
        giftVoucherId: null,
        returnOfLineId: l.o.id,
      })),
    );
    const payRows = input.payments.map((p, i) => ({
      saleId: sale.id,
      paymentMethodId: null as number | null,
      kind: p.kind,
      amount: settlement!.applied[i],
      received: settlement!.applied[i],
      giftVoucherId: null,
      reference: p.reference ?? null,
    }));
    for (const [i, p] of input.payments.entries()) {
      if (p.kind === 'stay' || p.kind === 'gift')
        throw badRequest(
          'SALE_PAYMENTS_MISMATCH',
          { payments: 'Remboursement en espèces, carte, chèque ou avoir' },
          { paid: '', total: formatEuros(total) },
        );
      const m = await trx('payment_method')
        .where({ kind: p.kind, isActive: true })
        .orderBy(['order', 'id'])
        .first('id');
      payRows[i].paymentMethodId = p.paymentMethodId ?? m?.id ?? null;
    }
    if (payRows.length) await trx('sale_payment').insert(payRows);
    await writeMovements(trx, stock, 'return', { saleId: sale.id, userId: operator.id });
    await appendTicketEntry(trx, sale, register.code, payRows);
    return sale.id;
  });
}
