// Fuzz test (issue 11 §5, docs/history.md#issue-11): every write route of the OpenAPI document the server
// serves gets malformed inputs from a fixed corpus — NUL and control characters,
// 1 MB strings, deep nesting, wrong types, `__proto__`, impossible dates, huge
// numbers, bodies that are not objects, bad path parameters — and none may answer
// 5xx or show internals. Deterministic: routes sorted, corpus in a fixed order, route
// i gets PER_ROUTE consecutive entries starting at i × PER_ROUTE, so every entry meets
// many routes and every route gets a few, in a minute or two on two cores.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Reply, type TestServer } from './harness';
import { book, makeCustomer, makePlace, reference } from './stays-fixtures';
import { addDays, todayParis } from '../../common/dates';

let t: TestServer;
const logged: string[] = [];
beforeAll(async () => {
  t = await startTestServer({
    app: {
      log: (line) => {
        logged.push(String(line));
      },
    },
  });
  // A place, a customer and a booking, so that `/{id}` routes of stays find a record and
  // run their rules rather than answer 404.
  const ref = await reference(t);
  const place = await makePlace(t.admin, ref);
  const customer = await makeCustomer(t.admin);
  await book(t.admin, ref, {
    placeId: place.id,
    customerId: customer.id,
    startDate: addDays(todayParis(), 20),
    endDate: addDays(todayParis(), 27),
  });
});
afterAll(async () => {
  await t?.close();
});

const PER_ROUTE = 6;
/** Personal data planted in the inputs: it must never reach the server log. */
const PERSONAL = 'Jeanne Fuzz jeanne.fuzz@example.fr';

type Schema = Record<string, any>;
interface Route {
  method: string;
  path: string;
  params: string[];
  schema: Schema | null;
}
interface Fields {
  strings: string[];
  dates: string[];
  numbers: string[];
  booleans: string[];
  others: string[];
}
interface Case {
  body?: unknown;
  raw?: string;
  param?: string;
}

const WRITE = ['post', 'put', 'patch', 'delete'];

function resolve(doc: Schema, s: Schema | undefined): Schema | null {
  let cur = s;
  for (let i = 0; cur && cur.$ref && i < 10; i++)
    cur = cur.$ref
      .split('/')
      .slice(1)
      .reduce((o: any, k: string) => o?.[k], doc);
  return cur ?? null;
}

function routesOf(doc: Schema): Route[] {
  const out: Route[] = [];
  for (const [path, ops] of Object.entries<Schema>(doc.paths ?? {})) {
    for (const method of Object.keys(ops)) {
      if (!WRITE.includes(method)) continue;
      const body = ops[method].requestBody?.content?.['application/json']?.schema;
      out.push({
        method: method.toUpperCase(),
        path,
        params: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]),
        schema: resolve(doc, body),
      });
    }
  }
  return out.sort((a, b) => (a.path + a.method).localeCompare(b.path + b.method));
}

function fieldsOf(doc: Schema, schema: Schema | null): Fields {
  const f: Fields = { strings: [], dates: [], numbers: [], booleans: [], others: [] };
  const props: Record<string, Schema> = schema?.properties ?? {};
  for (const [name, raw] of Object.entries(props)) {
    const p = resolve(doc, raw) ?? {};
    const types = ([] as string[]).concat(p.type ?? []);
    if (p.format === 'date' || p.format === 'date-time') f.dates.push(name);
    else if (types.includes('string') || p.enum) f.strings.push(name);
    else if (types.includes('integer') || types.includes('number')) f.numbers.push(name);
    else if (types.includes('boolean')) f.booleans.push(name);
    else f.others.push(name);
  }
  // A route whose body the document does not describe still gets plausible names.
  if (!Object.keys(props).length)
    Object.assign(f, {
      strings: ['name', 'label', 'reason', 'q'],
      dates: ['date', 'startDate', 'endDate'],
      numbers: ['id', 'placeId', 'quantity'],
      booleans: ['force'],
      others: ['items'],
    });
  return f;
}

