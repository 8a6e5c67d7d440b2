// Requests the server cannot read answer 400 with a French code and no detail:
// malformed JSON, a `null` body, a body over the size limit, prototype-pollution
// keys, a Content-Encoding the body does not match, ids that are not numbers.
// None may answer 500 or leak a stack trace or SQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { formatMessage } from '../../common/messages';
import { startTestServer, type Reply, type TestServer } from './harness';
import { book, makeCustomer, makePlace, reference, type Ref } from './stays-fixtures';
import { mapDbError } from '../../api/db/errors';
import { describeError } from '../../api/http/log';
import { addDays, todayParis } from '../../common/dates';

let t: TestServer;
/** What the server logged of unexpected errors (data-free lines, api/http/log.ts). */
const logged: string[] = [];
beforeAll(async () => {
  t = await startTestServer({
    app: {
      log: (line) => {
        logged.push(String(line));
      },
    },
  });
});
afterAll(async () => {
  await t?.close();
});

/** A 400 with that code, its French message and nothing that looks like internals. */
function expectClean400(r: Reply, code: string) {
  expect(r.status, r.text).toBe(400);
  expect(r.body.code, r.text).toBe(code);
  expect(r.body.message).toBe(formatMessage(code as any));
  expect(r.text).not.toMatch(/\bat [\w.<>]+ \(|node_modules|SyntaxError|Error:|SELECT |INSERT |stack/);
}

/** A raw POST with the admin's session: the body is sent as given, bytes included. */
async function rawPost(path: string, body: string | Uint8Array, headers: Record<string, string> = {}): Promise<Reply> {
  const res = await fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', Cookie: t.admin.cookie!, ...headers },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  const text = await res.text();
  let parsed: any = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, headers: res.headers, text };
}

const language = (n: number) => JSON.stringify({ code: `m${n}`, name: `Langue ${n}` });

describe('malformed bodies', () => {
  it('refuses JSON that does not parse', async () => {
    for (const body of ['{"code":', '{code: "x"}', "{'a':1}", '[1,2', '{"a":1}}']) {
      expectClean400(await rawPost('/rest/language', body), 'MALFORMED_JSON');
    }
  });

  it('refuses a null, number or string body where an object is expected', async () => {
    for (const body of ['null', '42', '"texte"', 'true']) {
      const r = await rawPost('/rest/language', body);
      expect(r.status, body).toBe(400);
      expect(['MALFORMED_JSON', 'INCORRECT_FORM']).toContain(r.body.code);
    }
    expectClean400(await rawPost('/rest/language/edit', 'null'), 'MALFORMED_JSON');
    expectClean400(await rawPost('/rest/language/search', 'null'), 'MALFORMED_JSON');
  });

  it('refuses a body over the size limit', async () => {
    const huge = JSON.stringify({ code: 'zz', name: 'x'.repeat(1_200_000) });
    expectClean400(await rawPost('/rest/language', huge), 'REQUEST_TOO_LARGE');
  });

  it('refuses prototype-pollution keys and pollutes nothing', async () => {
    expectClean400(await rawPost('/rest/language', '{"__proto__":{"x":1},"name":"Pp"}'), 'MALFORMED_JSON');
    expectClean400(
      await rawPost('/rest/language/edit', '{"id":0,"code":"pp","name":"Pp","__proto__":{"isAdmin":true}}'),
      'MALFORMED_JSON',
    );
    // `constructor` parses as a plain key: it is then an unknown field.
    const ctor = await rawPost('/rest/language', '{"constructor":{"prototype":{"x":1}},"code":"pq","name":"Pq"}');
    expect(ctor.status).toBe(400);
    expect(ctor.body.errors).toEqual({ constructor: formatMessage('UNKNOWN_FIELD') });
    expect(({} as any).x).toBeUndefined();
    expect(({} as any).isAdmin).toBeUndefined();
    expect(
      (await t.admin.get(`/rest/language?filter=${encodeURIComponent(JSON.stringify({ code: 'pp' }))}`)).body,
    ).toEqual([]);
  });

  it('refuses a body that is not what its Content-Encoding says, or an encoding it does not know', async () => {
    for (const encoding of ['gzip', 'br', 'deflate', 'x-gzip', 'compress', 'nimportequoi']) {
      expectClean400(
        await rawPost('/rest/language', language(1), { 'Content-Encoding': encoding }),
        'BODY_ENCODING_INVALID',
      );
    }
    // Truncated gzip: the stream ends early.
    expectClean400(
      await rawPost('/rest/language', gzipSync(language(2)).subarray(0, 15), { 'Content-Encoding': 'gzip' }),
      'BODY_ENCODING_INVALID',
    );
  });

  it('still reads bodies that really are compressed', async () => {
    const a = await rawPost('/rest/language', gzipSync(language(3)), { 'Content-Encoding': 'gzip' });
    expect(a.status, a.text).toBe(200);
    expect(a.body.code).toBe('m3');
    const b = await rawPost('/rest/language', brotliCompressSync(language(4)), { 'Content-Encoding': 'br' });
    expect(b.status, b.text).toBe(200);
    expect(b.body.code).toBe('m4');
  });
});

