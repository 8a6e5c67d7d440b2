// The pure rules of the money screens split into model, state hook and view
// (issue 23 §5, docs/history.md#issue-23): the cash screens, the till, the tickets, the
// deposits, the credit note's body, the till's payment and the surety reminders.
import { describe, expect, it } from 'vitest';
import {
  countedCents,
  fundDate,
  keyedJournalRows,
  monthStart,
  movementReady,
  movementRecord,
  openingLabel,
  type JournalRow,
} from '../../../custom-screens/billing/cash/model';
import {
  bankableMethods,
  chosenTotal,
  readyOn,
  toggled,
  type DepositPayment,
} from '../../../custom-screens/billing/deposit-model';
import { creditNoteBody } from '../../../custom-screens/billing/credit-note-model';
import type { PaymentMethod } from '../../../custom-screens/billing/usePaymentMethods';
import {
  articleByCode,
  articlePage,
  discountText,
  inTicket,
  ticketOf,
  withArticle,
  withLineDiscount,
  withQuantity,
  type TillArticle,
  type TillRegister,
} from '../../../custom-screens/cash-register/till/model';
import { sellPayments } from '../../../custom-screens/cash-register/tenders';
import {
  amountText,
  availableKinds,
  countedVouchers,
  leftAndChange,
  tenderOf,
  voucherTenderOf,
} from '../../../custom-screens/cash-register/payment/model';
import {
  mailNotice,
  paymentText,
  printLabel,
  returnableLines,
  type SaleLineView,
  type SalePaymentView,
} from '../../../custom-screens/sales/model';
import {
  columnsOf,
  endAfterStart,
  initialRange,
  sendNotice,
} from '../../../custom-screens/documents/surety-list-model';

const article = (a: Partial<TillArticle> & { id: number; code: string }): TillArticle => ({
  barcode: null,
  label: a.code,
  articleFamilyId: 1,
  price: 250,
  color: null,
  isStockTracked: false,
  stock: 0,
  isBracelet: false,
  giftType: 'none',
  vatRateBp: 1000,
  ...a,
});

describe('cash screens', () => {
  it('reads the day and the opening of the fund', () => {
    expect(fundDate('today', '2026-07-14')).toBe('2026-07-14');
    expect(fundDate(undefined, '2026-07-14')).toBe('2026-07-14');
    expect(fundDate('2026-07-01', '2026-07-14')).toBe('2026-07-01');
    expect(openingLabel('count')).toBe('dernier comptage');
    expect(openingLabel('starting-base')).toBe('fond de caisse du mois');
    expect(openingLabel('none')).toBe('aucun fond saisi');
  });
  it('takes a counted amount in euros, never a negative one', () => {
    expect(countedCents('12,50')).toBe(1250);
    expect(countedCents('0')).toBe(0);
    expect(countedCents('-3')).toBeNull();
  });
  it('makes the movement record from the form', () => {
    const form = { date: '2026-07-14', label: 'Ampoules', amount: '8,90', paymentMethodId: '3', expenseTypeId: '' };
    expect(movementRecord('expense', form)).toEqual({
      kind: 'expense',
      date: '2026-07-14',
      label: 'Ampoules',
      amount: 890,
      paymentMethodId: 3,
      expenseTypeId: null,
    });
    expect(movementReady(form)).toBe(true);
    expect(movementReady({ ...form, paymentMethodId: '' })).toBe(false);
  });
  it('starts the journal on the first of the month and keys its rows by kind', () => {
    expect(monthStart('2026-07-14')).toBe('2026-07-01');
    const row = (type: JournalRow['type'], id: number): JournalRow => ({
      id,
      type,
      date: '2026-07-01',
      label: '',
      methodLabel: 'Espèces',
      receipt: 0,
      outflow: 0,
    });
    expect(keyedJournalRows([row('payment', 4), row('expense', 4)]).map((r) => r.key)).toEqual([
      'payment-4',
      'expense-4',
    ]);
    expect(keyedJournalRows(undefined)).toEqual([]);
  });
});

describe('bank deposits', () => {
  const pay = (id: number, amount: number, doNotRemitBefore: string | null = null) =>
    ({ id, amount, doNotRemitBefore }) as DepositPayment;
  it('remits only what is not held back, and totals what is ticked', () => {
    const rows = [pay(1, 1000), pay(2, 2500, '2026-08-01'), pay(3, 700)];
    expect(readyOn(rows, '2026-07-14').map((p) => p.id)).toEqual([1, 3]);
    expect(readyOn(rows, '2026-08-01').map((p) => p.id)).toEqual([1, 2, 3]);
    expect(chosenTotal(rows, [1, 2])).toBe(3500);
    expect(chosenTotal(undefined, [1])).toBe(0);
    expect(toggled([1, 2], 2)).toEqual([1]);
    expect(toggled([1], 2)).toEqual([1, 2]);
  });
  it('offers bankable methods and those remitted on their own', () => {
    const m = (id: number, isBankable: boolean, isAutoRemittance: boolean) =>
      ({ id, isBankable, isAutoRemittance }) as PaymentMethod;
    expect(bankableMethods([m(1, true, false), m(2, false, false), m(3, false, true)]).map((x) => x.id)).toEqual([
      1, 3,
    ]);
  });
});

