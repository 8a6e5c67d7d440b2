// The named answer schemas of the bill routes (components/schemas of /rest/openapi.json),
// registered on import: an issued bill, a bill preview, a stay's balance.
import { defineSchemas } from '../../http/define-route';
import { bool, closed, columns, date, int, list, money, orNull, str, strOrNull } from '../../http/schema-parts';
import { meta as bill } from '../../../common/generated/meta/bill';
import { STAY_BILL_COLUMNS } from './stay-balance';
import { meta as payment } from '../../../common/generated/meta/payment';

/** A party frozen on a bill (parties.ts): these fields named, none required, the others allowed. */
const snapshot = (properties: Record<string, object>) => ({ type: 'object', additionalProperties: true, properties });

defineSchemas({
  // Every field loadBill (view.ts) answers: the whole bill row, its state, lines, credit notes and payments.
  IssuedBill: {
    ...closed({
      ...columns(
        bill.schema,
        Object.keys(bill.schema.properties).filter(
          (k) => !['sellerSnapshot', 'customerSnapshot', 'vatTotals'].includes(k),
        ),
      ),
      // Frozen at issue: a bill issued before a field was added lacks it, hence open and optional.
      sellerSnapshot: orNull(snapshot({ corporateName: str, siret: str, vatNumber: str })),
      customerSnapshot: orNull(
        snapshot({
          name: str,
          email: strOrNull,
          address1: strOrNull,
          postalCode: strOrNull,
          town: strOrNull,
          country: strOrNull,
        }),
      ),
      vatTotals: {
        type: 'array',
        items: {
          type: 'object',
          properties: { vatRateBp: int, totalExclVat: money, vatAmount: money, totalInclVat: money },
        },
      },
      state: { enum: ['issued', 'partly-credited', 'cancelled'] },
      stateLabel: str,
      invoiceKind: {
        enum: ['invoice', 'cancelled-invoice', 'cancellation-invoice', 'credit-note'],
        description: "Facture, facture annulée (par avoirs), facture d'annulation (frais d'un séjour annulé), avoir",
      },
      invoiceKindLabel: str,
      remaining: money,
      lines: { type: 'array', items: { $ref: '#/components/schemas/BillLine' } },
      creditedBill: orNull(closed(columns(bill.schema, ['id', 'number', 'date']))),
      creditNotes: list(closed(columns(bill.schema, ['id', 'number', 'date', 'totalInclVat', 'reason']))),
      payments: list(closed(columns(payment.schema, ['id', 'date', 'amount', 'paymentMethodId']))),
    }),
    description:
      'Une facture émise (ou un avoir) : numéro de la série, date, totaux par taux de TVA, lignes ; état calculé ' +
      "d'après ses avoirs.",
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
        properties: { id: int, number: str, date: date },
      },
      date: date,
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
            date: date,
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
            date: date,
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
        properties: { amount: money, since: date },
      },
      bills: list(closed(columns(bill.schema, STAY_BILL_COLUMNS))),
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
          properties: { id: int, number: str, date: date, remaining: money },
        },
      },
    },
  },
});
