// Every pooled connection carries a statement timeout: a query that runs (or waits)
// longer is cancelled by PostgreSQL and the request answers 503 with the French
// message, not a hang nor a 500; the connection then serves the next request.
import { afterAll, beforeAll, expect, it } from 'vitest';
import knexFactory, { type Knex } from 'knex';
import { startTestServer, type TestServer } from './harness';
import { formatMessage } from '../../common/messages';

let t: TestServer;
let other: Knex;
beforeAll(async () => {
  t = await startTestServer({ db: { statementTimeoutMs: 400, pool: 2 } });
  other = knexFactory({ client: 'pg', connection: t.dbUrl, pool: { min: 0, max: 1 } });
});
afterAll(async () => {
  await other?.destroy();
  await t?.close();
});

it('sets the timeouts on the pool connections', async () => {
  const r = await t.knex.raw(
    `SELECT current_setting('statement_timeout') AS st, current_setting('idle_in_transaction_session_timeout') AS it`,
  );
  expect(r.rows[0]).toEqual({ st: '400ms', it: '1min' });
});

it('answers 503 QUERY_TIMEOUT when a list waits past the timeout, and serves again afterwards', async () => {
  const before = await t.admin.get('/rest/customer?range=[0,9]');
  expect(before.status, before.text).toBe(200);
  // Another session holds the table: the list's query waits on the lock until cancelled.
  const trx = await other.transaction();
  try {
    await trx.raw('LOCK TABLE customer IN ACCESS EXCLUSIVE MODE');
    const started = Date.now();
    const r = await t.admin.get('/rest/customer?range=[0,9]');
    expect(r.status, r.text).toBe(503);
    expect(r.body).toMatchObject({ code: 'QUERY_TIMEOUT', message: formatMessage('QUERY_TIMEOUT') });
    expect(r.text).not.toMatch(/canceling|statement|customer/i);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  } finally {
    await trx.rollback();
  }
  const after = await t.admin.get('/rest/customer?range=[0,9]');
  expect(after.status, after.text).toBe(200);
});
