// What the planning's route declarations share: the rights they check, the query
// parsers of the board's filters, and the OpenAPI fragments they are written with.
import type { Context } from 'koa';
import { holds, requireUser } from '../../auth/access';
import { parseIdList } from './params';

export const PLANNING = 'camp.planning';
/** The right to correct the past (nights before today, recorded arrivals and departures): level 111 on reservations. */
export const canCorrectPast = (ctx: Context) => holds(requireUser(ctx), 'booking.booking', 'delete');
export const PLAN = 'camp.plan';
export const BOOKING = 'booking.booking';
export const flag = (v: unknown) => v === '1' || v === 'true';

export function placeFilter(q: Record<string, unknown>) {
  return {
    layoutIds: parseIdList(q.layoutIds, 'layoutIds'),
    familyIds: parseIdList(q.familyIds, 'familyIds'),
    typeIds: parseIdList(q.typeIds, 'typeIds'),
    featureIds: parseIdList(q.featureIds, 'featureIds'),
    placeIds: parseIdList(q.placeIds, 'placeIds'),
  };
}

export const tag = 'planning';
export { closed, date, dateInput, int, list, obj, ref, str } from '../../http/schema-parts';
export const saved = (more: Record<string, object> = {}) => ({
  type: 'object',
  properties: { status: { const: 'SAVED' }, ...more },
});
/** Query strings the module parses itself (its own refusal codes): documented, taken as text. */
export const textQuery = (props: Record<string, string>, required: string[] = []) => ({
  type: 'object',
  required,
  properties: Object.fromEntries(Object.entries(props).map(([k, description]) => [k, { type: 'string', description }])),
});
export const RANGE = { from: 'premier jour (inclus, AAAA-MM-JJ)', to: 'dernier jour (exclu, AAAA-MM-JJ)' };
export const IDS = 'identifiants séparés par des virgules';