describe('credit note body', () => {
  it('asks the reason first, then what the note cancels', () => {
    expect(creditNoteBody('all', ' ', '', {})).toBe("Le motif de l'avoir est obligatoire");
    expect(creditNoteBody('all', 'Litige', '', {})).toEqual({ reason: 'Litige' });
    expect(creditNoteBody('amount', 'Geste', '15', {})).toEqual({ reason: 'Geste', amount: 1500 });
    expect(creditNoteBody('amount', 'Geste', '0', {})).toBe('Montant invalide');
    expect(creditNoteBody('lines', 'Litige', '', { 7: '' })).toBe(
      'Indiquez le montant à créditer sur au moins une ligne',
    );
    expect(creditNoteBody('lines', 'Litige', '', { 7: '15', 8: '' })).toEqual({
      reason: 'Litige',
      lines: [{ billLineId: 7, amount: 1500 }],
    });
    expect(creditNoteBody('lines', 'Litige', '', { 7: '15', 8: 'x' })).toBe('Montant invalide');
  });
});

describe('till', () => {
  const coffee = article({ id: 1, code: 'CAFE', barcode: '3760001' });
  const gift = article({ id: 2, code: 'BON', giftType: 'value', price: 5000, vatRateBp: null });
  const byId = new Map([coffee, gift].map((a) => [a.id, a]));
  it('grows a line per article, but a gift voucher is always a line of its own', () => {
    let lines = withArticle([], coffee);
    lines = withArticle(lines, coffee);
    lines = withArticle(lines, gift);
    lines = withArticle(lines, gift);
    expect(lines).toEqual([
      { articleId: 1, quantity: 2, lineDiscount: 0 },
      { articleId: 2, quantity: 1, lineDiscount: 0 },
      { articleId: 2, quantity: 1, lineDiscount: 0 },
    ]);
    expect(inTicket(lines, 2)).toBe(2);
    expect(withQuantity(lines, 0, -2)).toHaveLength(2);
    expect(withQuantity(lines, 0, 1)[0].quantity).toBe(3);
    expect(withLineDiscount(lines, 0, 50)[0].lineDiscount).toBe(50);
  });
  it('totals the ticket, and refuses a discount over its amount', () => {
    const lines = [{ articleId: 1, quantity: 2, lineDiscount: 0 }];
    expect(ticketOf([], byId, 0)).toBeNull();
    expect(ticketOf(lines, byId, 100)?.totalInclVat).toBe(400);
    expect(ticketOf(lines, byId, 600)).toBeNull();
  });
  it('finds an article by code or barcode, case ignored', () => {
    expect(articleByCode([coffee, gift], ' cafe ')?.id).toBe(1);
    expect(articleByCode([coffee, gift], '3760001')?.id).toBe(1);
    expect(articleByCode([coffee, gift], 'THE')).toBeUndefined();
  });
  it('pages the buttons within the register’s pages', () => {
    const register = { buttonsPerPage: 2, maxPages: 2 } as TillRegister;
    const many = [1, 2, 3, 4, 5, 6].map((id) => article({ id, code: `A${id}`, articleFamilyId: id % 2 }));
    expect(articlePage(register, many, 'all', 2)).toEqual({ pages: 2, shown: [many[2], many[3]] });
    expect(articlePage(register, many, 0, 1).shown.map((a) => a.id)).toEqual([2, 4]);
    expect(articlePage(register, [], 'all', 1).pages).toBe(1);
  });
  it('writes a line discount with a comma, nothing at zero', () => {
    expect(discountText(0)).toBe('');
    expect(discountText(150)).toBe('1,50');
  });
  it('sends the tenders as the sell route takes them', () => {
    expect(
      sellPayments([
        { kind: 'cash', amount: 500 },
        { kind: 'holiday-voucher', amount: 3000, vouchers: [{ denomination: 1000, count: 3 }], paymentMethodId: 4 },
      ]),
    ).toEqual([
      { kind: 'cash', amount: 500 },
      { kind: 'holiday-voucher', amount: 3000, paymentMethodId: 4, vouchers: [{ denomination: 1000, count: 3 }] },
    ]);
  });
});

