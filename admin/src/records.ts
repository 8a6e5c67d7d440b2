// The typed door to the generic entity routes (api/rest/, issue 23 §2, docs/history.md#issue-23),
// beside rest() for the declared ones: `records.list('customer', { filter: { q } })`,
// `records.save('meter', { id, placeId, version })`. The entity name, the fields a save
// sends, a filter or sort field and the record read back are typed from the schemas
// (common/generated/entities.ts): a field the entity does not have, or a value of the
// wrong type, is a type error. The call itself is api()'s.
import { ENTITY_BASES, type EntityName, type EntityTypes } from '../../common/generated/entities';
import { api, type ApiInit } from './api';
import { restUrl } from './rest';

export type { EntityName } from '../../common/generated/entities';
type Input<E extends EntityName> = EntityTypes[E]['input'];
/** A stored record of the entity, as every read answers it. */
export type EntityRecord<E extends EntityName> = EntityTypes[E]['record'];
/** A field name of the entity. */
export type EntityField<E extends EntityName> = keyof Input<E> & string;
/** What a save sends: any field of the entity with its type (system and read-only ones are ignored). */
export type EntityDraft<E extends EntityName> = { [K in EntityField<E>]?: Input<E>[K] };
/** Entities the API writes (append-only ones are only read). */
export type WritableEntity = { [E in EntityName]: EntityTypes[E]['writable'] extends true ? E : never }[EntityName];
/** Entities whose rows the API orders (x-order-field). */
export type OrderedEntity = { [E in EntityName]: EntityTypes[E]['ordered'] extends true ? E : never }[EntityName];

type Op = 'gte' | 'lte' | 'gt' | 'lt' | 'neq';
/** The list filter (api/rest/query.ts): a value, a list of values or null per field, bounds, `q` the search. */
export type EntityFilter<E extends EntityName> = { q?: string } & {
  [K in EntityField<E>]?: Input<E>[K] | NonNullable<Input<E>[K]>[] | null;
} & { [K in `${EntityField<E>}_${Op}`]?: string | number | null } & {
  [K in `${EntityField<E>}_null`]?: boolean;
};
export interface ListQuery<E extends EntityName> {
  filter?: EntityFilter<E>;
  sort?: readonly [EntityField<E>, 'ASC' | 'DESC'];
  /** First and last row, both included. */
  range?: readonly [number, number];
}
/** Headers, a signal…: what a call gives beside its path and body. */
export type RecordsInit = Omit<ApiInit, 'method' | 'json' | 'body'>;

const base = (entity: EntityName) => `/${ENTITY_BASES[entity]}`;
const json = (v: unknown) => (v === undefined ? undefined : JSON.stringify(v));

export const records = {
  /** One page of rows (GET {base}), the default sort and every row when no range is given. */
  list<E extends EntityName>(entity: E, query: ListQuery<E> = {}, init?: RecordsInit): Promise<EntityRecord<E>[]> {
    const q = { filter: json(query.filter), sort: json(query.sort), range: json(query.range) };
    return api(restUrl(base(entity), undefined, q), init);
  },
  get<E extends EntityName>(entity: E, id: number, init?: RecordsInit): Promise<EntityRecord<E>> {
    return api(`${base(entity)}/${id}`, init);
  },
  /** The record as its form edits it; id 0: a new record with its defaults. */
  edit<E extends EntityName>(entity: E, id: number, init?: RecordsInit): Promise<EntityRecord<E>> {
    return api(`${base(entity)}/edit/${id}`, init);
  },
  /** The active rows; with a period, those that meet [from, to). */
  active<E extends EntityName>(entity: E, period?: { from: string; to: string }): Promise<EntityRecord<E>[]> {
    return api(`${base(entity)}/active${period ? `/${period.from}/${period.to}` : ''}`);
  },
  /** The rows of one parent record (`records.byParent('customer-vehicle', 'customer', 12)`). */
  byParent<E extends EntityName>(entity: E, parent: EntityTypes[E]['parent'], id: number): Promise<EntityRecord<E>[]> {
    return api(`${base(entity)}/${parent}/${id}`);
  },
  create<E extends WritableEntity>(entity: E, body: EntityDraft<E>, init?: RecordsInit): Promise<EntityRecord<E>> {
    return api(base(entity), { ...init, method: 'POST', json: body });
  },
  /** Saves the fields sent; with `version`, only over the version read (else 409). */
  update<E extends WritableEntity>(
    entity: E,
    id: number,
    body: EntityDraft<E>,
    init?: RecordsInit,
  ): Promise<EntityRecord<E>> {
    return api(`${base(entity)}/${id}`, { ...init, method: 'PUT', json: body });
  },
  /** update() when the body has an id, create() otherwise. */
  save<E extends WritableEntity>(entity: E, body: EntityDraft<E>, init?: RecordsInit): Promise<EntityRecord<E>> {
    const id = (body as { id?: number | null }).id;
    return id ? records.update(entity, id, body, init) : records.create(entity, body, init);
  },
  /** Deletes one record; with `version`, only the version read; `reason` when the entity asks one. */
  remove<E extends WritableEntity>(
    entity: E,
    id: number,
    opts: { version?: number; reason?: string } = {},
  ): Promise<EntityRecord<E>> {
    const headers = opts.version !== undefined ? { 'If-Match': `"${opts.version}"` } : undefined;
    return api(restUrl(`${base(entity)}/${id}`, undefined, { reason: opts.reason }), { method: 'DELETE', headers });
  },
  /** Puts the given ids first, in that order (the entity's order field). */
  order<E extends OrderedEntity>(entity: E, ids: number[]): Promise<{ status: 'SAVED' }> {
    return api(`${base(entity)}/order`, { method: 'POST', json: ids });
  },
};
