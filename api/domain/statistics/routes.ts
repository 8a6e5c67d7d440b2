// Routes of the statistics (§2 (docs/screens.md#statistics) Statistics, §6 (docs/rights.md) right « stats »): each
// screen's answer and its CSV, the filters' choices, the regeneration's state and the on-demand run.
import { defineRoute } from '../../http/define-route';
import { ref } from '../../http/schema-parts';
import './openapi';
import { filtersSchema } from './query';
import { screenAnswer, sendScreenCsv } from './answer';
import { SCREENS } from './screens/index';
import type { ScreenDef, ScreenQuery } from './screens/types';
import { sendNow, startRegeneration, statisticsStatus } from './status';
import { filterChoices } from './choices';

const tag = 'statistics';
const F = 'stats.stats';
/** Each outside service's outcome (export-send.ts SendResult). */
const sent = {
  type: 'object',
  required: ['results'],
  additionalProperties: false,
  properties: {
    results: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'label', 'status', 'message'],
        additionalProperties: false,
        properties: {
          id: { type: 'integer' },
          label: { type: 'string' },
          status: { type: 'string', enum: ['sent', 'failed'] },
          message: { type: 'string' },
        },
      },
    },
  },
};
const csv = { description: 'CSV', content: { 'text/csv': { schema: { type: 'string' } } } };

const screenRoutes = (s: ScreenDef) => [
  defineRoute<unknown, ScreenQuery>({
    method: 'GET',
    path: `/rest/stat/${s.name}`,
    example: { uses: ['statistics'], query: { from: '2031-07-01', to: '2031-07-31' } },
    right: [F, 'read'],
    tag,
    query: filtersSchema(s.params),
    response: ref('StatAnswer'),
    summary: `Statistiques : ${s.title} (graphique et tableau, années de référence)`,
    handler: ({ query, knex }) => screenAnswer(knex, s, query),
  }),
  defineRoute<unknown, ScreenQuery>({
    method: 'GET',
    path: `/rest/stat/${s.name}/export`,
    example: { uses: ['statistics'], query: { from: '2031-07-01', to: '2031-07-31' } },
    right: [F, 'export'],
    tag,
    query: filtersSchema(s.params),
    response: csv,
    summary: `Statistiques : ${s.title} en CSV`,
    handler: ({ ctx, query, knex }) => sendScreenCsv(ctx, knex, s, query),
  }),
];

export const STATISTICS_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/rest/stat/filters',
    right: [F, 'read'],
    tag,
    response: ref('StatFilters'),
    summary: 'Statistiques : types, zones, canaux, années disponibles et réglages par défaut',
    handler: ({ knex }) => filterChoices(knex),
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/stat/status',
    right: [F, 'read'],
    tag,
    response: ref('StatStatus'),
    summary: 'Statistiques : régénérations, file des changements en attente, réglages',
    handler: ({ knex }) => statisticsStatus(knex),
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/stat/regenerate',
    example: {
      uses: ['idleStatistics'],
      body: {},
      unchanged: { table: 'stat_run', count: true },
      skipAllowed: 'it starts a background regeneration (tests/int/statistics-regeneration.test.ts calls it)',
    },
    right: [F, 'write'],
    tag,
    body: { type: 'object', additionalProperties: false, properties: {} },
    response: {
      type: 'object',
      required: ['runId'],
      additionalProperties: false,
      properties: { runId: { type: 'integer' } },
    },
    summary: 'Statistiques : régénérer maintenant toutes les statistiques (mois par mois, en arrière-plan)',
    handler: ({ knex, user }) => startRegeneration(knex, user.id),
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/stat/send',
    example: {
      uses: ['statistics'],
      body: {},
      unchanged: { table: 'stat_export', count: true },
      ok: { status: 400, why: 'no address to send to (tests/int/statistics-export.test.ts sends)' },
    },
    right: [F, 'write'],
    tag,
    body: { type: 'object', additionalProperties: false, properties: {} },
    response: sent,
    summary: "Statistiques : envoyer maintenant les chiffres aux adresses d'envoi du module Statistiques",
    handler: ({ knex }) => sendNow(knex),
  }),
  ...SCREENS.flatMap(screenRoutes),
];
