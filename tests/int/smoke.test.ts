import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

describe('harness', () => {
  it('serves the reference data to the logged-in admin', async () => {
    const r = await t.admin.get('/rest/country');
    expect(r.status).toBe(200);
    expect(r.body.map((c: any) => c.isoCode)).toContain('FR');
  });
});

describe('POST {base}/order', () => {
  it('puts the given ids first and keeps a strict order for the rest', async () => {
    const before = (await t.admin.get('/rest/access-channel')).body.map((c: any) => c.id);
    const moved = [before.at(-1), before[0]];
    const r = await t.admin.post('/rest/access-channel/order', moved);
    expect(r.status).toBe(200);
    const after = (await t.admin.get('/rest/access-channel')).body;
    expect(after.map((c: any) => c.id)).toEqual([...moved, ...before.filter((id: number) => !moved.includes(id))]);
    expect(after.map((c: any) => c.order)).toEqual(after.map((_: unknown, i: number) => i + 1));
  });

  it('refuses unknown ids', async () => {
    const r = await t.admin.post('/rest/access-channel/order', [999999]);
    expect(r.status).toBe(400);
  });
});
