// Session log-in against /rest/security/login. 403 means "not logged in" (§8):
// the session is cleared and the user goes to /login; 401 is a missing right and
// keeps the user logged in. The stored user's rights are refreshed from the server
// once per page load, and fetched again for the stored user id when the map is empty.
import type { AuthProvider } from 'react-admin';
import { api } from '../api';
import type { RightFlags } from '../../../common/rights';

export interface CurrentUser {
  id: number;
  login: string;
  name: string;
  admin: boolean;
  systeme: boolean;
  rights: Record<string, RightFlags> | null;
}

const KEY = 'bivouac.user';
/** Set by the user menu's "Déconnexion": the log-in page shows the success alert. */
export const LOGGED_OUT_KEY = 'bivouac.loggedOut';

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
  refreshed ??= api<CurrentUser>('/security/me').then((u) => { store(u); return u; }).catch((e) => {
    refreshed = null;
    if (e?.status === 403) store(null);
    return storedUser();
  });
  return refreshed;
}

export const authProvider: AuthProvider = {
  async login({ username, password }) {
    const user = await api<CurrentUser>('/security/login', { method: 'POST', json: { login: username, password } });
    store(user);
    refreshed = Promise.resolve(user);
    sessionStorage.removeItem(LOGGED_OUT_KEY);
  },
  async logout() {
    const had = storedUser();
    store(null);
    refreshed = null;
    if (had) await api('/logout').catch(() => undefined);
  },
  async checkAuth() {
    if (!storedUser()) throw new Error("401/403 Vous n'êtes pas connecté");
  },
  async checkError(error) {
    if (error?.status === 403) {
      store(null);
      refreshed = null;
      throw { message: "401/403 Vous n'êtes pas connecté", redirectTo: '/login' };
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
      const r = await api<{ rights: Record<string, RightFlags> }>(`/security/user/get_right/${u.id}`).catch(() => null);
      if (r) { u = { ...u, rights: r.rights }; store(u); }
    }
    return u;
  },
};
