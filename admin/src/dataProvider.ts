// react-admin's unmodified simple-rest provider on /rest, with resource names
// mapped to API bases (e.g. user → security/user) and searches under 3
// characters left out, as the spec requires at least 3.
import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider } from 'react-admin';
import { RESOURCES } from './generated/registry';
import { API } from './api';
import { records, type EntityName, type WritableEntity } from './records';
import { withoutShortSearch } from './entity/searchFilter';

const bases = new Map(RESOURCES.map((r) => [r.name, r.base]));
export const baseOf = (resource: string) => bases.get(resource) ?? resource;

const httpClient = (url: string, options: fetchUtils.Options = {}) =>
  fetchUtils.fetchJson(url, { ...options, credentials: 'same-origin' });

const rest = simpleRestProvider(API, httpClient);

function cleanFilter<P extends { filter?: Record<string, unknown> }>(params: P): P {
  const filter = withoutShortSearch(params.filter);
  return filter === params.filter ? params : { ...params, filter };
}

export const dataProvider: DataProvider = {
  getList: (r, p) => rest.getList(baseOf(r), cleanFilter(p)),
  getOne: (r, p) => rest.getOne(baseOf(r), p),
  getMany: (r, p) => rest.getMany(baseOf(r), p),
  getManyReference: (r, p) => rest.getManyReference(baseOf(r), cleanFilter(p)),
  create: (r, p) => rest.create(baseOf(r), p),
  update: (r, p) => rest.update(baseOf(r), p),
  updateMany: (r, p) => rest.updateMany(baseOf(r), p),
  // An entity declared x-delete-reason gets its reason (meta.reason) in the query.
  delete: async (r, p) =>
    typeof p.meta?.reason === 'string'
      ? {
          data: await records.remove(r as WritableEntity, Number(p.id), {
            reason: p.meta.reason,
            version: p.previousData?.version || undefined,
          }),
        }
      : rest.delete(baseOf(r), p),
  deleteMany: (r, p) => rest.deleteMany(baseOf(r), p),
  /** `GET {base}/edit/0`: a new record with its server-side defaults */
  getDefaults: (r: string) => records.edit(r as EntityName, 0),
} as DataProvider;
