// Reading tickets and what the till shows: a ticket with its lines, payments, vouchers
// and returns; the register's screen data (families, articles sold here today, payment
// methods); the tickets whose payments do not add up (/verif-tickets-payment).
import { notFound } from '../../http/errors';
import { openWindowOf } from './windows';
import { withTenderVouchers } from './till-vouchers';
import type { Db, SaleView, TillData } from './records';
import type { SaleRecord } from '../../../common/generated/types';

/** A ticket whose payments differ from its total. */
export type PaymentMismatch = Pick<SaleRecord, 'id' | 'number' | 'issuedAt' | 'totalInclVat'> & { paid: number };
/** A sale charged to a stay, with whether a final bill of the stay took it. */
export type ChargedSale = Pick<SaleRecord, 'id' | 'number' | 'date' | 'bookingId' | 'customerName'> & {
  bookingCode: string | null;
  amount: number;
  isBilled: boolean;
};

type SaleHead = Omit<
  SaleView,
  'lines' | 'payments' | 'printCount' | 'returns' | 'returnOf' | 'booking' | 'assignedCustomer'
>;

export async function loadSale(db: Db, saleId: number): Promise<SaleView> {
  const s: SaleHead | undefined = await db('sale as s')
    .join('cash_register as r', 'r.id', 's.cashRegisterId')
    .where('s.id', saleId)
    .first('s.*', 'r.code as registerCode', 'r.label as registerLabel');
  if (!s) throw notFound();
  const [lines, payments, prints, returns, original]: [
    SaleView['lines'],
    Omit<SaleView['payments'][number], 'vouchers'>[],
    { n: string }[],
    SaleView['returns'],
    SaleView['returnOf'] | undefined,
  ] = await Promise.all([
    db('sale_line as l')
      .leftJoin('gift_voucher as g', 'g.id', 'l.giftVoucherId')
      .where('l.saleId', saleId)
      .orderBy('l.position')
      .select('l.*', 'g.code as giftVoucherCode', 'g.validUntil as giftValidUntil'),
    db('sale_payment').where('saleId', saleId).orderBy('id').select('*'),
    db('sale_print').where('saleId', saleId).count<{ n: string }[]>({ n: '*' }),
    db('sale').where('returnOfSaleId', saleId).orderBy('id').select('id', 'number', 'issuedAt', 'totalInclVat'),
    s.returnOfSaleId ? db('sale').where('id', s.returnOfSaleId).first('id', 'number', 'issuedAt') : null,
  ]);
  const booking: SaleView['booking'] = s.bookingId
    ? await db('booking').where('id', s.bookingId).first('id', 'code', 'startDate', 'endDate')
    : null;
  const assigned: SaleView['assignedCustomer'] | undefined = await db('sale_customer')
    .where('saleId', saleId)
    .first('customerId', 'customerName', 'createdAt');
  // What later return tickets took back of each line (what can still be returned).
  const back: { returnOfLineId: number; q: number; a: number }[] = returns.length
    ? await db('sale_line')
        .whereIn(
          'returnOfLineId',
          lines.map((l) => l.id),
        )
        .groupBy('returnOfLineId')
        .select('returnOfLineId', db.raw('sum(-quantity)::int as q'), db.raw('sum(-amount_incl_vat)::int as a'))
    : [];
  for (const l of lines) {
    const b = back.find((x) => x.returnOfLineId === l.id);
    l.returnedQuantity = b?.q ?? 0;
    l.returnedAmount = b?.a ?? 0;
  }
  return {
    ...s,
    lines,
    payments: await withTenderVouchers(db, payments),
    printCount: Number(prints[0].n),
    returns,
    returnOf: original ?? null,
    booking,
    assignedCustomer: assigned ?? null,
  };
}

