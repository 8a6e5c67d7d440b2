// Routes of the site plan: the plan with its places, their state on a date, the
// image (upload, read) and the places' positions.
import { planShowsLegend } from './display';
import { readFile, unlink } from 'node:fs/promises';
import { koaBody } from 'koa-body';
import type { Files } from 'formidable';
import { defineRoute, type RouteDecl } from '../../http/define-route';
import { badRequest, notFound } from '../../http/errors';
import { parseDateParam } from './params';
import {
  currentPlan,
  parsePositions,
  planOccupancy,
  planView,
  readPlanImage,
  savePlanImage,
  savePositions,
} from './plan';
import { checkPlanImage, PLAN_IMAGE_MAX_BYTES } from './image';
import { PLAN, int, obj, saved, tag, textQuery } from './route-parts';
import { PLAN_OCCUPANCY_RESPONSE, PLAN_RESPONSE } from './responses';

const upload = koaBody({
  multipart: true,
  formidable: {
    maxFiles: 1,
    maxFields: 5,
    maxFileSize: PLAN_IMAGE_MAX_BYTES,
    maxTotalFileSize: PLAN_IMAGE_MAX_BYTES,
    allowEmptyFiles: false,
    keepExtensions: false,
  },
  onError(thrown: Error) {
    // formidable's codes (1009, 1016: too big) and http code.
    const err = thrown as Error & { code?: unknown; httpCode?: unknown };
    if (err?.code === 1009 || err?.code === 1016 || err?.httpCode === 413) throw badRequest('IMAGE_TOO_LARGE');
    throw badRequest('INCORRECT_FORM');
  },
});

export const PLAN_ROUTES: RouteDecl[] = [
  // ---- /plan ---------------------------------------------------------------
  defineRoute({
    method: 'GET',
    path: '/rest/planning/plan',
    right: [PLAN, 'read'],
    tag,
    summary: 'Le plan du site : image, dimensions et position des emplacements',
    response: PLAN_RESPONSE,
    handler: async ({ knex }) => {
      const v = await planView(knex);
      return v.plan ? { ...v, plan: { ...v.plan, showLegend: await planShowsLegend(knex) } } : v;
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/planning/plan/occupancy',
    example: { query: { date: '2031-07-02' } },
    right: [PLAN, 'read'],
    tag,
    summary: 'État de chaque emplacement pour une date (libre, occupé, indisponible) et bande de légende',
    query: textQuery({ date: 'date observée', nights: 'nombre de nuits (1 à 366)' }),
    response: PLAN_OCCUPANCY_RESPONSE,
    handler: ({ query, knex }) => {
      const date = parseDateParam(query.date, 'date');
      const nights = query.nights === undefined ? 1 : Number(query.nights);
      if (!Number.isInteger(nights) || nights < 1 || nights > 366)
        throw badRequest('INVALID_QUERY', undefined, { param: 'nights' });
      return planOccupancy(knex, date, nights);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/planning/plan/image',
    example: { uses: ['planImage'] },
    right: [PLAN, 'read'],
    tag,
    summary: 'L’image du plan',
    response: { description: 'Image', content: { 'image/*': { schema: { type: 'string', format: 'binary' } } } },
    responses: { 404: { description: 'Aucun plan' } },
    handler: async ({ ctx, knex }) => {
      const img = await readPlanImage(knex);
      if (!img) throw notFound();
      ctx.set('Cache-Control', 'private, max-age=300');
      ctx.set('Content-Disposition', 'inline');
      ctx.type = img.mime;
      ctx.body = img.data;
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/planning/plan/image',
    example: { upload: 'png', unchanged: { table: 'plan' } },
    right: [PLAN, 'write'],
    tag,
    summary: 'Dépose l’image du plan (champ multipart uploadfile ; PNG, JPEG, GIF ou WebP)',
    openapi: {
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['uploadfile'],
              properties: { uploadfile: { type: 'string', format: 'binary' } },
            },
          },
        },
      },
    },
    response: saved({ plan: obj }),
    handler: async ({ ctx, user, knex }) => {
      await upload(ctx, async () => undefined); // read only once the right is checked
      const files = (ctx.request as { files?: Files }).files ?? {};
      const f = Array.isArray(files.uploadfile) ? files.uploadfile[0] : files.uploadfile;
      if (!f) throw badRequest('IMAGE_REQUIRED');
      let data: Buffer;
      try {
        data = await readFile(f.filepath);
      } finally {
        await unlink(f.filepath).catch(() => undefined);
      }
      const info = checkPlanImage(String(f.originalFilename ?? ''), data);
      return { status: 'SAVED', plan: await savePlanImage(knex, info, data, user.id) };
    },
  }),
  defineRoute({
    method: 'PUT',
    path: '/rest/planning/plan/positions',
    example: {
      uses: ['planImage'],
      body: { positions: [{ placeId: { fresh: 'place' }, planX: 10, planY: 20 }] },
      unchanged: { table: 'place', where: { id: { fresh: 'place' } } },
    },
    right: [PLAN, 'write'],
    tag,
    summary: 'Positionne les emplacements sur le plan (mode édition)',
    body: obj,
    openapi: {
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['positions'],
              properties: {
                positions: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['placeId'],
                    properties: {
                      placeId: int,
                      planX: { type: ['number', 'null'] },
                      planY: { type: ['number', 'null'] },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    response: saved({ changed: int }),
    handler: async ({ body, user, knex }) => {
      const plan = await currentPlan(knex);
      const positions = parsePositions(body, { width: plan?.imageWidth ?? null, height: plan?.imageHeight ?? null });
      return { status: 'SAVED', changed: await savePositions(knex, positions, user.id ?? null) };
    },
  }),
];
