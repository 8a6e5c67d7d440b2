// The exact bytes the ledger signs, pinned (Odoo's test_string_to_hash): one entry of each
// kind with fixed fields, its canonical body, its chained hash and its Ed25519 signature
// (deterministic) under a fixed test key; and the digests of a bill's and a ticket's lines.
// Every stored hash depends on these bytes: a change of the canonical form, of the body's
// fields or of the digests fails here, and must then be a decision (a new chain format the
// verifier knows), never an accident.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { entryBody, type EntryInput } from '../../../api/domain/ledger/append';
import { chainHash, GENESIS, headMessage } from '../../../api/domain/ledger/canonical';
import { billLinesDigest, saleLinesDigest } from '../../../api/domain/ledger/digest';
import { signingKey, signText, verifyText } from '../../../api/domain/ledger/keys';

// A key for this test only (never an installation's): Ed25519 signs deterministically.
const TEST_KEY_PEM = `-----BEGIN PRIVATE KEY-----
MC4CAQAwBQYDK2VwBCIEIKdhijtuvAvH+3pqcxy1nJEXTaNrpQ3uDlMTlfUpL1C+
-----END PRIVATE KEY-----
`;
const keyDir = mkdtempSync(join(tmpdir(), 'bivouac-pinned-'));
writeFileSync(join(keyDir, 'ledger-signing-key.pem'), TEST_KEY_PEM);
const key = signingKey(join(keyDir, 'ledger-signing-key.pem'));

const vat10 = { rateBp: 1000, exclVat: 20_000, vat: 2_000, inclVat: 22_000 };
const vat20 = { rateBp: 2000, exclVat: 5_000, vat: 1_000, inclVat: 6_000 };

const BILL_LINES = [
  {
    id: 7,
    position: 1,
    lineType: 1,
    label: 'Emplacement confort',
    quantity: 4,
    unitPriceExclVat: 5_000,
    unitPriceInclVat: 5_500,
    vatRateBp: 1000,
    amountExclVat: 20_000,
    vatAmount: 2_000,
    amountInclVat: 22_000,
    startDate: '2026-07-01',
    endDate: '2026-07-05',
    creditedLineId: null,
    depositBillId: null,
  },
];
const SALE_LINES = [
  {
    id: 3,
    position: 1,
    articleId: 12,
    code: 'PAIN',
    label: 'Baguette',
    quantity: 2,
    unitPrice: 120,
    lineDiscount: 0,
    ticketDiscountShare: 0,
    vatRateBp: 550,
    amountInclVat: 240,
    amountExclVat: 227,
    vatAmount: 13,
    giftVoucherId: null,
    returnOfLineId: null,
  },
];

/**
 * One entry of each kind, with fields like those its builder writes (ledger/entries.ts,
 * sales/ledger-entry.ts, closures.ts).
 */
const ENTRIES: EntryInput[] = [
  {
    kind: 'bill',
    date: '2026-07-05',
    source: { table: 'bill', id: 41 },
    amount: 28_000,
    data: {
      number: 'FA00041',
      isDeposit: false,
      customer: 'Émile Dupont',
      customerId: 9,
      creditedBillId: null,
      exclVat: 25_000,
      vatTotal: 3_000,
      inclVat: 28_000,
      outsideVat: 0,
      touristTax: 0,
      vat: [vat10, vat20],
      lineCount: 1,
      lines: billLinesDigest(BILL_LINES),
    },
  },
  {
    kind: 'credit-note',
    date: '2026-07-06',
    source: { table: 'bill', id: 42 },
    amount: -6_000,
    data: { number: 'AV00001', isDeposit: false, creditedBillId: 41, inclVat: -6_000, vat: [{ ...vat20 }] },
  },
  {
    kind: 'payment',
    date: '2026-07-05',
    source: { table: 'payment', id: 88 },
    amount: 28_000,
    data: {
      method: { id: 2, label: 'Carte bancaire', kind: 'card' },
      bookingId: 15,
      customerId: 9,
      billId: 41,
      payerType: 'customer',
      category: 'payment',
    },
  },
  {
    kind: 'payment-cancel',
    date: '2026-07-05',
    source: { table: 'payment', id: 88 },
    amount: -28_000,
    data: { method: { id: 2, label: 'Carte bancaire', kind: 'card' }, bookingId: 15, billId: 41 },
  },
  {
    kind: 'cash-ticket',
    date: '2026-07-05',
    source: { table: 'sale', id: 5 },
    amount: 240,
    data: {
      number: 'T-C1-00005',
      register: 'C1',
      returnOfSaleId: null,
      inclVat: 240,
      vat: [{ rateBp: 550, exclVat: 227, vat: 13, inclVat: 240 }],
      payments: [{ kind: 'cash', amount: 240 }],
      lineCount: 1,
      lines: saleLinesDigest(SALE_LINES),
    },
  },
  {
    kind: 'closure-day',
    date: '2026-07-05',
    periodEnd: '2026-07-05',
    amount: 28_240,
    data: { sales: 28_240, outsideVat: 0, paymentsTotal: 28_000, count: 3, firstSeq: 1, lastSeq: 3, perpetual: 28_240 },
  },
  { chain: 'jet', kind: 'closure', date: '2026-07-05', periodEnd: '2026-07-05', data: { level: 'day', fiscalSeq: 6 } },
];

/** Each entry chained after the previous one, as appendEntry does. */
function chained() {
  let prev = GENESIS;
  return ENTRIES.map((input, i) => {
    const body = entryBody(input, { at: '2026-07-05T18:00:00Z', establishment: 1, seq: i + 1 });
    const hash = chainHash(prev, body);
    prev = hash;
    return { kind: input.kind, body, hash, signature: signText(hash, key) };
  });
}

