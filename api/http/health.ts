// GET /rest/health: whether the server has anything left of its start-up to do. It
// answers once the database is migrated (before, /rest/ answers 503); `startup` is
// `running` while the scheduled jobs' first pass (run at start) goes on, `done` once it
// is over and its garbage collected: from then on an unused server is idle (the load
// bench reads its idle memory then, issue 31, docs/history.md#issue-31).
import { defineRoute } from './define-route';
import type { RouteDecl } from './route-spec';

export type StartupState = 'running' | 'done';

/** The app puts its `startup` (AppOptions) on ctx.state; a server without one has nothing to start. */
export const HEALTH_ROUTES: RouteDecl[] = [
  defineRoute({
    method: 'GET',
    path: '/rest/health',
    right: 'public',
    tag: 'security',
    summary: 'État du serveur : démarrage en cours ou terminé',
    response: {
      type: 'object',
      required: ['startup'],
      additionalProperties: false,
      properties: { startup: { type: 'string', enum: ['running', 'done'] } },
    },
    handler: ({ ctx }) => ({ startup: (ctx.state.startup as (() => StartupState) | undefined)?.() ?? 'done' }),
  }),
];
