// Hand-written catalogue routes: the features of a place, read and written as a set;
// the images of a place, uploaded (multipart `uploadfile`), removed and shown.
import Router from '@koa/router';
import type { Knex } from 'knex';
import { checkAccess } from '../../auth/access';
import { parseId } from '../../rest/records';
import { notFound } from '../../http/errors';
import { placeFeatureIds, setPlaceFeatures } from './rules';
import { addPlaceImage, PLACE_IMAGE_MAX_BYTES, readPlaceImage, removePlaceImage } from './place-images';
import { imageUpload, uploadedFile } from '../establishment/logo';

const upload = imageUpload(PLACE_IMAGE_MAX_BYTES);

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
  r.post('/rest/place/:id/images', async (ctx, next) => {
    await checkAccess(ctx, 'camp.pitch', 'write');
    await next();
  }, upload, async (ctx) => {
    const id = parseId(ctx.params.id);
    const { name, data } = await uploadedFile(ctx);
    ctx.body = { status: 'SAVED', placeId: id, images: await addPlaceImage(knex(), id, name, data, ctx.state.user?.id ?? null) };
  });
  r.post('/rest/place/:id/images/delete', async (ctx) => {
    await checkAccess(ctx, 'camp.pitch', 'write');
    const id = parseId(ctx.params.id);
    ctx.body = { status: 'DELETED', placeId: id, images: await removePlaceImage(knex(), id, (ctx.request as any).body?.image, ctx.state.user?.id ?? null) };
  });
  r.get('/rest/image/show/:extension/:path/:name', async (ctx) => {
    await checkAccess(ctx, 'camp.pitch', 'read');
    const img = await readPlaceImage(knex(), ctx.params.extension, ctx.params.path, ctx.params.name);
    ctx.type = img.mime;
    ctx.set('Cache-Control', 'private, max-age=86400');
    ctx.body = img.data;
  });
  return r;
}