const BILL_BODY =
  '{"amount":28000,"at":"2026-07-05T18:00:00Z","chain":"fiscal","data":{"creditedBillId":null,' +
  '"customer":"Émile Dupont","customerId":9,"exclVat":25000,"inclVat":28000,"isDeposit":false,"lineCount":1,' +
  '"lines":"106e259dc95937d200320b5cdb04f14c5bf35473e4dda48ed63cb36585948e2f","number":"FA00041",' +
  '"outsideVat":0,"touristTax":0,"vat":[{"exclVat":20000,"inclVat":22000,"rateBp":1000,"vat":2000},' +
  '{"exclVat":5000,"inclVat":6000,"rateBp":2000,"vat":1000}],"vatTotal":3000},"date":"2026-07-05",' +
  '"establishment":1,"kind":"bill","periodEnd":null,"seq":1,"source":{"id":41,"table":"bill"}}';

/** Each entry of the chain above: its kind, hash and signature. */
const PINNED: [kind: string, hash: string, signature: string][] = [
  [
    'bill',
    '51178569380fef4dbe53255db95e35f11dfcbf0c7f6f69ea6f8dbc3db04bbf54',
    'KakNM0hNTB4i8woAL0FDaxaHK3DMTNyjgzHQTZMXR0FpNw3hS+PH3fUOeX7RdopDKHN56HaQu23kkiEPritHDw==',
  ],
  [
    'credit-note',
    '44aeff1c0ccd45ac5d3be66ceb6e6ce2f7ba3e0a0d994f08a4d70a22f1f403e6',
    'T5agIBb/zUdpQ8twoJspyttqyINVczRw+ZczMKyFHiU1J5N5/K37x4oqRNnyxiThhFxq5vwJ4EZAsrL2SQCXAA==',
  ],
  [
    'payment',
    'efa322de4eb0500d78063ca6f53e556ddc157d2e6f9835aa20da6f16eebc5298',
    'Fz/RpPFeJUkSg7GrRwuBBjdRB2rYh82lfdo9zEbR49aoO5NRWzvc9AovnY8UOMGYQZfYMeXMqyB2Ji7gNqHdCg==',
  ],
  [
    'payment-cancel',
    '667a6393f93cf7c855a1f5ad33fd13e64755a7971428b8f8eca64638620e5e3f',
    'L1HRIj3VspW2UPutu+lmHXLn2ljRcsEQYhE5cDK5t9klsKfKlWsZ+U6y/Xvyi1lQQe2L42ALAzXJkPs2FTQ1Dg==',
  ],
  [
    'cash-ticket',
    'e97569a8755adf7c3a1979623200321de82ccf59e119f60f1a87fa675e5dfc93',
    'tfjPmnMLZ+Zd5Cpd5dsaKa0yqQekBke3Q7WfVSYGAiT3XkY2eeR6qnGNopDkHiznrQgXXJfpsxJSR2HztG3OCQ==',
  ],
  [
    'closure-day',
    '36be469e23e1647ad07b58192290dae217c579f14489e394e4068df78d2ec1f7',
    'iwbnOsoH59KoLzR5WV5W066VJk0Oty68iBB3tTpHeqz2TAzfdougjziRHBHb+8fYT2Smdi8h+4H4osqcqMvVAQ==',
  ],
  [
    'closure',
    '90fe9cca6c2a7b0e9cf94ff316b0a1afaac71c63751e3f6523b6ef079ab43e51',
    'bhtLYwnU04+vg8ulmq/tNQdEG0FUzEIZyT352bV88mCEKlxWMrNJY0/Qcjxf9eYt3ns1/plfVzxEyypVw8N6Cw==',
  ],
];

describe('pinned ledger entries', () => {
  const entries = chained();

  it('writes the canonical body byte for byte (keys sorted, no spaces, cents)', () => {
    expect(entries[0].body).toBe(BILL_BODY);
  });

  it('chains and signs each kind to the pinned hash and signature', () => {
    expect(key.fingerprint).toBe('b089940769b253a00e94b9330443967f563b0c5096e07683e39ee3b76c0865d1');
    expect(entries.map((e) => [e.kind, e.hash, e.signature])).toEqual(PINNED);
    for (const e of entries) expect(verifyText(e.hash, e.signature, key.publicKey)).toBe(true);
  });

  it('signs the head message as pinned', () => {
    const head = headMessage(1, 'fiscal', 6, entries[5].hash);
    expect(head).toBe('head|1|fiscal|6|36be469e23e1647ad07b58192290dae217c579f14489e394e4068df78d2ec1f7');
    expect(signText(head, key)).toBe(
      'DWRo+RN6F+16G4yCLNqLGSwyaJXc197XaoZqyJYz6hA2n/Oig/3DU7D7ZGP+HbC950XHifgMK46AIxYuDMFDDg==',
    );
  });

  it('digests the lines of a bill and of a ticket as pinned', () => {
    expect(billLinesDigest(BILL_LINES)).toBe('106e259dc95937d200320b5cdb04f14c5bf35473e4dda48ed63cb36585948e2f');
    expect(saleLinesDigest(SALE_LINES)).toBe('6750df8c4bd271088349c657ddfafaa021bcca8f61621fc1414c80be9e2569aa');
    // a label changed around the application changes the digest
    expect(billLinesDigest([{ ...BILL_LINES[0], label: 'Emplacement' }])).not.toBe(billLinesDigest(BILL_LINES));
  });
});
