// A kill -9 of PostgreSQL while money is written (issue 25 point 6, docs/history.md#issue-25), against the real
// entry point (api/main.ts, its embedded server in a DATA_DIR of its own): 30 final
// bills, 30 till tickets and 30 stay payments are sent at once, each with its
// Idempotency-Key, and the postmaster is killed once a third of them were answered.
// Every answer is a success or a 503 — never a 500; while PostgreSQL replays its journal
// the API answers 503 « Démarrage en cours… », then serves again. Afterwards: every
// success is in the database, nothing of a 503 is; numbering has no gap; no bill or
// ticket is half-written; the ledger verifies (chain, signatures, records against their
// entries, anchor); the 503s retried with their key are written once.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Knex } from 'knex';
import { openDatabase, type Database } from '../../api/db/connect';
import { todayParis } from '../../common/dates';
import { embeddedUrl } from '../../api/db/embedded';
import { ROOT } from '../pg';
import { makeClient, type Client, type Reply, type TestServer } from './harness';
import { bookStay, campsite, COMPANY, type Campsite } from './billing-fixtures';
import { postOk, unique } from './http-helpers';
import { seedFutureYears } from '../future-years';

const DIR = `${ROOT}.tmp/killed-db-${randomBytes(4).toString('hex')}`;
const PASSWORD = 'killed-database-test';
const N = 30;
let api: ChildProcess | undefined;
let base = '';
let admin: Client;
let ownerDb: Database | undefined;
let owner: Knex | undefined;
let c: Campsite;
const till: Record<string, number> = {};
const billStays: number[] = [];
const payStays: { bookingId: number; total: number }[] = [];

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function until<T>(what: () => Promise<T | undefined>, limitMs = 120_000): Promise<T> {
  const end = Date.now() + limitMs;
  for (;;) {
    const got = await what().catch(() => undefined);
    if (got !== undefined) return got;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

function runNode(code: string, env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, ...env },
    });
    p.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`setup exited ${code}`))));
  });
}

// The owner's connection (fixtures, plain-SQL checks), opened again after the kill.
async function ownerKnex(): Promise<Knex> {
  await ownerDb?.close();
  ownerDb = await openDatabase({ url: embeddedUrl(DIR)!, pool: 2, statementTimeoutMs: 0 });
  return ownerDb.knex;
}

beforeAll(async () => {
  rmSync(DIR, { recursive: true, force: true });
  // The database made once without the demo (its seeding takes minutes): migrated and
  // bootstrapped by the owner, as the first start does; main.ts then finds it ready.
  const env = { DATA_DIR: DIR, DATABASE_URL: '', DATABASE_OWNER_URL: '' };
  await runNode(
    `const { startEmbedded } = await import(${JSON.stringify(`${ROOT}api/db/embedded.ts`)});
     const { openDatabase } = await import(${JSON.stringify(`${ROOT}api/db/connect.ts`)});
     const { migrateLatest } = await import(${JSON.stringify(`${ROOT}api/db/migrate.ts`)});
     const { bootstrap } = await import(${JSON.stringify(`${ROOT}api/demo/bootstrap.ts`)});
     const pg = await startEmbedded({ dir: ${JSON.stringify(DIR)} });
     const db = await openDatabase({ url: pg.url, pool: 1, statementTimeoutMs: 0 });
     await migrateLatest(db.knex);
     await bootstrap(db.knex, { adminPassword: ${JSON.stringify(PASSWORD)}, demo: false });
     await db.close(); await pg.stop(); process.exit(0);`,
    env,
  );
  const port = await freePort();
  api = spawn(process.execPath, ['--import', 'tsx', `${ROOT}api/main.ts`], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env, PORT: String(port), ADMIN_PASSWORD: PASSWORD, STATEMENT_TIMEOUT_MS: '60000' },
  });
  base = `http://127.0.0.1:${port}`;
  admin = makeClient(base);
  // A loaded machine compiles main.ts slowly: its first answer may take minutes.
  await until(async () => ((await admin.login('admin', PASSWORD)).status === 200 ? true : undefined), 400_000);
  owner = await ownerKnex();
  // The billing tests' campsite and a till, made over HTTP like a user would.
  const t = { url: base, port, knex: owner, admin, client: () => makeClient(base) } as unknown as TestServer;
  c = await campsite(t, N);
  await owner('establishment').update(COMPANY);
  // Its stays are booked in 2031: the years and activity periods the test databases hold.
  await seedFutureYears(owner);
  for (let i = 0; i < N; i++) {
    billStays.push((await bookStay(t, c, c.places[i], '2031-07-01', '2031-07-05')).bookingId);
    const s = await bookStay(t, c, c.places[i], '2031-07-10', '2031-07-13');
    payStays.push({ bookingId: s.bookingId, total: s.total });
  }
  const post = (path: string, body: unknown) => postOk(admin, path, body);
  till.tva = (await post('/rest/tva', { label: unique('TVA 20 % '), rate: 2000 })).id;
  till.cash = (await post('/rest/payment-method', { label: unique('Espèces '), kind: 'cash' })).id;
  till.type = (await post('/rest/cash-register-type', { label: unique('Accueil ') })).id;
  till.family = (await post('/rest/article-family', { label: unique('Épicerie ') })).id;
  till.bread = (
    await post('/rest/article', {
      code: unique('PAIN'),
      label: 'Baguette',
      articleFamilyId: till.family,
      price: 130,
      tvaId: till.tva,
    })
  ).id;
  till.register = (
    await post('/rest/cash-register', {
      label: unique('Accueil '),
      code: unique('C').slice(0, 10),
      cashRegisterTypeId: till.type,
    })
  ).id;
  await post('/rest/sales/window/open', { cashRegisterId: till.register, openingFloat: 0 });
}, 600_000);

