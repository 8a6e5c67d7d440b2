// What the browser downloads (issue 18 §1 (docs/history.md#issue-18), goal: < 250 kB of JavaScript, compressed,
// to show the log-in form): builds the admin, serves it with the demo data, and in
// Chromium with an empty cache opens /login, then logs in and waits for /home. Prints
// the bytes transferred (JavaScript and everything) and the requests of each step,
// beside the same run with compression refused (Accept-Encoding: identity) as the
// baseline. PostgreSQL at DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
// in a schema of its own dropped at the end. Prints figures; never fails.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { chromium, type Page } from 'playwright-core';
import { openDatabase } from '../../api/db/connect';
import { migrateLatest } from '../../api/db/migrate';
import { bootstrap } from '../../api/demo/bootstrap';
import { createApp } from '../../api/app';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const OUT = join(REPO, '.tmp/bench-bytes');
const URL_ = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'bench-bytes-password';
const GOAL_KB = 250;

interface Step {
  jsBytes: number;
  allBytes: number;
  jsFiles: number;
  requests: number;
  decodedJs: number;
}

/** Bytes on the wire per response (body as sent + headers), from Chromium's network events. */
async function meter(page: Page): Promise<() => Step> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const kind = new Map<string, { js: boolean }>();
  let s: Step = { jsBytes: 0, allBytes: 0, jsFiles: 0, requests: 0, decodedJs: 0 };
  cdp.on('Network.responseReceived', (e: any) => {
    kind.set(e.requestId, { js: e.type === 'Script' || /\.js(\?|$)/.test(e.response.url) });
  });
  cdp.on('Network.dataReceived', (e: any) => {
    if (kind.get(e.requestId)?.js) s.decodedJs += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e: any) => {
    const k = kind.get(e.requestId);
    s.requests++;
    s.allBytes += e.encodedDataLength;
    if (k?.js) {
      s.jsBytes += e.encodedDataLength;
      s.jsFiles++;
    }
  });
  return () => {
    const out = s;
    s = { jsBytes: 0, allBytes: 0, jsFiles: 0, requests: 0, decodedJs: 0 };
    return out;
  };
}

async function run(base: string, compressed: boolean): Promise<{ login: Step; home: Step }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const context = await browser.newContext({
      locale: 'fr-FR',
      extraHTTPHeaders: compressed ? {} : { 'Accept-Encoding': 'identity' },
    });
    const page = await context.newPage();
    const take = await meter(page);
    await page.goto(`${base}/login`);
    await page.locator('input[name="username"]').waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    const login = take();
    await page.fill('input[name="username"]', 'admin');
    await page.fill('input[name="password"]', PASSWORD);
    await page.click('button[type="submit"]');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.getByText('Version du logiciel').waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    const home = take();
    return { login, home };
  } finally {
    await browser.close();
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1).replace('.', ',')} KiB`;
const ratio = (a: number, b: number) => `×${(a / b).toFixed(2).replace('.', ',')}`;

async function main() {
  console.log('Building the admin…');
  await build({
    configFile: join(REPO, 'admin/vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: OUT, emptyOutDir: true },
  });
  const schema = `bench_bytes_${randomBytes(3).toString('hex')}`;
  const db = await openDatabase({ url: URL_, schema, pool: 5 });
  const server = createServer({ keepAliveTimeout: 65_000 });
  try {
    await migrateLatest(db.knex);
    await bootstrap(db.knex, { adminPassword: PASSWORD, demo: true });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    server.on('request', createApp({ db, port, adminDist: OUT }).callback());
    const base = `http://127.0.0.1:${port}`;
    const plain = await run(base, false);
    const packed = await run(base, true);
    console.log('Chromium, empty cache; bytes on the wire (headers included)');
    for (const step of ['login', 'home'] as const) {
      const p = packed[step],
        u = plain[step];
      const label = step === 'login' ? '/login (form shown)' : 'then /home (after log-in)';
      console.log(
        `${label.padEnd(28)} JS ${kb(p.jsBytes).padStart(11)} in ${p.jsFiles} files (uncompressed ` +
          `${kb(u.jsBytes)}, ${ratio(p.jsBytes, u.jsBytes)}); all ${kb(p.allBytes)} in ${p.requests} requests ` +
          `(uncompressed ${kb(u.allBytes)})`,
      );
    }
    const jsLogin = packed.login.jsBytes / 1000;
    console.log(
      `JavaScript to show the log-in form: ${jsLogin.toFixed(1).replace('.', ',')} kB compressed — ` +
        `${jsLogin < GOAL_KB ? `under the ${GOAL_KB} kB goal` : `OVER the ${GOAL_KB} kB goal`}`,
    );
    console.log(
      `/login then /home together: JS ${kb(packed.login.jsBytes + packed.home.jsBytes)} compressed, ` +
        `${kb(plain.login.jsBytes + plain.home.jsBytes)} uncompressed; ` +
        `${packed.login.requests + packed.home.requests} requests`,
    );
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await db.knex.raw(`DROP SCHEMA "${schema}" CASCADE`).catch(() => undefined);
    await db.close();
  }
}

await main();
process.exit(0);
