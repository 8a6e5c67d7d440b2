// Log-in throttling (ASVS 2.2.1) per (account, address) and per address, with a
// growing delay instead of a lock of the account for everyone: the owner logging in
// from another address always gets in; guesses sent in parallel are throttled like
// sequential ones (counted before the password is checked, under a row lock).
// Clients connect from several loopback addresses (127.0.0.x): the server sees them.
import { request } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { THROTTLE, delaySeconds } from '../../api/auth/throttle';
import { ADMIN_PASSWORD } from './db';
import { createUser, PASSWORD } from './security-helpers';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.knex('login_attempt').delete();
  await t.knex('login_throttle').delete();
});

interface Answer {
  status: number;
  code?: string;
  message?: string;
  cookie: boolean;
}

/** A log-in over a fresh connection from the local address `from` (127.0.0.x). */
function loginFrom(from: string, login: string, password: string): Promise<Answer> {
  const body = JSON.stringify({ login, password });
  return new Promise((resolve, reject) => {
    const req = request(
      `${t.url}/rest/security/login`,
      {
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'Content-Length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () => {
          const json = text ? JSON.parse(text) : {};
          resolve({
            status: res.statusCode ?? 0,
            code: json.code,
            message: json.message,
            cookie: !!res.headers['set-cookie'],
          });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const checked = async (where: Record<string, unknown>) =>
  Number(
    (await t.knex('login_attempt').where(where).whereIn('reason', ['password', 'unknown']).count({ n: '*' }))[0].n,
  );

describe('per account and address', () => {
  it(
    `40 parallel wrong guesses: at most ${THROTTLE.perAccount} passwords checked; the owner logs in from another ` +
      `address meanwhile`,
    async () => {
      const guesses = Array.from({ length: 40 }, (_, i) => loginFrom('127.0.0.2', 'admin', `faux-${i}`));
      const owner = loginFrom('127.0.0.3', 'admin', ADMIN_PASSWORD);
      const answers = await Promise.all(guesses);
      expect((await owner).status).toBe(200);
      expect(answers.filter((a) => a.code === 'LOGIN_FAILED').length).toBeLessThanOrEqual(THROTTLE.perAccount);
      expect(answers.filter((a) => a.code === 'LOGIN_THROTTLED').length).toBeGreaterThanOrEqual(
        40 - THROTTLE.perAccount,
      );
      expect(answers.every((a) => a.status === 400 && !a.cookie)).toBe(true);
      expect(await checked({ login: 'admin', ip: '127.0.0.2' })).toBeLessThanOrEqual(THROTTLE.perAccount);
      // Every failure is in the log-in history with its address.
      const logged = await t
        .knex('login_attempt')
        .where({ login: 'admin', ip: '127.0.0.2', success: false })
        .count({ n: '*' });
      expect(Number(logged[0].n)).toBe(40);
      // The right password from the guessing address waits too, with a French message…
      const blocked = await loginFrom('127.0.0.2', 'admin', ADMIN_PASSWORD);
      expect(blocked.code).toBe('LOGIN_THROTTLED');
      expect(blocked.message).toMatch(/^Trop de tentatives de connexion : réessayez dans \d+ minute\(s\)$/);
      expect(blocked.cookie).toBe(false);
      // …while the owner still gets in from anywhere else.
      expect((await loginFrom('127.0.0.4', 'admin', ADMIN_PASSWORD)).status).toBe(200);
    },
  );

  it('100 wrong guesses one after another from one address: the same few checked', async () => {
    const u = await createUser(t);
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 100; i++) codes.push((await loginFrom('127.0.0.5', u.login, `faux-${i}`)).code);
    expect(codes.slice(0, THROTTLE.perAccount).every((c) => c === 'LOGIN_FAILED')).toBe(true);
    expect(codes.slice(THROTTLE.perAccount).every((c) => c === 'LOGIN_THROTTLED')).toBe(true);
    expect(await checked({ login: u.login })).toBe(THROTTLE.perAccount);
    expect((await loginFrom('127.0.0.6', u.login, PASSWORD)).status).toBe(200);
  });

  it('grows the delay at each failure once it has passed, and a success starts afresh', async () => {
    const u = await createUser(t);
    for (let i = 0; i < THROTTLE.perAccount; i++)
      expect((await loginFrom('127.0.0.7', u.login, 'faux')).code).toBe('LOGIN_FAILED');
    const key = `a:127.0.0.7|${u.login.toLowerCase()}`;
    const delay = async () => {
      const { rows } = await t.knex.raw(
        `SELECT extract(epoch FROM blocked_until - last_at) AS s FROM login_throttle WHERE key = ?`,
        [key],
      );
      return Math.round(Number(rows[0].s));
    };
    expect(await delay()).toBe(THROTTLE.baseDelaySeconds);
    expect((await loginFrom('127.0.0.7', u.login, 'faux')).code).toBe('LOGIN_THROTTLED');
    // Once the delay has passed (moved back in time), one more guess is checked and the delay doubles.
    const pass = () =>
      t
        .knex('login_throttle')
        .where('key', key)
        .update({ blockedUntil: t.knex.raw(`now() - interval '1 second'`) });
    await pass();
    expect((await loginFrom('127.0.0.7', u.login, 'faux')).code).toBe('LOGIN_FAILED');
    expect(await delay()).toBe(2 * THROTTLE.baseDelaySeconds);
    expect((await loginFrom('127.0.0.7', u.login, 'faux')).code).toBe('LOGIN_THROTTLED');
    await pass();
    expect((await loginFrom('127.0.0.7', u.login, PASSWORD)).status).toBe(200);
    // The success gives the pair a fresh start: the free failures are available again.
    for (let i = 0; i < THROTTLE.perAccount - 1; i++)
      expect((await loginFrom('127.0.0.7', u.login, 'faux')).code).toBe('LOGIN_FAILED');
    expect((await loginFrom('127.0.0.7', u.login, PASSWORD)).status).toBe(200);
  });

  it('forgets failures after a day without attempts', async () => {
    const u = await createUser(t);
    for (let i = 0; i < THROTTLE.perAccount; i++) await loginFrom('127.0.0.8', u.login, 'faux');
    expect((await loginFrom('127.0.0.8', u.login, PASSWORD)).code).toBe('LOGIN_THROTTLED');
    await t.knex('login_throttle').update({
      lastAt: t.knex.raw(`now() - make_interval(hours => ?)`, [THROTTLE.forgetAfterHours + 1]),
      blockedUntil: t.knex.raw(`now() + interval '1 minute'`),
    });
    expect((await loginFrom('127.0.0.8', u.login, PASSWORD)).status).toBe(200);
  });

  it('delays grow from the free failures on, up to the cap', () => {
    expect(delaySeconds(1, 5)).toBe(0);
    expect(delaySeconds(4, 5)).toBe(0);
    expect(delaySeconds(5, 5)).toBe(THROTTLE.baseDelaySeconds);
    expect(delaySeconds(6, 5)).toBe(2 * THROTTLE.baseDelaySeconds);
    expect(delaySeconds(500, 5)).toBe(THROTTLE.maxDelaySeconds);
  });
});

describe('per address', () => {
  it(
    `parallel guesses over many logins: at most ` + `${THROTTLE.perAddress} checked; other addresses unaffected`,
    async () => {
      // On a loaded machine the 20 password checks may outlast the first 30 s delay, which
      // starts at the 20th reservation: a longer one keeps the check below about the block.
      const base = THROTTLE.baseDelaySeconds;
      THROTTLE.baseDelaySeconds = 600;
      try {
        const answers = await Promise.all(
          Array.from({ length: 60 }, (_, i) => loginFrom('127.0.0.9', `inconnu${i}`, 'faux')),
        );
        expect(answers.filter((a) => a.code === 'LOGIN_FAILED').length).toBeLessThanOrEqual(THROTTLE.perAddress);
        expect(await checked({ ip: '127.0.0.9' })).toBeLessThanOrEqual(THROTTLE.perAddress);
        // The address waits, even for an account it never tried…
        expect((await loginFrom('127.0.0.9', 'admin', ADMIN_PASSWORD)).code).toBe('LOGIN_THROTTLED');
        // …not the others.
        expect((await loginFrom('127.0.0.10', 'admin', ADMIN_PASSWORD)).status).toBe(200);
      } finally {
        THROTTLE.baseDelaySeconds = base;
      }
    },
  );

  it("a success from an address gives back only its own attempt, not the address's other failures", async () => {
    const u = await createUser(t);
    await t.knex('login_throttle').insert({ key: 'ip:127.0.0.11', failures: THROTTLE.perAddress - 2 });
    expect((await loginFrom('127.0.0.11', 'personne', 'faux')).code).toBe('LOGIN_FAILED');
    expect((await loginFrom('127.0.0.11', u.login, PASSWORD)).status).toBe(200);
    expect((await loginFrom('127.0.0.11', 'personne-2', 'faux')).code).toBe('LOGIN_FAILED');
    expect((await loginFrom('127.0.0.11', u.login, PASSWORD)).code).toBe('LOGIN_THROTTLED');
  });
});
