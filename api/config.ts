// Process configuration from the environment (documented in README.md).
import { resolve } from 'node:path';

export interface Config {
  port: number;
  dataDir: string;
  /** external PostgreSQL; when absent the product runs its own server in DATA_DIR/pg */
  databaseUrl?: string;
  /**
   * DATABASE_OWNER_URL: the owner role of DATABASE_URL's database (migrations, restores,
   * demo reset); DATABASE_URL is then the runtime role, granted by the product
   */
  databaseOwnerUrl?: string;
  /** longest a single SQL statement may run (STATEMENT_TIMEOUT_MS), then it is cancelled */
  statementTimeoutMs: number;
  adminPassword?: string;
  /** password of the technical (system) user; without it that user cannot log in */
  systemPassword?: string;
  /** behind HTTPS (or a TLS proxy): session cookies get the Secure flag */
  secureCookies: boolean;
  /**
   * Reverse proxies in front of the server (0: none). When set, the client's address,
   * the scheme and the host come from X-Forwarded-For / -Proto / -Host; of
   * X-Forwarded-For only the last `trustProxy` entries (those our proxies appended)
   * are believed, so a client cannot choose its address by sending the header itself.
   */
  trustProxy: number;
  /** SESSION_COOKIE: the session cookie's name, the same for every process behind one address */
  sessionCookie: string;
}

/** TRUST_PROXY: `true` (one proxy), a number of proxies, or `false` / `0` / unset. */
export function parseTrustProxy(value: string | undefined): number {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === 'false' || v === '0') return 0;
  if (v === 'true') return 1;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 10)
    throw new Error(`TRUST_PROXY must be true, false or a number of proxies (1-10), not "${value}"`);
  return n;
}

/**
 * The session cookie's name when SESSION_COOKIE is unset. Not derived from the port: every
 * process behind one address names it alike (a session opened on one is read by the
 * others); two installations on one host name set different names, as their cookies mix.
 */
export const DEFAULT_SESSION_COOKIE = 'bivouac_sid';

/** SESSION_COOKIE: a cookie name (letters, digits, `_`, `-`), the default when unset. */
export function sessionCookie(value: string | undefined): string {
  const v = (value ?? '').trim();
  if (!v) return DEFAULT_SESSION_COOKIE;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(v))
    throw new Error(`SESSION_COOKIE must be letters, digits, "_" or "-" (at most 64), not "${value}"`);
  return v;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = env.PORT ? Number(env.PORT) : 8080;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, not "${env.PORT}"`);
  const timeout = env.STATEMENT_TIMEOUT_MS ? Number(env.STATEMENT_TIMEOUT_MS) : 15_000;
  if (!Number.isInteger(timeout) || timeout < 0)
    throw new Error(
      `STATEMENT_TIMEOUT_MS must be a number of milliseconds (0: none), not "${env.STATEMENT_TIMEOUT_MS}"`,
    );
  return {
    port,
    statementTimeoutMs: timeout,
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseOwnerUrl: (env.DATABASE_URL && env.DATABASE_OWNER_URL) || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    systemPassword: env.SYSTEM_PASSWORD || undefined,
    secureCookies: env.SECURE_COOKIES === '1' || env.SECURE_COOKIES === 'true',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    sessionCookie: sessionCookie(env.SESSION_COOKIE),
  };
}
