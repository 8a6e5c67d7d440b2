// The accounting programs' formats (api/domain/accounting/formats.ts) against their
// documented layouts (docs/accounting-formats.md): every column at its position and width,
// CR/LF after every line, the code page of the format, dates and amounts as each writes
// them; and a connector's journal code and account length (connector.ts).
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import type { FecLine } from '../../../api/domain/accounting/fec';
import { encodeFile, formatText } from '../../../api/domain/accounting/formats';
import { connectorLines, connectorOf, fitAccount } from '../../../api/domain/accounting/connector';

const base = { journalLabel: 'Ventes', date: '2026-10-05', validDate: '2026-10-05', auxNum: '', auxLabel: '' };
/** A bill of 110,00 € (100,00 + 10,00 VAT) to Mme Hélène Dupré, then her card payment. */
const LINES: FecLine[] = [
  {
    ...base,
    journal: 'VT',
    entryNumber: 'VT000001',
    account: '411000',
    accountLabel: 'Clients',
    auxNum: 'C000042',
    auxLabel: 'Hélène Dupré',
    piece: 'FA00012',
    label: 'Facture FA00012 Hélène Dupré',
    debit: 11000,
    credit: 0,
  },
  {
    ...base,
    journal: 'VT',
    entryNumber: 'VT000001',
    account: '706100',
    accountLabel: 'Prestations TVA 10 %',
    piece: 'FA00012',
    label: 'Facture FA00012 Hélène Dupré',
    debit: 0,
    credit: 10000,
  },
  {
    ...base,
    journal: 'VT',
    entryNumber: 'VT000001',
    account: '4457110',
    accountLabel: 'TVA collectée 10 %',
    piece: 'FA00012',
    label: 'Facture FA00012 Hélène Dupré',
    debit: 0,
    credit: 1000,
  },
  {
    ...base,
    journal: 'BQ',
    journalLabel: 'Banque',
    entryNumber: 'BQ000001',
    date: '2026-10-06',
    account: '512000',
    accountLabel: 'Banque',
    piece: 'P7',
    label: 'Paiement Carte',
    debit: 11000,
    credit: 0,
  },
];
const lines = (text: string) => {
  expect(text.endsWith('\r\n')).toBe(true);
  const out = text.slice(0, -2).split('\r\n');
  for (const l of out) expect(l).not.toMatch(/[\r\n]/);
  return out;
};
/** The characters from 1-based position `from` to `to` included, as the layouts number them. */
const at = (line: string, from: number, to: number) => line.slice(from - 1, to);

describe('Quadratus ASCII (« M » lines)', () => {
  const out = lines(formatText('quadratus', LINES));

  it('writes one 231-character line per movement, each field at its documented position', () => {
    expect(out).toHaveLength(4);
    for (const l of out) expect(l).toHaveLength(231);
    const [customer, sales] = out;
    expect(at(customer, 1, 1)).toBe('M');
    expect(at(customer, 2, 9)).toBe('C000042 ');
    expect(at(customer, 10, 11)).toBe('VT');
    expect(at(customer, 12, 14)).toBe('000');
    expect(at(customer, 15, 20)).toBe('051026');
    expect(at(customer, 22, 41)).toBe('Facture FA00012 Hélè');
    expect(at(customer, 42, 43)).toBe('D+');
    expect(at(customer, 44, 55)).toBe('000000011000');
    expect(at(customer, 64, 69)).toBe('000000');
    expect(at(customer, 75, 79)).toBe('00012');
    expect(at(customer, 100, 107)).toBe(' FA00012');
    expect(at(customer, 108, 110)).toBe('EUR');
    expect(at(customer, 111, 113)).toBe('VT ');
    expect(at(customer, 117, 146)).toBe('Facture FA00012 Hélène Dupré  ');
    expect(at(customer, 149, 158)).toBe('   FA00012');
    expect(at(customer, 159, 231).trim()).toBe('');
    expect(at(sales, 2, 9)).toBe('706100  ');
    expect(at(sales, 42, 55)).toBe('C+000000010000');
    expect(at(out[3], 10, 20)).toBe('BQ000061026');
  });

  it('is ISO-8859-15: one byte per character', () => {
    const bytes = encodeFile('quadratus', formatText('quadratus', LINES));
    expect(bytes.length).toBe(4 * 233);
    expect(bytes[38]).toBe(0xe9); // « é » of « Hélène », position 39
    expect(iconv.decode(bytes, 'iso-8859-15')).toBe(formatText('quadratus', LINES));
  });
});

