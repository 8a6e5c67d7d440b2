// The ledger bench's synthetic chain (../ledger.bench.ts): N entries continuing the
// demo's fiscal chain — sales, payments and a Z every 500 entries, each hashed and signed
// with the installation key, bulk-loaded with the triggers off (the verifier, not the
// triggers, is what the bench measures).
import type { Knex } from 'knex';
import { canonicalJson, chainHash, headMessage, utcSecond } from '../../../api/domain/ledger/canonical';
import { currentKeyId, signText, signingKey, type SigningKey } from '../../../api/domain/ledger/keys';
import { establishmentId } from '../../../api/domain/ledger/append';
import { totalsOfEntries, type EntryLike } from '../../../api/domain/ledger/totals';

/** Appends N synthetic entries to the fiscal chain and moves its head; the establishment, the key and the ms taken. */
export async function appendSyntheticChain(
  knex: Knex,
  N: number,
): Promise<{ est: number; key: SigningKey; ms: number }> {
  const est = await establishmentId(knex);
  const key = signingKey();
  const keyId = await currentKeyId(knex, key);
  const head = await knex('ledger_head').where({ establishmentId: est, chain: 'fiscal' }).first('lastSeq', 'lastHash');
  let seq = Number(head.lastSeq),
    prev = head.lastHash as string,
    perpetual = 0;
  const methods = [
    { id: 1, label: 'Carte', kind: 'card' },
    { id: 2, label: 'Espèces', kind: 'cash' },
    { id: 3, label: 'Chèque', kind: 'cheque' },
  ];
  // The demo bills just issued wait for the first Z too.
  let sinceZ: EntryLike[] = (
    await knex('ledger_entry')
      .where({ establishmentId: est, chain: 'fiscal' })
      .orderBy('seq')
      .select('seq', 'kind', 'amount', 'body')
  ).map((r) => ({ seq: Number(r.seq), kind: r.kind, amount: Number(r.amount), data: JSON.parse(r.body).data }));
  const t0 = performance.now();
  const BATCH = 5000;
  let rows: any[] = [];
  const flush = async () => {
    if (!rows.length) return;
    const cols = [
      'seq',
      'kind',
      'business_date',
      'period_end',
      'source_table',
      'source_id',
      'amount',
      'body',
      'prev_hash',
      'hash',
      'signature',
    ];
    await knex.transaction(async (trx) => {
      await trx.raw('SET LOCAL session_replication_role = replica');
      await trx.raw(
        `INSERT INTO ledger_entry (establishment_id, chain, recorded_at, key_id, ${cols.join(', ')})
        SELECT ?, 'fiscal', now(), ?, * FROM unnest(?::bigint[], ?::text[], ?::date[], ?::date[], ?::text[],
          ?::bigint[], ?::bigint[], ?::text[], ?::text[], ?::text[], ?::text[])`,
        [est, keyId, ...cols.map((_, c) => rows.map((r) => r[c]))],
      );
    });
    rows = [];
  };
  const at = utcSecond();
  // The synthetic entries' sources are past every real record's id: else the verifier compares
  // a real record (the demo's payments, the bills of part 1) with a synthetic entry.
  const SYNTHETIC = 1_000_000_000;
  for (let i = 1; i <= N; i++) {
    seq++;
    const date =
      `2027-${String(1 + (Math.floor(i / 90_000) % 12)).padStart(2, '0')}-` +
      `${String(1 + (Math.floor(i / 3000) % 28)).padStart(2, '0')}`;
    let kind: string,
      amount: number,
      data: any,
      source: any = null,
      periodEnd: string | null = null;
    if (i % 500 === 0) {
      const t = totalsOfEntries(sinceZ);
      perpetual += t.sales;
      kind = 'closure-day';
      amount = t.sales;
      data = { ...t, perpetual, userId: null };
      periodEnd = `${date}#${i}`;
      sinceZ = [];
    } else if (i % 3 === 0) {
      kind = 'payment';
      amount = 1000 + (i % 9000);
      data = {
        method: methods[i % 3],
        bookingId: i,
        customerId: i % 500,
        billId: null,
        payerType: 'customer',
        category: 'payment',
      };
      source = { table: 'payment', id: SYNTHETIC + i };
    } else {
      const excl = 1000 + (i % 50_000),
        rateBp = i % 2 ? 1000 : 2000,
        vat = Math.round((excl * rateBp) / 10_000);
      kind = i % 97 ? 'bill' : 'credit-note';
      const sign = kind === 'bill' ? 1 : -1;
      data = {
        number: `FA${i}`,
        isDeposit: false,
        customer: 'Client',
        customerId: i % 500,
        creditedBillId: null,
        exclVat: sign * excl,
        vatTotal: sign * vat,
        inclVat: sign * (excl + vat),
        outsideVat: sign * 66,
        touristTax: sign * 66,
        vat: [{ rateBp, exclVat: sign * excl, vat: sign * vat, inclVat: sign * (excl + vat) }],
      };
      amount = sign * (excl + vat + 66);
      source = { table: 'bill', id: SYNTHETIC + i };
    }
    if (kind !== 'closure-day') sinceZ.push({ seq, kind, amount, data });
    // A closure per day: its date made unique for the unique index, its end the same day.
    const bizDate =
      kind === 'closure-day'
        ? new Date(Date.UTC(2030, 0, 1) + (i / 500) * 86_400_000).toISOString().slice(0, 10)
        : date;
    if (periodEnd) periodEnd = bizDate;
    const body = canonicalJson({
      at,
      chain: 'fiscal',
      establishment: est,
      seq,
      kind,
      date: bizDate,
      periodEnd,
      source,
      amount,
      data,
    });
    const hash = chainHash(prev, body);
    rows.push([
      seq,
      kind,
      bizDate,
      periodEnd,
      source?.table ?? null,
      source?.id ?? null,
      amount,
      body,
      prev,
      hash,
      signText(hash, key),
    ]);
    prev = hash;
    if (rows.length >= BATCH) await flush();
  }
  await flush();
  await knex.transaction(async (trx) => {
    await trx.raw('SET LOCAL session_replication_role = replica');
    await trx('ledger_head')
      .where({ establishmentId: est, chain: 'fiscal' })
      .update({ lastSeq: seq, lastHash: prev, keyId, signature: signText(headMessage(est, 'fiscal', seq, prev), key) });
  });
  return { est, key, ms: performance.now() - t0 };
}

/**
 * The synthetic entries name bills and payments that have no row: the verifier reports them deleted
 * (« record » breaks, expected here). Any other break is a defect of the verifier or of the bench.
 */
export function breaksOtherThanSynthetic(breaks: { seq: number; kind: string; reason: string }[]): string {
  const other = breaks.filter((b) => b.kind !== 'record' || !/supprim/.test(b.reason));
  return other.length
    ? ` — UNEXPECTED ${other[0].seq} ${other[0].kind}: ${other[0].reason}`
    : ` (${breaks.length} records of the synthetic entries reported deleted, as expected)`;
}
