// The inalterable ledger over HTTP on a real database (api/domain/ledger): every bill,
// credit note, payment and payment change in the chain; the triggers refusing UPDATE,
// DELETE, TRUNCATE and a broken link in plain SQL; the verifier catching each tampering
// made as superuser with triggers off (session_replication_role = replica, rolled back);
// day and month closures with their §8 (docs/errors.md#messages) messages, totals, PDF; no billing in a closed
// month; a closure killed half-way leaves nothing; the FEC passes the structural checker.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { startTestServer, type TestServer } from './harness';
import { sqlError } from './sql-helpers';
import { expectRefused, fecFile, postOk, unique } from './http-helpers';
import { billOn, bookStay, campsite, creditOn, type Campsite } from './billing-fixtures';
import { verifyLedger } from '../../api/domain/ledger/verify';
import { checkFec } from '../unit/ledger/fec-checker';
import { closeMonth } from '../../api/domain/ledger/closures';
import { closeFinancialYear } from '../../api/domain/establishment/financial-year-close';
import { checkArchive, sha256 } from '../../api/domain/ledger/archive-check';
import { canonicalJson } from '../../api/domain/ledger/canonical';

let t: TestServer;
let c: Campsite;
const OCT = '2026-10';
const payment = (body: Record<string, unknown>) =>
  t.admin.post('/rest/payment/edit', { id: 0, ...body }, { returnEditItem: 'true' });
async function paid(body: Record<string, unknown>) {
  const r = await payment(body);
  expect(r.status, r.text).toBe(200);
  return r.body.item;
}
const entries = () =>
  t
    .knex('ledger_entry')
    .where('chain', 'fiscal')
    .orderBy('seq')
    .select('seq', 'kind', 'amount', 'businessDate', 'sourceTable', 'sourceId', 'body');
class Rollback extends Error {}
/** Tampers as superuser with triggers off, verifies, then rolls everything back. */
async function tampered(change: (trx: Knex.Transaction) => Promise<void>) {
  let result: any;
  await t.knex
    .transaction(async (trx) => {
      await trx.raw('SET LOCAL session_replication_role = replica');
      await change(trx);
      result = await verifyLedger(trx as unknown as Knex);
      throw new Rollback();
    })
    .catch((e) => {
      if (!(e instanceof Rollback)) throw e;
    });
  return result;
}

let stayA: { bookingId: number; total: number };
let deposit: any, credit: any;
let card: any, cheque: any;
let cash: number;

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 4);
  stayA = await bookStay(t, c, c.places[0], '2031-07-04', '2031-07-08');
  cash = (await postOk(t.admin, '/rest/payment-method', { label: unique('Espèces '), kind: 'cash' })).id;
});
afterAll(async () => {
  await t?.close();
});

