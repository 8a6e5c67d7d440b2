// Yield routes (right stay.price: who sets the prices): the preview of today's changes,
// their application on confirmation, and the automatic run on demand. The rules and the
// journal are plain entities (yield-rule, yield-journal) served by the generic router.
import { defineRoute, type RouteDecl } from '../../http/define-route';
import { todayParis } from '../../../common/dates';
import { changesToken, computeChanges } from './changes';
import { applyYield, runYield, type ApplyResult } from './apply';
import { connectorFor, yieldSettings } from './connector';
import { bool, date, int, intOrNull, list, str, strOrNull } from '../../http/schema-parts';

const tag = 'yield';

const change = {
  type: 'object',
  required: ['priceGridId', 'priceGridPeriodId', 'field', 'before', 'after'],
  properties: {
    priceGridId: int,
    gridLabel: str,
    placeTypeId: int,
    placeTypeLabel: str,
    priceGridPeriodId: int,
    periodLabel: str,
    startDate: date,
    endDate: date,
    field: { type: 'string', enum: ['pricePerNight', 'firstNightPrice', 'extraNightPrice', 'pricePerWeek'] },
    fieldLabel: str,
    base: int,
    before: int,
    after: int,
    ruleId: intOrNull,
    ruleLabel: str,
    reason: str,
    historyVersion: int,
  },
};
const push = {
  type: ['object', 'null'],
  properties: { status: { type: 'string', enum: ['sent', 'failed'] }, message: str },
};
const applied = {
  type: 'object',
  properties: {
    batch: str,
    applied: int,
    versions: list({ type: 'object', properties: { priceGridId: int, historyVersion: int } }),
    push,
  },
};
const busy = { description: 'YIELD_APPLY_IN_PROGRESS (une autre application en cours) ou YIELD_PREVIEW_STALE' };

const answer = (r: ApplyResult) => ({ batch: r.batch, applied: r.changes.length, versions: r.versions, push: r.push });

export const YIELD_ROUTES: RouteDecl[] = [
  defineRoute({
    method: 'GET',
    path: '/rest/yield/preview',
    right: ['stay.price', 'read'],
    tag,
    summary: 'Aperçu des prix que les règles de yield changeraient aujourd’hui (avant → après, par cellule de grille)',
    response: {
      type: 'object',
      properties: {
        today: date,
        token: str,
        autoApply: bool,
        connector: strOrNull,
        changes: { type: 'array', items: change },
      },
    },
    handler: async ({ knex }) => {
      const today = todayParis();
      const [changes, settings] = await Promise.all([computeChanges(knex, today), yieldSettings(knex)]);
      return {
        today,
        token: changesToken(changes),
        autoApply: settings.autoApplyPrices,
        connector: connectorFor(settings)?.name ?? null,
        changes,
      };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/yield/apply',
    example: { body: { token: { fresh: 'yieldToken' } }, unchanged: { table: 'yield_journal', count: true } },
    right: ['stay.price', 'write'],
    tag,
    summary: 'Applique les changements de l’aperçu (son jeton) : une nouvelle version de chaque grille, journalisée',
    body: {
      type: 'object',
      required: ['token'],
      additionalProperties: false,
      properties: { token: { type: 'string', minLength: 1, maxLength: 64 } },
    },
    response: applied,
    responses: { 409: busy },
    handler: async ({ body, user, knex }) =>
      answer(
        await applyYield(knex, {
          mode: 'manual',
          userId: user.id,
          appliedBy: user.name || user.login,
          today: todayParis(),
          token: body.token,
        }),
      ),
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/yield/run',
    example: { body: {}, unchanged: { table: 'yield_journal', count: true } },
    right: ['stay.price', 'write'],
    tag,
    summary:
      'Lance maintenant la tâche nocturne du yield : applique les prix si « Appliquer les prix automatiquement »',
    body: { type: 'object', additionalProperties: false, properties: {} },
    response: {
      type: 'object',
      properties: { autoApply: bool, pending: int, applied: int, push },
    },
    responses: { 409: busy },
    handler: async ({ user, knex }) => {
      const r = await runYield(knex, todayParis(), {
        userId: user.id,
        name: `Application automatique (lancée par ${user.name || user.login})`,
      });
      return {
        autoApply: r.autoApply,
        pending: r.pending,
        applied: r.result?.changes.length ?? 0,
        push: r.result?.push ?? null,
      };
    },
  }),
];
