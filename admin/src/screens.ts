// Hand-written screens (admin/src/pages and custom-screens/), each loaded on demand, as
// the screen areas declare them (admin/src/screen-areas.ts). Each names the functionality
// it shows: App.tsx guards every one of them in one place (§6 (docs/rights.md): a page whose functionality
// is 000 redirects to /home); a screen with no functionality is open to every logged-in user.
import { lazy, type ComponentType } from 'react';
import { SCREEN_AREAS } from './screen-areas';
import type { ScreenDef } from './ui/registry';
import { registerScreenPaths } from './layout/routeExists';

export interface CustomScreen {
  path: string;
  component: ComponentType;
  /** the functionality whose read right opens the screen (none: every user) */
  functionality: string | null;
  /** administrators only */
  adminOnly?: boolean;
  /** the technical user only */
  systemOnly?: boolean;
}

// One lazy component per loader: routes sharing a screen (the wizard's two, the modules') render the same component.
const components = new Map<ScreenDef['load'], ComponentType>();
const componentOf = (load: ScreenDef['load']) => {
  if (!components.has(load)) components.set(load, lazy(load));
  return components.get(load)!;
};

export const CUSTOM_SCREENS: CustomScreen[] = SCREEN_AREAS.flatMap((a) => a.screens).map(
  ({ path, load, functionality, adminOnly, systemOnly }) => ({
    path,
    component: componentOf(load),
    functionality,
    ...(adminOnly ? { adminOnly } : {}),
    ...(systemOnly ? { systemOnly } : {}),
  }),
);
registerScreenPaths(CUSTOM_SCREENS.map((s) => s.path));
