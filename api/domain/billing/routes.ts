// Hand-written bill routes, one declaration each (api/http/define-route.ts): right,
// input schemas, OpenAPI and handler. Thin: parse, call.
import type { Knex } from 'knex';
import { defineRoute, defineSchemas } from '../../http/define-route';
import { parseId } from '../../rest/records';
import { issueStayBill, previewStayBill, type StayBillInput } from './issue';
import { issueCreditNote, previewCreditNote, type CreditNoteInput } from './credit-note';
import { printBill, storeOriginal, viewBill } from './documents';
import { recordTechnicalEvent } from '../ledger/jet';
import { loadBill } from './view';
import { stayBalanceView } from './stay-balance';
import { createDeposit, depositCandidates, loadDeposit, type DepositInput } from './deposits';
import { renderDepositSlip } from './deposit-slip';
import { dispositionOf, financePreferences } from './preferences';
import { HttpError } from '../../http/errors';
import { readBackOr } from '../../http/committed';
import { BILL_LIST_ROUTES } from './list-routes';

const tag = 'billing';
const BILL = 'invoice.bill';
const PAYMENT = 'invoice.payment';
const BANK = 'invoice.bank';
const int = { type: 'integer' };
const str = { type: 'string' };
const bool = { type: 'boolean' };
const money = { type: 'integer', description: 'centimes' };
const date = { type: 'string', format: 'date', 'x-message': 'INCORRECT_DATES' };

