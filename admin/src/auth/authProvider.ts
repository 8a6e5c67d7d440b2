// Session log-in against /rest/security/login. 403 means "not logged in" (§8, docs/errors.md#how-errors-are-shown):
// the session is cleared and the user goes to /login (auth/accessDenied.ts, shared
// with the calls of admin/src/api.ts); 401 is a missing right and keeps the user
// logged in. The stored user's rights are refreshed from the server once per page
// load, and fetched again for the stored user id when the map is empty.
//
// Leaving for /login is a full page load of the log-in shell (main.tsx), never a
// navigation inside react-admin: with requireAuth, react-admin's catch-all logs out
// on mount, and its store reset re-rendered that catch-all while the navigation to
// /login (a React transition) was still pending — log-out, reset, log-out… for
// 10–13 s of busy CPU before the form showed (issue 13, docs/stays.md#preferences). A page load ends the admin.
import type { AuthProvider } from 'react-admin';
import { rest } from '../rest';
import { NOT_LOGGED_IN, sessionEnded } from './accessDenied';
import { loginRequest, rememberNext, storeUser, storedUser, type CurrentUser } from './session';

export { LOGGED_OUT_KEY } from './accessDenied';
export { storedUser, type CurrentUser } from './session';

const emptyRights = (u: CurrentUser) => !u.admin && (!u.rights || Object.keys(u.rights).length === 0);

let refreshed: Promise<CurrentUser | null> | null = null;

/** The server's view of the logged-in user, once per page load. */
async function refresh(): Promise<CurrentUser | null> {
  refreshed ??= rest('get', '/security/me', { authErrors: false })
    .then((u) => {
      storeUser(u);
      return u;
    })
    .catch((e) => {
      refreshed = null;
      if (e?.status === 403) sessionEnded();
      return storedUser();
    });
  return refreshed;
}

/** Set once the page is on its way to /login: later log-outs wait for the page to go. */
let leaving = false;

/** The log-in page, as an absolute address: react-admin then loads it (window.location) instead of navigating. */
function loginPage(): string {
  rememberNext();
  return `${location.origin}/login`;
}

export const authProvider: AuthProvider = {
  async login({ username, password }) {
    const user = await loginRequest(username, password);
    refreshed = Promise.resolve(user);
  },
  async logout() {
    if (leaving) return new Promise<never>(() => undefined);
    leaving = true;
    const had = storedUser();
    storeUser(null);
    refreshed = null;
    // A session that had already ended answers 403: the log-in page shows the log-out alert all the same.
    // POST: a state change (the spec's GET logout stays, refused when another site sends it).
    if (had) await rest('post', '/logout', { authErrors: false }).catch(() => undefined);
    return loginPage();
  },
  async checkAuth() {
    if (!storedUser()) throw new Error(NOT_LOGGED_IN);
  },
  async checkError(error) {
    if (error?.status === 403) {
      sessionEnded();
      refreshed = null;
      throw { message: NOT_LOGGED_IN, redirectTo: loginPage() };
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
      const r = await rest('get', '/security/user/get_right/{userId}', {
        path: { userId: u.id },
        authErrors: false,
      }).catch(() => null);
      if (r) {
        u = { ...u, rights: r.rights };
        storeUser(u);
      }
    }
    return u;
  },
};
