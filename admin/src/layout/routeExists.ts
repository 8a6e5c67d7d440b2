// Whether the admin has a screen for a path (generated resources and custom
// screens), so that links to screens other modules have not built yet stay hidden.
// The custom screens' paths are handed in by the route table (admin/src/screens.ts,
// loaded before any screen renders) rather than imported: a screen of that table uses
// this check (the change history), and importing the table back would close a cycle.
import { matchPath } from 'react-router-dom';
import { RESOURCES } from '../generated/registry';

let screenPaths: readonly string[] = [];

/** The custom screens' route patterns (called once by admin/src/screens.ts). */
export function registerScreenPaths(paths: readonly string[]): void {
  screenPaths = paths;
}

export function routeExists(path: string): boolean {
  const patterns = [...RESOURCES.filter((r) => r.load).flatMap((r) => [r.routes.list, r.routes.edit]), ...screenPaths];
  return patterns.some((p) => matchPath({ path: p, end: true }, path) !== null);
}
