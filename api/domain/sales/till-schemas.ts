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
  orNull,
  str,
  strOrNull,
} from '../../http/schema-parts';
import { meta as article } from '../../../common/generated/meta/article';
import { meta as family } from '../../../common/generated/meta/article-family';
import { meta as register } from '../../../common/generated/meta/cash-register';
import { meta as tillWindow } from '../../../common/generated/meta/cash-register-window';
import { meta as method } from '../../../common/generated/meta/payment-method';
import { meta as booking } from '../../../common/generated/meta/booking';
import { meta as sale } from '../../../common/generated/meta/sale';
import { meta as saleCustomer } from '../../../common/generated/meta/sale-customer';
import { meta as saleLine } from '../../../common/generated/meta/sale-line';
import { meta as salePayment } from '../../../common/generated/meta/sale-payment';
import { PAYMENT_KINDS } from '../../../common/sales-totals';

const TILL_ARTICLE_COLUMNS = [
  'id',
  'code',
  'barcode',
  'label',
  'articleFamilyId',
  'price',
  'color',
  'isStockTracked',
  'stock',
  'isBracelet',
  'giftType',
];
/** A VAT rate's totals (common/sales-totals.ts VatTotal), in cents. */
const vatTotal = closed({ vatRateBp: intOrNull, totalExclVat: money, vatAmount: money, totalInclVat: money });

defineSchemas({
  SaleTicket: {
    description:
      'Un ticket de caisse émis (ou de retour) : numéro sans trou de sa caisse, lignes, règlements, totaux par ' +
      'taux de TVA',
    // Every field loadSale (view.ts) answers: the sale row, its register, lines, payments, returns and stay.
    ...closed({
      ...columns(
        sale.schema,
        Object.keys(sale.schema.properties).filter((k) => k !== 'sellerSnapshot' && k !== 'vatTotals'),
      ),
      sellerSnapshot: { type: 'object', additionalProperties: true, description: 'le vendeur tel qu’au ticket' },
      registerCode: str,
      registerLabel: str,
      printCount: int,
      returns: list(closed(columns(sale.schema, ['id', 'number', 'issuedAt', 'totalInclVat']))),
      returnOf: orNull(closed(columns(sale.schema, ['id', 'number', 'issuedAt']))),
      booking: orNull(closed(columns(booking.schema, ['id', 'code', 'startDate', 'endDate']))),
      assignedCustomer: orNull(closed(columns(saleCustomer.schema, ['customerId', 'customerName', 'createdAt']))),
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
    }),
  },
  CashRegisterZ: {
    type: 'object',
    description:
      "Le Z d'une session de caisse : attendu, compté et écart par nature de règlement, totaux par taux de TVA, " +
      'nombre de tickets',
    // The fields of records.ts ZReport the close dialog reads are required; a Z stored before `vouchers` has none.
    required: [
      'windowId',
      'zNumber',
      'registerLabel',
      'ticketCount',
      'firstNumber',
      'lastNumber',
      'totalInclVat',
      'openingFloat',
      'byKind',
      'vatTotals',
    ],
    properties: {
      windowId: int,
      cashRegisterId: int,
      registerCode: str,
      registerLabel: str,
      zNumber: intOrNull,
      openedAt: str,
      closedAt: strOrNull,
      openingFloat: money,
      ticketCount: int,
      firstNumber: strOrNull,
      lastNumber: strOrNull,
      returnCount: int,
      returnTotal: money,
      totalInclVat: int,
      totalExclVat: money,
      totalVat: money,
      changeGiven: money,
      braceletCount: int,
      cashExpected: money,
      vouchers: list(closed({ denomination: money, count: int })),
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

defineSchemas({
  // Every field is there (view.ts tillData selects these columns): the till screen reads them as common/till-data.ts.
  TillScreen: {
    ...closed({
      register: closed(
        columns(register.schema, ['id', 'code', 'label', 'buttonsPerPage', 'maxPages', 'sellsBracelets', 'isActive']),
      ),
      families: list(closed(columns(family.schema, ['id', 'label', 'color']))),
      articles: list(closed({ ...columns(article.schema, TILL_ARTICLE_COLUMNS), vatRateBp: intOrNull })),
      paymentMethods: list(closed(columns(method.schema, ['id', 'label', 'kind', 'isPaperVoucher']))),
      window: {
        ...orNull(closed(columns(tillWindow.schema, ['id', 'openedAt', 'openingFloat']))),
        description: 'la session ouverte, null sans session',
      },
      braceletCount: int,
    }),
    description: "L'écran de caisse : la caisse, ses familles, ses articles du jour, les modes de paiement, la session",
  },
  CashRegisterWindowOpened: {
    type: 'object',
    description: 'La session de caisse ouverte',
    required: ['id', 'cashRegisterId'],
    properties: { id: int, cashRegisterId: int, openedAt: str, openingFloat: int, closedAt: strOrNull },
  },
  PresentStays: list(
    closed({
      id: int,
      code: strOrNull,
      startDate: str,
      endDate: str,
      customerId: intOrNull,
      customerName: strOrNull,
      places: strOrNull,
    }),
  ),
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
