// Every create, update and delete through the API lands in the append-only history.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

it('records who changed what, and when', async () => {
  const created = await t.admin.post('/rest/language', { code: 'cy', name: 'Gallois' });
  const id = created.body.id;
  await t.admin.put(`/rest/language/${id}`, { name: 'Gallois (Cymraeg)' });
  await t.admin.del(`/rest/language/${id}`);
  const r = await t.admin.get(
    `/rest/post-history?filter=${encodeURIComponent(JSON.stringify({ entity: 'language', recordId: id }))}` +
      `&sort=["id","ASC"]`,
  );
  expect(r.body.map((h: any) => h.action)).toEqual(['create', 'update', 'delete']);
  expect(r.body.every((h: any) => h.userName === 'Administrateur' && h.entityLabel === 'Langue')).toBe(true);
  expect(r.body[1].changes).toEqual({ name: ['Gallois', 'Gallois (Cymraeg)'] });
  expect(r.body[1].recordLabel).toBe('Gallois (Cymraeg)');
  expect(r.body[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
});

it('never records a password, only that it changed', async () => {
  const u = await t.admin.post('/rest/security/user', { login: 'hist', name: 'Histoire', password: 'secret-secret' });
  const r = await t.admin.get(
    `/rest/post-history?filter=${encodeURIComponent(JSON.stringify({ entity: 'user', recordId: u.body.id }))}`,
  );
  expect(JSON.stringify(r.body)).not.toContain('secret-secret');
  expect(JSON.stringify(r.body)).not.toContain('scrypt');
  expect(r.body[0].changes.password).toEqual(['***', '*** (modifié)']);
});