const all = (f: Fields) => [...f.strings, ...f.dates, ...f.numbers, ...f.booleans, ...f.others];
const each = (names: string[], value: (i: number) => unknown) => Object.fromEntries(names.map((n, i) => [n, value(i)]));
const first = (f: Fields) => f.strings[0] ?? all(f)[0] ?? 'name';
const wrongTypes = (f: Fields) => ({
  ...each(f.strings, (i) => [123, true, { a: 1 }, [1]][i % 4]),
  ...each(f.dates, (i) => [20250101, true, ['2025-01-01']][i % 3]),
  ...each(f.numbers, (i) => ['abc', '1; DROP TABLE customer', true, { n: 1 }, [1, 2]][i % 5]),
  ...each(f.booleans, (i) => ['oui', 2, [true]][i % 3]),
  ...each(f.others, (i) => ['texte', 42][i % 2]),
});
const IMPOSSIBLE_DATES = [
  '2024-02-30',
  '0000-00-00',
  '99999-12-31',
  '2024-13-45',
  '1899-12-31',
  '2999-01-01',
  '2025-1-1',
  '31/12/2025',
];
const HUGE_NUMBERS = [1e308, -1e308, 2 ** 63, -2147483649, 2147483648, 1.5, -0.0001, Number.MAX_SAFE_INTEGER + 2];

/** The corpus, in its fixed order. */
const CORPUS: Array<{ name: string; make(f: Fields): Case }> = [
  {
    name: 'NUL in text',
    make: (f) => ({ body: each(f.strings.length ? f.strings : ['name'], () => `${PERSONAL}\u0000`) }),
  },
  { name: '1 MB string', make: (f) => ({ body: { [first(f)]: `${PERSONAL} ${'x'.repeat(1_000_000)}` } }) },
  { name: 'deep nesting', make: (f) => ({ raw: `{"${first(f)}":${'['.repeat(20_000)}${']'.repeat(20_000)}}` }) },
  { name: 'wrong types', make: (f) => ({ body: wrongTypes(f) }) },
  { name: '__proto__ key', make: (f) => ({ raw: `{"__proto__":{"isAdmin":true,"polluted":1},"${first(f)}":"x"}` }) },
  {
    name: 'constructor.prototype',
    make: (f) => ({ body: { constructor: { prototype: { polluted: 1 } }, [first(f)]: 'x' } }),
  },
  {
    name: 'impossible dates',
    make: (f) => ({
      body: each(
        f.dates.length ? f.dates : ['date', 'startDate', 'endDate'],
        (i) => IMPOSSIBLE_DATES[i % IMPOSSIBLE_DATES.length],
      ),
    }),
  },
  {
    name: 'huge numbers',
    make: (f) => ({
      body: each(
        f.numbers.length ? f.numbers : ['id', 'page', 'pageSize'],
        (i) => HUGE_NUMBERS[i % HUGE_NUMBERS.length],
      ),
    }),
  },
  { name: 'null body', make: () => ({ raw: 'null' }) },
  { name: 'array body', make: () => ({ raw: '[{"id":1},{"id":"x"}]' }) },
  { name: 'malformed JSON', make: (f) => ({ raw: `{"${first(f)}":"x",` }) },
  {
    name: 'control characters',
    make: (f) => ({ body: each(f.strings.length ? f.strings : ['name'], () => `${PERSONAL}\u0007\u001b[31m\u007f`) }),
  },
  { name: 'NUL in a key', make: (f) => ({ body: { 'a\u0000b': 1, [first(f)]: 'x' } }) },
  { name: 'objects everywhere', make: (f) => ({ body: each(all(f), () => ({ a: { b: [1, { c: 'x' }] } })) }) },
  {
    name: 'empty and blank',
    make: (f) => ({
      body: {
        ...each(f.strings, (i) => ['', '   ', '\t\n'][i % 3]),
        ...each(f.numbers, () => null),
        ...each(f.dates, () => ''),
      },
    }),
  },
  {
    name: 'lone surrogates and odd Unicode',
    make: (f) => ({
      body: each(f.strings.length ? f.strings : ['name'], () => `\ud800${PERSONAL}\udfff \u202e﷽ 👍🏽 \ufffe`),
    }),
  },
  {
    name: 'search bounds',
    make: () => ({
      body: {
        q: `${PERSONAL} ${'a'.repeat(100_000)}`,
        filters: { name: 'x'.repeat(5_000), id: 1e308 },
        page: 1e308,
        pageSize: 1e9,
        sort: { field: '__proto__', order: 'DROP' },
      },
    }),
  },
  { name: 'path: NUL', make: (f) => ({ param: '%00', body: wrongTypes(f) }) },
  { name: 'path: text', make: (f) => ({ param: "abc'%3B--", body: wrongTypes(f) }) },
  { name: 'path: huge number', make: (f) => ({ param: '9'.repeat(40), body: wrongTypes(f) }) },
];

