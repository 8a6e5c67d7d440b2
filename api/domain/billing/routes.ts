// Hand-written bill routes (documented in ./openapi.ts). Thin: right, parse, call.
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { checkAccess } from '../../auth/access';
import { parseId } from '../../rest/records';
import { badRequest } from '../../http/errors';
import { issueCreditNote, issueStayBill, type CreditNoteInput, type StayBillInput } from './issue';
import { printBill, storeOriginal } from './documents';
import { loadBill, stayBalance } from './view';

const BILL = 'invoice.bill';
const PAYMENT = 'invoice.payment';

const userOf = (ctx: Context): number | null => ctx.state.user?.id ?? null;
const bodyOf = (ctx: Context): Record<string, any> => {
  const b = (ctx.request as any).body;
  if (b === null || typeof b !== 'object' || Array.isArray(b)) throw badRequest('INCORRECT_FORM');
  return b;
};

function parseStayBill(b: Record<string, any>): StayBillInput {
  if (b.kind !== 'deposit' && b.kind !== 'final') throw badRequest('INCORRECT_FORM', { kind: 'deposit ou final' });
  if (b.amount !== undefined && !Number.isSafeInteger(b.amount)) throw badRequest('BILL_DEPOSIT_AMOUNT_INVALID', { amount: 'Montant en centimes (entier)' });
  if (b.date !== undefined && typeof b.date !== 'string') throw badRequest('INCORRECT_DATES');
  return { kind: b.kind, amount: b.amount, date: b.date };
}

function parseCreditNote(b: Record<string, any>): CreditNoteInput {
  if (b.lines !== undefined && b.lines !== null) {
    if (!Array.isArray(b.lines) || !b.lines.length || b.lines.length > 500
      || b.lines.some((l: any) => !l || !Number.isSafeInteger(l.billLineId) || (l.quantity != null && !Number.isSafeInteger(l.quantity)))) {
      throw badRequest('INCORRECT_FORM', { lines: '[{ billLineId, quantity? }]' });
    }
  }
  if (b.date !== undefined && typeof b.date !== 'string') throw badRequest('INCORRECT_DATES');
  return { reason: typeof b.reason === 'string' ? b.reason.slice(0, 500) : '', lines: b.lines ?? undefined, date: b.date };
}

/** The PDF is rendered right after the commit; a failure there is retried at the first print. */
async function withDocument(knex: Knex, id: number): Promise<Record<string, any>> {
  try {
    await storeOriginal(knex, id);
  } catch (e) {
    console.error('bill PDF', id, e);
  }
  return loadBill(knex, id);
}

export function billingRouter(knex: () => Knex): Router {
  const r = new Router();

  /** `{ kind: "deposit" | "final", amount?, date? }`: the issued bill. */
  r.post('/rest/booking/:bookingId/bill', async (ctx: Context) => {
    await checkAccess(ctx, BILL, 'write');
    const bookingId = parseId(ctx.params.bookingId);
    const id = await issueStayBill(knex(), bookingId, parseStayBill(bodyOf(ctx)), userOf(ctx));
    ctx.body = await withDocument(knex(), id);
  });

  /** `{ reason, lines?: [{ billLineId, quantity? }], date? }`: the credit note (all that remains when no lines). */
  r.post('/rest/bill/:billId/credit-note', async (ctx: Context) => {
    await checkAccess(ctx, BILL, 'write');
    const billId = parseId(ctx.params.billId);
    const id = await issueCreditNote(knex(), billId, parseCreditNote(bodyOf(ctx)), userOf(ctx));
    ctx.body = await withDocument(knex(), id);
  });

  /** The bill with its lines, state, credit notes and payments. */
  r.get('/rest/bill/view/:billId', async (ctx: Context) => {
    await checkAccess(ctx, BILL, 'read');
    ctx.body = await loadBill(knex(), parseId(ctx.params.billId));
  });

  r.get('/rest/bill/document/:billId', async (ctx: Context) => {
    await checkAccess(ctx, BILL, 'read');
    const billId = parseId(ctx.params.billId);
    const bill = await loadBill(knex(), billId);
    const { data, duplicate } = await printBill(knex(), billId);
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `inline; filename="${bill.number}${duplicate ? '-duplicata' : ''}.pdf"`);
    ctx.body = data;
  });

  /** Billed, paid and due of a stay, with its bills. */
  r.get('/rest/booking/:bookingId/balance', async (ctx: Context) => {
    await checkAccess(ctx, PAYMENT, 'read');
    const bookingId = parseId(ctx.params.bookingId);
    const balance = await stayBalance(knex(), bookingId);
    const bills = await knex()('bill').where({ bookingId }).orderBy('id').select('id', 'number', 'date', 'kind', 'isDeposit', 'totalInclVat', 'creditedBillId');
    ctx.body = { ...balance, bills };
  });

  return r;
}
