// Least privilege in the database (api/db/roles.ts): the server under test logs in as
// the runtime role, which owns nothing and holds no TRUNCATE, no DDL and no superuser
// power. In plain SQL, as that role, every change of a protected fiscal row and every way
// around the triggers (TRUNCATE, ALTER … DISABLE TRIGGER, DROP, session_replication_role,
// COPY … TO PROGRAM) is refused on every fiscal table; the owner still can (rolled back).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { startTestServer, type TestServer } from './harness';
import { sqlError } from './sql-helpers';
import { postOk, unique } from './http-helpers';
import { bookStay, campsite, type Campsite } from './billing-fixtures';
import { privilegeWarnings } from '../../api/db/roles';
import { todayParis } from '../../common/dates';

/** The tables the law protects (bills, payments, till, cash, ledger, history). */
const FISCAL = [
  'bill',
  'bill_line',
  'bill_counter',
  'payment',
  'bank_deposit',
  'ledger_entry',
  'ledger_head',
  'ledger_key',
  'sale',
  'sale_line',
  'sale_payment',
  'sale_print',
  'cash_register_counter',
  'cash_movement',
  'cash_count',
  'post_history',
];

let t: TestServer;
let c: Campsite;
let billId: number;

/** Runs `sql` as the runtime role in a transaction that is always rolled back. */
async function asRuntime(sql: string, bindings: any[] = []): Promise<string> {
  return inRolledBack(t.runtimeKnex, sql, bindings);
}
async function inRolledBack(k: Knex, sql: string, bindings: any[] = []): Promise<string> {
  let msg = 'no error';
  await k
    .transaction(async (trx) => {
      msg = await sqlError(trx, sql, bindings);
      throw new Error('rollback');
    })
    .catch(() => undefined);
  return msg;
}

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 2);
  const today = todayParis();
  const stay = await bookStay(t, c, c.places[0], '2031-07-04', '2031-07-08');
  const r = await t.admin.post(`/rest/booking/${stay.bookingId}/bill`, { kind: 'deposit', date: today });
  expect(r.status, r.text).toBe(200);
  billId = r.body.id;
  await postOk(t.admin, '/rest/payment', {
    bookingId: stay.bookingId,
    paymentMethodId: c.card,
    amount: 5000,
    date: today,
    cardLast4: '4242',
  });
  await postOk(t.admin, '/rest/payment-method', { label: unique('Espèces '), kind: 'cash' });
});
afterAll(async () => {
  await t?.close();
});

