// Properties of the Factur-X mapping (api/domain/billing/facturx.ts) over random bills
// made with the real line arithmetic: the data passes the library's EN 16931 schema;
// line nets add up to the line total, the VAT breakdown to the taxable and VAT totals,
// the grand total is net + VAT; net prices are never negative and quantity × price is
// the line's net; a credit note is the same document with positive amounts. And the
// partner commission (partner.ts): the rate on the stay without its tourist taxes.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { vatOfInclusive } from '../../../api/domain/pricing/money';
import { numberLines } from '../../../api/domain/billing/lines';
import { billOf, lineArb } from './facturx-fixtures';
import { creditLines, type CreditableLine } from '../../../api/domain/billing/credit-lines';
import {
  billingFramework,
  completeCii,
  facturxErrors,
  facturxInvoice,
  sirenOfVat,
} from '../../../api/domain/billing/facturx';
import { commissionLine } from '../../../api/domain/billing/partner';

const dec = (s: string) => Math.round(Number(s) * 100);

function checkConsistent(inv: any) {
  const u = inv['ubl:Invoice'];
  const lines = u['cac:InvoiceLine'];
  const lineSum = lines.reduce((s: number, l: any) => s + dec(l['cbc:LineExtensionAmount']), 0);
  expect(dec(u['cac:LegalMonetaryTotal']['cbc:LineExtensionAmount'])).toBe(lineSum);
  const subs = u['cac:TaxTotal'][0]['cac:TaxSubtotal'];
  expect(subs.reduce((s: number, t: any) => s + dec(t['cbc:TaxableAmount']), 0)).toBe(
    dec(u['cac:LegalMonetaryTotal']['cbc:TaxExclusiveAmount']),
  );
  expect(subs.reduce((s: number, t: any) => s + dec(t['cbc:TaxAmount']), 0)).toBe(
    dec(u['cac:TaxTotal'][0]['cbc:TaxAmount']),
  );
  expect(dec(u['cac:LegalMonetaryTotal']['cbc:TaxInclusiveAmount'])).toBe(
    dec(u['cac:LegalMonetaryTotal']['cbc:TaxExclusiveAmount']) + dec(u['cac:TaxTotal'][0]['cbc:TaxAmount']),
  );
  for (const l of lines) {
    const price = dec(l['cac:Price']['cbc:PriceAmount']);
    expect(price).toBeGreaterThanOrEqual(0);
    const base = Number(l['cac:Price']['cbc:BaseQuantity'] ?? 1);
    expect(Math.round((Number(l['cbc:InvoicedQuantity']) * price) / base)).toBe(dec(l['cbc:LineExtensionAmount']));
  }
}

describe('Factur-X mapping', () => {
  it('invoices: valid EN 16931 data whose totals add up', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 20 }), (lines) => {
        const inv = facturxInvoice(billOf(lines));
        expect(facturxErrors(inv)).toEqual([]);
        checkConsistent(inv);
      }),
      { numRuns: 150 },
    );
    // 150 schema validations: seconds on a loaded machine, not a timed test.
  }, 30_000);

  it('credit notes: type 381, positive amounts, the invoice referenced', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 12 }).filter((ls) => ls.some((l) => l.amountInclVat !== 0)),
        (lines) => {
          const invoice = billOf(lines);
          const credit = billOf(
            creditLines(
              invoice.lines.map((l) => ({
                ...l,
                creditedQuantity: 0,
                creditedAmount: 0,
                creditedVat: 0,
              })) as CreditableLine[],
              null,
            ),
            { kind: 'credit-note', creditedBill: { number: 'FA00001', date: '2031-07-10' } },
          );
          const inv = facturxInvoice(credit) as any;
          expect(facturxErrors(inv)).toEqual([]);
          checkConsistent(inv);
          expect(inv['ubl:Invoice']['cbc:InvoiceTypeCode']).toBe('381');
          expect(dec(inv['ubl:Invoice']['cac:LegalMonetaryTotal']['cbc:PayableAmount'])).toBe(invoice.totalInclVat);
          expect(inv['ubl:Invoice']['cac:BillingReference'][0]['cac:InvoiceDocumentReference']['cbc:ID']).toBe(
            'FA00001',
          );
        },
      ),
      { numRuns: 80 },
    );
  }, 30_000);

  it('reads the SIREN of a French VAT number', () => {
    expect(sirenOfVat('FR 44 732829320')).toBe('732829320');
    expect(sirenOfVat('DE123456789')).toBeNull();
  });
});

