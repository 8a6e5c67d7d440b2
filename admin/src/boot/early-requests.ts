// What the first screen of a page load reads first, started by the page's entry
// before the admin's code is downloaded (./early.ts): the user and its rights
// (react-admin waits for them before showing any screen), the menu and the header of
// the layout, and the data of the two screens a receptionist reloads most.
import { can } from '../auth/can';
import type { CurrentUser } from '../auth/stored';

/** What every screen of the admin reads, for the layout and the rights. */
export const LAYOUT_READS = ['/security/me', '/security/menu', '/establishment/establishment/header'];

const HOME_PATHS = new Set(['/', '/home', '/index.html']);

/** The API reads (paths under /rest) of the screen at `pathname` for `user`. */
export function screenReads(pathname: string, user: CurrentUser): string[] {
  if (HOME_PATHS.has(pathname)) return ['/home/tiles'];
  // Only what the user may read: a refused read would log an error in the console.
  if (pathname === '/planning' && can(user, 'camp.planning', 'read')) return ['/planning/setup'];
  return [];
}

export const isHomePath = (pathname: string) => HOME_PATHS.has(pathname);
