// Session log-in against /rest/security/login. 403 means "not logged in" (§8):
// the session is cleared and the user goes to /login (auth/accessDenied.ts, shared
// with the calls of admin/src/api.ts); 401 is a missing right and keeps the user
// logged in. The stored user's rights are refreshed from the server once per page
// load, and fetched again for the stored user id when the map is empty.
import type { AuthProvider } from 'react-admin';
import { api } from '../api';
import type { RightFlags } from '../../../common/rights';
import { NOT_LOGGED_IN, USER_KEY, clearLoginNotice, sessionEnded } from './accessDenied';

export { LOGGED_OUT_KEY } from './accessDenied';

export interface CurrentUser {
  id: number;
  login: string;
  name: string;
  admin: boolean;
  systeme: boolean;
  rights: Record<string, RightFlags> | null;
}

const KEY = USER_KEY;

export function storedUser(): CurrentUser | null {
  try { return JSON.parse(localStorage.getItem(KEY) ?? 'null'); } catch { return null; }
}

function store(user: CurrentUser | null) {
  if (user) {
    const { id, login, name, admin, systeme, rights } = user;
    localStorage.setItem(KEY, JSON.stringify({ id, login, name, admin, systeme, rights }));
  } else localStorage.removeItem(KEY);
}

const emptyRights = (u: CurrentUser) => !u.admin && (!u.rights || Object.keys(u.rights).length === 0);

let refreshed: Promise<CurrentUser | null> | null = null;

/** The server's view of the logged-in user, once per page load. */
async function refresh(): Promise<CurrentUser | null> {
  refreshed ??= api<CurrentUser>('/security/me', { authErrors: false }).then((u) => { store(u); return u; }).catch((e) => {
    refreshed = null;
    if (e?.status === 403) sessionEnded();
    return storedUser();
  });
  return refreshed;
}

export const authProvider: AuthProvider = {
  async login({ username, password }) {
    const user = await api<CurrentUser>('/security/login', { method: 'POST', json: { login: username, password }, authErrors: false });
    store(user);
    refreshed = Promise.resolve(user);
    clearLoginNotice();
  },
  async logout() {
    const had = storedUser();
    store(null);
    refreshed = null;
    // A session that had already ended answers 403: the log-in page shows the log-out alert all the same.
    if (had) await api('/logout', { authErrors: false }).catch(() => undefined);
  },
  async checkAuth() {
    if (!storedUser()) throw new Error(NOT_LOGGED_IN);
  },
  async checkError(error) {
    if (error?.status === 403) {
      sessionEnded();
      refreshed = null;
      throw { message: NOT_LOGGED_IN, redirectTo: '/login' };
    }
  },
  async getIdentity() {
    const u = storedUser();
    if (!u) throw new Error('not logged in');
    return { id: u.id, fullName: u.name };
  },
  async getPermissions() {
    let u = storedUser();
    if (!u) return null;
    u = (await refresh()) ?? u;
    // The rights map is fetched again for the stored user id when it is empty.
    if (u && emptyRights(u)) {
      const r = await api<{ rights: Record<string, RightFlags> }>(`/security/user/get_right/${u.id}`, { authErrors: false }).catch(() => null);
      if (r) { u = { ...u, rights: r.rights }; store(u); }
    }
    return u;
  },
};