describe('ids and query parameters that are not numbers', () => {
  const badIds = ['abc', '1e3', '-1', '0x1', '1.5', '99999999999', '%20', 'null'];

  it('answers INVALID_ID on every id route', async () => {
    for (const id of badIds) {
      expectClean400(await t.admin.get(`/rest/language/${id}`), 'INVALID_ID');
      expectClean400(await t.admin.get(`/rest/language/edit/${id}`), 'INVALID_ID');
      expectClean400(await t.admin.put(`/rest/language/${id}`, { name: 'X' }), 'INVALID_ID');
      expectClean400(await t.admin.del(`/rest/language/${id}`), 'INVALID_ID');
      expectClean400(await t.admin.post(`/rest/language/delete/${id}`), 'INVALID_ID');
      expectClean400(await t.admin.get(`/rest/department/country/${id}`), 'INVALID_ID');
    }
    expectClean400(await t.admin.post('/rest/language/edit', { id: 'abc', code: 'zz', name: 'Z' }), 'INVALID_ID');
  });

  it('answers INVALID_QUERY for malformed list parameters', async () => {
    for (const q of [
      'range=[a,b]',
      'range=abc',
      'range=[5,1]',
      'sort=[',
      'sort=["nope","ASC"]',
      'filter={',
      'filter=[1]',
      'filter={"id":"abc"}',
    ]) {
      const r = await t.admin.get(`/rest/language?${q}`);
      expect(r.status, `${q}: ${r.text}`).toBe(400);
      expect(r.text).not.toMatch(/stack|node_modules|SELECT/);
    }
    for (const body of [{ page: 'x' }, { pageSize: -1 }, { filters: [1] }, { sort: 'x' }]) {
      const r = await t.admin.post('/rest/language/search', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
  });
});

/** A 400 with that code and, when given, that field flagged with that text. */
function expect400(r: Reply, code: string, field?: string, text?: string) {
  expect(r.status, r.text).toBe(400);
  expect(r.body.code, r.text).toBe(code);
  if (field && text) expect(r.body.errors?.[field], r.text).toBe(text);
  else if (field) expect(r.body.errors?.[field], r.text).toEqual(expect.any(String));
  expect(r.text).not.toMatch(/\bat [\w.<>]+ \(|node_modules|Error:|SELECT |INSERT |stack/);
}

describe('NUL and control characters', () => {
  const nul = formatMessage('INVALID_CHARACTERS');
  const q = (filter: unknown) => `/rest/language?filter=${encodeURIComponent(JSON.stringify(filter))}`;

  it('are refused in any text field, on generic and hand-written routes, naming the field', async () => {
    expect400(
      await t.admin.post('/rest/language', { code: 'n1', name: 'Lan\u0000gue' }),
      'INVALID_CHARACTERS',
      'name',
      nul,
    );
    expect400(
      await t.admin.post('/rest/language/edit', { id: 0, code: 'n2', name: 'A\u0007B' }),
      'INVALID_CHARACTERS',
      'name',
      nul,
    );
    expect400(
      await t.admin.post('/rest/customer', { lastName: 'Dupont\u001b[31m', firstName: 'Jean' }),
      'INVALID_CHARACTERS',
      'lastName',
      nul,
    );
    // Nested: the top-level field is named.
    expect400(
      await t.admin.post('/rest/booking/create', { kind: 'booking', occupancies: [{ notes: 'x\u0000' }] }),
      'INVALID_CHARACTERS',
      'occupancies',
      nul,
    );
    // A lone UTF-16 surrogate (UTF-8 cannot carry it), here in a log-in: it would reach the throttle keys.
    expect400(
      await t.client().post('/rest/security/login', { login: 'adm\ud800', password: 'x\udfff' }),
      'INVALID_CHARACTERS',
      'login',
      nul,
    );
    // In a key too.
    expect400(await t.admin.post('/rest/language', { code: 'n3', name: 'Ok', 'a\u0000': 1 }), 'INVALID_CHARACTERS');
    expect((await t.knex('language').whereIn('code', ['n1', 'n2', 'n3']).count({ n: '*' }))[0].n).toBe(0);
  });

  it('leave tab and line breaks alone where text may hold them', async () => {
    const r = await t.admin.post('/rest/customer', {
      lastName: 'Durand',
      firstName: 'Lou',
      notes: 'ligne 1\r\nligne 2\tfin',
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.notes).toBe('ligne 1\r\nligne 2\tfin');
  });

  it('are refused in search terms, filters, query strings and paths', async () => {
    expect400(await t.admin.post('/rest/language/search', { q: 'abc\u0000' }), 'INVALID_CHARACTERS');
    expect400(await t.admin.get(q({ q: 'fra\u0000' })), 'INVALID_CHARACTERS');
    expect400(await t.admin.get(q({ name: 'x\u0000y' })), 'INVALID_CHARACTERS');
    expect400(await t.admin.get('/rest/language?filter=%7B%22name%22%3A%22a%00%22%7D'), 'INVALID_CHARACTERS');
    expect400(await t.admin.get('/rest/language/1%00'), 'INVALID_CHARACTERS');
  });
});

describe('bounds', () => {
  it('refuses a body nested deeper than 32 levels, however deep', async () => {
    for (const depth of [40, 100_000]) {
      expect400(
        await rawPost('/rest/language', `{"name":${'['.repeat(depth)}${']'.repeat(depth)}}`),
        'REQUEST_TOO_DEEP',
      );
    }
    // The richest real bodies stay well inside.
    expect((await t.admin.post('/rest/language', { code: 'd1', name: 'Profond' })).status).toBe(200);
  });

  it('caps search terms and text filters at 200 characters', async () => {
    expect400(await t.admin.post('/rest/customer/search', { q: 'a'.repeat(201) }), 'SEARCH_TOO_LONG');
    expect((await t.admin.post('/rest/customer/search', { q: 'a'.repeat(200) })).status).toBe(200);
    expect400(
      await t.admin.get(`/rest/customer?filter=${encodeURIComponent(JSON.stringify({ q: 'b'.repeat(1_000) }))}`),
      'SEARCH_TOO_LONG',
    );
    expect400(
      await t.admin.get(`/rest/customer?filter=${encodeURIComponent(JSON.stringify({ lastName: 'c'.repeat(201) }))}`),
      'FILTER_TOO_LONG',
    );
    expect(formatMessage('SEARCH_TOO_LONG', { limit: 200 })).toBe('La recherche est limitée à 200 caractères');
  });

  it('caps the page size', async () => {
    expect400(await t.admin.post('/rest/language/search', { pageSize: 1_000_000 }), 'INVALID_QUERY');
    const r = await t.admin.get('/rest/language?range=[0,999999]');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-range')).toMatch(/^\w+ 0-\d+\/\d+$/);
  });
});

describe('database errors caused by the input', () => {
  it('a data exception (class 22) reached through a filter is a French 400, not a 500', async () => {
    // A date filter is passed to PostgreSQL as text: an impossible date is its 22008, a non-date its 22007.
    for (const value of ['2024-02-30', 'pas une date']) {
      const r = await t.admin.get(
        `/rest/unavailability?filter=${encodeURIComponent(JSON.stringify({ startDate: value }))}`,
      );
      expect400(r, 'INVALID_DATE');
    }
  });

  it('maps every data exception and constraint violation, and the statement timeout', async () => {
    const real = await t.knex.raw(`SELECT 'a'::date`).catch((e) => e);
    expect(real.code).toBe('22007');
    expect(mapDbError(real)).toMatchObject({ status: 400, code: 'INVALID_DATE' });
    expect(mapDbError({ code: '22021' })).toMatchObject({ status: 400, code: 'INVALID_CHARACTERS' });
    expect(mapDbError({ code: '22001' })).toMatchObject({ status: 400, code: 'VALUE_TOO_LONG' });
    expect(mapDbError({ code: '22003' })).toMatchObject({ status: 400, code: 'NUMBER_OUT_OF_RANGE' });
    expect(mapDbError({ code: '2201W' })).toMatchObject({ status: 400, code: 'INCORRECT_FORM' });
    expect(mapDbError({ code: '23000' })).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(mapDbError({ code: '57014' })).toMatchObject({ status: 503, code: 'QUERY_TIMEOUT' });
    expect(mapDbError({ nativeError: { code: '22P02' } })).toMatchObject({ status: 400, code: 'INCORRECT_FORM' });
    // Real bugs stay 500s.
    expect(mapDbError({ code: '42P01' })).toBeUndefined();
    expect(mapDbError(new TypeError('x'))).toBeUndefined();
  });

  it('logs an unexpected error without its SQL, values or message', async () => {
    // Knex puts the SQL with its values in the message: "insert into … values ('jean@x.fr') - …".
    const err = await t
      .knex('customer')
      .insert({ lastName: 'Secret', email: 'jean.secret@example.fr', nope: 1 } as any)
      .catch((e) => e);
    const line = describeError(err, 'POST /rest/customer');
    expect(line).toMatch(/^POST \/rest\/customer — error SQLSTATE 42703/);
    expect(line).not.toMatch(/jean\.secret|Secret|insert into/i);
    // Knex's default message interpolates the values, PostgreSQL's detail quotes them.
    const withValues = Object.assign(
      new Error(`insert into "customer" ("email") values ('jean.secret@example.fr') - duplicate key`),
      {
        code: '23505',
        constraint: 'uq_customer__email',
        table: 'customer',
        detail: 'Key (email)=(jean.secret@example.fr) already exists.',
      },
    );
    const described = describeError(withValues);
    expect(described).toMatch(/SQLSTATE 23505 table=customer constraint=uq_customer__email/);
    expect(described).not.toMatch(/jean\.secret|insert into|Key \(/);
    const parse = (() => {
      try {
        JSON.parse('{"email":"jean.secret@example.fr"');
      } catch (e) {
        return e;
      }
    })();
    expect(describeError(parse)).not.toContain('jean.secret');
    expect(describeError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toContain("reading 'x'");
    expect(logged.join('\n')).not.toMatch(/example\.fr|Jean|Dupont/);
  });
});

describe('dates that cannot be meant', () => {
  let ref: Ref;
  let customerId: number;
  const today = todayParis();
  const year = Number(today.slice(0, 4));
  beforeAll(async () => {
    ref = await reference(t);
    customerId = (await makeCustomer(t.admin)).id;
  });
  const stay = (placeId: number, startDate: string, endDate: string, extra: Record<string, unknown> = {}) =>
    t.admin.post('/rest/booking/create', {
      kind: 'booking',
      temporary: false,
      customerId,
      ...extra,
      occupancies: [{ placeId, startDate, endDate, details: [{ ageCategoryId: ref.ages.adult, quantity: 2 }] }],
    });
  const windowText = formatMessage('DATE_YEAR_OUT_OF_RANGE', { min: 2000, max: year + 5 });

  it('refuses stay and unavailability years before 2000 or more than five years ahead', async () => {
    const place = await makePlace(t.admin, ref);
    // A domain route's body: every date in it, keyed by its path.
    expect400(
      await stay(place.id, '1999-12-20', '1999-12-27'),
      'INCORRECT_DATES',
      'occupancies.0.startDate',
      windowText,
    );
    expect400(
      await stay(place.id, `${year + 6}-01-02`, `${year + 6}-01-05`),
      'INCORRECT_DATES',
      'occupancies.0.startDate',
      windowText,
    );
    expect400(
      await stay(place.id, `${year + 5}-12-30`, `${year + 6}-01-02`),
      'INCORRECT_DATES',
      'occupancies.0.endDate',
      windowText,
    );
    expect((await stay(place.id, `${year + 5}-12-01`, `${year + 5}-12-05`)).status).toBe(200);
    expect400(
      await t.admin.post('/rest/unavailability', {
        placeId: place.id,
        startDate: '0999-01-01',
        endDate: '2026-01-01',
        reason: 'x',
      }),
      'INCORRECT_DATES',
      'startDate',
      windowText,
    );
    expect(windowText).toBe(`Date incorrecte : l’année doit être comprise entre 2000 et ${year + 5}`);
  });

  it(
    'refuses those years on every business date of every entity and every domain write; an old date already stored ' +
      'stays editable',
    async () => {
      const far = await t.admin.post('/rest/establishment/financial-year', {
        label: 'Exercice lointain',
        startDate: `${year + 6}-01-01`,
        endDate: `${year + 6}-12-31`,
      });
      expect400(far, 'INCORRECT_DATES', 'startDate', windowText);
      expect(far.body.errors.endDate).toBe(windowText);
      const [old] = await t
        .knex('financial_year')
        .insert({ label: 'Exercice 1998', startDate: '1998-01-01', endDate: '1998-12-31' })
        .returning('id');
      const renamed = await t.admin.put(`/rest/establishment/financial-year/${old.id}`, {
        label: 'Exercice 1998 (repris)',
      });
      expect(renamed.status, renamed.text).toBe(200);
      expect400(
        await t.admin.put(`/rest/establishment/financial-year/${old.id}`, { startDate: '1997-01-01' }),
        'INCORRECT_DATES',
        'startDate',
        windowText,
      );
      // A domain route: the dates of its body.
      const move = await t.admin.post('/rest/planning/move', {
        kind: 'occupancy',
        id: 1,
        placeId: 1,
        startDate: `${year + 7}-07-01`,
        endDate: `${year + 7}-07-03`,
      });
      expect400(move, 'INCORRECT_DATES', 'startDate', windowText);
    },
  );

  it('refuses a stay longer than the setting (365 nights by default), residential places excepted', async () => {
    const start = addDays(today, 30);
    const place = await makePlace(t.admin, ref);
    const long = await stay(place.id, start, addDays(start, 366));
    expect400(long, 'STAY_TOO_LONG', 'endDate', 'Séjour trop long : 365 nuits au maximum');
    expect(long.body.message).toBe('Séjour trop long : 365 nuits au maximum');
    const setting = await t.knex('setting').orderBy('id').first('id');
    expect((await t.admin.put(`/rest/establishment/setting/${setting.id}`, { maxStayNights: 10 })).status).toBe(200);
    try {
      expect400(
        await stay(place.id, start, addDays(start, 11)),
        'STAY_TOO_LONG',
        'endDate',
        'Séjour trop long : 10 nuits au maximum',
      );
      const ok = await stay(place.id, start, addDays(start, 10));
      expect(ok.status, ok.text).toBe(200);
      // Lengthening a stored stay is the same rule.
      const occ = ok.body.occupancies[0];
      expect400(
        await t.admin.put(`/rest/occupancy/${occ.id}`, { endDate: addDays(start, 12) }),
        'STAY_TOO_LONG',
        'endDate',
        'Séjour trop long : 10 nuits au maximum',
      );
      // A residential place holds year-round stays.
      const res = await makePlace(t.admin, ref, { placeTypeId: ref.placeTypes.RES });
      const yearRound = await stay(res.id, start, addDays(start, 400));
      expect(yearRound.status, yearRound.text).toBe(200);
    } finally {
      await t.admin.put(`/rest/establishment/setting/${setting.id}`, { maxStayNights: 365 });
    }
  });

  it('refuses an option whose expiry date is already past, on creation, change and conversion', async () => {
    const place = await makePlace(t.admin, ref);
    const start = addDays(today, 40);
    const yesterday = addDays(today, -1);
    expect400(
      await stay(place.id, start, addDays(start, 3), { kind: 'option', optionExpiryDate: yesterday }),
      'DATE_IN_PAST',
      'optionExpiryDate',
      'La date ne peut pas être dans le passé',
    );
    const o = await book(t.admin, ref, {
      placeId: place.id,
      customerId,
      kind: 'option',
      startDate: start,
      endDate: addDays(start, 3),
      extra: { optionExpiryDate: today },
    });
    expect(o.booking.optionExpiryDate).toBe(today);
    expect400(
      await t.admin.put(`/rest/booking/${o.booking.id}`, { optionExpiryDate: yesterday }),
      'DATE_IN_PAST',
      'optionExpiryDate',
    );
    const b = await book(t.admin, ref, {
      placeId: (await makePlace(t.admin, ref)).id,
      customerId,
      startDate: start,
      endDate: addDays(start, 3),
    });
    expect400(
      await t.admin.post(`/rest/booking/${b.booking.id}/convert`, { kind: 'option', date: yesterday }),
      'DATE_IN_PAST',
      'date',
    );
  });

  it('refuses a birth date in the future (or before 1900), for customers and attendants', async () => {
    const tomorrow = addDays(today, 1);
    expect400(
      await t.admin.post('/rest/customer', { lastName: 'Futur', firstName: 'Né', birthDate: tomorrow }),
      'VALIDATION_FAILED',
      'birthDate',
      'La date de naissance ne peut pas être dans le futur',
    );
    expect400(
      await t.admin.post('/rest/customer', { lastName: 'Ancien', firstName: 'Né', birthDate: '1850-01-01' }),
      'VALIDATION_FAILED',
      'birthDate',
      `Date incorrecte : l’année doit être comprise entre 1900 et ${year}`,
    );
    expect400(
      await t.admin.post('/rest/attendant', { customerId, lastName: 'Futur', firstName: 'Bébé', birthDate: tomorrow }),
      'VALIDATION_FAILED',
      'birthDate',
      'La date de naissance ne peut pas être dans le futur',
    );
    const ok = await t.admin.post('/rest/customer', { lastName: 'Passé', firstName: 'Né', birthDate: '1950-05-17' });
    expect(ok.status, ok.text).toBe(200);
    expect(
      (await t.admin.post('/rest/customer', { lastName: 'Aujourdhui', firstName: 'Né', birthDate: today })).status,
    ).toBe(200);
  });
});
