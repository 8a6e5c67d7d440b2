// Hand-written catalogue routes: the features of a place, read and written as a set;
// the images of a place, uploaded (multipart `uploadfile`), removed and shown.
import { defineRoute, type RouteDecl } from '../../http/define-route';
import { ids, int, multipartFile, str } from '../../http/schema-parts';
import { parseId } from '../../rest/records';
import { notFound } from '../../http/errors';
import { placeFeatureIds, setPlaceFeatures } from './rules';
import { addPlaceImage, PLACE_IMAGE_MAX_BYTES, readPlaceImage, removePlaceImage } from './place-images';
import { imageUpload, uploadedFile } from '../establishment/logo';

const upload = imageUpload(PLACE_IMAGE_MAX_BYTES);
const PITCH = 'camp.pitch';
const tag = 'catalogue';
const images = { type: 'object', properties: { status: str, placeId: int, images: { type: 'array', items: str } } };

export const CATALOGUE_ROUTES: RouteDecl[] = [
  defineRoute({
    method: 'GET',
    path: '/rest/place/:id/features',
    example: { params: { id: 'place' } },
    right: [PITCH, 'read'],
    tag,
    summary: "Caractéristiques d'un emplacement",
    response: { type: 'object', properties: { placeId: int, featureIds: ids } },
    responses: { 404: { description: 'Emplacement inconnu' } },
    handler: async ({ params, knex }) => {
      const id = parseId(params.id);
      if (!(await knex('place').where('id', id).first('id'))) throw notFound();
      return { placeId: id, featureIds: await placeFeatureIds(knex, id) };
    },
  }),
  defineRoute<{ featureIds: number[] }>({
    method: 'PUT',
    path: '/rest/place/:id/features',
    example: {
      params: { id: { fresh: 'place' } },
      body: { featureIds: [{ record: 'feature' }] },
      unchanged: { table: 'place_feature', where: { placeId: { param: 'id' } } },
    },
    right: [PITCH, 'write'],
    tag,
    summary: "Remplace les caractéristiques d'un emplacement",
    body: {
      type: 'object',
      required: ['featureIds'],
      properties: {
        featureIds: { type: 'array', maxItems: 100, items: { type: 'integer', minimum: 1, maximum: 999_999_999 } },
      },
    },
    invalid: 'VALIDATION_FAILED',
    response: { type: 'object', properties: { status: str, placeId: int, featureIds: ids } },
    handler: async ({ body, params, user, knex }) => {
      const id = parseId(params.id);
      return {
        status: 'SAVED',
        placeId: id,
        featureIds: await setPlaceFeatures(knex, id, body.featureIds, user.id ?? null),
      };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/place/:id/images',
    example: {
      params: { id: { fresh: 'place' } },
      upload: 'png',
      unchanged: { table: 'place', where: { id: { param: 'id' } } },
    },
    right: [PITCH, 'write'],
    tag,
    summary:
      'Ajoute une image à un emplacement (champ multipart uploadfile ; .jpg .jpeg .png .gif, contenu vérifié, 2 ' +
      'Mo au plus)',
    openapi: multipartFile(),
    response: images,
    handler: async ({ ctx, params, user, knex }) => {
      const id = parseId(params.id);
      await upload(ctx, async () => undefined); // read only once the right is checked
      const { name, data } = await uploadedFile(ctx);
      return { status: 'SAVED', placeId: id, images: await addPlaceImage(knex, id, name, data, user.id ?? null) };
    },
  }),
  defineRoute<{ image?: string }>({
    method: 'POST',
    path: '/rest/place/:id/images/delete',
    example: {
      params: { id: { fresh: 'placeImage' } },
      body: { image: { fresh: 'placeImage', field: 'image' } },
      unchanged: { table: 'place', where: { id: { param: 'id' } } },
    },
    right: [PITCH, 'write'],
    tag,
    summary: "Retire une image d'un emplacement et supprime son fichier",
    body: {
      type: 'object',
      properties: { image: { type: 'string', maxLength: 300, description: 'place-{placeId}/{nom}.{extension}' } },
    },
    invalid: 'VALIDATION_FAILED',
    response: images,
    responses: { 404: { description: "Image inconnue de l'emplacement" } },
    handler: async ({ body, params, user, knex }) => {
      const id = parseId(params.id);
      return { status: 'DELETED', placeId: id, images: await removePlaceImage(knex, id, body.image, user.id ?? null) };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/image/show/:extension/:path/:name',
    example: {
      params: {
        extension: { value: 'png' },
        path: { fresh: 'placeImage', field: 'dir' },
        name: { fresh: 'placeImage', field: 'name' },
      },
    },
    right: [PITCH, 'read'],
    tag,
    summary: "Affiche une image d'emplacement par extension (jpg, jpeg, png, gif), chemin (place-{placeId}) et nom",
    response: { description: "L'image", content: { 'image/*': { schema: { type: 'string', format: 'binary' } } } },
    responses: { 404: { description: 'Image inconnue' } },
    handler: async ({ ctx, params, knex }) => {
      const img = await readPlaceImage(knex, String(params.extension), String(params.path), String(params.name));
      ctx.type = img.mime;
      ctx.set('Cache-Control', 'private, max-age=86400');
      ctx.body = img.data;
      return undefined;
    },
  }),
];
