// The installation's signing key (Ed25519: signed with node:crypto, checked by
// ./ed25519.mjs). The private key is generated at the first start into
// DATA_DIR/ledger-signing-key.pem (mode 600), outside the database and its backups:
// someone who can write the database cannot sign. Its public part is stored in
// ledger_key (append-only) so that entries signed by an earlier key (another
// installation, a lost DATA_DIR) still verify, and shown on /closure and on every closure.
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { readConfig } from '../../config';
import { signatureCheck, type SignatureCheck } from './ed25519.mjs';

export interface SigningKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicPem: string;
  fingerprint: string;
}

let cached: SigningKey | undefined;

export const keyFile = (dataDir = readConfig().dataDir) => join(dataDir, 'ledger-signing-key.pem');

function fromPrivate(privateKey: KeyObject): SigningKey {
  const publicKey = createPublicKey(privateKey);
  const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return { privateKey, publicKey, publicPem, fingerprint: createHash('sha256').update(der).digest('hex') };
}

/** Loads the key, generating it on the first call of the installation (several processes: the first file wins). */
export function signingKey(file = keyFile()): SigningKey {
  if (cached) return cached;
  let pem: string;
  try {
    pem = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException)?.code !== 'ENOENT') throw e;
    const { privateKey } = generateKeyPairSync('ed25519');
    mkdirSync(join(file, '..'), { recursive: true });
    try {
      writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
    } catch (w) {
      if ((w as NodeJS.ErrnoException)?.code !== 'EEXIST') throw w;
    }
    pem = readFileSync(file, 'utf8');
  }
  cached = fromPrivate(createPrivateKey(pem));
  return cached;
}

/** Stores the key's public part unless it is there; true when this call inserted it. */
export async function insertKey(db: Knex | Knex.Transaction, key = signingKey()): Promise<boolean> {
  const inserted = await db('ledger_key')
    .insert({ fingerprint: key.fingerprint, publicKey: key.publicPem })
    .onConflict('fingerprint')
    .ignore()
    .returning('id');
  return inserted.length > 0;
}

/** The id of the current key in ledger_key, inserted the first time it signs in this database. */
export async function currentKeyId(trx: Knex | Knex.Transaction, key = signingKey()): Promise<number> {
  // Not memoised: the row may come from a transaction that later rolled back.
  const found = await trx('ledger_key').where('fingerprint', key.fingerprint).first('id');
  if (found) return found.id;
  await insertKey(trx, key);
  return (await trx('ledger_key').where('fingerprint', key.fingerprint).first('id')).id;
}

export const signText = (text: string, key = signingKey()) =>
  sign(null, Buffer.from(text), key.privateKey).toString('base64');

/** Each public key's check, made once (./ed25519.mjs: libsodium's when it loads). */
const checks = new WeakMap<KeyObject, SignatureCheck>();

export function verifyText(text: string, signature: string, publicKey: KeyObject): boolean {
  let check = checks.get(publicKey);
  if (!check) checks.set(publicKey, (check = signatureCheck(publicKey)));
  return check(Buffer.from(text), Buffer.from(signature, 'base64'));
}
