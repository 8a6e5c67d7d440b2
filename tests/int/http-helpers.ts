// Small assertions over the test client, shared by the domain test files: a call that
// must succeed, the one row a filter finds, a record created through `POST …/edit`, a
// refusal with its §8 (docs/errors.md#messages) code, codes unique within a run, and the FEC file of a year.
import { expect } from 'vitest';
import { formatMessage } from '../../common/messages';
import type { Client, Reply, TestServer } from './harness';

let seq = 0;
/** A code or name unique within the run (tests share one database per file). */
export const unique = (prefix: string) => `${prefix}${Date.now() % 100000}${++seq}`;

/** POST that must answer 200; its body. */
export async function postOk(client: Client, path: string, body: unknown): Promise<any> {
  const r = await client.post(path, body);
  expect(r.status, `${path} ${r.text}`).toBe(200);
  return r.body;
}

/** The single row of `/rest/{base}` that the filter finds. */
export async function oneRow(client: Client, base: string, filter: Record<string, unknown>): Promise<any> {
  const r = await client.get(`/rest/${base}?filter=${encodeURIComponent(JSON.stringify(filter))}`);
  expect(r.status, r.text).toBe(200);
  expect(r.body, JSON.stringify(filter)).toHaveLength(1);
  return r.body[0];
}

/** `POST /rest/{base}/edit` with id 0, answering the saved item. */
export const createThroughEdit = (client: Client, base: string, body: Record<string, unknown>) =>
  client.post(`/rest/${base}/edit`, { id: 0, ...body }, { returnEditItem: 'true' });

/** The same, which must succeed: the saved item. */
export async function createdThroughEdit(client: Client, base: string, body: Record<string, unknown>): Promise<any> {
  const r = await createThroughEdit(client, base, body);
  expect(r.status, r.text).toBe(200);
  return r.body.item;
}

/** A 400 with the message code, and its French text on `field` when given. */
export function expectRefused(r: Reply, code: string, field?: string) {
  expect(r.status, r.text).toBe(400);
  expect(r.body.code).toBe(code);
  if (field) expect(r.body.errors?.[field], r.text).toBe(formatMessage(code as any));
}

/** `GET /rest/accounting/fec/{year}` as the admin: status, file name and text. */
export async function fecFile(
  t: TestServer,
  year: string | number,
): Promise<{ status: number; name: string; text: string }> {
  const r = await fetch(`${t.url}/rest/accounting/fec/${year}`, { headers: { cookie: t.admin.cookie! } });
  const name = /filename="?([^";]+)"?/.exec(r.headers.get('content-disposition') ?? '')?.[1] ?? '';
  return { status: r.status, name, text: await r.text() };
}
