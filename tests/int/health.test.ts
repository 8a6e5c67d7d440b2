// GET /rest/health (api/http/health.ts): a supervisor or the load bench reads, without a
// session, whether the server's start-up jobs are over; it tells nothing else.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import type { StartupState } from '../../api/http/health';

let state: StartupState = 'running';
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ app: { startup: () => state } });
});
afterAll(async () => {
  await t?.close();
});

it('answers without a session whether the start-up is running, then done', async () => {
  const running = await t.client().get('/rest/health');
  expect(running.status).toBe(200);
  expect(running.body).toEqual({ startup: 'running' });
  state = 'done';
  const done = await t.client().get('/rest/health');
  expect(done.body).toEqual({ startup: 'done' });
});