describe('partner commission', () => {
  it('is the rate on the stay without its tourist taxes, VAT included at the commission rate', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.constantFrom(550, 1000, 2000),
        (stay, rate, vat) => {
          const l = commissionLine(stay, rate, vat, 'Commission', { startDate: null, endDate: null });
          const base = stay
            .filter((x) => x.lineType !== 2 && x.lineType !== 3)
            .reduce((s, x) => s + x.amountInclVat, 0);
          expect(Math.abs(l.amountInclVat - (base * rate) / 10_000)).toBeLessThanOrEqual(0.5);
          expect(l.vatAmount).toBe(vatOfInclusive(l.amountInclVat, vat));
          expect(l).toMatchObject({ lineType: 13, quantity: 1, unitPriceInclVat: l.amountInclVat, vatRateBp: vat });
        },
      ),
    );
  });
});

describe('CII completion (what @e-invoice-eu/core 2.3.4 leaves out)', () => {
  const cii = (delivery?: object) => ({
    'rsm:CrossIndustryInvoice': {
      'rsm:ExchangedDocument': { 'ram:ID': 'AV00001', 'ram:IncludedNote': { 'ram:Content': ['a', 'b'] } },
      'rsm:SupplyChainTradeTransaction': {
        'ram:IncludedSupplyChainTradeLineItem': [],
        'ram:ApplicableHeaderTradeAgreement': {},
        ...(delivery ? { 'ram:ApplicableHeaderTradeDelivery': delivery } : {}),
        'ram:ApplicableHeaderTradeSettlement': {
          'ram:InvoiceCurrencyCode': 'EUR',
          'ram:SpecifiedTradeSettlementHeaderMonetarySummation': {},
          'ram:ReceivableSpecifiedTradeAccountingAccount': {},
        },
      },
    },
  });
  const credit = () =>
    facturxInvoice(
      billOf(numberLines([]), {
        kind: 'credit-note',
        reason: 'Erreur',
        creditedBill: { number: 'FA00007', date: '2031-07-10' },
      }),
    );

  it('puts the delivery between agreement and settlement, one note per Content, the corrected invoice', () => {
    const out = completeCii(cii(), credit())['rsm:CrossIndustryInvoice'];
    const tx = out['rsm:SupplyChainTradeTransaction'];
    expect(Object.keys(tx)).toEqual([
      'ram:IncludedSupplyChainTradeLineItem',
      'ram:ApplicableHeaderTradeAgreement',
      'ram:ApplicableHeaderTradeDelivery',
      'ram:ApplicableHeaderTradeSettlement',
    ]);
    expect(out['rsm:ExchangedDocument']['ram:IncludedNote']).toEqual([
      { 'ram:Content': 'Motif : Erreur', 'ram:SubjectCode': 'ACD' },
      { 'ram:Content': "Pas d'escompte pour paiement anticipé.", 'ram:SubjectCode': 'AAB' },
      { 'ram:Content': "Pénalités de retard : trois fois le taux d'intérêt légal.", 'ram:SubjectCode': 'PMD' },
      { 'ram:Content': 'Indemnité forfaitaire pour frais de recouvrement : 40 €.', 'ram:SubjectCode': 'PMT' },
    ]);
    const settlement = tx['ram:ApplicableHeaderTradeSettlement'];
    expect(Object.keys(settlement)).toEqual([
      'ram:InvoiceCurrencyCode',
      'ram:SpecifiedTradeSettlementHeaderMonetarySummation',
      'ram:InvoiceReferencedDocument',
      'ram:ReceivableSpecifiedTradeAccountingAccount',
    ]);
    expect(settlement['ram:InvoiceReferencedDocument']).toEqual([
      {
        'ram:IssuerAssignedID': 'FA00007',
        'ram:FormattedIssueDateTime': { 'qdt:DateTimeString': '20310710', 'qdt:DateTimeString@format': '102' },
      },
    ]);
  });

  it('keeps a delivery the library wrote (once released upstream)', () => {
    const out = completeCii(cii({ 'ram:ShipToTradeParty': {} }), credit())['rsm:CrossIndustryInvoice'];
    expect(out['rsm:SupplyChainTradeTransaction']['ram:ApplicableHeaderTradeDelivery']).toEqual({
      'ram:ShipToTradeParty': {},
    });
  });

  it('names the billing framework (BT-23): services S1, with goods M1; paid at issue S2, M2', () => {
    expect(billingFramework([{ lineType: 1, amountInclVat: 100 }])).toBe('S1');
    const mixed = [
      { lineType: 1, amountInclVat: 100 },
      { lineType: 16, amountInclVat: 300 },
    ];
    expect(billingFramework(mixed)).toBe('M1');
    expect(billingFramework([{ lineType: 1, amountInclVat: 100 }], true)).toBe('S2');
    expect(billingFramework(mixed, true)).toBe('M2');
  });
});
