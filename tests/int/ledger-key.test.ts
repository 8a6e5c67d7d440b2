// The signing key in the technical event journal (NF525): the first time the
// installation's key is met in a database, a JET « Clé de signature » event says so and
// names the key it follows; met again (a restart, two processes at once), nothing more.
import { createHash, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { recordSigningKey } from '../../api/domain/ledger/jet';
import { signingKey } from '../../api/domain/ledger/keys';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const keyEvents = () => t.knex('ledger_entry').where({ chain: 'jet', kind: 'key' }).orderBy('seq');

describe('the signing key in the technical event journal', () => {
  it('is recorded once, naming the key it follows, and the chain still verifies', async () => {
    // An earlier installation's key (a lost DATA_DIR): its public part stays for old entries.
    const { publicKey } = generateKeyPairSync('ed25519');
    const der = publicKey.export({ type: 'spki', format: 'der' });
    const earlier = createHash('sha256').update(der).digest('hex');
    await t.knex('ledger_key').insert({
      fingerprint: earlier,
      publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    });
    const key = signingKey();
    const results = await Promise.all([recordSigningKey(t.knex), recordSigningKey(t.knex)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await recordSigningKey(t.knex)).toBe(false);
    const events = await keyEvents();
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0].body).data).toEqual({ fingerprint: key.fingerprint, previous: earlier });
    const jet = (await t.admin.get('/rest/jet/list')).body.rows;
    expect(jet[0]).toMatchObject({ kind: 'key', label: 'Clé de signature', data: { fingerprint: key.fingerprint } });
    expect((await t.admin.get('/rest/fiscal/verify?chain=jet')).body).toMatchObject({ status: 'ok', count: 1 });
  });

  it('keeps the key rows as they are: plain SQL cannot rewrite a public key', async () => {
    // A row that is no key at all (inserted by hand) signs nothing and does not stop the verifier.
    await t.knex('ledger_key').insert({ fingerprint: 'f'.repeat(64), publicKey: 'not a key' });
    expect((await t.admin.get('/rest/fiscal/verify?chain=jet')).body).toMatchObject({ status: 'ok', count: 1 });
    await expect(t.knex('ledger_key').update({ publicKey: 'forged' })).rejects.toThrow();
    await expect(t.knex('ledger_key').delete()).rejects.toThrow();
  });
});
