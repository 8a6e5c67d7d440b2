// Hand-written bill routes, one declaration each (api/http/define-route.ts): right,
// input schemas, OpenAPI and handler. Thin: parse, call.
import type { Knex } from 'knex';
import { dateInput as date } from '../../http/schema-parts';
import { defineRoute } from '../../http/define-route';
import { parseId } from '../../rest/records';
import { issueStayBill, previewStayBill, type StayBillInput } from './issue';
import { issueCreditNote, previewCreditNote, type CreditNoteInput } from './credit-note';
import { printBill, storeOriginal, viewBill } from './documents';
import type { IssuedBill } from './records';
import { recordTechnicalEvent } from '../ledger/jet';
import { loadBill } from './view';
import { stayBalanceView } from './stay-balance';
import { readBackOr } from '../../http/committed';
import { BILL_LIST_ROUTES } from './list-routes';
import { DEPOSIT_ROUTES } from './deposit-routes';
import './bill-schemas';

const tag = 'billing';
const BILL = 'invoice.bill';
const PAYMENT = 'invoice.payment';

/** What a credit note is made of: its issue and its preview take the same body. */
const creditNoteBody = {
  type: 'object',
  required: ['reason'],
  additionalProperties: false,
  properties: {
    reason: { type: 'string', maxLength: 500, 'x-message': 'CREDIT_NOTE_REASON_REQUIRED' },
    date,
    lines: {
      type: 'array',
      minItems: 1,
      maxItems: 500,
      items: {
        type: 'object',
        required: ['billLineId'],
        additionalProperties: false,
        properties: {
          billLineId: { type: 'integer', minimum: 1, maximum: 999_999_999 },
          quantity: { type: 'integer', minimum: 1, maximum: 1_000_000 },
          amount: {
            type: 'integer',
            minimum: 1,
            maximum: 1_000_000_000,
            description: 'un montant TTC en centimes de la ligne, au lieu de quantités',
            'x-message': 'CREDIT_NOTE_EXCEEDS_INVOICE',
          },
        },
      },
    },
    amount: {
      type: 'integer',
      minimum: 1,
      maximum: 1_000_000_000,
      description: 'un montant TTC en centimes sur toute la facture, réparti sur ses lignes soumises à la TVA',
      'x-message': 'CREDIT_NOTE_EXCEEDS_INVOICE',
    },
  },
};

/**
 * The PDF is rendered right after the commit; a failure there is retried at the first
 * print (the original is made then). The bill is committed: neither a failed PDF nor a
 * failed read-back turns its answer into an error (issue 25 point 6, docs/history.md#issue-25).
 */
async function withDocument(knex: Knex, id: number): Promise<IssuedBill | { id: number; readBack: false }> {
  // The bill is read once: the PDF is made from the row the answer carries.
  const bill = await readBackOr(() => loadBill(knex, id), id);
  if ('readBack' in bill) return bill;
  try {
    await storeOriginal(knex, bill);
  } catch (e) {
    console.error('bill PDF', id, (e as Error)?.message);
  }
  return bill;
}