defineSchemas({
  IssuedBill: {
    type: 'object',
    description:
      'Une facture émise (ou un avoir) : numéro de la série, date, totaux par taux de TVA, lignes ; état calculé ' +
      "d'après ses avoirs.",
    properties: {
      id: int,
      number: str,
      prefix: str,
      sequence: int,
      date: { type: 'string', format: 'date' },
      kind: { enum: ['invoice', 'credit-note'] },
      isDeposit: bool,
      depositNature: { enum: ['arrhes', 'acompte', null] },
      bookingId: { type: ['integer', 'null'] },
      customerId: { type: ['integer', 'null'] },
      customerName: str,
      totalExclVat: money,
      totalVat: money,
      totalInclVat: money,
      touristTaxAmount: money,
      depositsDeducted: money,
      vatTotals: {
        type: 'array',
        items: {
          type: 'object',
          properties: { vatRateBp: int, totalExclVat: money, vatAmount: money, totalInclVat: money },
        },
      },
      state: { enum: ['issued', 'partly-credited', 'cancelled'] },
      invoiceKind: {
        enum: ['invoice', 'cancelled-invoice', 'cancellation-invoice', 'credit-note'],
        description:
          "§4 : facture, facture annulée (par avoirs), facture d'annulation (frais d'un séjour annulé), avoir",
      },
      invoiceKindLabel: str,
      remaining: money,
      creditedBillId: { type: ['integer', 'null'] },
      lines: { type: 'array', items: { $ref: '#/components/schemas/BillLine' } },
      creditNotes: { type: 'array', items: { type: 'object' } },
      payments: { type: 'array', items: { type: 'object' } },
    },
  },
  BillPreview: {
    type: 'object',
    description:
      "La facture (ou l'avoir) telle qu'elle serait émise maintenant (lignes, TVA par taux, totaux, mentions), " +
      "sans numéro : calculée par le code de l'émission, rien n'est écrit",
    required: ['kind', 'isDeposit', 'date', 'number', 'lines', 'totalExclVat', 'totalVat', 'totalInclVat', 'vatTotals'],
    properties: {
      kind: { enum: ['invoice', 'credit-note'] },
      isDeposit: bool,
      number: { type: 'null', description: "attribué à l'émission" },
      reason: { type: ['string', 'null'], description: "motif de l'avoir" },
      creditedBillId: { type: ['integer', 'null'] },
      creditedBill: {
        type: ['object', 'null'],
        description: "la facture que l'avoir corrige",
        properties: { id: int, number: str, date: { type: 'string', format: 'date' } },
      },
      date: { type: 'string', format: 'date' },
      customerName: str,
      customerSnapshot: { type: 'object' },
      sellerSnapshot: { type: 'object' },
      serviceStartDate: { type: ['string', 'null'], format: 'date' },
      serviceEndDate: { type: ['string', 'null'], format: 'date' },
      paymentTerms: { type: ['string', 'null'], description: 'conditions de paiement, pénalités, indemnité' },
      dueDate: { type: ['string', 'null'], format: 'date' },
      depositsDeducted: money,
      totalExclVat: money,
      totalVat: money,
      totalInclVat: money,
      touristTaxAmount: money,
      vatTotals: {
        type: 'array',
        items: {
          type: 'object',
          required: ['vatRateBp', 'totalExclVat', 'vatAmount', 'totalInclVat'],
          properties: { vatRateBp: int, totalExclVat: money, vatAmount: money, totalInclVat: money },
        },
      },
      lines: {
        type: 'array',
        items: {
          type: 'object',
          required: ['position', 'lineType', 'label', 'quantity', 'unitPriceExclVat', 'amountInclVat', 'vatAmount'],
          properties: {
            position: int,
            lineType: int,
            label: str,
            quantity: int,
            unitPriceExclVat: money,
            unitPriceInclVat: money,
            vatRateBp: { type: ['integer', 'null'] },
            amountExclVat: money,
            vatAmount: money,
            amountInclVat: money,
            startDate: { type: ['string', 'null'], format: 'date' },
            endDate: { type: ['string', 'null'], format: 'date' },
          },
        },
      },
    },
  },
  StayBalance: {
    type: 'object',
    required: ['bookingId', 'stayTotal', 'billed', 'paid', 'charged', 'due', 'isBilled', 'overdue'],
    properties: {
      bookingId: int,
      stayTotal: money,
      billed: money,
      paid: money,
      charged: { ...money, description: 'centimes : tickets de caisse portés sur le séjour et pas encore facturés' },
      due: { ...money, description: 'centimes : reste dû, tickets portés compris ; négatif : à rembourser' },
      isBilled: bool,
      holidayAid: {
        type: ['object', 'null'],
        description: 'centimes : l’aide VACAF du séjour, due par la CAF et non par la famille (accordée, payée, reste)',
        properties: { amount: money, paid: money, due: money, unbilled: money },
      },
      payments: {
        type: 'array',
        description: 'Les paiements du séjour : mode, date, remise en banque',
        items: {
          type: 'object',
          required: ['id', 'date', 'amount', 'method'],
          properties: {
            id: int,
            date: { type: 'string', format: 'date' },
            amount: money,
            category: str,
            payerType: str,
            method: str,
            methodKind: { type: ['string', 'null'] },
            chequeNumber: { type: ['string', 'null'] },
            bankDepositId: { type: ['integer', 'null'] },
            bankDepositNumber: { type: ['string', 'null'] },
            bankDepositDate: { type: ['string', 'null'], format: 'date' },
            creditNoteNumber: { type: ['string', 'null'] },
            vouchers: {
              type: 'array',
              description: 'Chèques-vacances papier : nombre et valeur (centimes) de chaque coupure',
              items: {
                type: 'object',
                required: ['denomination', 'count'],
                properties: { denomination: int, count: int },
              },
            },
          },
        },
      },
      charges: {
        type: 'array',
        description: 'Ce qui est porté sur le séjour (tickets de caisse), avec la facture qui le reprend (billId)',
        items: {
          type: 'object',
          required: ['source', 'id', 'number', 'date', 'amount', 'billId'],
          properties: {
            source: str,
            id: int,
            number: str,
            date: { type: 'string', format: 'date' },
            amount: money,
            billId: { type: ['integer', 'null'] },
            billNumber: { type: ['string', 'null'] },
          },
        },
      },
      overdue: {
        type: ['object', 'null'],
        description: 'En retard : le montant dû après la date du versement ou du solde (since)',
        required: ['amount', 'since'],
        properties: { amount: money, since: { type: 'string', format: 'date' } },
      },
      bills: { type: 'array', items: { type: 'object' } },
      downPaymentNature: {
        enum: ['arrhes', 'acompte'],
        description: 'Le versement anticipé du séjour : arrhes, ou acompte (engagement ferme)',
      },
      partnerId: { type: ['integer', 'null'] },
      partnerBillStands: bool,
      usableCreditNotes: {
        type: 'array',
        description: "Les avoirs du client qui peuvent encore servir de paiement, avec ce qu'il en reste (remaining)",
        items: {
          type: 'object',
          properties: { id: int, number: str, date: { type: 'string', format: 'date' }, remaining: money },
        },
      },
    },
  },
});

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
async function withDocument(knex: Knex, id: number): Promise<Record<string, any>> {
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
    right: [PAYMENT, 'read'],
    tag,
    summary: 'Facturé, payé et reste dû d’un séjour, avec ses factures',
    response: { $ref: '#/components/schemas/StayBalance' },
    responses: { 404: { description: 'Séjour inconnu' } },
    handler: ({ params, knex }) => stayBalanceView(knex, parseId(params.bookingId)),
  }),

  defineRoute({
    method: 'GET',
    path: '/rest/bank-deposit/candidates/:paymentMethodId',
    right: [BANK, 'read'],
    tag,
    summary: 'Les paiements de ce mode pas encore remis en banque (écran /create-deposit/{paymentMethodId})',
    response: { type: 'array', items: { type: 'object' } },
    handler: ({ params, knex }) => depositCandidates(knex, parseId(params.paymentMethodId)),
  }),

  defineRoute<DepositInput>({
    method: 'POST',
    path: '/rest/bank-deposit/create',
    right: [BANK, 'write'],
    tag,
    summary:
      'Crée une remise en banque avec les paiements choisis (tous du même mode, pas encore remis) ; numéro ' +
      'unique, donné R<aaaamm>-<n> quand absent',
    body: {
      type: 'object',
      required: ['paymentMethodId', 'paymentIds'],
      additionalProperties: false,
      properties: {
        paymentMethodId: { type: 'integer', minimum: 1, maximum: 999_999_999 },
        paymentIds: {
          type: 'array',
          minItems: 1,
          maxItems: 2000,
          items: { type: 'integer', minimum: 1, maximum: 999_999_999 },
          'x-message': 'DEPOSIT_PAYMENTS_INVALID',
        },
        date,
        number: { type: 'string', minLength: 1, maxLength: 30 },
        bankAccountId: { type: ['integer', 'null'], minimum: 1, maximum: 999_999_999 },
        notes: { type: ['string', 'null'], maxLength: 500 },
        slipType: { enum: ['detailed', 'summary'] },
      },
    },
    response: { type: 'object' },
    responseDescription: 'La remise avec ses paiements',
    handler: async ({ body, knex }) => loadDeposit(knex, await createDeposit(knex, body)),
  }),

  defineRoute({
    method: 'GET',
    path: '/rest/bank-deposit/view/:depositId',
    right: [BANK, 'read'],
    tag,
    summary: 'Une remise en banque avec ses paiements',
    response: { type: 'object' },
    responses: { 404: { description: 'Remise inconnue' } },
    handler: async ({ params, knex }) => {
      const d = await loadDeposit(knex, parseId(params.depositId));
      if (!d) throw new HttpError(404, 'NOT_FOUND');
      return d;
    },
  }),

  defineRoute({
    method: 'GET',
    path: '/rest/bank-deposit/document/:depositId',
    right: [BANK, 'read'],
    tag,
    summary: 'Le bordereau de remise en banque (PDF)',
    response: { description: 'PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
    responses: { 404: { description: 'Remise inconnue' } },
    handler: async ({ ctx, params, knex }) => {
      const slip = await renderDepositSlip(knex, parseId(params.depositId));
      if (!slip) throw new HttpError(404, 'NOT_FOUND');
      ctx.type = 'application/pdf';
      ctx.set('Content-Disposition', dispositionOf(await financePreferences(knex), `remise-${slip.number}.pdf`));
      ctx.body = slip.pdf;
      return undefined;
    },
  }),
];
