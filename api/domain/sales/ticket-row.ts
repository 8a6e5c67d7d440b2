// The till ticket as a row of `sale`, one code for a sale and a return: the register's
// open window it is issued in, its gap-free number and the row itself (totals frozen,
// the seller as it was), and the row of each of its lines.
import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';
import type { SaleLineRecord, SaleRecord } from '../../../common/generated/types';
import type { VatTotal } from '../../../common/sales-totals';
import { ticketNumberInInsert } from './numbering';
import { preparedByShape } from '../../db/prepared';
import { meta } from '../../../common/generated/meta/sale';

type Trx = Knex.Transaction;

export interface Operator {
  id: number | null;
  name: string;
}

export interface TillRegister {
  id: number;
  code: string;
  label: string;
  ticketPrefix: string | null;
}

/** The open window of a register, held FOR SHARE until the ticket commits. */
export async function openWindowForSale(
  trx: Trx,
  cashRegisterId: number,
): Promise<{ register: TillRegister; window: { id: number } }> {
  const register: TillRegister | undefined = await trx('cash_register')
    .where({ id: cashRegisterId, isActive: true })
    .first('id', 'code', 'label', 'ticketPrefix');
  if (!register) throw badRequest('CASH_REGISTER_INACTIVE');
  const window: { id: number } | undefined = await trx('cash_register_window')
    .where({ cashRegisterId })
    .whereNull('closedAt')
    .forShare()
    .first('id');
  if (!window) throw badRequest('CASH_WINDOW_NOT_OPEN');
  return { register, window };
}

export interface TicketTotals {
  grossInclVat: number;
  ticketDiscount: number;
  totalExclVat: number;
  totalVat: number;
  totalInclVat: number;
  vatTotals: VatTotal[];
}

export interface TicketHead {
  kind: SaleRecord['kind'];
  register: TillRegister;
  windowId: number;
  operator: Operator;
  date: string;
  bookingId: number | null;
  customerId: number | null;
  customerName: string | null;
  returnOfSaleId: number | null;
  totals: TicketTotals;
  changeGiven: number;
  braceletCount: number;
  seller: object;
}

/** The ticket's columns, named: a prepared statement's answer keeps its type when the table grows. */
const SALE_COLUMNS = meta.fields.map((f) => f.name);

/** Takes the register's next number (its counter row locked until commit) and inserts the ticket, in one statement. */
export async function insertTicket(trx: Trx, t: TicketHead): Promise<SaleRecord> {
  const { cte, sequence, number } = ticketNumberInInsert(trx, t.register);
  const [sale]: SaleRecord[] = await preparedByShape(
    trx
      .with('n', cte)
      .into('sale')
      .insert({
        kind: t.kind,
        number,
        sequence,
        cashRegisterId: t.register.id,
        cashRegisterWindowId: t.windowId,
        issuedAt: trx.fn.now(),
        date: t.date,
        userId: t.operator.id,
        operatorName: t.operator.name,
        bookingId: t.bookingId,
        customerId: t.customerId,
        customerName: t.customerName,
        returnOfSaleId: t.returnOfSaleId,
        grossInclVat: t.totals.grossInclVat,
        ticketDiscount: t.totals.ticketDiscount,
        totalExclVat: t.totals.totalExclVat,
        totalVat: t.totals.totalVat,
        totalInclVat: t.totals.totalInclVat,
        vatTotals: JSON.stringify(t.totals.vatTotals),
        changeGiven: t.changeGiven,
        braceletCount: t.braceletCount,
        sellerSnapshot: JSON.stringify(t.seller),
      })
      .returning(SALE_COLUMNS),
    'ticket',
  );
  return sale;
}

/** What a ticket line stores (table `sale_line`), but for its ids and timestamps. */
export type TicketLineRow = Omit<SaleLineRecord, 'id' | 'createdAt' | 'updatedAt'>;