export const BILLING_ROUTES = [
  ...BILL_LIST_ROUTES,
  defineRoute<StayBillInput>({
    method: 'POST',
    path: '/rest/booking/:bookingId/bill',
    example: {
      params: { bookingId: { fresh: 'billableBooking' } },
      body: { kind: 'final' },
      unchanged: { table: 'bill', where: { bookingId: { param: 'bookingId' } } },
    },
    right: [BILL, 'write'],
    tag,
    summary:
      "Émet la facture d'acompte (kind deposit ; amount en centimes, défaut : l'acompte du séjour) ou la facture " +
      "de solde (kind final, qui déduit les acomptes) d'un séjour, à partir de son prix enregistré, ou la facture " +
      "d'annulation d'un séjour annulé (kind cancellation : ses frais d'annulation, ligne 20) ; numéro sans " +
      'trou de la série',
    body: {
      type: 'object',
      required: ['kind'],
      additionalProperties: false,
      properties: {
        kind: { enum: ['deposit', 'final', 'cancellation'] },
        amount: { type: 'integer', minimum: 1, maximum: 1_000_000_000, 'x-message': 'BILL_DEPOSIT_AMOUNT_INVALID' },
        date,
      },
    },
    response: { $ref: '#/components/schemas/IssuedBill' },
    responseDescription: 'La facture émise',
    responses: {
      404: { description: 'Séjour inconnu' },
      409: { description: 'Une facture de ce séjour est déjà en cours de traitement (BILL_BEING_PROCESSED)' },
    },
    handler: async ({ params, body, user, knex }) =>
      withDocument(knex, await issueStayBill(knex, parseId(params.bookingId), body, user?.id ?? null)),
  }),

  defineRoute<unknown, StayBillInput>({
    method: 'GET',
    path: '/rest/booking/:bookingId/bill/preview',
    example: { params: { bookingId: { fresh: 'billableBooking' } }, query: { kind: 'final' } },
    right: [BILL, 'write'],
    tag,
    summary:
      "Aperçu de la facture d'acompte ou de solde d'un séjour avant son émission : mêmes lignes, TVA, totaux et " +
      'mentions que POST /rest/booking/{bookingId}/bill, mêmes refus ; aucun numéro pris, rien écrit',
    query: {
      type: 'object',
      required: ['kind'],
      additionalProperties: false,
      properties: {
        kind: { enum: ['deposit', 'final'] },
        amount: { type: 'integer', minimum: 1, maximum: 1_000_000_000, 'x-message': 'BILL_DEPOSIT_AMOUNT_INVALID' },
        date,
      },
    },
    response: { $ref: '#/components/schemas/BillPreview' },
    responseDescription: 'La facture telle qu’elle serait émise',
    responses: {
      404: { description: 'Séjour inconnu' },
      409: { description: 'Une facture de ce séjour est en cours de traitement (BILL_BEING_PROCESSED)' },
    },
    handler: ({ params, query, user, knex }) =>
      previewStayBill(knex, parseId(params.bookingId), query, user?.id ?? null),
  }),

  defineRoute<CreditNoteInput>({
    method: 'POST',
    path: '/rest/bill/:billId/credit-note',
    example: {
      params: { billId: { fresh: 'issuedBill' } },
      body: { reason: 'Erreur de dates' },
      unchanged: { table: 'bill', where: { creditedBillId: { param: 'billId' } }, count: true },
    },
    right: [BILL, 'write'],
    tag,
    summary:
      'Émet un avoir sur une facture : tout ce qui en reste sans lines ni amount, sinon les quantités ou montants ' +
      'des lignes données, ou un montant sur toute la facture',
    body: creditNoteBody,
    response: { $ref: '#/components/schemas/IssuedBill' },
    responseDescription: "L'avoir émis",
    responses: { 404: { description: 'Facture inconnue (BILL_NOT_FOUND)' } },
    handler: async ({ params, body, user, knex }) =>
      withDocument(knex, await issueCreditNote(knex, parseId(params.billId), body, user?.id ?? null)),
  }),

  defineRoute<CreditNoteInput>({
    method: 'POST',
    path: '/rest/bill/:billId/credit-note/preview',
    example: { params: { billId: { fresh: 'issuedBill' } }, body: { reason: 'Aperçu' } },
    right: [BILL, 'write'],
    tag,
    summary:
      "Aperçu d'un avoir avant son émission : mêmes lignes, TVA, totaux et mentions que POST " +
      '/rest/bill/{billId}/credit-note avec le même corps, mêmes refus ; aucun numéro pris, rien écrit',
    body: creditNoteBody,
    response: { $ref: '#/components/schemas/BillPreview' },
    responseDescription: "L'avoir tel qu'il serait émis",
    responses: { 404: { description: 'Facture inconnue (BILL_NOT_FOUND)' } },
    handler: ({ params, body, user, knex }) => previewCreditNote(knex, parseId(params.billId), body, user?.id ?? null),
  }),

  defineRoute({
    method: 'GET',
    path: '/rest/bill/view/:billId',
    example: { params: { billId: 'bill' } },
    right: [BILL, 'read'],
    tag,
    summary: 'Une facture avec ses lignes, son état, ses avoirs et ses paiements',
    response: { $ref: '#/components/schemas/IssuedBill' },
    responses: { 404: { description: 'Facture inconnue (BILL_NOT_FOUND)' } },
    handler: ({ params, knex }) => loadBill(knex, parseId(params.billId)),
  }),

  defineRoute({
    method: 'GET',
    path: '/rest/bill/document/:billId',
    example: { params: { billId: 'bill' } },
    right: [BILL, 'read'],
    tag,
    summary:
      'Le PDF (PDF/A-3b) de la facture pour la consulter : une copie marquée DUPLICATA, rien n’est enregistré ' +
      '(imprimer : POST à la même adresse)',
    response: { description: 'PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
    responses: { 404: { description: 'Facture inconnue (BILL_NOT_FOUND)' } },
    handler: async ({ ctx, params, knex }) => {
      const billId = parseId(params.billId);
      const bill = await loadBill(knex, billId);
      ctx.type = 'application/pdf';
      ctx.set('Content-Disposition', `inline; filename="${bill.number}-duplicata.pdf"`);
      ctx.body = await viewBill(knex, billId);
      return undefined;
    },
  }),

  defineRoute({
    method: 'POST',
    path: '/rest/bill/document/:billId',
    example: { params: { billId: 'bill' } },
    right: [BILL, 'read'],
    tag,
    summary:
      'Imprime la facture : l’original la première fois, ensuite le duplicata (toujours le même fichier), chaque ' +
      'duplicata inscrit au journal des événements techniques',
    response: { description: 'PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
    responses: { 404: { description: 'Facture inconnue (BILL_NOT_FOUND)' } },
    handler: async ({ ctx, params, user, knex }) => {
      const billId = parseId(params.billId);
      const bill = await loadBill(knex, billId);
      const { data, duplicate } = await printBill(knex, billId);
      if (duplicate)
        await recordTechnicalEvent(knex, 'duplicate', {
          table: 'bill',
          id: billId,
          number: bill.number,
          userId: user?.id ?? null,
        });
      ctx.type = 'application/pdf';
      ctx.set('Content-Disposition', `inline; filename="${bill.number}${duplicate ? '-duplicata' : ''}.pdf"`);
      ctx.body = data;
      return undefined;
    },
  }),

  defineRoute({
    method: 'GET',
    path: '/rest/booking/:bookingId/balance',
    example: { params: { bookingId: 'booking' } },
    right: [PAYMENT, 'read'],
    tag,
    summary: 'Facturé, payé et reste dû d’un séjour, avec ses factures',
    response: { $ref: '#/components/schemas/StayBalance' },
    responses: { 404: { description: 'Séjour inconnu' } },
    // Indexed reads keyed by the stay: served on the short lane, never behind the lists.
    lane: 'short',
    handler: ({ params, knex }) => stayBalanceView(knex, parseId(params.bookingId)),
  }),
  ...DEPOSIT_ROUTES,
];
