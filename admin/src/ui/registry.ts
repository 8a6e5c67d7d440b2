// One registry per screen area: each custom-screens/<area>/index.ts (and admin/src/pages/
// index.ts) declares its screens once — route, the right that opens it, the code to load,
// its menu entry — and admin/src/screens.ts (the routes) and the menu (built by the
// server from common/generated/screen-menu.ts, which `npm run generate` writes from
// these registries, with common/menu-tree.ts's menuLeaves) both come from it. Pure data:
// no React at run time, so that the generator can read it.
import type { ComponentType } from 'react';
import type { MenuLeaf, ScreenMenu } from '../../../common/menu-tree';

export interface ScreenModule {
  default: ComponentType;
}

export interface ScreenDef {
  /** the route, react-router style (`/booking/:bookingId`) */
  path: string;
  /** the screen's code, loaded on demand */
  load: () => Promise<ScreenModule>;
  /** the functionality whose read right opens the screen (null: every logged-in user) */
  functionality: string | null;
  /** administrators only */
  adminOnly?: boolean;
  /** the technical user only (its API refuses everyone else) */
  systemOnly?: boolean;
  menu?: ScreenMenu;
}

export interface ScreenArea {
  /** the folder the area's screens live in */
  name: string;
  screens: ScreenDef[];
  /** menu entries of this area that lead to generated screens (lists and forms of schemas/) */
  links?: MenuLeaf[];
}

/** A screen module's named export as the loaded component (`named(() => import('./Lists'), 'BillList')`). */
export function named<M, K extends keyof M>(load: () => Promise<M>, name: K): () => Promise<ScreenModule> {
  return () => load().then((m) => ({ default: m[name] as unknown as ComponentType }));
}

/** Screens of one functionality (the common case: a folder's screens share one right). */
export function withRight(functionality: string | null, screens: Omit<ScreenDef, 'functionality'>[]): ScreenDef[] {
  return screens.map((s) => ({ ...s, functionality }));
}
