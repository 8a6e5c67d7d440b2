// Builds the spec's paths (e.g. /town/{countryId}/{departmentId}/{townId},
// /place-type/{page}/{placeTypeId}) from a route pattern, a record and the
// current route parameters.
import type { EntityMeta } from '../../../common/entity-meta';

type Params = Record<string, string | undefined>;

export function fillRoute(pattern: string, values: Params): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? '0'));
}

export function editPath(
  meta: Pick<EntityMeta, 'routes'>,
  id: number | string,
  record: Record<string, unknown> = {},
  current: Params = {},
): string {
  const values: Params = { page: current.page ?? 'general', tab: current.tab ?? 'general' };
  for (const [k, v] of Object.entries(current)) if (v !== undefined) values[k] = v;
  for (const name of meta.routes.edit.match(/:(\w+)/g) ?? []) {
    const key = name.slice(1);
    if (record[key] !== undefined && record[key] !== null) values[key] = String(record[key]);
  }
  values[meta.routes.idParam] = String(id);
  return fillRoute(meta.routes.edit, values);
}

export function listPath(
  meta: Pick<EntityMeta, 'routes'>,
  current: Params = {},
  record: Record<string, unknown> = {},
): string {
  const values: Params = { ...current };
  for (const name of meta.routes.list.match(/:(\w+)/g) ?? []) {
    const key = name.slice(1);
    if (record[key] !== undefined && record[key] !== null) values[key] = String(record[key]);
  }
  return fillRoute(meta.routes.list, values);
}

/** Route parameters naming a field of the entity: list filters and create defaults. */
export function fieldParams(meta: EntityMeta, params: Params): Record<string, number> {
  const out: Record<string, number> = {};
  for (const f of meta.fields) {
    const v = params[f.name];
    if (f.name !== meta.routes.idParam && v !== undefined && /^\d+$/.test(v) && v !== '0') out[f.name] = Number(v);
  }
  return out;
}
