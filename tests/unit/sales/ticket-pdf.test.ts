// The 80 mm receipt carries the mentions of a French till receipt (establishment, SIRET,
// VAT number, date and time, register, operator, number, lines with VAT key, totals per
// rate, payments, change) and « DUPLICATA n » on reprints; it renders as a PDF 226.77 pt wide.
import { describe, expect, it } from 'vitest';
import { renderTicketPdf, ticketDocument } from '../../../api/domain/sales/pdf';

const sale = {
  kind: 'sale',
  number: 'ACC1-000042',
  issuedAt: '2026-11-24T09:15:30Z',
  registerCode: 'ACC1',
  operatorName: 'Julie',
  customerName: null,
  booking: null,
  returnOf: null,
  sellerSnapshot: {
    corporateName: 'SARL Les Pins Bleus',
    address1: '12 route de la Plage',
    postalCode: '40200',
    town: 'Mimizan',
    siret: '73282932000074',
    vatNumber: 'FR44732829320',
  },
  lines: [
    { label: 'Baguette', quantity: 2, unitPrice: 130, lineDiscount: 0, vatRateBp: 550, amountInclVat: 260 },
    { label: 'Glace cornet', quantity: 1, unitPrice: 250, lineDiscount: 50, vatRateBp: 1000, amountInclVat: 200 },
  ],
  ticketDiscount: 0,
  totalInclVat: 460,
  changeGiven: 40,
  braceletCount: 0,
  vatTotals: [
    { vatRateBp: 1000, totalExclVat: 182, vatAmount: 18, totalInclVat: 200 },
    { vatRateBp: 550, totalExclVat: 246, vatAmount: 14, totalInclVat: 260 },
  ],
  payments: [{ kind: 'cash', amount: 460, received: 500, reference: null }],
};

const text = (doc: unknown) => JSON.stringify(doc);

describe('ticket PDF', () => {
  it('holds every mention, 80 mm wide', () => {
    const d = ticketDocument(sale);
    expect(d.pageSize).toEqual({ width: 226.77, height: 'auto' });
    const t = text(d);
    for (const m of [
      'SARL Les Pins Bleus',
      'SIRET 73282932000074',
      'FR44732829320',
      'TICKET N° ACC1-000042',
      '24/11/2026 10:15:30',
      'Caisse ACC1',
      'Julie',
      'Baguette',
      '2 × 1,30',
      'Remise',
      '5,5 %',
      '10 %',
      'TOTAL TTC',
      'Espèces',
      'Monnaie rendue',
      '3 articles',
    ]) {
      expect(t, m).toContain(m);
    }
    expect(t).not.toContain('DUPLICATA');
  });

  it('says DUPLICATA n on the n-th reprint and renders', async () => {
    expect(text(ticketDocument(sale, 2))).toContain('DUPLICATA 2');
    const pdf = await renderTicketPdf(sale, 1);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
