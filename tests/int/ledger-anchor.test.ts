// The ledger's anchor outside the database (api/domain/ledger/anchor.ts): a chain put
// back one step (the last payment and its entry deleted, the head re-signed one entry
// earlier) and an older backup restored are both seen — by the verifier (API and the
// function the CLI runs) and the home tile — and the restore refuses the older backup
// unless the technical user declares a disaster recovery, which is journaled and after
// which numbering continues past the highest number ever issued.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { ensureSystemUser } from '../../api/auth/system';
import { startTestServer, type Client, type TestServer } from './harness';
import { postOk } from './http-helpers';
import { bookStay, campsite, type Campsite } from './billing-fixtures';
import { verifyLedger } from '../../api/domain/ledger/verify';
import { headMessage } from '../../api/domain/ledger/canonical';
import { signText } from '../../api/domain/ledger/keys';
import { todayParis } from '../../common/dates';

let t: TestServer;
let c: Campsite;
let sys: Client;
let dataDir: string;
let bookingId: number;
const previousDataDir = process.env.DATA_DIR;
const today = todayParis();
const RESTORE_TIMEOUT = 300_000;

const pay = (amount: number) =>
  postOk(t.admin, '/rest/payment', { bookingId, paymentMethodId: c.card, amount, date: today, cardLast4: '4242' });
const bill = async () => {
  const r = await t.admin.post(`/rest/booking/${bookingId}/bill`, { kind: 'deposit', date: today });
  expect(r.status, r.text).toBe(200);
  return r.body;
};
const closureTile = async () =>
  (await t.admin.get('/rest/home/tiles')).body.tiles.find((x: any) => x.key === 'last-closure');
