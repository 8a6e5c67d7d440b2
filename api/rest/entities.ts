// Runtime registry of entities: metadata (generated), compiled validators and the
// hooks domain modules attach to the generic write path.
import type { Knex } from 'knex';
import { ENTITY_METAS } from '../../common/generated/meta/index';
import type { EntityMeta } from '../../common/entity-meta';
import type { EntityInputs, EntityName, EntityRecords } from '../../common/generated/types/index';
import { compileEntityValidator, createAjv, type EntityValidator } from '../../common/validation';

export interface WriteContext {
  trx: Knex.Transaction;
  userId: number | null;
  /**
   * What the user confirmed knowingly (`X-Confirm` header, comma-separated), e.g.
   * `overpayment`: hooks that answer a 409 asking for a confirmation accept it then.
   */
  confirm?: ReadonlySet<string>;
}

/** The confirmations of a request's `X-Confirm` header (`overpayment`, …). */
export function confirmationsOf(header: string | undefined | null): ReadonlySet<string> {
  return new Set(
    String(header ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );
}

// Hooks of an entity named at run time (a variable) stay loose until their module names it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a module not typed yet reads any field
type LooseRecord = Record<string, any>;
type SystemField = 'id' | 'createdAt' | 'updatedAt' | 'version';

/** The stored record of entity `E` (a read, an answer); loose when `E` is not a literal name. */
export type RecordOf<E extends string> = string extends E
  ? LooseRecord
  : E extends EntityName
    ? EntityRecords[E]
    : LooseRecord;

/**
 * What a beforeSave hook holds: the validated writable fields (stored ones merged with the
 * request's), no system field; a hook may adjust them.
 */
export type DraftOf<E extends string> = string extends E
  ? LooseRecord
  : E extends EntityName
    ? Omit<EntityInputs[E], SystemField>
    : LooseRecord;

/** The metadata of entity `E`, its name known to the type system. */
export type MetaOf<E extends string> = EntityMeta & { readonly name: E };

/** Business rules no schema can express, run inside the write transaction. */
export interface EntityHooks<E extends string = string> {
  /** May adjust the record or throw an HttpError. `existing` is null on create. */
  beforeSave?(record: DraftOf<E>, existing: RecordOf<E> | null, ctx: WriteContext): Promise<void> | void;
  afterSave?(record: RecordOf<E>, existing: RecordOf<E> | null, ctx: WriteContext): Promise<void> | void;
  beforeDelete?(existing: RecordOf<E>, ctx: WriteContext): Promise<void> | void;
  /** After the row is gone, in the same transaction (e.g. recompute what depended on it). */
  afterDelete?(existing: RecordOf<E>, ctx: WriteContext): Promise<void> | void;
}

const metas = new Map<string, EntityMeta>(ENTITY_METAS.map((m) => [m.name, m]));
const validators = new Map<string, EntityValidator>();
/** Hooks of one entity as registered, with the module that registered them. */
export interface OwnedHooks {
  owner: string;
  hooks: EntityHooks;
}
const hooks = new Map<string, OwnedHooks[]>();
/** Per entity, the modules in the order their hooks run (api/domain/hook-order.ts). */
let hookOrder: Readonly<Record<string, readonly string[]>> = {};
const ordered = new Map<string, EntityHooks[]>();
let owner = 'core';
let ajv: ReturnType<typeof createAjv> | undefined;

export function entityMeta<E extends string>(name: E): MetaOf<E> {
  const m = metas.get(name);
  if (!m) throw new Error(`unknown entity ${name}`);
  return m as MetaOf<E>;
}

export function allEntities(): EntityMeta[] {
  return ENTITY_METAS;
}

export function validatorFor(meta: EntityMeta): EntityValidator {
  let v = validators.get(meta.name);
  if (!v) {
    ajv ??= createAjv();
    v = compileEntityValidator(ajv, meta);
    validators.set(meta.name, v);
  }
  return v;
}

/** Runs a module's registrations: the hooks it registers are recorded as its own. */
export function registeringAs(module: string, register: () => void): void {
  const before = owner;
  owner = module;
  try {
    register();
  } finally {
    owner = before;
  }
}

/**
 * `registerHooks('booking', …)` types the hooks' records as bookings; `registerHooks<string>(…)`
 * keeps them loose in a module not typed yet (issue 23 §2, docs/history.md#issue-23).
 */
export function registerHooks<E extends string>(entity: E, h: EntityHooks<E>): void {
  entityMeta(entity);
  hooks.set(entity, [...(hooks.get(entity) ?? []), { owner, hooks: h as unknown as EntityHooks }]);
  ordered.delete(entity);
}

/**
 * Declares in which order the modules' hooks of each entity run; within one module, in
 * the order it registered them. Owners an entity's list does not name run last.
 */
export function setHookOrder(order: Readonly<Record<string, readonly string[]>>): void {
  hookOrder = order;
  ordered.clear();
}

/** Every entity's hooks in the order they run, with their owners. */
export function hookTable(): Map<string, OwnedHooks[]> {
  return new Map([...hooks.keys()].sort().map((e) => [e, sortedHooks(e)]));
}

function sortedHooks(entity: string): OwnedHooks[] {
  const order = hookOrder[entity] ?? [];
  const rank = (o: OwnedHooks) => (order.includes(o.owner) ? order.indexOf(o.owner) : order.length);
  // Array.prototype.sort is stable: one module's hooks keep their registration order.
  return [...(hooks.get(entity) ?? [])].sort((a, b) => rank(a) - rank(b));
}

export function hooksFor(entity: string): EntityHooks[] {
  let list = ordered.get(entity);
  if (!list) {
    list = sortedHooks(entity).map((o) => o.hooks);
    ordered.set(entity, list);
  }
  return list;
}