/** What the till screen needs for one register. */
export async function tillData(db: Db, cashRegisterId: number, today: string): Promise<TillData> {
  const register: TillData['register'] | undefined = await db('cash_register')
    .where('id', cashRegisterId)
    .first('id', 'code', 'label', 'buttonsPerPage', 'maxPages', 'sellsBracelets', 'isActive');
  if (!register) throw notFound();
  const families: TillData['families'] = await db('article_family')
    .where('isActive', true)
    .orderBy(['order', 'label'])
    .select('id', 'label', 'color');
  const articles: TillData['articles'] = await db('article as a')
    .leftJoin('tva as t', 't.id', 'a.tvaId')
    .where('a.isActive', true)
    .whereNotExists((q) => q.select(db.raw('1')).from('article_commercialization as c').whereRaw('c.article_id = a.id'))
    .orWhereExists((q) =>
      q
        .select(db.raw('1'))
        .from('article_commercialization as c')
        .whereRaw('c.article_id = a.id')
        .where('a.isActive', true)
        .where((w) => w.whereNull('c.cashRegisterId').orWhere('c.cashRegisterId', cashRegisterId))
        .where((w) => w.whereNull('c.startDate').orWhere('c.startDate', '<=', today))
        .where((w) => w.whereNull('c.endDate').orWhere('c.endDate', '>=', today)),
    )
    .orderBy(['a.order', 'a.label'])
    .select(
      'a.id',
      'a.code',
      'a.barcode',
      'a.label',
      'a.articleFamilyId',
      'a.price',
      'a.color',
      'a.isStockTracked',
      'a.stock',
      'a.isBracelet',
      'a.giftType',
      't.rate as vatRateBp',
    );
  const paymentMethods: TillData['paymentMethods'] = await db('payment_method')
    .where('isActive', true)
    .whereIn('kind', ['cash', 'card', 'cheque', 'holiday-voucher', 'gift', 'credit-note'])
    .orderBy(['order', 'id'])
    .select('id', 'label', 'kind', 'isPaperVoucher');
  const window = await openWindowOf(db, cashRegisterId);
  const bracelets =
    window && register.sellsBracelets
      ? Number(
          (await db('sale').where('cashRegisterWindowId', window.id).sum<{ n: string }[]>({ n: 'braceletCount' }))[0]
            .n ?? 0,
        )
      : 0;
  return { register, families, articles, paymentMethods, window: window ?? null, braceletCount: bracelets };
}

/**
 * Tickets whose payments differ from their total (the commit-time trigger makes this empty; kept as the check
 * §2 (docs/screens.md#sales) lists).
 */
export async function ticketsPaymentMismatch(db: Db): Promise<PaymentMismatch[]> {
  return db('sale as s')
    .leftJoin(
      db('sale_payment').groupBy('saleId').select('saleId', db.raw('sum(amount)::int as paid')).as('p'),
      'p.saleId',
      's.id',
    )
    .whereRaw('coalesce(p.paid, 0) <> s.total_incl_vat')
    .orderBy('s.id', 'desc')
    .limit(500)
    .select('s.id', 's.number', 's.issuedAt', 's.totalInclVat', db.raw('coalesce(p.paid, 0)::int as paid'));
}

/** Sales to review (/check-sales): charged to stays, per state of the stay's billing. */
export async function salesCharged(db: Db, from: string, to: string): Promise<ChargedSale[]> {
  return db('sale as s')
    .join('sale_payment as p', 'p.saleId', 's.id')
    .where('p.kind', 'stay')
    .where('s.date', '>=', from)
    .where('s.date', '<=', to)
    .leftJoin('booking as b', 'b.id', 's.bookingId')
    .orderBy('s.id', 'desc')
    .limit(2000)
    .select(
      's.id',
      's.number',
      's.date',
      's.bookingId',
      'b.code as bookingCode',
      's.customerName',
      'p.amount',
      db.raw(
        `EXISTS (SELECT 1 FROM bill f WHERE f.booking_id = s.booking_id AND f.kind = 'invoice' AND NOT ` +
          `f.is_deposit AND f.created_at >= s.created_at) as "isBilled"`,
      ),
    );
}