describe('tickets', () => {
  it('says what a payment was and what the print button prints', () => {
    const p = {
      kind: 'holiday-voucher',
      reference: null,
      vouchers: [{ denomination: 2000, count: 2 }],
    } as SalePaymentView;
    expect(paymentText(p)).toMatch(/^Chèques-vacances : 2 × 20\s€ \(2 chèques-vacances\)$/);
    expect(paymentText({ kind: 'cheque', reference: 'N° 12' } as SalePaymentView)).toBe('Chèque N° 12');
    expect(printLabel(0)).toBe('Imprimer (original)');
    expect(printLabel(2)).toBe('Imprimer (DUPLICATA 2)');
  });
  it('returns only lines with units left', () => {
    const l = (id: number, quantity: number, returnedQuantity: number) =>
      ({ id, quantity, returnedQuantity }) as SaleLineView;
    expect(returnableLines([l(1, 2, 2), l(2, 2, 1)]).map((x) => x.id)).toEqual([2]);
  });
  it('tells a sent e-mail from a queued one', () => {
    expect(mailNotice({ status: 'sent', to: 'a@b.fr' })).toEqual({ text: 'Ticket envoyé à a@b.fr', type: 'success' });
    expect(mailNotice({ status: 'queued', to: 'a@b.fr', error: 'SMTP' }).type).toBe('warning');
  });
});

describe('surety reminders', () => {
  it('opens on tomorrow to 11 days, and a new start ends 7 days later', () => {
    expect(initialRange('2026-07-14')).toEqual({ start: '2026-07-15', end: '2026-07-25' });
    expect(endAfterStart('2026-07-20')).toBe('2026-07-27');
    expect(endAfterStart('2026-07')).toBeNull();
  });
  it('shows the amount columns of the calculation type', () => {
    expect(columnsOf(1)).toEqual({ surety: true, balance: false });
    expect(columnsOf(2)).toEqual({ surety: false, balance: true });
    expect(columnsOf(3)).toEqual({ surety: true, balance: true });
  });
  it('counts what was sent, with plurals, and the stays that failed', () => {
    expect(sendNotice('email', { sent: 1, errors: [] })).toEqual({ text: '1 e-mail envoyé', severity: 'success' });
    expect(
      sendNotice('sms', {
        sent: 2,
        errors: [
          { bookingId: 5, error: 'x' },
          { bookingId: 5, error: 'y' },
        ],
      }),
    ).toEqual({ text: '2 SMS envoyés ; SMS non envoyés : 1 séjour', severity: 'warning' });
  });
});

describe('till payment', () => {
  it('keeps what is left and gives change on cash only', () => {
    expect(leftAndChange(1000, [])).toEqual({ left: 1000, change: 0 });
    expect(leftAndChange(1000, [{ kind: 'card', amount: 400 }])).toEqual({ left: 600, change: 0 });
    expect(
      leftAndChange(1000, [
        { kind: 'card', amount: 400 },
        { kind: 'cash', amount: 2000 },
      ]),
    ).toEqual({ left: 0, change: 1400 });
    expect(amountText(600)).toBe('6,00');
    expect(amountText(0)).toBe('');
  });
  it('offers the register’s kinds and always the stay', () => {
    expect(availableKinds(['card', 'cash'])).toEqual(['cash', 'card', 'stay']);
  });
  it('makes a tender, or says what is missing', () => {
    expect(tenderOf('cash', '5', '', null, undefined)).toEqual({ kind: 'cash', amount: 500 });
    expect(tenderOf('cash', 'abc', '', null, undefined)).toBe('Montant invalide');
    expect(tenderOf('gift', '5', ' ', null, undefined)).toBe('Indiquez le code du bon cadeau');
    expect(tenderOf('gift', '5', 'ab12', null, undefined)).toEqual({
      kind: 'gift',
      amount: 500,
      giftVoucherCode: 'AB12',
    });
    expect(tenderOf('stay', '5', '', null, undefined)).toBe('Choisissez le séjour');
  });
  it('counts paper vouchers, never beyond what is left', () => {
    const v = countedVouchers({ 1000: '2', 2000: '', 2500: 'x', 5000: '0' });
    expect(v).toEqual([{ denomination: 1000, count: 2 }]);
    expect(voucherTenderOf(v, 3000, 9)).toEqual({
      kind: 'holiday-voucher',
      amount: 2000,
      vouchers: v,
      paymentMethodId: 9,
    });
    expect(voucherTenderOf(v, 1500, 9)).toMatch(/^Les chèques-vacances \(20,00\s€\) dépassent le reste à payer/);
    expect(voucherTenderOf([], 1500, 9)).toBe('Indiquez le nombre de chèques-vacances de chaque valeur');
  });
});
