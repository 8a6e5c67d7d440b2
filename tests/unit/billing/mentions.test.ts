// The wording of bills an accountant checks (api/domain/billing/mentions.ts, pdf.ts):
// the RCS mention once, the capital grouped, a till line's single date, arrhes or acompte.
import { describe, expect, it } from 'vitest';
import { depositWords, groupedEuros, linePeriod, rcsMention } from '../../../api/domain/billing/mentions';
import { billDocument } from '../../../api/domain/billing/pdf';
import type { PrintedBill } from '../../../api/domain/billing/records';

describe('bill mentions', () => {
  it('writes « RCS » once, with the town and the SIREN, however they were typed', () => {
    const siren = '412345670';
    expect(rcsMention({ rcs: 'RCS Lorient', siren, tradeRegisterNumber: '412 345 670 R.C.S. Lorient' })).toBe(
      'RCS Lorient 412 345 670',
    );
    expect(rcsMention({ rcs: 'Lorient', siren, tradeRegisterNumber: 'RCS 412 345 670' })).toBe(
      'RCS Lorient 412 345 670',
    );
    expect(rcsMention({ rcs: 'Les Arcs', siren, tradeRegisterNumber: null })).toBe('RCS Les Arcs 412 345 670');
  });

  it('groups the capital by thousands and gives a line without end its one date', () => {
    expect(groupedEuros(5_000_000)).toBe('50\u00a0000,00\u00a0€');
    expect(linePeriod('2026-11-28', null)).toBe('28/11/2026');
    expect(linePeriod('2026-11-28', '2026-11-28')).toBe('28/11/2026');
    expect(linePeriod('2026-07-10', '2026-07-14')).toBe('10/07/2026 – 14/07/2026');
  });

  it('names arrhes and acompte each for what they are', () => {
    expect(depositWords('arrhes').billTitle).toBe("FACTURE D'ARRHES");
    expect(depositWords('acompte').billTitle).toBe("FACTURE D'ACOMPTE");
  });

  it('prints a till line with its date only, never an open period', () => {
    const seller = {
      corporateName: 'SARL Les Pins',
      name: 'Camping Les Pins',
      address1: '1 route',
      address2: null,
      postalCode: '40200',
      town: 'Mimizan',
      country: 'France',
      siren: '732829320',
      siret: '73282932000074',
      vatNumber: 'FR44732829320',
      legalForm: 'SARL',
      capital: 5_000_000,
      rcs: 'RCS Mont-de-Marsan',
      tradeRegisterNumber: 'RCS 732 829 320',
      nafCode: null,
      phone: null,
      email: null,
    };
    const doc = billDocument({
      number: 'FA00009',
      date: '2026-11-28',
      kind: 'invoice',
      sellerSnapshot: seller,
      customerSnapshot: { name: 'Claire Martin', address1: '5 rue', postalCode: '33000', town: 'Bordeaux' },
      vatTotals: [],
      lines: [{ label: 'Pain', startDate: '2026-11-28', endDate: null, quantity: 2, vatRateBp: 550 }],
    } as unknown as PrintedBill);
    const text = JSON.stringify(doc.content);
    expect(text).toContain('"28/11/2026"');
    expect(text).not.toMatch(/28\/11\/2026 – "/);
    expect(text).toContain('RCS Mont-de-Marsan 732 829 320');
    expect(text).not.toContain('RCS RCS');
  });
});