async function download(): Promise<Buffer> {
  const res = await fetch(`${t.url}/rest/establishment/establishment/backup`, { headers: { Cookie: sys.cookie! } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}
const restore = (backup: Buffer, query = '') =>
  fetch(`${t.url}/rest/backup/restore?confirm=1${query}`, {
    method: 'POST',
    body: new Uint8Array(backup),
    headers: { Cookie: sys.cookie!, 'Content-Type': 'application/gzip', Accept: 'application/json' },
  });

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'bivouac-anchor-'));
  process.env.DATA_DIR = dataDir; // the anchor (and the backups) in a DATA_DIR of this file
  t = await startTestServer();
  await ensureSystemUser(t.knex, 'mot-de-passe-systeme');
  sys = t.client();
  expect((await sys.login('systeme', 'mot-de-passe-systeme')).status).toBe(200);
  c = await campsite(t, 2);
  ({ bookingId } = await bookStay(t, c, c.places[0], '2031-07-04', '2031-07-08'));
});
afterAll(async () => {
  await t?.close();
  if (previousDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = previousDataDir;
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the anchor follows every entry', () => {
  it('is written in DATA_DIR, signed, at the chain’s end; the verifier says ok', async () => {
    await bill();
    await pay(1000);
    // Each chain in two slots written in turn (anchor-file.ts).
    expect(readdirSync(join(dataDir, 'ledger-anchor')).sort()).toEqual([
      expect.stringMatching(/\.public\.fiscal\.2\.json$/),
      expect.stringMatching(/\.public\.fiscal\.json$/),
      expect.stringMatching(/\.public\.jet\.2\.json$/),
      expect.stringMatching(/\.public\.jet\.json$/),
    ]);
    const r = await t.admin.get('/rest/fiscal/verify');
    expect(r.body).toMatchObject({ status: 'ok', breaks: [] });
    expect((await closureTile()).warning ?? null).toBeNull();
  });
});

describe('a database put back behind its anchor', () => {
  it('the last payment and its entry deleted, the head re-signed one step earlier: a break', async () => {
    const last = await t.knex('ledger_entry').where('chain', 'fiscal').orderBy('seq', 'desc').first();
    const prev = await t
      .knex('ledger_entry')
      .where({ chain: 'fiscal', seq: Number(last.seq) - 1 })
      .first();
    let v: any;
    await t.knex
      .transaction(async (trx: Knex.Transaction) => {
        await trx.raw('SET LOCAL session_replication_role = replica');
        await trx('ledger_entry').where({ chain: 'fiscal', seq: last.seq }).del();
        await trx('payment').where('id', last.sourceId).del();
        await trx('ledger_head')
          .where('chain', 'fiscal')
          .update({
            lastSeq: prev.seq,
            lastHash: prev.hash,
            signature: signText(headMessage(prev.establishmentId, 'fiscal', Number(prev.seq), prev.hash)),
          });
        v = await verifyLedger(trx as unknown as Knex);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect(v.status).toBe('broken');
    expect(v.breaks).toEqual([expect.objectContaining({ kind: 'anchor', seq: Number(last.seq) })]);
    expect(v.breaks[0].reason).toContain('Base en retard sur son ancre');
  });
});

describe('restoring an older backup', () => {
  let older: Buffer;
  let highest: number;

  it(
    'is refused while the anchor has more: the data stays as it was',
    async () => {
      older = await download();
      await pay(2000);
      const b = await bill();
      highest = b.sequence ?? Number(String(b.number).replace(/\D/g, ''));
      const before = await t.knex('bill').count({ n: '*' });
      const r = await restore(older);
      expect(r.status).toBe(400);
      expect(await r.json()).toMatchObject({ code: 'RESTORE_BEHIND_ANCHOR' });
      expect(await t.knex('bill').count({ n: '*' })).toEqual(before);
    },
    RESTORE_TIMEOUT,
  );

  it(
    'a numbering rewound around the application: the verifier says so',
    async () => {
      // What restoring the old backup by hand would leave: the last bill and its entries gone.
      const last = await t.knex('ledger_entry').where('chain', 'fiscal').orderBy('seq', 'desc').first();
      let v: any;
      await t.knex
        .transaction(async (trx: Knex.Transaction) => {
          await trx.raw('SET LOCAL session_replication_role = replica');
          await trx('bill_counter')
            .where('series', 'invoice')
            .update({ lastNumber: highest - 1 });
          v = await verifyLedger(trx as unknown as Knex);
          throw new Error('rollback');
        })
        .catch(() => undefined);
      expect(v.breaks.map((b: any) => b.kind)).toContain('anchor');
      expect(v.breaks.find((b: any) => b.kind === 'anchor').reason).toContain('Numérotation des factures en retard');
      expect(Number(last.seq)).toBeGreaterThan(0);
    },
    RESTORE_TIMEOUT,
  );

  it(
    'a declared disaster recovery restores it, journaled, and numbering continues after the highest number',
    async () => {
      const r = await restore(older, '&disasterRecovery=1');
      expect(r.status, await r.clone().text()).toBe(200);
      expect(await r.json()).toMatchObject({ status: 'SAVED', recovery: { from: expect.any(Number) } });
      expect((await t.admin.login()).status).toBe(200);
      const next = await bill();
      expect(next.sequence ?? Number(String(next.number).replace(/\D/g, ''))).toBe(highest + 1);
      const jet = await t.knex('ledger_entry').where({ chain: 'jet', kind: 'recovery' }).select('body');
      expect(jet.map((e) => JSON.parse(e.body).data.status)).toContain('done');
      const v = await t.admin.get('/rest/fiscal/verify');
      expect(v.body).toMatchObject({ status: 'ok', breaks: [] });
    },
    RESTORE_TIMEOUT,
  );

  it('a chain put back for good: the API and the home tile « Dernière clôture » say so', async () => {
    await pay(3000);
    const last = await t.knex('ledger_entry').where('chain', 'fiscal').orderBy('seq', 'desc').first();
    const prev = await t
      .knex('ledger_entry')
      .where({ chain: 'fiscal', seq: Number(last.seq) - 1 })
      .first();
    await t.knex.transaction(async (trx: Knex.Transaction) => {
      await trx.raw('SET LOCAL session_replication_role = replica');
      await trx('ledger_entry').where({ chain: 'fiscal', seq: last.seq }).del();
      await trx('payment').where('id', last.sourceId).del();
      await trx('ledger_head')
        .where('chain', 'fiscal')
        .update({
          lastSeq: prev.seq,
          lastHash: prev.hash,
          signature: signText(headMessage(prev.establishmentId, 'fiscal', Number(prev.seq), prev.hash)),
        });
    });
    const v = await t.admin.get('/rest/fiscal/verify');
    expect(v.body.status).toBe('broken');
    expect(v.body.breaks).toEqual([expect.objectContaining({ kind: 'anchor', seq: Number(last.seq) })]);
    expect((await closureTile()).warning).toContain('Base en retard sur son ancre');
  });
});
