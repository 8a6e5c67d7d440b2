// Log-in throttling (ASVS 2.2.1) that cannot lock the owner out: counted per
// (account, client address) and per address, never per account for everyone, so a
// right password from an address that has not failed still gets in. After a few
// free failures each further one imposes a growing delay (30 s, 1 min, 2 min… up to
// 15 min) instead of a hard lock. An attempt is counted BEFORE the password is
// checked, under a row lock (login_throttle), so guesses sent in parallel are
// throttled like sequential ones; a successful log-in gives its count back.
import type { Knex } from 'knex';

export const THROTTLE = {
  /** failures of one account from one address before any delay */
  perAccount: 5,
  /** failures from one address (whatever the logins) before any delay */
  perAddress: 20,
  /** first delay, doubled at each further failure */
  baseDelaySeconds: 30,
  maxDelaySeconds: 15 * 60,
  /** failures are forgotten after this long without any attempt */
  forgetAfterHours: 24,
};

const pairKey = (login: string, ip: string) => `a:${ip}|${login.toLowerCase()}`.slice(0, 200);
const addressKey = (ip: string) => `ip:${ip}`;

/** Delay imposed after the n-th failure in a row of a key allowing `free` failures. */
export function delaySeconds(n: number, free: number): number {
  if (n < free) return 0;
  return Math.min(THROTTLE.maxDelaySeconds, THROTTLE.baseDelaySeconds * 2 ** Math.min(20, n - free));
}

/** A throttle row as the locking read returns it (pg gives the epoch difference as text). */
interface ThrottleRow {
  key: string;
  failures: number;
  wait: string | number | null;
  forgotten: boolean | null;
}

export type Reservation = { ok: true; release(knex: Knex): Promise<void> } | { ok: false; waitSeconds: number };

/**
 * Counts an attempt for `login` from `ip` before its password is checked: refused
 * (with the wait) while the pair or the address is delayed, otherwise counted as a
 * failure on both keys. On success, call `release` to give the count back.
 */
export async function reserveAttempt(knex: Knex, login: string, ip: string): Promise<Reservation> {
  const keys = [
    { key: pairKey(login, ip), free: THROTTLE.perAccount },
    { key: addressKey(ip), free: THROTTLE.perAddress },
  ].sort((a, b) => (a.key < b.key ? -1 : 1)); // one lock order: no deadlock between attempts
  const wait = await knex.transaction(async (trx) => {
    await trx('login_throttle')
      .insert(keys.map((k) => ({ key: k.key })))
      .onConflict('key')
      .ignore();
    const { rows } = await trx.raw<{ rows: ThrottleRow[] }>(
      `SELECT key, failures, extract(epoch FROM blocked_until - clock_timestamp()) AS wait,
              last_at < clock_timestamp() - make_interval(hours => ?) AS forgotten
         FROM login_throttle WHERE key = ANY(?) ORDER BY key FOR UPDATE`,
      [THROTTLE.forgetAfterHours, keys.map((k) => k.key)],
    );
    const waits = rows.filter((r) => !r.forgotten && Number(r.wait) > 0).map((r) => Number(r.wait));
    if (waits.length) return Math.max(...waits);
    for (const r of rows) {
      const n = (r.forgotten ? 0 : Number(r.failures)) + 1;
      const free = keys.find((k) => k.key === r.key)!.free;
      await trx.raw(
        `UPDATE login_throttle SET failures = ?, last_at = clock_timestamp(), blocked_until = clock_timestamp() ` +
          `+ make_interval(secs => ?) WHERE key = ?`,
        [n, delaySeconds(n, free), r.key],
      );
    }
    return 0;
  });
  if (wait > 0) return { ok: false, waitSeconds: wait };
  return {
    ok: true,
    async release(k) {
      // The pair starts afresh; the address gets back the attempt counted for this log-in
      // (not more: one known account must not wash an address's other failures away).
      await k('login_throttle').where('key', pairKey(login, ip)).delete();
      await k.raw(
        `UPDATE login_throttle SET failures = greatest(failures - 1, 0),
                blocked_until = CASE WHEN failures - 1 < ? THEN least(blocked_until, clock_timestamp())
                  ELSE blocked_until END
          WHERE key = ?`,
        [THROTTLE.perAddress, addressKey(ip)],
      );
    },
  };
}

/** Rows nobody has used for a while (housekeeping; their failures are forgotten anyway). */
export async function purgeThrottle(knex: Knex): Promise<number> {
  return knex('login_throttle')
    .whereRaw(`last_at < now() - make_interval(hours => ?)`, [THROTTLE.forgetAfterHours])
    .whereRaw('blocked_until < now()')
    .delete();
}
