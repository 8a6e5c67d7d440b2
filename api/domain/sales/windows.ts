// Register windows (sessions): opened with a float, closed with what was counted per
// payment kind; the Z is then frozen on the window (migration 0035 refuses any change
// of a closed window). Opening locks the register row, so two openings at once give
// one window; closing locks the window row FOR UPDATE, so it waits for the sales in
// flight (they hold it FOR SHARE) and no sale enters after the Z.
import type { Knex } from 'knex';
import { badRequest, notFound } from '../../http/errors';
import { zTotals, type TillPaymentKind, type VatTotal, type ZKindLine } from '../../../common/sales-totals';
import { nextZNumber } from './numbering';
import { windowVouchers } from './till-vouchers';

import type { CashRegisterWindowRecord, SaleRecord } from '../../../common/generated/types';
import type { Db, OpenWindow, ZReport } from './records';

export async function openWindow(
  knex: Knex,
  cashRegisterId: number,
  openingFloat: number,
  userId: number | null,
): Promise<CashRegisterWindowRecord> {
  return knex.transaction(async (trx) => {
    const register = await trx('cash_register').where({ id: cashRegisterId, isActive: true }).forUpdate().first('id');
    if (!register) throw badRequest('CASH_REGISTER_INACTIVE');
    if (await trx('cash_register_window').where({ cashRegisterId }).whereNull('closedAt').first('id'))
      throw badRequest('CASH_WINDOW_ALREADY_OPEN');
    const [w]: CashRegisterWindowRecord[] = await trx('cash_register_window')
      .insert({ cashRegisterId, openedAt: trx.fn.now(), openedBy: userId, openingFloat })
      .returning('*');
    return w;
  });
}

export type Counted = Partial<Record<TillPaymentKind, number>>;

export type KindLine = ZKindLine;

/**
 * The Z of a window from its tickets: per payment kind, per VAT rate (common/sales-totals.ts zTotals), counts and
 * totals.
 */
export async function computeZ(db: Db, windowId: number, counted: Counted | null = null): Promise<ZReport> {
  const w: (CashRegisterWindowRecord & { registerCode: string; registerLabel: string }) | undefined = await db(
    'cash_register_window as w',
  )
    .join('cash_register as r', 'r.id', 'w.cashRegisterId')
    .where('w.id', windowId)
    .first('w.*', 'r.code as registerCode', 'r.label as registerLabel');
  if (!w) throw notFound();
  const sales: Pick<
    SaleRecord,
    | 'id'
    | 'number'
    | 'kind'
    | 'totalInclVat'
    | 'totalExclVat'
    | 'totalVat'
    | 'vatTotals'
    | 'braceletCount'
    | 'changeGiven'
  >[] = await db('sale')
    .where('cashRegisterWindowId', windowId)
    .orderBy('sequence')
    .select(
      'id',
      'number',
      'kind',
      'totalInclVat',
      'totalExclVat',
      'totalVat',
      'vatTotals',
      'braceletCount',
      'changeGiven',
    );
  const pays: { saleId: number; kind: TillPaymentKind; amount: number }[] = await db('sale_payment as p')
    .join('sale as s', 's.id', 'p.saleId')
    .where('s.cashRegisterWindowId', windowId)
    .select('p.saleId', 'p.kind', 'p.amount');
  const paysOf = new Map<number, { kind: TillPaymentKind; amount: number }[]>();
  for (const p of pays)
    paysOf.set(p.saleId, [...(paysOf.get(p.saleId) ?? []), { kind: p.kind, amount: Number(p.amount) }]);
  const z = zTotals(
    sales.map((s) => ({
      totalInclVat: Number(s.totalInclVat),
      vatTotals: (s.vatTotals ?? []) as VatTotal[],
      payments: paysOf.get(s.id) ?? [],
    })),
    Number(w.openingFloat),
    counted,
  );
  const byKind: KindLine[] = z.byKind;
  const returns = sales.filter((s) => s.kind === 'return');
  return {
    windowId: w.id,
    cashRegisterId: w.cashRegisterId,
    registerCode: w.registerCode,
    registerLabel: w.registerLabel,
    zNumber: w.zNumber ?? null,
    openedAt: w.openedAt,
    closedAt: w.closedAt ?? null,
    openingFloat: Number(w.openingFloat),
    ticketCount: sales.length,
    firstNumber: sales[0]?.number ?? null,
    lastNumber: sales.at(-1)?.number ?? null,
    returnCount: returns.length,
    returnTotal: returns.reduce((a, s) => a + Number(s.totalInclVat), 0),
    totalInclVat: z.totalInclVat,
    totalExclVat: sales.reduce((a, s) => a + Number(s.totalExclVat), 0),
    totalVat: sales.reduce((a, s) => a + Number(s.totalVat), 0),
    changeGiven: sales.reduce((a, s) => a + Number(s.changeGiven), 0),
    braceletCount: sales.reduce((a, s) => a + Number(s.braceletCount), 0),
    vatTotals: z.vatTotals,
    byKind,
    // Paper holiday vouchers by denomination: counted at the close, handed to the ANCV.
    vouchers: await windowVouchers(db, windowId),
    cashExpected: byKind.find((k) => k.kind === 'cash')!.expected,
  };
}

export async function closeWindow(
  knex: Knex,
  windowId: number,
  counted: Counted,
  userId: number | null,
): Promise<ZReport> {
  return knex.transaction(async (trx) => {
    const w: Pick<CashRegisterWindowRecord, 'id' | 'cashRegisterId' | 'closedAt'> | undefined = await trx(
      'cash_register_window',
    )
      .where('id', windowId)
      .forUpdate()
      .first('id', 'cashRegisterId', 'closedAt');
    if (!w) throw notFound();
    if (w.closedAt) throw badRequest('CASH_WINDOW_CLOSED');
    const zNumber = await nextZNumber(trx, w.cashRegisterId);
    const z = await computeZ(trx, windowId, counted);
    const [closed]: Pick<CashRegisterWindowRecord, 'closedAt'>[] = await trx('cash_register_window')
      .where('id', windowId)
      .update({
        closedAt: trx.fn.now(),
        closedBy: userId,
        zNumber,
        ticketCount: z.ticketCount,
        totalInclVat: z.totalInclVat,
        zReport: JSON.stringify({ ...z, zNumber }),
      })
      .returning(['closedAt']);
    return { ...z, zNumber, closedAt: closed.closedAt };
  });
}

export async function windowView(db: Db, windowId: number): Promise<ZReport> {
  const w: (Pick<CashRegisterWindowRecord, 'closedAt'> & { zReport: ZReport | null }) | undefined = await db(
    'cash_register_window',
  )
    .where('id', windowId)
    .first('zReport', 'closedAt');
  if (!w) throw notFound();
  return w.closedAt && w.zReport ? w.zReport : computeZ(db, windowId);
}

export async function openWindowOf(db: Db, cashRegisterId: number): Promise<OpenWindow | undefined> {
  return db('cash_register_window')
    .where({ cashRegisterId })
    .whereNull('closedAt')
    .first('id', 'openedAt', 'openingFloat');
}