describe('every payment-bearing record is in the chain, in its own transaction', () => {
  it('a bill, a credit note, payments, a changed and a deleted payment each append their entry', async () => {
    deposit = await billOn(t, stayA.bookingId, { kind: 'deposit' }, `${OCT}-05`);
    card = await paid({
      bookingId: stayA.bookingId,
      paymentMethodId: c.card,
      amount: 5000,
      date: `${OCT}-05`,
      cardLast4: '4242',
    });
    cheque = await paid({ bookingId: stayA.bookingId, paymentMethodId: cash, amount: 3000, date: `${OCT}-06` });
    // A changed amount: the old payment cancelled, the new one recorded (no rewrite).
    const edited = await t.admin.put(`/rest/payment/${cheque.id}`, { ...cheque, amount: 3500 });
    expect(edited.status, edited.text).toBe(200);
    // A note only: nothing to record.
    expect((await t.admin.put(`/rest/payment/${card.id}`, { ...card, notes: 'vu' })).status).toBe(200);
    const extra = await paid({ bookingId: stayA.bookingId, paymentMethodId: c.card, amount: 700, date: `${OCT}-06` });
    expect((await t.admin.del(`/rest/payment/${extra.id}?reason=Doublon`)).status).toBe(200);
    credit = await creditOn(t, deposit.id, { reason: 'Erreur de montant' }, `${OCT}-06`);
    const rows = await entries();
    expect(rows.map((e) => [e.kind, e.amount])).toEqual([
      ['bill', deposit.totalInclVat],
      ['payment', 5000],
      ['payment', 3000],
      ['payment-cancel', -3000],
      ['payment', 3500],
      ['payment', 700],
      ['payment-cancel', -700],
      ['credit-note', -deposit.totalInclVat],
    ]);
    expect(rows.map((e) => Number(e.seq))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const body = JSON.parse(rows[0].body);
    expect(body.data.number).toBe(deposit.number);
    expect(JSON.parse(rows[7].body).data.number).toBe(credit.number);
    expect(body.data.vat).toEqual(
      deposit.vatTotals.map((v: any) => ({
        rateBp: v.vatRateBp,
        exclVat: v.totalExclVat,
        vat: v.vatAmount,
        inclVat: v.totalInclVat,
      })),
    );
    expect(body.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    // Sorted keys: the canonical form.
    expect(Object.keys(body)).toEqual([...Object.keys(body)].sort());
  });

  it('the verifier finds the chain whole, over HTTP too', async () => {
    const r = await t.admin.get('/rest/fiscal/verify?signatures=all');
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ status: 'ok', count: 8, first: 1, last: 8, breaks: [] });
    expect(r.body.signaturesChecked).toBe(9);
    const key = (await t.admin.get('/rest/fiscal/key')).body;
    expect(key.publicKey).toContain('BEGIN PUBLIC KEY');
    expect(key.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('the database refuses any change (plain SQL)', () => {
  it(
    'UPDATE, DELETE and TRUNCATE of entries, ' + 'DELETE or a jump of the head, an entry not continuing the chain',
    async () => {
      expect(await sqlError(t.knex, 'UPDATE ledger_entry SET amount = amount + 1 WHERE seq = 2')).toContain(
        'NOT_AUTHORISED',
      );
      expect(await sqlError(t.knex, 'UPDATE ledger_entry SET amount = 0 WHERE false')).toContain('NOT_AUTHORISED');
      expect(await sqlError(t.knex, 'DELETE FROM ledger_entry WHERE seq = 8')).toContain('NOT_AUTHORISED');
      expect(await sqlError(t.knex, 'TRUNCATE ledger_entry CASCADE')).toContain('NOT_AUTHORISED');
      expect(await sqlError(t.knex, 'DELETE FROM ledger_head')).toContain('NOT_AUTHORISED');
      expect(
        await sqlError(
          t.knex,
          'UPDATE ledger_head SET last_seq = 6, last_hash = (SELECT hash FROM ledger_entry WHERE seq = 6 AND chain ' +
            "= 'fiscal') WHERE chain = 'fiscal'",
        ),
      ).toContain('NOT_AUTHORISED');
      expect(await sqlError(t.knex, 'UPDATE ledger_key SET public_key = public_key')).toContain('NOT_AUTHORISED');
      expect(
        await sqlError(
          t.knex,
          `INSERT INTO ledger_entry (establishment_id, chain, seq, kind, recorded_at, amount, body, prev_hash, hash,
            key_id, signature)
      SELECT establishment_id, 'fiscal', 9, 'payment', now(), 1, '{}', last_hash, repeat('a', 64), 1, 'x'
        FROM ledger_head WHERE chain = 'fiscal'`,
        ),
      ).toContain('NOT_AUTHORISED');
      expect((await verifyLedger(t.knex)).status).toBe('ok');
    },
  );
});

describe('the verifier catches tampering made as superuser with the triggers off', () => {
  it('an edited amount (column, or inside the signed content)', async () => {
    let v = await tampered((trx) =>
      trx.raw("UPDATE ledger_entry SET amount = amount + 100 WHERE chain = 'fiscal' AND seq = 3"),
    );
    expect(v.status).toBe('broken');
    expect(v.breaks).toEqual([expect.objectContaining({ seq: 3, kind: 'field' })]);
    v = await tampered((trx) =>
      trx.raw(
        `UPDATE ledger_entry SET body = replace(body, '"amount":3000', '"amount":3001') WHERE chain = 'fiscal' ` +
          `AND seq = 3`,
      ),
    );
    expect(v.breaks[0]).toMatchObject({ seq: 3, kind: 'hash' });
  });

  it('one byte of one signature (every signature is checked on a chain this size)', async () => {
    const v = await tampered((trx) =>
      trx.raw(
        "UPDATE ledger_entry SET signature = (CASE WHEN left(signature, 1) = 'A' THEN 'B' ELSE 'A' END) || " +
          "substr(signature, 2) WHERE chain = 'fiscal' AND seq = 2",
      ),
    );
    expect(v.status).toBe('broken');
    expect(v.breaks).toEqual([expect.objectContaining({ seq: 2, kind: 'signature' })]);
  });

  it('a deleted middle entry', async () => {
    const v = await tampered((trx) => trx.raw("DELETE FROM ledger_entry WHERE chain = 'fiscal' AND seq = 4"));
    expect(v.breaks[0]).toMatchObject({ seq: 4, kind: 'gap' });
    expect(v.count).toBe(7);
  });

  it('the last two entries deleted', async () => {
    const v = await tampered((trx) => trx.raw("DELETE FROM ledger_entry WHERE chain = 'fiscal' AND seq >= 7"));
    expect(v.breaks[0]).toMatchObject({ seq: 7, kind: 'truncated' });
    // The credit note of entry 8 is left without its entry.
    expect(v.breaks[1]).toMatchObject({ kind: 'missing' });
    // The head moved back too: its signature no longer matches.
    const w = await tampered(async (trx) => {
      await trx.raw("DELETE FROM ledger_entry WHERE chain = 'fiscal' AND seq >= 7");
      await trx.raw(
        "UPDATE ledger_head h SET last_seq = 6, last_hash = e.hash FROM ledger_entry e WHERE e.chain = 'fiscal' " +
          "AND e.seq = 6 AND h.chain = 'fiscal'",
      );
    });
    expect(w.breaks[0]).toMatchObject({ seq: 6, kind: 'signature' });
  });

  it('two entries swapped', async () => {
    const v = await tampered(async (trx) => {
      await trx.raw("UPDATE ledger_entry SET seq = 1000 WHERE chain = 'fiscal' AND seq = 5");
      await trx.raw("UPDATE ledger_entry SET seq = 5 WHERE chain = 'fiscal' AND seq = 6");
      await trx.raw("UPDATE ledger_entry SET seq = 6 WHERE chain = 'fiscal' AND seq = 1000");
    });
    expect(v.breaks[0]).toMatchObject({ seq: 5, kind: 'order' });
  });

  it('a signature copied from another entry: found by default, not by the sampled check', async () => {
    const copy =
      "UPDATE ledger_entry SET signature = (SELECT signature FROM ledger_entry WHERE chain = 'fiscal' AND seq " +
      "= 1) WHERE chain = 'fiscal' AND seq = 2";
    const v = await tampered((trx) => trx.raw(copy));
    expect(v.breaks).toEqual([expect.objectContaining({ seq: 2, kind: 'signature' })]);
    // Sampled (the default beyond ALL_SIGNATURES_UP_TO entries): entry 2 is neither a closure nor the last one.
    let sampled: any;
    await t.knex
      .transaction(async (trx) => {
        await trx.raw('SET LOCAL session_replication_role = replica');
        await trx.raw(copy);
        sampled = await verifyLedger(trx as unknown as Knex, { allSignatures: false });
        throw new Rollback();
      })
      .catch((e) => {
        if (!(e instanceof Rollback)) throw e;
      });
    expect(sampled.status).toBe('ok');
  });
});

describe('closures', () => {
  let day6: any;
  it('the Z of a day: everything since the previous one, per VAT rate and per method', async () => {
    const r = await t.admin.post('/rest/closure/day', { date: `${OCT}-06` });
    expect(r.status, r.text).toBe(200);
    day6 = r.body.item;
    expect(day6).toMatchObject({
      level: 'day',
      date: `${OCT}-06`,
      count: 8,
      firstSeq: 1,
      lastSeq: 8,
      sales: 0,
      perpetual: 0,
      paymentsTotal: 8500,
    });
    expect(day6.payments.map((p: any) => p.amount).sort()).toEqual([3500, 5000]);
    for (const v of day6.vat) expect(v).toMatchObject({ exclVat: 0, vat: 0, inclVat: 0 });
    expectRefused(await t.admin.post('/rest/closure/day', { date: `${OCT}-06` }), 'CLOSURE_DOCUMENTS_GENERATED');
    expectRefused(await t.admin.post('/rest/closure/day', { date: `${OCT}-07` }), 'NO_INVOICE_SINCE_LAST_PERIOD');
    expectRefused(await t.admin.post('/rest/closure/day', { date: `${OCT}-05` }), 'NOTHING_TO_CLOSE');
    const pdf = await fetch(`${t.url}/rest/closure/document/${day6.seq}`, { headers: { cookie: t.admin.cookie! } });
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe('%PDF');
    const daily = (await t.admin.get(`/rest/daily-operations?date=${OCT}-06`)).body;
    expect(daily.closure.seq).toBe(day6.seq);
    expect(daily.totals.paymentsTotal).toBe(3000 - 3000 + 3500 + 700 - 700);
    expect((await t.knex('ledger_entry').where({ chain: 'jet', kind: 'closure' })).length).toBe(1);
    const jet = (await t.admin.get('/rest/jet/list')).body.rows;
    expect(jet[0]).toMatchObject({ kind: 'closure', label: 'Clôture', data: { level: 'day', fiscalSeq: day6.seq } });
    expect((await t.admin.get('/rest/fiscal/verify?chain=jet')).body).toMatchObject({ status: 'ok', count: 1 });
    const status = (await t.admin.get('/rest/closure/status')).body;
    expect(status).toMatchObject({ pending: 0, stale: false, lastDay: { seq: day6.seq } });
  });

  it('a second day, then the month: the sum of its days; no billing in it afterwards', async () => {
    await billOn(t, stayA.bookingId, { kind: 'deposit', amount: 2000 }, `${OCT}-20`);
    expectRefused(await t.admin.post('/rest/closure/month', { month: OCT }), 'PERIOD_MUST_BE_CLOSED');
    const d20 = await postOk(t.admin, '/rest/closure/day', { date: `${OCT}-20` });
    expect(d20.item).toMatchObject({ sales: 2000, perpetual: 2000, count: 1, firstSeq: day6.seq + 1 });
    expectRefused(await t.admin.post('/rest/closure/month', { month: '2026-11' }), 'NOTHING_TO_CLOSE');
    const month = (await postOk(t.admin, '/rest/closure/month', { month: OCT })).item;
    expect(month).toMatchObject({
      level: 'month',
      date: `${OCT}-01`,
      periodEnd: `${OCT}-31`,
      sales: 2000,
      perpetual: 2000,
      paymentsTotal: 8500,
      count: 9,
      firstSeq: 1,
    });
    expectRefused(await t.admin.post('/rest/closure/month', { month: OCT }), 'MONTH_ALREADY_CLOSED');
    // Nothing dated in a closed month any more: a bill, a payment; the number is not used.
    const before = await t.knex('bill_counter').where('series', 'invoice').first('lastNumber');
    // Refused by the domain's check or, first, by the database's trigger (migration 0220): the same code.
    const refused = await billOn(t, stayA.bookingId, { kind: 'deposit', amount: 100 }, `${OCT}-25`).catch((e) => e);
    expect(
      refused.code === 'MONTH_ALREADY_CLOSED' || String(refused.message).endsWith('MONTH_ALREADY_CLOSED'),
      refused.message,
    ).toBe(true);
    expect((await t.knex('bill_counter').where('series', 'invoice').first('lastNumber')).lastNumber).toBe(
      before.lastNumber,
    );
    expectRefused(
      await payment({ bookingId: stayA.bookingId, paymentMethodId: c.card, amount: 100, date: `${OCT}-25` }),
      'MONTH_ALREADY_CLOSED',
    );
    expectRefused(await t.admin.post('/rest/closure/day', { date: `${OCT}-30` }), 'MONTH_ALREADY_CLOSED');
    const v = await verifyLedger(t.knex, { allSignatures: true });
    expect(v).toMatchObject({ status: 'ok', breaks: [] });
  });

  it('closure totals edited as superuser: the verifier says which closure', async () => {
    const z = await t.knex('ledger_entry').where({ chain: 'fiscal', kind: 'closure-day' }).orderBy('seq').first('seq');
    const v = await tampered((trx) =>
      trx.raw(`UPDATE ledger_entry SET amount = amount + 1 WHERE chain = 'fiscal' AND seq = ?`, [z.seq]),
    );
    expect(v.breaks[0]).toMatchObject({ seq: Number(z.seq), kind: 'field' });
  });

  it('the year: the technical user only', async () => {
    const fy = await t.knex('financial_year').orderBy('startDate').first('id');
    const r = await t.admin.post('/rest/closure/year', { financialYearId: fy?.id ?? 1 });
    expect(r.status).toBe(401);
    expect(r.body.code).toBe('ONLY_TECHNICAL_USER_CAN_CLOSE');
  });

  it('a closure killed half-way leaves nothing (all or nothing)', async () => {
    await postOk(t.admin, '/rest/payment/edit', {
      id: 0,
      bookingId: stayA.bookingId,
      paymentMethodId: c.card,
      amount: 1234,
      date: '2026-11-02',
    });
    const head = await t.knex('ledger_head').where('chain', 'fiscal').first('lastSeq');
    // Hold the JET head: the closure writes its fiscal entry, then waits there.
    const blocker = await t.knex.transaction();
    await blocker('ledger_head').where('chain', 'jet').forUpdate().first();
    const call = t.admin.post('/rest/closure/day', { date: '2026-11-02' });
    let pid: number | undefined;
    await expect
      .poll(
        async () => {
          const { rows } = await t.knex.raw(
            "SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE '%ledger_head%' AND " +
              'pid <> pg_backend_pid()',
          );
          pid = rows[0]?.pid;
          return !!pid;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    const mid = (await t.knex.raw(`SELECT count(*)::int AS n FROM ledger_entry WHERE kind = 'closure-day'`)).rows[0].n;
    await t.knex.raw('SELECT pg_terminate_backend(?)', [pid!]);
    await blocker.rollback();
    const r = await call;
    expect(r.status).toBeGreaterThanOrEqual(500);
    expect(mid).toBe(2); // the uncommitted closure is invisible
    expect((await t.knex('ledger_entry').where({ kind: 'closure-day' })).length).toBe(2);
    expect((await t.knex('ledger_head').where('chain', 'fiscal').first('lastSeq')).lastSeq).toBe(head.lastSeq);
    expect((await verifyLedger(t.knex)).status).toBe('ok');
    // Then it goes through.
    expect((await postOk(t.admin, '/rest/closure/day', { date: '2026-11-02' })).item).toMatchObject({
      count: 1,
      paymentsTotal: 1234,
    });
  });
});

describe('the year closure (inside the financial year closing)', () => {
  it('needs its months closed, then sums them, with its perpetual total', async () => {
    const today = '2027-01-05';
    for (const [label, startDate, endDate] of [
      ['Exercice 2026', '2026-01-01', '2026-12-31'],
      ['Exercice 2027', '2027-01-01', '2027-12-31'],
    ]) {
      if (!(await t.knex('financial_year').where({ startDate }).first('id')))
        await t.knex('financial_year').insert({ label: `${label} ${Date.now() % 1000}`, startDate, endDate });
    }
    const years = await t
      .knex('financial_year')
      .where('endDate', '<', '2026-12-31')
      .where('isClosed', false)
      .orderBy('startDate')
      .select('id');
    for (const y of years) await closeFinancialYear(t.knex, y.id, 1, today);
    const fy = await t.knex('financial_year').where({ startDate: '2026-01-01' }).first('id');
    await expect(closeFinancialYear(t.knex, fy.id, 1, today)).rejects.toMatchObject({ code: 'MONTH_MUST_BE_CLOSED' });
    const nov = await closeMonth(t.knex, '2026-11', null, today);
    expect(nov).toMatchObject({ level: 'month', paymentsTotal: 1234, perpetual: 2000 });
    await closeFinancialYear(t.knex, fy.id, 1, today);
    const [year] = (await t.admin.get('/rest/closure/list?level=year')).body.rows;
    expect(year).toMatchObject({
      level: 'year',
      date: '2026-01-01',
      periodEnd: '2026-12-31',
      sales: 2000,
      perpetual: 2000,
      paymentsTotal: 8500 + 1234,
    });
    expect((await t.knex('financial_year').where('id', fy.id).first('isClosed')).isClosed).toBe(true);
    expect((await verifyLedger(t.knex, { allSignatures: true })).status).toBe('ok');
  });
});

describe('the FEC', () => {
  it('of the year: named <SIREN>FEC<AAAAMMJJ>.txt, it passes the structural checker', async () => {
    const { status, name, text } = await fecFile(t, 2026);
    expect(status).toBe(200);
    expect(name).toBe('732829320FEC20261231.txt');
    const check = checkFec(name, text, { start: '2026-01-01', end: '2026-12-31' });
    expect(check.problems).toEqual([]);
    expect(check.entries).toBe(10); // 3 bills/credit notes, 7 payments and cancellations
    expect(text.split('\r\n')[1].split('\t')).toHaveLength(18);
  });
});

describe('the yearly archive (signed, checked offline)', () => {
  it('archives the closed year once, journaled, and the offline check finds any altered byte', async () => {
    const [year] = (await t.admin.get('/rest/closure/list?level=year')).body.rows;
    const made = await t.admin.post('/rest/closure/archive', { closureSeq: year.seq });
    expect(made.status, made.text).toBe(200);
    const rec = made.body.item;
    expect(rec).toMatchObject({
      closureSeq: year.seq,
      name: expect.stringMatching(/^bivouac-archive-\d+-2026\.json$/),
    });
    expectRefused(await t.admin.post('/rest/closure/archive', { closureSeq: year.seq }), 'CLOSURE_DOCUMENTS_GENERATED');
    expect((await t.admin.post('/rest/closure/archive', { closureSeq: year.seq - 1 })).status).toBe(404);
    // Journaled: a fiscal entry naming the manifest's hash, a JET event.
    expect((await t.admin.get('/rest/closure/archives')).body.rows[0]).toMatchObject({
      seq: rec.seq,
      sha256: rec.sha256,
    });
    expect((await t.admin.get('/rest/jet/list')).body.rows[0]).toMatchObject({
      kind: 'archive',
      data: { fiscalSeq: rec.seq, manifestSha256: rec.sha256 },
    });

    const r = await fetch(`${t.url}/rest/closure/archive/${year.seq}`, { headers: { cookie: t.admin.cookie! } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toContain(rec.name);
    const text = await r.text();
    const ok = checkArchive(text);
    expect(ok).toEqual({ status: 'ok', count: rec.count, problems: [] });
    expect(rec.count).toBeGreaterThan(5);
    const a = JSON.parse(text);
    expect(sha256(canonicalJson(a.manifest))).toBe(rec.sha256);

    // One amount changed inside an entry (a digit of its body), the manifest's hash put right: the signature catches
    // it.
    const entries: string = a.files['entries.jsonl'];
    const needle = '\\"amount\\":'; // inside each line's body, a JSON string
    expect(entries.indexOf(needle)).toBeGreaterThan(0);
    const at = entries.indexOf(needle) + needle.length;
    const digit = entries[at] === '1' ? '2' : '1';
    const edited = entries.slice(0, at) + digit + entries.slice(at + 1);
    const e1 = checkArchive(JSON.stringify({ ...a, files: { 'entries.jsonl': edited } }));
    expect(e1.status).toBe('broken');
    expect(e1.problems).toContain('Empreinte du fichier entries.jsonl incorrecte');
    expect(e1.problems.some((p) => /empreinte incorrecte, contenu modifié/.test(p))).toBe(true);
    const resigned = {
      ...a,
      manifest: {
        ...a.manifest,
        files: [{ name: 'entries.jsonl', sha256: sha256(edited), bytes: Buffer.byteLength(edited) }],
      },
      files: { 'entries.jsonl': edited },
    };
    expect(checkArchive(JSON.stringify(resigned)).problems).toContain('Signature du manifeste invalide');
    // A line removed from the middle: the sequence and the link break.
    const lines = entries.split('\n');
    const cut = checkArchive(
      JSON.stringify({ ...a, files: { 'entries.jsonl': [...lines.slice(0, 2), ...lines.slice(3)].join('\n') } }),
    );
    expect(cut.problems.some((p) => /manque/.test(p))).toBe(true);
    expect((await verifyLedger(t.knex, { allSignatures: true })).status).toBe('ok');
  });
});
