// Helpers of the security tests: users with given rights, logged-in clients.
import { FUNCTIONALITY_KEYS } from '../../common/functionalities';
import type { Level } from '../../common/rights';
import type { Access } from '../../common/route-def';
import type { Client, TestServer } from './harness';

export const PASSWORD = 'mot-de-passe-solide';

let n = 0;
/** Creates a user through the API (as admin) and answers its id. */
export async function createUser(
  t: TestServer,
  extra: Record<string, unknown> = {},
): Promise<{ id: number; login: string }> {
  const login = (extra.login as string | undefined) ?? `u${Date.now().toString(36)}${++n}`;
  const r = await t.admin.post('/rest/security/user', {
    name: `Utilisateur ${login}`,
    password: PASSWORD,
    ...extra,
    login,
  });
  if (r.status !== 200) throw new Error(`cannot create user: ${r.text}`);
  return { id: r.body.id, login };
}

/** Every functionality at one level (and the export flag). */
export function allAt(level: Level, canExport = false) {
  return { rights: Object.fromEntries(FUNCTIONALITY_KEYS.map((k) => [k, { rights: level, canExport }])) };
}

export async function userWithRights(
  t: TestServer,
  rights: { rights: Record<string, unknown> },
): Promise<{ id: number; login: string; client: Client }> {
  const u = await createUser(t);
  const r = await t.admin.post(`/rest/security/user/set_right/${u.id}`, rights);
  if (r.status !== 200) throw new Error(`cannot set rights: ${r.text}`);
  const client = t.client();
  const l = await client.login(u.login, PASSWORD);
  if (l.status !== 200) throw new Error(`cannot log in: ${l.text}`);
  return { ...u, client };
}

/** A user of the permission matrix: every functionality at one level, with or without the export flag. */
export interface Profile {
  name: string;
  level: Level;
  exp: boolean;
  id: number;
  login: string;
  client: Client;
}

export const MATRIX_LEVELS: [string, Level, boolean][] = [
  ['000', '000', false],
  ['001', '001', false],
  ['001+export', '001', true],
  ['011', '011', false],
  ['111', '111', false],
];

export async function matrixProfiles(t: TestServer): Promise<Profile[]> {
  const out: Profile[] = [];
  for (const [name, level, exp] of MATRIX_LEVELS)
    out.push({ name, level, exp, ...(await userWithRights(t, allAt(level, exp))) });
  return out;
}

/**
 * What a level allows (§6, docs/rights.md): reading from 001, creating and editing from 011, deleting at 111, CSV
 * export with the flag.
 */
export function allowedAt(p: Pick<Profile, 'level' | 'exp'>, access: Access): boolean {
  switch (access) {
    case 'read':
      return p.level !== '000';
    case 'write':
      return p.level === '011' || p.level === '111';
    case 'delete':
      return p.level === '111';
    case 'export':
      return p.exp;
  }
}
