// Helpers of the security tests: users with given rights, logged-in clients.
import { FUNCTIONALITY_KEYS } from '../../common/functionalities';
import type { Level } from '../../common/rights';
import type { Client, TestServer } from './harness';

export const PASSWORD = 'mot-de-passe-solide';

let n = 0;
/** Creates a user through the API (as admin) and answers its id. */
export async function createUser(t: TestServer, extra: Record<string, unknown> = {}): Promise<{ id: number; login: string }> {
  const login = (extra.login as string | undefined) ?? `u${Date.now().toString(36)}${++n}`;
  const r = await t.admin.post('/rest/security/user', { name: `Utilisateur ${login}`, password: PASSWORD, ...extra, login });
  if (r.status !== 200) throw new Error(`cannot create user: ${r.text}`);
  return { id: r.body.id, login };
}

/** Every functionality at one level (and the export flag). */
export function allAt(level: Level, canExport = false) {
  return { rights: Object.fromEntries(FUNCTIONALITY_KEYS.map((k) => [k, { rights: level, canExport }])) };
}

export async function userWithRights(t: TestServer, rights: { rights: Record<string, unknown> }): Promise<{ id: number; login: string; client: Client }> {
  const u = await createUser(t);
  const r = await t.admin.post(`/rest/security/user/set_right/${u.id}`, rights);
  if (r.status !== 200) throw new Error(`cannot set rights: ${r.text}`);
  const client = t.client();
  const l = await client.login(u.login, PASSWORD);
  if (l.status !== 200) throw new Error(`cannot log in: ${l.text}`);
  return { ...u, client };
}
