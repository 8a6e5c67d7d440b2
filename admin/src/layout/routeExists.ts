// Whether the admin has a screen for a path (generated resources and custom
// screens), so that links to screens other modules have not built yet stay hidden.
import { matchPath } from 'react-router-dom';
import { RESOURCES } from '../generated/registry';
import { CUSTOM_SCREENS } from '../screens';

export function routeExists(path: string): boolean {
  const patterns = [
    ...RESOURCES.filter((r) => r.load).flatMap((r) => [r.routes.list, r.routes.edit]),
    ...CUSTOM_SCREENS.map((s) => s.path),
  ];
  return patterns.some((p) => matchPath({ path: p, end: true }, path) !== null);
}
