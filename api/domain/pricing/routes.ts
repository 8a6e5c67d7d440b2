// Hand-written pricing routes, declared with defineRoute. Thin: each checks
// the right, parses, and calls the module.
import { badRequest, notFound } from '../../http/errors';
import { defineRoute, defineSchemas, type RouteDecl } from '../../http/define-route';
import { PRICING_SCHEMAS } from './openapi';
import { GRID_VERSIONS_RESPONSE } from './responses';
import { recordHistory } from '../../rest/history';
import { entityMeta } from '../../rest/entities';
import { parseId } from '../../rest/records';
import { formatMessage } from '../../../common/messages';
import { listGridVersions, loadGridRows, loadGridVersion, writeGridVersion } from './grid-history';
import { parseQuoteRequest, quoteForStay } from './quote-for-stay';
import { assertWithinCapacity } from './capacity';
import { checkSlices } from './rules';
import type { OptionPriceRecord } from '../../../common/generated/types';

/** A quote is read by the booking desk (booking.booking) and by who sets the prices (stay.price). */
export const QUOTE_RIGHTS = ['booking.booking', 'stay.price'] as const;

interface PriceCell {
  priceGridPeriodId: number;
  price: number | null;
  slices?: { fromNight: number; toNight: number | null; price: number }[];
}

/** A price cell as sent: each field is checked below before it is trusted. */
type SentCell = Omit<PriceCell, 'slices'> & { slices?: unknown };
type SentSlice = NonNullable<PriceCell['slices']>[number] | null;

function parseCells(body: unknown): PriceCell[] {
  const cells = (body as { prices?: unknown } | null | undefined)?.prices;
  if (!Array.isArray(cells) || cells.length > 500) throw badRequest('INCORRECT_FORM');
  const seen = new Set<number>();
  for (const [i, c] of (cells as (SentCell | null)[]).entries()) {
    const bad = (field: string, code: 'INVALID_INTEGER' | 'MUST_BE_POSITIVE' | 'INCORRECT_FORM') =>
      badRequest('VALIDATION_FAILED', { [`prices.${i}.${field}`]: formatMessage(code) });
    if (!c || typeof c !== 'object') throw badRequest('INCORRECT_FORM');
    if (!Number.isInteger(c.priceGridPeriodId) || seen.has(c.priceGridPeriodId))
      throw bad('priceGridPeriodId', 'INCORRECT_FORM');
    seen.add(c.priceGridPeriodId);
    if (c.price !== null && !Number.isSafeInteger(c.price)) throw bad('price', 'INVALID_INTEGER');
    if (c.price !== null && c.price < 0) throw bad('price', 'MUST_BE_POSITIVE');
    if (c.slices !== undefined) {
      if (
        !Array.isArray(c.slices) ||
        c.slices.some(
          (s: SentSlice) =>
            !s ||
            !Number.isInteger(s.fromNight) ||
            !(s.toNight === null || Number.isInteger(s.toNight)) ||
            !Number.isSafeInteger(s.price) ||
            s.price < 0,
        )
      ) {
        throw bad('slices', 'INCORRECT_FORM');
      }
      checkSlices(c.slices);
    }
  }
  return cells as PriceCell[];
}

const tag = 'pricing';
const int = { type: 'integer' };
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const jsonBody = (schema: object) => ({ requestBody: { required: true, content: { 'application/json': { schema } } } });

defineSchemas(PRICING_SCHEMAS);

