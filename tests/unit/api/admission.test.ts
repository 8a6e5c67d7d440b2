import { describe, expect, it } from 'vitest';
import type { Context } from 'koa';
import { ADMITTED, admission, leaveAdmission } from '../../../api/http/admission';

const mw = admission();
const ctx = (method: string, path: string) => ({ method, path }) as unknown as Context;

/** A request whose work stays running until released. */
function request(method: string, path: string, during?: () => void) {
  let release!: () => void;
  let started = false;
  const done = mw(ctx(method, path), async () => {
    started = true;
    during?.();
    await new Promise<void>((r) => (release = r));
  });
  return { done, started: () => started, release: () => release() };
}
const tick = () => new Promise((r) => setImmediate(r));

describe('admission', () => {
  it('lets ADMITTED reads work at once, the next when one ends; writes and short-lane reads never wait', async () => {
    const reads = Array.from({ length: ADMITTED + 1 }, () => request('GET', '/rest/customer'));
    await tick();
    expect(reads.map((r) => r.started())).toEqual([...Array(ADMITTED).fill(true), false]);
    const write = request('POST', '/rest/customer');
    const search = request('POST', '/rest/booking/list');
    await tick();
    expect(write.started()).toBe(true);
    expect(search.started()).toBe(false);
    reads[0].release();
    await reads[0].done;
    await tick();
    expect(reads[ADMITTED].started()).toBe(true);
    for (const r of [...reads.slice(1), write]) r.release();
    await tick();
    search.release();
    await Promise.all([...reads, write, search].map((r) => r.done));
  });

  it('a read that leaves its slot (a heavy one about to queue) lets the next in at once', async () => {
    const reads = Array.from({ length: ADMITTED }, (_, i) =>
      request('GET', '/rest/customer', i === 0 ? leaveAdmission : undefined),
    );
    const next = request('GET', '/rest/bill/list');
    await tick();
    expect(next.started()).toBe(true);
    for (const r of [...reads, next]) r.release();
    await Promise.all([...reads, next].map((r) => r.done));
  });
});
