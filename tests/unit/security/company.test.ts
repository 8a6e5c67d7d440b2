// Company identifiers, whole-month periods, module settings, the PDF writer.
import { describe, expect, it } from 'vitest';
import { frenchVatKey, isValidFrenchVat, isValidSiren, isValidSiret } from '../../../common/company';
import { wholeMonths } from '../../../common/periods';
import { MODULE_KINDS, defaultSettings, settingsErrors } from '../../../common/modules';
import { renderPdf } from '../../../api/domain/establishment/pdf';
import { missingCompanyData } from '../../../api/domain/establishment/company';

describe('SIREN, SIRET, VAT', () => {
  it('checks lengths and keys', () => {
    expect(isValidSiren('732829320')).toBe(true);
    expect(isValidSiren('732829321')).toBe(false);
    expect(isValidSiren('73282932')).toBe(false);
    expect(isValidSiret('73282932000074')).toBe(true);
    expect(isValidSiret('73282932000075')).toBe(false);
    expect(isValidSiret('35600000000001')).toBe(true); // La Poste
    expect(frenchVatKey('732829320')).toBe('44');
    expect(isValidFrenchVat('FR44732829320')).toBe(true);
    expect(isValidFrenchVat('FR45732829320')).toBe(false);
  });

  it('names the missing company data in order', () => {
    expect(
      missingCompanyData({
        legalForm: 'SARL',
        capital: 0,
        siren: ' ',
        rcs: null,
        tradeRegisterNumber: 'x',
        postalCode: '56000',
        town: 'Vannes',
      }),
    ).toEqual(['siren', 'rcs']);
    expect(missingCompanyData(undefined, ['town'])).toEqual(['town']);
  });
});

describe('whole months', () => {
  it('accepts whole months and years only', () => {
    expect(wholeMonths('2024-02-01', '2024-02-29')).toBe(1);
    expect(wholeMonths('2024-01-01', '2024-12-31')).toBe(12);
    expect(wholeMonths('2024-12-01', '2024-11-30')).toBeNull();
    expect(wholeMonths('2024-03-01', '2024-03-30')).toBeNull();
  });
});

describe('module settings', () => {
  it('defaults of every kind are valid settings', () => {
    for (const k of MODULE_KINDS) expect(settingsErrors(k.kind, defaultSettings(k.kind)), k.kind).toEqual({});
  });
  it('refuses unknown kinds, shapes and names', () => {
    expect(settingsErrors('nope', {})).toEqual({ kind: 'Module inconnu' });
    expect(settingsErrors('plan', [])).toEqual({ settings: 'Paramètres invalides' });
    expect(settingsErrors('plan', { showLegend: 'oui', x: 1 })).toEqual({
      'settings.showLegend': 'Valeur oui/non attendue',
      'settings.x': 'Paramètre inconnu pour ce module',
    });
  });
});

describe('PDF writer', () => {
  it('writes a parseable PDF with pages, a valid xref and WinAnsi text', () => {
    const blocks = [
      { kind: 'title' as const, text: 'Été – « guide » (test) \\ 100 €' },
      ...Array.from({ length: 120 }, (_, i) => ({
        kind: 'paragraph' as const,
        text: `Paragraphe ${i} ${'mot '.repeat(40)}`,
      })),
    ];
    const pdf = renderPdf(blocks, { title: 'Test' }).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    const pages = Number(/\/Count (\d+)/.exec(pdf)![1]);
    expect(pages).toBeGreaterThan(3);
    const xref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    const offsets = [...pdf.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((o, i) => expect(pdf.slice(o).startsWith(`${i + 1} 0 obj`)).toBe(true));
    for (const m of pdf.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
      const start = m.index! + m[0].length;
      expect(pdf.slice(start + Number(m[1]), start + Number(m[1]) + 10)).toBe('\nendstream');
    }
    expect(pdf).toContain('(\xc9t\xe9 \x96 \xab guide \xbb \\(test\\) \\\\ 100 \x80) Tj');
  });
});
