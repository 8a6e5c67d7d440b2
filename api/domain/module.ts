// What every module's index.ts exports (api/domain/<module>/index.ts, api/auth/module.ts,
// api/backup/module.ts): its name, what it registers on the shared registries (hooks on
// the generic write path, tiles, guards, constraint messages…) and the routes it declares.
// A module registers and mounts its own only; api/domain/index.ts lists the modules.
import type { RouteDecl } from '../http/define-route';

export interface DomainModule {
  /** its folder under api/domain/ (or its area of api/: auth, backup) */
  name: string;
  /** run once per process; the hooks it registers run in api/domain/hook-order.ts's order */
  register?(): void;
  /** routes behind the session gate */
  routes?(): RouteDecl[];
  /** routes mounted before the session gate: each carries its own secret or token */
  publicRoutes?(): RouteDecl[];
}
