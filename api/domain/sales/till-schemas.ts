// The named answer schemas of the till routes (components/schemas of /rest/openapi.json),
// registered on import: a ticket, a window's Z.
import { defineSchemas } from '../../http/define-route';
import {
  bool,
  closed,
  columns,
  dateOrNull,
  int,
  intOrNull,
  list,
  money,
  str,
  strOrNull,
} from '../../http/schema-parts';
import { meta as saleLine } from '../../../common/generated/meta/sale-line';
import { meta as salePayment } from '../../../common/generated/meta/sale-payment';
import { PAYMENT_KINDS } from '../../../common/sales-totals';

/** A VAT rate's totals (common/sales-totals.ts VatTotal), in cents. */
const vatTotal = closed({ vatRateBp: intOrNull, totalExclVat: money, vatAmount: money, totalInclVat: money });

defineSchemas({
  SaleTicket: {
    type: 'object',
    description:
      'Un ticket de caisse émis (ou de retour) : numéro sans trou de sa caisse, lignes, règlements, totaux par ' +
      'taux de TVA',
    properties: {
      id: int,
      number: str,
      kind: { enum: ['sale', 'return'] },
      totalInclVat: int,
      changeGiven: int,
      lines: list(
        closed({
          ...columns(saleLine.schema, Object.keys(saleLine.schema.properties)),
          giftVoucherCode: strOrNull,
          giftValidUntil: dateOrNull,
          returnedQuantity: int,
          returnedAmount: money,
        }),
      ),
      payments: list(
        closed({
          ...columns(salePayment.schema, Object.keys(salePayment.schema.properties)),
          vouchers: list(closed({ denomination: money, count: int })),
        }),
      ),
      vatTotals: list(vatTotal),
    },
  },
  CashRegisterZ: {
    type: 'object',
    description:
      "Le Z d'une session de caisse : attendu, compté et écart par nature de règlement, totaux par taux de TVA, " +
      'nombre de tickets',
    properties: {
      windowId: int,
      zNumber: intOrNull,
      ticketCount: int,
      totalInclVat: int,
      byKind: list(
        closed({
          kind: { enum: [...PAYMENT_KINDS] },
          label: str,
          expected: money,
          counted: { ...intOrNull, description: 'centimes' },
          difference: { ...intOrNull, description: 'centimes' },
        }),
      ),
      vatTotals: list(vatTotal),
    },
  },
});

/** Rows of these properties, `required` present in each. */
const rows = (properties: Record<string, object>, required: string[] = ['id']) =>
  list({ type: 'object', required, properties });

defineSchemas({
  TillScreen: {
    type: 'object',
    description: "L'écran de caisse : la caisse, ses familles, ses articles du jour, les modes de paiement, la session",
    required: ['register', 'families', 'articles', 'paymentMethods', 'window', 'braceletCount'],
    properties: {
      register: {
        type: 'object',
        properties: {
          id: int,
          code: str,
          label: str,
          buttonsPerPage: intOrNull,
          maxPages: intOrNull,
          sellsBracelets: bool,
          isActive: bool,
        },
      },
      families: rows({ id: int, label: str, color: strOrNull }),
      articles: rows({
        id: int,
        code: strOrNull,
        barcode: strOrNull,
        label: str,
        articleFamilyId: intOrNull,
        price: { ...int, description: 'centimes' },
        color: strOrNull,
        isStockTracked: bool,
        stock: intOrNull,
        isBracelet: bool,
        giftType: str,
        vatRateBp: intOrNull,
      }),
      paymentMethods: rows({ id: int, label: str, kind: str, isPaperVoucher: bool }),
      window: {
        type: ['object', 'null'],
        description: 'la session ouverte, null sans session',
        properties: { id: int, openedAt: str, openingFloat: int },
      },
      braceletCount: int,
    },
  },
  CashRegisterWindowOpened: {
    type: 'object',
    description: 'La session de caisse ouverte',
    required: ['id', 'cashRegisterId'],
    properties: { id: int, cashRegisterId: int, openedAt: str, openingFloat: int, closedAt: strOrNull },
  },
  PresentStays: rows({
    id: int,
    code: strOrNull,
    startDate: str,
    endDate: str,
    customerId: intOrNull,
    customerName: strOrNull,
    places: strOrNull,
  }),
  // The till checks and the tickets without a customer: every column of their query, always there.
  TicketsPaymentMismatch: list(closed({ id: int, number: str, issuedAt: str, totalInclVat: int, paid: int })),
  SalesCharged: list(
    closed({
      id: int,
      number: str,
      date: str,
      bookingId: intOrNull,
      bookingCode: strOrNull,
      customerName: strOrNull,
      amount: int,
      isBilled: bool,
    }),
  ),
  UnassignedSales: list(
    closed({ id: int, number: str, kind: str, issuedAt: str, totalInclVat: int, registerLabel: str }),
  ),
  GiftVoucherCheck: {
    type: 'object',
    required: ['id', 'code', 'remainingValue', 'isExpired'],
    properties: {
      id: int,
      code: str,
      giftType: str,
      initialValue: int,
      remainingValue: int,
      validUntil: strOrNull,
      beneficiary: strOrNull,
      isExpired: bool,
    },
  },
});
