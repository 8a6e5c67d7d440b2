// What the bill lists, the bank deposits and the cash routes answer (their `response`
// schemas): each row's columns typed as the entity schemas declare them, plus what a
// join or a computation adds. Pure data.
import { meta as bill } from '../../../common/generated/meta/bill';
import { meta as booking } from '../../../common/generated/meta/booking';
import { meta as payment } from '../../../common/generated/meta/payment';
import { meta as deposit } from '../../../common/generated/meta/bank-deposit';
import { meta as movement } from '../../../common/generated/meta/cash-movement';
import { meta as cashCount } from '../../../common/generated/meta/cash-count';
import { REMITTED_COLUMNS } from './deposits';
import {
  bool,
  boolOrNull,
  closed,
  columns,
  date,
  int,
  intOrNull,
  list,
  money,
  orNull,
  ref,
  str,
  strOrNull,
} from '../../http/schema-parts';

const BILL = bill.schema;
const BOOKING = booking.schema;
const PAYMENT = payment.schema;

/** A list and the sum of its amounts. */
const withTotal = (row: object) => closed({ rows: list(row), total: money });
/** Paper holiday vouchers: how many of each face value. */
const voucherLine = closed({ denomination: money, count: int });
const stay = (names: string[]) => columns(BOOKING, names);

export const BILL_LIST = closed({
  rows: list(
    closed({
      ...columns(BILL, ['id', 'number', 'date', 'kind', 'isDeposit', 'depositNature', 'payerType', 'customerName']),
      ...columns(BILL, ['bookingId']),
      bookingCode: strOrNull,
      ...columns(BILL, ['dueDate', 'totalExclVat', 'totalVat', 'totalInclVat', 'touristTaxAmount', 'creditedBillId']),
      state: { enum: ['issued', 'partly-credited', 'cancelled'] },
      credited: { ...money, description: 'centimes : somme des avoirs de la facture (négative)' },
      isCancellation: bool,
    }),
  ),
  totals: closed({ count: int, totalExclVat: money, totalVat: money, totalInclVat: money, touristTaxAmount: money }),
});

export const UNBILLED = list(
  closed({
    bookingId: int,
    ...stay(['code', 'startDate', 'endDate', 'statusId', 'totalAmount']),
    customerName: str,
    billed: money,
    paid: money,
    toBill: money,
  }),
);

export const DOUBLE_BILLS = list(
  closed(
    {
      check: { enum: ['double-final', 'deposits-exceed', 'same-stay-twice', 'numbering-repeat', 'numbering-gap'] },
      label: str,
      bookingId: int,
      code: strOrNull,
      customerName: str,
      bills: { ...str, description: 'les numéros des factures, ou la série de numérotation' },
      amount: { ...intOrNull, description: 'centimes' },
    },
    ['bookingId', 'code', 'customerName'],
  ),
);

export const DUE_BILLS = list(
  closed({
    bookingId: int,
    ...stay(['code']),
    customerName: str,
    bills: str,
    dueDate: date,
    billed: money,
    paid: money,
    due: money,
    daysLate: int,
  }),
);

export const CREDITS = closed({
  creditNotes: list(
    closed({
      ...columns(BILL, ['id', 'number', 'date', 'customerName', 'bookingId', 'totalInclVat', 'reason']),
      invoiceId: intOrNull,
      invoiceNumber: strOrNull,
    }),
  ),
  balances: list(closed({ customerId: int, customerName: str, billed: money, paid: money, credit: money })),
  total: money,
});

export const VACAF_PAYMENTS = withTotal(
  closed({
    ...columns(PAYMENT, ['id', 'date', 'amount', 'payingInstitution', 'isDeposited', 'bookingId']),
    code: orNull(BOOKING.properties.code),
    startDate: orNull(BOOKING.properties.startDate),
    endDate: orNull(BOOKING.properties.endDate),
    method: str,
    customerName: str,
  }),
);

