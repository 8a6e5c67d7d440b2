// OpenAPI path items and schemas of the hand-written bill routes, merged into
// api/openapi-domain.ts and from there into api/generated/openapi.json. Pure data.
import { body, bool, date, int, ok, ref, str } from '../../openapi-parts';

const tags = ['billing'];
const money = { type: 'integer', description: 'centimes' };
const pathId = (name: string) => ({ name, in: 'path', required: true, schema: int });

export const BILLING_SCHEMAS: Record<string, object> = {
  IssuedBill: {
    type: 'object',
    description: "Une facture émise (ou un avoir) : numéro de la série, date, totaux par taux de TVA, lignes ; état calculé d'après ses avoirs.",
    properties: {
      id: int, number: str, prefix: str, sequence: int, date, kind: { enum: ['invoice', 'credit-note'] }, isDeposit: bool,
      bookingId: { type: ['integer', 'null'] }, customerId: { type: ['integer', 'null'] }, customerName: str,
      totalExclVat: money, totalVat: money, totalInclVat: money, touristTaxAmount: money, depositsDeducted: money,
      vatTotals: { type: 'array', items: { type: 'object', properties: { vatRateBp: int, totalExclVat: money, vatAmount: money, totalInclVat: money } } },
      state: { enum: ['issued', 'partly-credited', 'cancelled'] }, remaining: money,
      creditedBillId: { type: ['integer', 'null'] },
      lines: { type: 'array', items: ref('BillLine') },
      creditNotes: { type: 'array', items: { type: 'object' } },
      payments: { type: 'array', items: { type: 'object' } },
    },
  },
  StayBalance: {
    type: 'object',
    properties: { bookingId: int, stayTotal: money, billed: money, paid: money, due: money, isBilled: bool, bills: { type: 'array', items: { type: 'object' } } },
  },
};

export const BILLING_PATHS: Record<string, object> = {
  '/rest/booking/{bookingId}/bill': {
    post: {
      tags, parameters: [pathId('bookingId')],
      summary: "Émet la facture d'acompte (kind deposit ; amount en centimes, défaut : l'acompte du séjour) ou la facture de solde (kind final, qui déduit les acomptes) d'un séjour, à partir de son prix enregistré ; numéro sans trou de la série",
      requestBody: body({ type: 'object', required: ['kind'], properties: { kind: { enum: ['deposit', 'final'] }, amount: money, date } }),
      responses: { ...ok('La facture émise', ref('IssuedBill')), 409: { description: 'Une facture de ce séjour est déjà en cours de traitement (BILL_BEING_PROCESSED)' } },
    },
  },
  '/rest/bill/{billId}/credit-note': {
    post: {
      tags, parameters: [pathId('billId')],
      summary: "Émet un avoir sur une facture : tout ce qui reste sans lines, sinon les quantités des lignes données",
      requestBody: body({ type: 'object', required: ['reason'], properties: { reason: str, date, lines: { type: 'array', items: { type: 'object', required: ['billLineId'], properties: { billLineId: int, quantity: int } } } } }),
      responses: ok("L'avoir émis", ref('IssuedBill')),
    },
  },
  '/rest/bill/view/{billId}': {
    get: { tags, parameters: [pathId('billId')], summary: 'Une facture avec ses lignes, son état, ses avoirs et ses paiements', responses: ok('La facture', ref('IssuedBill')) },
  },
  '/rest/bill/document/{billId}': {
    get: {
      tags, parameters: [pathId('billId')],
      summary: 'Le PDF (PDF/A-3b) de la facture, produit une fois à l’émission : l’original à la première impression, ensuite le duplicata (toujours le même fichier)',
      responses: { 200: { description: 'PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } } },
    },
  },
  '/rest/booking/{bookingId}/balance': {
    get: { tags, parameters: [pathId('bookingId')], summary: 'Facturé, payé et reste dû d’un séjour, avec ses factures', responses: ok('Solde du séjour', ref('StayBalance')) },
  },
};
