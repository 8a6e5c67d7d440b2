// appendEntry reads its checks in the statement that locks the chain's head (head-lock.ts):
// what a writer committed while this one waited for the lock is still seen, since the
// checks are read again when the head moved meanwhile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { startTestServer, type TestServer } from './harness';
import { appendEntry, type EntryInput } from '../../api/domain/ledger/append';
import { addDays, todayParis } from '../../common/dates';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const TODAY = todayParis();
const MONTH = TODAY.slice(0, 7);
const payment = (amount: number): EntryInput => ({
  kind: 'payment',
  date: TODAY,
  amount,
  data: { method: { id: 1, label: 'Espèces', kind: 'cash' } },
});

/**
 * Appends `first` and holds its transaction open until `second`'s append waits for the
 * head's lock, then commits it: what the second append answers.
 */
async function behind(first: EntryInput, second: EntryInput): Promise<unknown> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let holding!: () => void;
  const holds = new Promise<void>((r) => (holding = r));
  const one = t.knex.transaction(async (trx: Knex.Transaction) => {
    await appendEntry(trx, first);
    holding();
    await held;
  });
  await holds;
  const two = t.knex
    .transaction((trx: Knex.Transaction) => appendEntry(trx, second))
    .then(
      (entry) => entry,
      (e) => e,
    );
  await expect
    .poll(
      async () =>
        (
          await t.knex.raw(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' " +
              "AND query ILIKE '%ledger_head%' AND pid <> pg_backend_pid()",
          )
        ).rows[0].n,
      { timeout: 20_000 },
    )
    .toBe(1);
  release();
  await one;
  return two;
}

describe('a writer waiting for the chain head', () => {
  it('goes on after a payment committed ahead of it, and takes the next number', async () => {
    const before = (await t.knex('ledger_head').where({ chain: 'fiscal' }).first('lastSeq'))?.lastSeq ?? 0;
    const second: any = await behind(payment(100), payment(200));
    expect(second.seq).toBe(Number(before) + 2);
  });

  it('is refused « Mois déjà clôturé » when the month was closed ahead of it', async () => {
    const closure: EntryInput = {
      kind: 'closure-month',
      date: `${MONTH}-01`,
      periodEnd: addDays(`${addDays(`${MONTH}-01`, 31).slice(0, 7)}-01`, -1),
      amount: 0,
      data: {},
    };
    const second: any = await behind(closure, payment(300));
    expect(second).toMatchObject({ status: 400, code: 'MONTH_ALREADY_CLOSED' });
  });
});