export const PRICING_ROUTES: RouteDecl[] = [
  defineRoute({
    method: 'POST',
    path: '/rest/pricing/quote',
    example: {
      body: {
        placeTypeId: { record: 'pitchType' },
        startDate: '2031-07-01',
        endDate: '2031-07-05',
        occupants: [{ ageCategoryId: { record: 'adultAge' }, quantity: 2 }],
      },
    },
    right: { any: QUOTE_RIGHTS.map((f) => [f, 'read'] as const) },
    tag,
    summary: 'Chiffre un séjour (droit en lecture sur booking.booking ou sur stay.price)',
    description: 'Demande incorrecte : 400, message en français et erreurs par champ (ex. « occupants.0.quantity »).',
    body: { type: 'object' },
    openapi: jsonBody(ref('PricingQuoteRequest')),
    response: ref('PricingQuote'),
    handler: async ({ ctx, knex }) => {
      const req = parseQuoteRequest((ctx.request as { body?: unknown }).body);
      await assertWithinCapacity(knex, req, req.occupants);
      return quoteForStay(knex, req);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/pricing/grid/:id/versions',
    example: { params: { id: 'grid' } },
    right: ['stay.price', 'read'],
    tag,
    summary: 'Les versions d’une grille tarifaire, de la plus récente à la plus ancienne (stay.price, lecture)',
    response: GRID_VERSIONS_RESPONSE,
    responses: { 404: { description: 'Grille inconnue' } },
    handler: async ({ params, knex }) => {
      const id = parseId(params.id);
      if (!(await knex('price_grid').where('id', id).first('id'))) throw notFound();
      return listGridVersions(knex, id);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/pricing/grid/:id/version/:version',
    example: { params: { id: 'grid', version: 'gridVersion' } },
    right: ['stay.price', 'read'],
    tag,
    summary: 'Une version d’une grille tarifaire, en consultation seule (stay.price, lecture)',
    response: ref('PriceGridVersion'),
    responses: { 404: { description: 'Grille ou version inconnue' } },
    handler: async ({ params, knex }) => {
      const id = parseId(params.id);
      const version = parseId(params.version);
      const grid = await knex('price_grid').where('id', id).first('historyVersion');
      if (!grid) throw notFound();
      const rows = await loadGridVersion(knex, id, version);
      if (!rows) throw notFound();
      return { ...rows, historyVersion: version, isCurrent: version === grid.historyVersion };
    },
  }),
  /**
   * The prices of one grid option for every period, saved at once: one history version
   * for the whole table (a price null removes the period's price).
   */
  defineRoute({
    method: 'PUT',
    path: '/rest/pricing/grid/:id/option/:optionId/prices',
    example: {
      params: { id: 'grid', optionId: 'gridOption' },
      body: { prices: [{ priceGridPeriodId: { record: 'gridPeriod' }, price: 1234 }] },
      unchanged: { table: 'option_price', where: { priceGridOptionId: { record: 'gridOption' } } },
    },
    right: ['stay.price', 'write'],
    tag,
    summary:
      'Enregistre en une fois les prix d’une option pour chaque période (une seule nouvelle version ; ' +
      'stay.price, écriture)',
    body: { type: 'object' },
    openapi: jsonBody({
      type: 'object',
      required: ['prices'],
      properties: {
        prices: {
          type: 'array',
          items: {
            type: 'object',
            required: ['priceGridPeriodId', 'price'],
            properties: {
              priceGridPeriodId: int,
              price: { type: ['integer', 'null'], description: 'centimes ; null retire le prix de la période' },
              slices: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { fromNight: int, toNight: { type: ['integer', 'null'] }, price: int },
                },
              },
            },
          },
        },
      },
    }),
    response: {
      type: 'object',
      properties: {
        status: { const: 'SAVED' },
        historyVersion: int,
        prices: { type: 'array', items: { type: 'object' } },
      },
    },
    responses: { 404: { description: 'Grille ou option inconnue' } },
    handler: async ({ ctx, params, user, knex }) => {
      const gridId = parseId(params.id);
      const optionId = parseId(params.optionId);
      const cells = parseCells((ctx.request as { body?: unknown }).body);
      const userId: number | null = user.id ?? null;
      return knex.transaction(async (trx) => {
        const grid = await trx('price_grid').where('id', gridId).forUpdate().first('id');
        const option = await trx('price_grid_option').where({ id: optionId, priceGridId: gridId }).first();
        if (!grid || !option) throw notFound();
        const periods = new Set(
          (await trx('price_grid_period').where('priceGridId', gridId).select('id')).map((p: { id: number }) => p.id),
        );
        cells.forEach((c, i) => {
          if (!periods.has(c.priceGridPeriodId))
            throw badRequest('OPTION_PERIOD_OTHER_GRID', {
              [`prices.${i}.priceGridPeriodId`]: formatMessage('OPTION_PERIOD_OTHER_GRID'),
            });
        });
        const existing: OptionPriceRecord[] = await trx('option_price').where('priceGridOptionId', optionId);
        const byPeriod = new Map(existing.map((p) => [p.priceGridPeriodId, p]));
        let changes = 0;
        for (const c of cells) {
          const before = byPeriod.get(c.priceGridPeriodId);
          const slices = c.slices ?? before?.slices ?? [];
          if (c.price === null) {
            if (before) {
              await trx('option_price').where('id', before.id).delete();
              changes++;
            }
          } else if (!before) {
            await trx('option_price').insert({
              priceGridOptionId: optionId,
              priceGridPeriodId: c.priceGridPeriodId,
              price: c.price,
              slices: JSON.stringify(slices),
            });
            changes++;
          } else if (before.price !== c.price || JSON.stringify(before.slices) !== JSON.stringify(slices)) {
            await trx('option_price')
              .where('id', before.id)
              .update({ price: c.price, slices: JSON.stringify(slices), updatedAt: trx.fn.now() });
            changes++;
          }
        }
        let historyVersion = (await trx('price_grid').where('id', gridId).first('historyVersion')).historyVersion;
        if (changes) {
          const label = option.label || `option ${option.id}`;
          historyVersion = await writeGridVersion(trx, gridId, {
            userId,
            change: `Prix de l'option modifiés : ${label}`,
          });
          await recordHistory(trx, {
            userId,
            entity: entityMeta('price-grid-option'),
            recordId: optionId,
            action: 'action',
            detail: `Prix par période modifiés (${changes})`,
          });
        }
        const rows = await loadGridRows(trx, gridId);
        return {
          status: 'SAVED',
          historyVersion,
          prices: rows!.prices.filter((p) => p.priceGridOptionId === optionId),
        };
      });
    },
  }),
];