describe('the runtime role', () => {
  it('is no superuser, owns no table, and the server answers through it', async () => {
    const [me] = (
      await t.runtimeKnex.raw('SELECT current_user AS u, usesuper FROM pg_user WHERE usename = current_user')
    ).rows;
    expect(me.usesuper).toBe(false);
    const owned = await t.runtimeKnex.raw(
      `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND pg_get_userbyid(c.relowner) = current_user`,
    );
    expect(owned.rows[0].n).toBe(0);
    expect(await privilegeWarnings(t.runtimeKnex)).toEqual([]);
    // The owner (the test server's superuser) is what the start-up warns about.
    expect((await privilegeWarnings(t.knex)).join()).toMatch(/superutilisateur/);
    // The server's sessions are written by that role: the log-in above went through it.
    const sessions = await t.runtimeKnex('user_session').count({ n: '*' });
    expect(Number(sessions[0].n)).toBeGreaterThan(0);
  });

  it('cannot change or delete an issued bill, its lines or the ledger (plain SQL)', async () => {
    const refused: [string, string][] = [
      ['bill', `UPDATE bill SET total_incl_vat = 1 WHERE id = ${billId}`],
      ['bill', `DELETE FROM bill WHERE id = ${billId}`],
      ['bill_line', `UPDATE bill_line SET label = 'x' WHERE bill_id = ${billId}`],
      ['bill_line', `DELETE FROM bill_line WHERE bill_id = ${billId}`],
      ['ledger_entry', 'UPDATE ledger_entry SET amount = 1'],
      ['ledger_entry', 'DELETE FROM ledger_entry'],
      ['ledger_head', 'DELETE FROM ledger_head'],
      ['ledger_head', 'UPDATE ledger_head SET last_seq = last_seq - 1'],
      ['ledger_key', "UPDATE ledger_key SET public_key = 'x'"],
      ['ledger_key', 'DELETE FROM ledger_key'],
    ];
    expect(Number((await t.knex('bill_line').where({ billId }).count({ n: '*' }))[0].n)).toBeGreaterThan(0);
    for (const [table, sql] of refused) expect(await asRuntime(sql), `${table}: ${sql}`).not.toBe('no error');
  });

  it('cannot truncate, alter, drop or switch the triggers off of any fiscal table', async () => {
    let tried = 0;
    for (const table of FISCAL) {
      const trigger = (
        await t.knex.raw(
          `SELECT tgname FROM pg_trigger WHERE tgrelid = ?::regclass AND NOT tgisinternal ORDER BY tgname LIMIT 1`,
          [table],
        )
      ).rows[0]?.tgname as string | undefined;
      const statements = [
        `TRUNCATE ${table} CASCADE`,
        `ALTER TABLE ${table} DISABLE TRIGGER USER`,
        `ALTER TABLE ${table} DISABLE TRIGGER ALL`,
        `ALTER TABLE ${table} ADD COLUMN tampered int`,
        `ALTER TABLE ${table} OWNER TO CURRENT_USER`,
        `DROP TABLE ${table} CASCADE`,
        `CREATE TRIGGER tampered BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION bv_refuse_change()`,
        ...(trigger ? [`DROP TRIGGER "${trigger}" ON ${table}`] : []),
      ];
      const rights = await t.runtimeKnex.raw(
        `SELECT has_table_privilege(?, 'TRUNCATE') AS tr, has_table_privilege(?, 'TRIGGER') AS tg,
                has_table_privilege(?, 'REFERENCES') AS rf`,
        [table, table, table],
      );
      expect(rights.rows[0], table).toEqual({ tr: false, tg: false, rf: false });
      for (const sql of statements) {
        tried++;
        expect(await asRuntime(sql), sql).toMatch(/permission denied|must be owner|must be able to SET ROLE/);
      }
    }
    for (const sql of [
      'SET session_replication_role = replica',
      'SET LOCAL session_replication_role = replica',
      "SELECT set_config('session_replication_role', 'replica', true)",
      "COPY (SELECT 1) TO PROGRAM 'true'",
      'CREATE TABLE tampered (id int)',
      'CREATE FUNCTION tampered() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$',
      'ALTER FUNCTION bv_refuse_change() OWNER TO CURRENT_USER',
      'DROP FUNCTION bv_refuse_change() CASCADE',
      'CREATE ROLE tampered',
    ]) {
      tried++;
      expect(await asRuntime(sql), sql).toMatch(/permission denied|must be owner|must be superuser|not allowed/);
    }
    expect(tried).toBeGreaterThan(120);
    // The same statements are the owner's to run (so the refusals above are the role's).
    expect(await inRolledBack(t.knex, 'ALTER TABLE bill DISABLE TRIGGER USER')).toBe('no error');
  });

  it('gets the grants of a table created after the migrations (other modules need no change)', async () => {
    await t.knex.raw('CREATE TABLE later_module_table (id serial PRIMARY KEY, note text)');
    try {
      await t.runtimeKnex('later_module_table').insert({ note: 'ok' });
      expect(await t.runtimeKnex('later_module_table').count({ n: '*' })).toEqual([{ n: 1 }]);
      expect(await asRuntime('TRUNCATE later_module_table')).toMatch(/permission denied/);
    } finally {
      await t.knex.raw('DROP TABLE later_module_table');
    }
  });
});
