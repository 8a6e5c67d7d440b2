// Hand-written residential routes (api/http/define-route.ts): rent receipts (one, all of
// a period, bill, state, reminder, management), residents, totals per line type, and the
// contract's PDF. Thin: parse, call.
import { defineSchemas } from '../../http/define-route';
import { int, str, money, receiptRow, receiptRequired } from './route-parts';
import { RENT_RECEIPT_ROUTES } from './receipt-routes';
import { RESIDENT_ROUTES } from './resident-routes';

defineSchemas({
  RentReceiptView: {
    type: 'object',
    description: 'Une quittance avec ses lignes (types de ligne 2, 18, 19, 22, 24), sa facture et ce qui en est payé',
    required: [...receiptRequired, 'lines'],
    properties: {
      ...receiptRow,
      notes: { type: ['string', 'null'] },
      lines: {
        type: 'array',
        items: {
          type: 'object',
          required: ['lineType', 'label', 'amountInclVat'],
          properties: {
            id: int,
            position: int,
            lineType: { enum: [2, 18, 19, 22, 24] },
            label: str,
            quantity: int,
            amountInclVat: money,
            vatRateBp: { type: ['integer', 'null'] },
            meterReadingId: { type: ['integer', 'null'] },
          },
        },
      },
    },
  },
  RentReceiptManagement: {
    type: 'object',
    required: ['rows'],
    properties: {
      rows: {
        type: 'array',
        items: {
          type: 'object',
          required: [...receiptRequired, 'state', 'due'],
          properties: { ...receiptRow, due: money, state: { enum: ['to-bill', 'due', 'late', 'paid'] } },
        },
      },
    },
  },
});

export const RESIDENTIAL_ROUTES = [...RENT_RECEIPT_ROUTES, ...RESIDENT_ROUTES];