/**
 * Routes that do heavy work whatever their body says (the demo reset rebuilds the
 * whole database): they get only the inputs refused before any route runs.
 */
const HEAVY = [/\/init-demo$/];
const REFUSED_EARLY = new Set([
  'NUL in text',
  'deep nesting',
  '__proto__ key',
  'null body',
  'malformed JSON',
  'control characters',
  'NUL in a key',
  'path: NUL',
]);

/** Ids in paths: a stored row where one may exist, none for users and groups (the admin must stay logged in). */
function pathFor(r: Route, param?: string): string {
  const id = param ?? (/\/rest\/security\//.test(r.path) || r.method === 'DELETE' ? '999999' : '1');
  return r.path.replace(/\{\w+\}/g, (m) => (m === '{from}' || m === '{to}' ? (param ?? '2027-06-01') : id));
}

const INTERNALS =
  /\bat [\w.<>]+ \(|node_modules|SyntaxError|TypeError|RangeError|Error:|SELECT |INSERT |UPDATE "|stack/;

describe('fuzz: malformed inputs on every write route', () => {
  it('never answer 5xx nor show internals, and the log holds no request data', async () => {
    const doc = (await t.admin.get('/rest/openapi.json')).body;
    const routes = routesOf(doc);
    expect(routes.length).toBeGreaterThan(100);
    const byStatus: Record<string, number> = {};
    const failures: string[] = [];
    const seenCases = new Set<string>();
    let sent = 0,
      relogins = 0;
    const perRoute = new Map<string, number>();
    const started = Date.now();
    for (const [i, r] of routes.entries()) {
      const f = fieldsOf(doc, r.schema);
      const heavy = HEAVY.some((re) => re.test(r.path));
      const pool = heavy ? CORPUS.filter((c) => REFUSED_EARLY.has(c.name)) : CORPUS;
      for (let j = 0; j < PER_ROUTE; j++) {
        const entry = pool[(i * PER_ROUTE + j) % pool.length];
        const c = entry.make(f);
        if (c.param && !r.params.length) continue; // a path case on a route without parameters
        seenCases.add(entry.name);
        const payload = c.raw ?? (c.body === undefined ? undefined : JSON.stringify(c.body));
        const res: Reply = await t.admin.request(r.method, pathFor(r, c.param), payload ?? '{}', {
          'Content-Type': 'application/json',
        });
        sent++;
        perRoute.set(`${r.method} ${r.path}`, (perRoute.get(`${r.method} ${r.path}`) ?? 0) + 1);
        if (res.status === 403 && res.body?.code === 'NOT_LOGGED_IN') {
          // A route may end the session (log-out): log in again and go on.
          relogins++;
          expect((await t.admin.login()).status).toBe(200);
        }
        byStatus[res.status] = (byStatus[res.status] ?? 0) + 1;
        const where = `${r.method} ${r.path} [${entry.name}]`;
        if (res.status >= 500) failures.push(`${where} → ${res.status} ${res.text.slice(0, 200)}`);
        else if (INTERNALS.test(res.text) && !/^(GET|POST) .*\/export/.test(where))
          failures.push(`${where} shows internals: ${res.text.slice(0, 200)}`);
        else if (res.status === 400 && (typeof res.body?.code !== 'string' || typeof res.body?.message !== 'string'))
          failures.push(`${where} → 400 without { code, message }: ${res.text.slice(0, 200)}`);
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const fivexx = Object.entries(byStatus)
      .filter(([s]) => Number(s) >= 500)
      .reduce((n, [, k]) => n + k, 0);
    console.log(
      `fuzz: ${routes.length} write routes, ${sent} requests in ${seconds} s, ${seenCases.size}/${CORPUS.length} ` +
        `corpus entries used, answers ${JSON.stringify(byStatus)}, 5xx = ${fivexx}, re-logins ${relogins}`,
    );
    expect(failures, failures.slice(0, 30).join('\n')).toEqual([]);
    expect(fivexx).toBe(0);
    expect(seenCases.size).toBe(CORPUS.length);
    // Every write route was tried, each with several inputs.
    expect(perRoute.size).toBe(routes.length);
    expect(Math.min(...perRoute.values())).toBeGreaterThanOrEqual(2);
    expect(logged.filter((l) => l.includes('Jeanne') || l.includes('example.fr'))).toEqual([]);
    // Nothing polluted Object.prototype.
    expect(({} as any).polluted).toBeUndefined();
    expect(({} as any).isAdmin).toBeUndefined();
  }, 300_000);
});
