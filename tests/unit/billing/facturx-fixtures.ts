// Bills for the Factur-X tests: random lines made with the real line arithmetic, a
// seller and a business buyer with a VAT number.
import fc from 'fast-check';
import { vatOfInclusive } from '../../../api/domain/pricing/money';
import { billTotals, numberLines, type BillLineDraft, type LineInput } from '../../../api/domain/billing/lines';
import type { PrintedBill } from '../../../api/domain/billing/records';

const RATES = [null, 550, 1000, 2000] as const;
export const lineArb: fc.Arbitrary<LineInput> = fc
  .record({
    lineType: fc.integer({ min: 1, max: 15 }),
    quantity: fc.integer({ min: 1, max: 14 }),
    unitPrice: fc.oneof(fc.integer({ min: 0, max: 30_000 }), fc.integer({ min: -3_000, max: -1 })),
    rate: fc.constantFrom(...RATES),
  })
  .map(({ lineType, quantity, unitPrice, rate }) => {
    const amount = quantity * unitPrice;
    return {
      lineType,
      label: `ligne ${lineType}`,
      quantity,
      unitPriceInclVat: unitPrice,
      amountInclVat: amount,
      vatRateBp: rate,
      vatAmount: rate == null ? 0 : vatOfInclusive(amount, rate),
      startDate: '2031-07-01',
      endDate: '2031-07-08',
    };
  });
export const SELLER = {
  corporateName: 'SARL Les Pins',
  name: 'Camping Les Pins',
  address1: '12 route de la Plage',
  address2: null,
  postalCode: '40200',
  town: 'Mimizan',
  country: 'France',
  siren: '732829320',
  siret: '73282932000074',
  vatNumber: 'FR44732829320',
  legalForm: 'SARL',
  capital: 5000000,
  rcs: 'Mont-de-Marsan',
  tradeRegisterNumber: 'RCS 732 829 320',
  nafCode: null,
  phone: null,
  email: null,
};
export const BUYER = {
  name: 'Acme',
  companyName: 'Acme SAS',
  isLegalEntity: true,
  address1: '1 rue',
  address2: null,
  postalCode: '33000',
  town: 'Bordeaux',
  country: 'France',
  countryIso: 'FR',
  vatNumber: 'FR40303265045',
  email: null,
};

export function billOf(lines: LineInput[], extra: Partial<PrintedBill> = {}): PrintedBill & { lines: BillLineDraft[] } {
  const numbered = numberLines(lines).map((l, i) => ({ ...l, id: i + 1 }));
  return {
    number: 'FA00001',
    date: '2031-07-10',
    kind: 'invoice' as const,
    isDeposit: false,
    bookingId: 1,
    serviceStartDate: '2031-07-01',
    serviceEndDate: '2031-07-08',
    paymentTerms: 'Règlement à réception.',
    dueDate: '2031-07-20',
    sellerSnapshot: SELLER,
    customerSnapshot: BUYER,
    ...billTotals(numbered),
    lines: numbered,
    ...extra,
  };
}
