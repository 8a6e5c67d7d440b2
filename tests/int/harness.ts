// One server per test file, over HTTP, on its own database.
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import type { Knex } from 'knex';
import { createApp, type AppOptions } from '../../api/app';
import { ADMIN_PASSWORD, openTestDatabase, type TestDatabaseOptions } from './db';
import { checkResponses, type ResponseMismatch } from '../../api/http/define-route';

// Every 200 answer of a declared route is checked against its `response` schema (the
// contract the screens' types are generated from): a file's server fails at close, naming
// the route and the fields that differ.
const mismatches: ResponseMismatch[] = [];
checkResponses((m) => mismatches.push(m));
function assertNoMismatch(): void {
  if (!mismatches.length) return;
  const seen = [...new Set(mismatches.map((m) => JSON.stringify(m)))];
  mismatches.length = 0;
  throw new Error(`answers that differ from their route's response schema:\n${seen.join('\n')}`);
}

export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface Client {
  request<T = any>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Reply<T>>;
  get<T = any>(path: string): Promise<Reply<T>>;
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>): Promise<Reply<T>>;
  put<T = any>(path: string, body?: unknown): Promise<Reply<T>>;
  del<T = any>(path: string): Promise<Reply<T>>;
  login(login?: string, password?: string): Promise<Reply>;
  cookie: string | null;
}

export interface TestServer {
  url: string;
  port: number;
  /** the owner's connection (fixtures, plain SQL); the server logs in as the runtime role */
  knex: Knex;
  /** the server's own pool (the runtime role, api/db/roles.ts) */
  runtimeKnex: Knex;
  /** URL of this file's database (for a second, independent connection), as the owner */
  dbUrl: string;
  /** the same, as the runtime role */
  runtimeUrl: string;
  /** a new client with its own cookie jar */
  client(): Client;
  /** a client logged in as admin */
  admin: Client;
  close(): Promise<void>;
}

export function makeClient(url: string): Client {
  const c: Client = {
    cookie: null,
    async request(method, path, body, headers = {}) {
      const h: Record<string, string> = { Accept: 'application/json', ...headers };
      if (c.cookie) h.Cookie = c.cookie;
      let payload: string | FormData | undefined;
      if (body instanceof FormData)
        payload = body; // multipart: fetch sets the boundary
      else if (body !== undefined) {
        h['Content-Type'] ??= 'application/json';
        payload = typeof body === 'string' ? body : JSON.stringify(body);
      }
      const res = await fetch(`${url}${path}`, { method, headers: h, body: payload });
      const setCookie = res.headers.get('set-cookie');
      if (setCookie) {
        const m = /^([^=]+)=([^;]*)/.exec(setCookie);
        if (m) c.cookie = m[2] ? `${m[1]}=${m[2]}` : null;
      }
      const text = await res.text();
      let parsed: any = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        /* not JSON */
      }
      return { status: res.status, body: parsed, headers: res.headers, text };
    },
    get: (p) => c.request('GET', p),
    post: (p, b, h) => c.request('POST', p, b ?? {}, h),
    put: (p, b) => c.request('PUT', p, b ?? {}),
    del: (p) => c.request('DELETE', p),
    login: (login = 'admin', password = ADMIN_PASSWORD) => c.post('/rest/security/login', { login, password }),
  };
  return c;
}

/**
 * `app`: options of the application (e.g. secureCookies, trustProxy) beside the database
 * and port; `db`: of the database (e.g. a short statement timeout).
 */
export async function startTestServer(
  opts: { demo?: boolean; app?: Partial<AppOptions>; db?: TestDatabaseOptions } = {},
): Promise<TestServer> {
  const db = await openTestDatabase({ ...opts.db, demo: opts.demo });
  // Listen first: the session cookie is named after the port.
  const server = createServer({ keepAliveTimeout: 65_000 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  // The server as in production: its pool is the runtime role, the owner only for restores.
  const owner = { url: () => db.url };
  server.on('request', createApp({ db: db.runtime, owner, port, adminDist: null, ...opts.app }).callback());
  const url = `http://127.0.0.1:${port}`;
  const admin = makeClient(url);
  const r = await admin.login();
  if (r.status !== 200) throw new Error(`admin login failed: ${r.status} ${r.text}`);
  return {
    url,
    port,
    knex: db.knex,
    runtimeKnex: db.runtime.knex,
    dbUrl: db.url,
    runtimeUrl: db.runtime.url,
    client: () => makeClient(url),
    admin,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await db.close();
      assertNoMismatch();
    },
  };
}
