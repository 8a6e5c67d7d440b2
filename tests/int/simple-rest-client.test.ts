// The unmodified ra-data-simple-rest provider, as react-admin uses it, against the
// live API: getList, getOne, getMany, getManyReference, create, update, delete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider } from 'ra-core';
import { startTestServer, type TestServer } from './harness';

let t: TestServer;
let dp: DataProvider;
beforeAll(async () => {
  t = await startTestServer();
  const cookie = t.admin.cookie!;
  dp = simpleRestProvider(`${t.url}/rest`, (url: string, options: fetchUtils.Options = {}) => {
    const headers = new Headers(options.headers as HeadersInit | undefined);
    headers.set('Cookie', cookie);
    return fetchUtils.fetchJson(url, { ...options, headers });
  });
});
afterAll(async () => {
  await t?.close();
});

describe('ra-data-simple-rest against /rest', () => {
  it('getList pages, sorts and searches with Content-Range totals', async () => {
    const page = await dp.getList('country', {
      pagination: { page: 1, perPage: 3 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    expect(page.data).toHaveLength(3);
    expect(page.total).toBeGreaterThanOrEqual(8);
    expect(page.data.map((c) => c.name)).toEqual([...page.data.map((c) => c.name)].sort((a, b) => a.localeCompare(b)));
    const found = await dp.getList('country', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: { q: 'allem' },
    });
    expect(found.data.map((c) => c.isoCode)).toEqual(['DE']);
  });

  it('getOne, getMany and getManyReference', async () => {
    const { data: fr } = await dp.getOne('country', { id: 1 });
    expect(fr.isoCode).toBe('FR');
    const many = await dp.getMany('country', { ids: [1, 2] });
    expect(many.data.map((c) => c.id).sort()).toEqual([1, 2]);
    const refs = await dp.getManyReference('country', {
      target: 'languageId',
      id: fr.languageId,
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(refs.data.every((c) => c.languageId === fr.languageId)).toBe(true);
    expect(refs.total).toBe(refs.data.length);
  });

  it('create, update and delete', async () => {
    const { data: created } = await dp.create('language', { data: { code: 'pl', name: 'Polonais' } });
    expect(created.id).toBeGreaterThan(0);
    const { data: updated } = await dp.update('language', {
      id: created.id,
      data: { ...created, name: 'Polonais (Pologne)' },
      previousData: created,
    });
    expect(updated.name).toBe('Polonais (Pologne)');
    const { data: removed } = await dp.delete('language', { id: created.id, previousData: updated });
    expect(removed.id).toBe(created.id);
    await expect(dp.getOne('language', { id: created.id })).rejects.toMatchObject({ status: 404 });
  });

  it('surfaces field errors where react-admin reads them', async () => {
    await expect(dp.create('language', { data: { code: 'fr', name: 'Doublon' } })).rejects.toMatchObject({
      status: 400,
      body: { code: 'VALUE_ALREADY_ASSIGNED', errors: { code: 'Valeur déjà attribuée' } },
    });
  });
});