export const INSURED_STAYS = withTotal(
  closed({
    bookingId: int,
    ...stay(['code', 'startDate', 'endDate', 'statusId', 'cancellation', 'totalAmount']),
    customerName: str,
    premium: { ...money, description: "centimes : la prime de l'assurance annulation" },
  }),
);

const withVouchers = (properties: Record<string, object>) =>
  closed({ ...properties, vouchers: list(voucherLine) }, ['vouchers']);

export const DEPOSIT_CANDIDATES = list(
  withVouchers(columns(PAYMENT, [...REMITTED_COLUMNS, 'doNotRemitBefore', 'payerType', 'commissionAmount', 'notes'])),
);

export const DEPOSIT = closed({
  ...columns(deposit.schema, Object.keys(deposit.schema.properties)),
  methodLabel: str,
  isPaperVoucher: bool,
  bankAccountLabel: strOrNull,
  iban: strOrNull,
  payments: list(withVouchers(columns(PAYMENT, [...REMITTED_COLUMNS, 'commissionAmount']))),
  vouchers: { ...list(voucherLine), description: 'les chèques-vacances papier de la remise, par valeur' },
});

export const DEPOSITS_OF_MONTH = withTotal(
  closed({
    ...columns(deposit.schema, ['id', 'number', 'date', 'paymentMethodId']),
    methodLabel: str,
    ...columns(deposit.schema, ['bankAccountId']),
    bankAccountLabel: strOrNull,
    ...columns(deposit.schema, ['depositType', 'slipType', 'totalAmount', 'paymentCount']),
  }),
);

export const CASH_FUND = closed({
  paymentMethodId: int,
  methodLabel: str,
  date,
  opening: money,
  openingSource: { enum: ['count', 'starting-base', 'none'] },
  from: { ...date, description: 'le premier jour compté depuis l’ouverture' },
  receipts: money,
  injections: money,
  expenses: money,
  deposits: money,
  expected: money,
  payments: list(
    closed({
      ...columns(PAYMENT, ['id', 'amount', 'bookingId']),
      bookingCode: strOrNull,
      ...columns(PAYMENT, ['category', 'notes']),
    }),
  ),
  movements: list(closed(columns(movement.schema, ['id', 'kind', 'label', 'amount']))),
  // The day's cash_count row, every column.
  count: orNull(closed(columns(cashCount.schema, Object.keys(cashCount.schema.properties)))),
  tolerance: money,
  difference: { ...intOrNull, description: 'centimes : compté moins attendu' },
  withinTolerance: boolOrNull,
});

export const CASH_MOVEMENTS = withTotal(
  closed({
    ...columns(movement.schema, ['id', 'date', 'label', 'amount', 'notes', 'paymentMethodId']),
    methodLabel: str,
    ...columns(movement.schema, ['expenseTypeId']),
    expenseTypeLabel: strOrNull,
    ...columns(movement.schema, ['version']),
  }),
);

export const STARTING_BASES = list(
  closed({
    paymentMethodId: int,
    methodLabel: str,
    isActive: bool,
    base: { ...closed({ id: int, paymentMethodId: int, amount: money, version: int }), type: ['object', 'null'] },
  }),
);

export const CASH_AND_BANK_JOURNAL = closed({
  rows: list(
    closed({
      date,
      type: { enum: ['payment', 'expense', 'injection', 'deposit'] },
      label: str,
      reference: strOrNull,
      paymentMethodId: int,
      methodLabel: str,
      receipt: money,
      outflow: money,
      id: int,
    }),
  ),
  totals: list(closed({ paymentMethodId: int, methodLabel: str, receipts: money, outflows: money, net: money })),
  basis: { enum: ['payment-date', 'deposit-date'] },
});

export const PAYMENT_VAT = closed({
  ...columns(PAYMENT, ['id', 'amount', 'bookingId', 'category', 'downPaymentNature']),
  lines: list(closed({ vatRateBp: int, amountInclVat: money, vatAmount: money })),
  vatAmount: money,
});

export const PAYMENT_GROUP = closed({
  ...columns(PAYMENT, Object.keys(PAYMENT.properties)),
  payments: list(ref('Payment')),
});
