// The product's own PostgreSQL server (api/db/embedded.ts) in a data directory of its
// own: created on first start with its password file, data kept across a kill -9 of
// PostgreSQL (restarted by the supervisor) and across a kill -9 of the node process
// that owned it (the orphan is stopped by the next start), stopped cleanly.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startEmbedded, type EmbeddedServer } from '../../api/db/embedded';
import { ROOT } from '../pg';

const dir = `${ROOT}.tmp/embedded-test-${randomBytes(4).toString('hex')}`;
let server: EmbeddedServer | undefined;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const postmaster = () => Number(readFileSync(`${dir}/pg/postmaster.pid`, 'utf8').split('\n')[0]);

async function query(url: string, sql: string, params: unknown[] = []) {
  const c = new pg.Client({ connectionString: url });
  // A server being killed or stopped ends its connections (57P01): the query rejects, and
  // the event that follows must not become an uncaught error of the run.
  c.on('error', () => {});
  await c.connect();
  try {
    return (await c.query(sql, params)).rows;
  } finally {
    await c.end();
  }
}

async function eventually<T>(fn: () => Promise<T>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      return await fn();
    } catch (e) {
      if (Date.now() > end) throw e;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(() => rmSync(dir, { recursive: true, force: true }));
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

it('creates the cluster with a generated password, and refuses a wrong one', async () => {
  server = await startEmbedded({ dir });
  expect(existsSync(`${dir}/pg/PG_VERSION`)).toBe(true);
  const password = readFileSync(`${dir}/pg-password`, 'utf8').trim();
  expect(password.length).toBeGreaterThanOrEqual(24);
  expect(statSync(`${dir}/pg-password`).mode & 0o077).toBe(0);
  expect(server.url).toContain(encodeURIComponent(password));
  const [{ v }] = await query(server.url, `SELECT current_setting('server_version_num')::int AS v`);
  expect(v).toBeGreaterThanOrEqual(180000);
  await query(server.url, 'CREATE EXTENSION IF NOT EXISTS btree_gist; CREATE EXTENSION IF NOT EXISTS pg_trgm');
  await expect(query(server.url.replace(encodeURIComponent(password), 'wrong'), 'SELECT 1')).rejects.toThrow(
    /password/,
  );
  await query(server.url, 'CREATE TABLE kept (id int PRIMARY KEY, label text)');
  await query(server.url, `INSERT INTO kept VALUES (1, 'Crème brûlée')`);
});

it('is started again by itself after a kill -9 of PostgreSQL, with the committed data', async () => {
  const before = postmaster();
  process.kill(before, 'SIGKILL');
  const rows = await eventually(() => query(server!.url, 'SELECT label FROM kept'));
  expect(rows).toEqual([{ label: 'Crème brûlée' }]);
  expect(postmaster()).not.toBe(before);
});

it('stops cleanly, then a new start finds the data', async () => {
  const pid = postmaster();
  await server!.stop();
  server = undefined;
  expect(alive(pid)).toBe(false);
  expect(existsSync(`${dir}/owner.pid`)).toBe(false);
  server = await startEmbedded({ dir });
  expect(await query(server.url, 'SELECT label FROM kept')).toEqual([{ label: 'Crème brûlée' }]);
  await server.stop();
  server = undefined;
});

it('after a kill -9 of the node process, the next start stops the orphaned server and starts its own', async () => {
  const code = `const { startEmbedded } = await import(${JSON.stringify(`${ROOT}api/db/embedded.ts`)});
    await startEmbedded({ dir: ${JSON.stringify(dir)} }); console.log('ready'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      if (String(d).includes('ready')) resolve();
    });
    child.once('exit', (c) => reject(new Error(`child exited ${c}`)));
  });
  const orphan = postmaster();
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
  expect(alive(orphan)).toBe(true); // its own process group: it outlives the node process
  // A second process while the first one's owner is gone: allowed, and it takes over.
  server = await startEmbedded({ dir });
  expect(alive(orphan)).toBe(false);
  expect(postmaster()).not.toBe(orphan);
  expect(await query(server.url, 'SELECT label FROM kept')).toEqual([{ label: 'Crème brûlée' }]);
});

it('refuses a second process on a data directory in use', async () => {
  const code = `const { startEmbedded } = await import(${JSON.stringify(`${ROOT}api/db/embedded.ts`)});
    try { await startEmbedded({ dir: ${JSON.stringify(dir)} }); console.log('started'); }
    catch (e) { console.log(e.message); }
    process.exit(0);`;
  const out = await new Promise<string>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let text = '';
    child.stdout!.on('data', (d) => {
      text += String(d);
    });
    child.once('exit', () => resolve(text));
  });
  expect(out).toContain('déjà utilisé par un autre processus');
  expect(await query(server!.url, 'SELECT count(*)::int AS n FROM kept')).toEqual([{ n: 1 }]);
});