describe('XIMPORT (Ciel, Sage 50)', () => {
  const out = lines(formatText('ximport', LINES));

  it('writes 142-character lines, the movement number shared by the lines of an entry', () => {
    for (const l of out) expect(l).toHaveLength(142);
    const [customer, , vat, bank] = out;
    expect(at(customer, 1, 5)).toBe('    1');
    expect(at(customer, 6, 7)).toBe('VT');
    expect(at(customer, 8, 15)).toBe('20261005');
    expect(at(customer, 16, 23)).toBe('        ');
    expect(at(customer, 24, 35)).toBe('FA00012     ');
    expect(at(customer, 36, 46)).toBe('C000042    ');
    expect(at(customer, 47, 71)).toBe('Facture FA00012 Hélène Du');
    expect(at(customer, 72, 84)).toBe('0000000110.00');
    expect(at(customer, 85, 85)).toBe('D');
    expect(at(customer, 86, 103)).toBe(' '.repeat(18));
    expect(at(customer, 104, 137)).toBe('Hélène Dupré'.padEnd(34));
    expect(at(customer, 138, 142)).toBe('O2003');
    expect(at(vat, 1, 5)).toBe('    1');
    expect(at(vat, 36, 46)).toBe('4457110    ');
    expect(at(vat, 72, 85)).toBe('0000000010.00C');
    expect(at(bank, 1, 15)).toBe('    2BQ20261006');
  });

  it('is CP850', () => {
    const bytes = encodeFile('ximport', formatText('ximport', LINES));
    expect(bytes.length).toBe(4 * 144);
    expect(bytes[63]).toBe(0x82); // « é » of « Hélène », position 64, in CP850
    expect(iconv.decode(bytes, 'cp850')).toBe(formatText('ximport', LINES));
  });
});

describe('EBP ASCII', () => {
  it('writes 11 comma-separated fields, quoted label and piece, DDMMYYYY dates, CR/LF, CP850', () => {
    const out = lines(formatText('ebp', LINES));
    expect(out[0]).toBe(
      '    1,05102026,VT,C000042        ,,"Facture FA00012 Hélène Dupré            ",' +
        '"FA00012        ",0000000110.00,D,05102026,',
    );
    expect(out[3]).toBe(
      '    2,06102026,BQ,512000         ,,"Paiement Carte                          ",' +
        '"P7             ",0000000110.00,D,06102026,',
    );
    const bytes = encodeFile('ebp', formatText('ebp', LINES));
    expect(bytes.indexOf(0x82)).toBeGreaterThan(0);
  });

  it('keeps a comma or a quote of a label from splitting the fields', () => {
    const [l] = lines(formatText('ebp', [{ ...LINES[0], label: 'Séjour "été", 2 nuits' }]));
    expect(l.split(',')).toHaveLength(11 + 1); // the comma inside the quoted label
    expect(l).toContain("\"Séjour 'été', 2 nuits");
  });
});

describe('a connector’s settings', () => {
  const c = connectorOf({
    id: 1,
    label: 'Cabinet',
    settings: { journalCode: 've', accountLength: 8, exportFormat: 'quadratus' },
  });

  it('pads or cuts general accounts to its length, renames the sales journal, keeps auxiliary accounts', () => {
    expect(fitAccount('411', 8)).toBe('41100000');
    expect(fitAccount('4457110', 6)).toBe('445711');
    const out = connectorLines(LINES, c, 'VT');
    expect(out.map((l) => l.account)).toEqual(['41100000', '70610000', '44571100', '51200000']);
    expect(out[0].auxNum).toBe('C000042');
    expect(out.map((l) => l.journal)).toEqual(['VE', 'VE', 'VE', 'BQ']);
    expect(out[0].entryNumber).toBe('VE000001');
    const text = lines(formatText('quadratus', out));
    expect(at(text[1], 2, 11)).toBe('70610000VE');
  });

  it('sends nowhere without a protocol and a host; the default port of its protocol', () => {
    expect(c.send).toBeNull();
    const sftp = connectorOf({ id: 2, label: 'x', settings: { protocol: 'sftp', host: 'h', password: 'p' } });
    expect(sftp.send).toMatchObject({ protocol: 'sftp', host: 'h', port: 22, directory: '' });
    expect(sftp.exportFormat).toBe('csv');
  });
});
