// The SMTP password is stored encrypted (AES-256-GCM). Its key is a file of DATA_DIR
// (`mail-secret.key`, mode 600), created on first use: it is not in the database, so
// neither in the product's backups: a stolen backup does not give the mailbox away. A
// backup restored on another installation keeps everything but the SMTP password,
// which must then be typed again (MAIL_PASSWORD_UNREADABLE).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readConfig } from '../../config';

const FILE = 'mail-secret.key';
let cached: { dir: string; key: Buffer } | null = null;

export function keyPath(dataDir = readConfig().dataDir): string {
  return join(dataDir, FILE);
}

/** The installation's secret (also keys the unsubscribe links). */
export function mailKey(): Buffer {
  return key();
}

function key(): Buffer {
  const dir = readConfig().dataDir;
  if (cached?.dir === dir) return cached.key;
  const path = keyPath(dir);
  let k: Buffer;
  try {
    k = Buffer.from(readFileSync(path, 'utf8').trim(), 'hex');
  } catch {
    mkdirSync(dir, { recursive: true });
    try {
      // 'wx': two processes starting at once do not overwrite each other's key.
      writeFileSync(path, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
      chmodSync(path, 0o600);
    } catch {
      /* written by another process meanwhile */
    }
    k = Buffer.from(readFileSync(path, 'utf8').trim(), 'hex');
  }
  if (k.length !== 32) throw new Error(`${FILE}: not a 256-bit key`);
  cached = { dir, key: k };
  return k;
}

/** `v1.<iv>.<tag>.<ciphertext>` (base64url). */
export function encryptSecret(plain: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key(), iv);
  const data = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return ['v1', iv.toString('base64url'), c.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

/** The plain text, or null when this installation's key cannot read it. */
export function decryptSecret(stored: string): string | null {
  const [v, iv, tag, data] = stored.split('.');
  if (v !== 'v1' || !iv || !tag || data === undefined) return null;
  try {
    const d = createDecipheriv('aes-256-gcm', key(), Buffer.from(iv, 'base64url'));
    d.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([d.update(Buffer.from(data, 'base64url')), d.final()]).toString('utf8');
  } catch {
    return null;
  }
}
