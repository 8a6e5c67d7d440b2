// What every generic operation receives: the request, the entity, the route, the
// database, and the path parameters taken by the dispatcher (dispatch.ts).
import type { Context } from 'koa';
import type { Knex } from 'knex';
import type { EntityMeta } from '../../../common/entity-meta';
import type { RouteDef } from '../../../common/route-def';

export interface OpContext {
  ctx: Context;
  meta: EntityMeta;
  route: RouteDef;
  knex: Knex;
  userId: number | null;
  body: unknown;
  params: Record<string, string>;
}

export type OperationHandler = (c: OpContext) => Promise<void>;