afterAll(async () => {
  await ownerDb?.close();
  if (api && api.exitCode === null) {
    const exited = new Promise((r) => api!.once('exit', r));
    api.kill('SIGTERM');
    await exited;
  }
  rmSync(DIR, { recursive: true, force: true });
}, 60_000);

interface Sent {
  what: 'bill' | 'sale' | 'payment';
  i: number;
  key: string;
  path: string;
  body: unknown;
  reply?: Reply;
}

const postmaster = () => Number(readFileSync(`${DIR}/pg/postmaster.pid`, 'utf8').split('\n')[0]);
const send = (s: Sent) => admin.post(s.path, s.body, { 'Idempotency-Key': s.key });

it('answers each money write with a success or a 503 across a kill -9 of PostgreSQL, loses nothing', async () => {
  const today = todayParis();
  const sent: Sent[] = [];
  for (let i = 0; i < N; i++) {
    sent.push({
      what: 'bill',
      i,
      key: `kill-bill-${i}`,
      path: `/rest/booking/${billStays[i]}/bill`,
      body: { kind: 'final' },
    });
    // i + 1 baguettes: each ticket has its own total, by which it is found again.
    sent.push({
      what: 'sale',
      i,
      key: `kill-sale-${i}`,
      path: '/rest/sales/sell',
      body: {
        cashRegisterId: till.register,
        lines: [{ articleId: till.bread, quantity: i + 1 }],
        payments: [{ kind: 'cash', amount: 130 * (i + 1) }],
      },
    });
    sent.push({
      what: 'payment',
      i,
      key: `kill-pay-${i}`,
      path: '/rest/payment',
      body: { bookingId: payStays[i].bookingId, paymentMethodId: c.card, amount: payStays[i].total, date: today },
    });
  }
  let answered = 0;
  const replies = Promise.all(
    sent.map(async (s) => {
      s.reply = await send(s);
      answered++;
    }),
  );
  // Killed once a third were answered: the others are queued, running or committing.
  await until(async () => (answered >= N ? true : undefined));
  const killed = postmaster();
  process.kill(killed, 'SIGKILL');
  // While PostgreSQL replays its journal the API says so, then serves again. A probe may
  // wait for a pool connection behind the queued writes until PostgreSQL is back, so the
  // 503s are checked on every answer (probes and writes), not awaited from the probe.
  const probes: Reply[] = [];
  await until(async () => {
    const r = await admin.get('/rest/fiscal/verify');
    probes.push(r);
    return r.status === 200 && postmaster() !== killed ? true : undefined;
  });
  await replies;
  const starting = { code: 'SERVER_STARTING', message: expect.stringMatching(/^Démarrage en cours…/) };
  for (const r of probes.filter((p) => p.status === 503)) expect(r.body).toEqual(starting);
  const all = [...probes, ...sent.map((s) => s.reply!)];
  expect(all.some((r) => r.status === 503 && r.body?.code === 'SERVER_STARTING')).toBe(true);

  // Never a 500: a success, or a 503 for what the database did not keep.
  const counts = { ok: 0, unavailable: 0 };
  for (const s of sent) {
    expect([200, 503], `${s.what} ${s.i}: ${s.reply!.status} ${s.reply!.text}`).toContain(s.reply!.status);
    if (s.reply!.status === 200) counts.ok++;
    else counts.unavailable++;
  }
  expect(counts.unavailable).toBeGreaterThan(0); // the kill did fall among the writes
  console.log(`kill -9 of PostgreSQL among ${sent.length} writes: ${counts.ok} × 200, ${counts.unavailable} × 503`);

  const db = await ownerKnex();
  const billsOf = async (bookingId: number) => db('bill').where({ bookingId }).select('id', 'number');
  const salesOf = async (i: number) =>
    db('sale')
      .where({ cashRegisterId: till.register, totalInclVat: 130 * (i + 1) })
      .select('id', 'number');
  const paymentsOf = async (bookingId: number) => db('payment').where({ bookingId }).select('id', 'amount');
  const kept = async (s: Sent) =>
    s.what === 'bill'
      ? billsOf(billStays[s.i])
      : s.what === 'sale'
        ? salesOf(s.i)
        : paymentsOf(payStays[s.i].bookingId);
  // Every success is in the database, as answered; nothing of a 503 is — but for a
  // COMMIT whose acknowledgement the kill cut off: committed, with its key claimed, so
  // its retry says « interrompue : vérifiez » and writes nothing.
  let cutAtCommit = 0;
  for (const s of sent) {
    const rows = await kept(s);
    if (s.reply!.status === 200) {
      expect(rows, `${s.what} ${s.i}`).toHaveLength(1);
      expect(rows[0].id).toBe(s.reply!.body.id);
    } else if (rows.length) {
      expect(rows, `${s.what} ${s.i} answered 503`).toHaveLength(1);
      const again = await send(s);
      expect([again.status, again.body.code]).toEqual([409, 'IDEMPOTENCY_IN_PROGRESS']);
      cutAtCommit++;
    }
  }
  // The 503s sent again with their key: written now, once; the successes replayed.
  let replayed = 0;
  for (const s of sent) {
    const before = (await kept(s)).length;
    if (s.reply!.status === 503 && before) continue;
    const again = await send(s);
    expect(again.status, `${s.what} ${s.i}: ${again.text}`).toBe(200);
    if (s.reply!.status === 200) {
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body.id).toBe(s.reply!.body.id);
      replayed++;
    }
    expect(await kept(s), `${s.what} ${s.i} after its retry`).toHaveLength(1);
  }
  expect(replayed).toBe(counts.ok);
  console.log(`after the restart: ${counts.ok} successes replayed, ${cutAtCommit} cut at their commit`);

  // Numbering without a gap: bills 1..n of their series, tickets 1..n of the till.
  const bills = await db('bill').orderBy('sequence').select('id', 'prefix', 'sequence', 'totalInclVat');
  expect(bills.map((b) => b.sequence)).toEqual(bills.map((_, k) => k + 1));
  expect(bills).toHaveLength(N);
  const [counter] = await db('bill_counter').select('lastNumber');
  expect(counter.lastNumber).toBe(N);
  const sales = await db('sale').where({ cashRegisterId: till.register }).orderBy('sequence').select('sequence');
  expect(sales.map((s) => s.sequence)).toEqual(sales.map((_, k) => k + 1));
  expect(sales).toHaveLength(N);
  const [{ lastTicket }] = await db('cash_register_counter')
    .where({ cashRegisterId: till.register })
    .select('lastTicket');
  expect(lastTicket).toBe(N);
  expect(Number((await db('payment').count({ n: '*' }).first())!.n)).toBe(N);
  // No half-written record: every bill and ticket has lines adding up to its total.
  const halfBills = await db.raw(`SELECT b.number FROM bill b LEFT JOIN bill_line l ON l.bill_id = b.id
    GROUP BY b.id HAVING coalesce(sum(l.amount_incl_vat), 0) <> b.total_incl_vat + b.deposits_deducted
       OR count(l.id) = 0`);
  expect(halfBills.rows).toEqual([]);
  const halfSales = await db.raw(`SELECT s.number FROM sale s LEFT JOIN sale_line l ON l.sale_id = s.id
    GROUP BY s.id HAVING coalesce(sum(l.amount_incl_vat), 0) <> s.total_incl_vat OR count(l.id) = 0`);
  expect(halfSales.rows).toEqual([]);
  // The ledger: chain, every signature, every record against its entry, the anchor.
  const verify = await admin.get('/rest/fiscal/verify?signatures=all');
  expect(verify.status).toBe(200);
  expect(verify.body.breaks).toEqual([]);
  expect(verify.body.status).toBe('ok');
  const entries = await db('ledger_entry')
    .whereIn('kind', ['bill', 'cash-ticket', 'payment'])
    .count({ n: '*' })
    .first();
  expect(Number(entries!.n)).toBeGreaterThanOrEqual(3 * N);
  // Every bill prints: its original was stored after the commit, or is made now.
  for (const b of bills) {
    const pdf = await fetch(`${base}/rest/bill/document/${b.id}`, { headers: { Cookie: admin.cookie! } });
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  }
}, 600_000);
