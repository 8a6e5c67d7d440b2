// Hand-written catalogue routes: the features of a place, read and written as a set.
import Router from '@koa/router';
import type { Knex } from 'knex';
import { checkAccess } from '../../auth/access';
import { parseId } from '../../rest/records';
import { notFound } from '../../http/errors';
import { placeFeatureIds, setPlaceFeatures } from './rules';

export function catalogueRouter(knex: () => Knex): Router {
  const r = new Router();
  r.get('/rest/place/:id/features', async (ctx) => {
    await checkAccess(ctx, 'camp.pitch', 'read');
    const id = parseId(ctx.params.id);
    if (!(await knex()('place').where('id', id).first('id'))) throw notFound();
    ctx.body = { placeId: id, featureIds: await placeFeatureIds(knex(), id) };
  });
  r.put('/rest/place/:id/features', async (ctx) => {
    await checkAccess(ctx, 'camp.pitch', 'write');
    const id = parseId(ctx.params.id);
    const featureIds = await setPlaceFeatures(knex(), id, (ctx.request as any).body?.featureIds, ctx.state.user?.id ?? null);
    ctx.body = { status: 'SAVED', placeId: id, featureIds };
  });
  return r;
}
