// /home tiles (§2, docs/screens.md): real counts from the database, only the tiles the user may
// read, a tile whose entity does not exist yet stays out, each user's own layout
// (hidden and ordered tiles), administrators switching a tile off for everyone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { registerTile } from '../../api/domain/home/tiles';
import { userWithRights, allAt } from './security-helpers';

let t: TestServer;
beforeAll(async () => {
  registerTile({
    key: 'test-countries',
    label: 'Pays (test)',
    functionality: 'establishment.settings',
    route: '/country-list',
    order: 1,
    count: async (k) => Number((await k('country').count({ n: '*' }))[0].n),
  });
  registerTile({
    key: 'test-future',
    label: 'Entité future',
    functionality: 'establishment.settings',
    order: 2,
    requires: ['entite-qui-n-existe-pas'],
    count: async () => 1,
  });
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

// Other modules register their tiles too: these tests look at theirs and ours.
const OURS = ['test-countries', 'test-future', 'fees', 'group-settings'];
const keys = (body: any) => body.tiles.map((x: any) => x.key).filter((k: string) => OURS.includes(k));

describe('home tiles', () => {
  it('count from the database, in order, with the software version', async () => {
    const r = await t.admin.get('/rest/home/tiles');
    expect(r.status).toBe(200);
    expect(r.body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(keys(r.body)).toEqual(['test-countries', 'fees', 'group-settings']);
    const countries = Number((await t.knex('country').count({ n: '*' }))[0].n);
    expect(r.body.tiles[0].key).toBe('test-countries');
    expect(r.body.tiles[0]).toEqual({
      key: 'test-countries',
      label: 'Pays (test)',
      route: '/country-list',
      count: countries,
      hidden: false,
    });
    const fees = Number((await t.knex('residential_fees').count({ n: '*' }))[0].n);
    const tile = (body: any, key: string) => body.tiles.find((x: any) => x.key === key);
    expect(tile(r.body, 'fees').count).toBe(fees);
    await t.admin.post('/rest/country', { isoCode: 'XC', name: 'Pays compté', nationality: 'x' });
    expect((await t.admin.get('/rest/home/tiles')).body.tiles[0].count).toBe(countries + 1);
    await t.knex('module_config').where('kind', 'preference-group').update({ isActive: true });
    expect(tile((await t.admin.get('/rest/home/tiles')).body, 'group-settings').count).toBe(1);
  });

  it('show only the tiles the user may read', async () => {
    const u = await userWithRights(t, { rights: { 'resident.contract': { rights: '001' } } });
    expect(keys((await u.client.get('/rest/home/tiles')).body)).toEqual(['fees']);
    const none = await userWithRights(t, allAt('000'));
    expect((await none.client.get('/rest/home/tiles')).body.tiles).toEqual([]);
  });

  it("follow each user's layout: hidden tiles and order", async () => {
    const u = await userWithRights(t, allAt('001'));
    const saved = await u.client.post('/rest/home/layout', {
      tiles: [{ key: 'group-settings' }, { key: 'test-countries', hidden: true }, { key: 'fees' }],
    });
    expect(saved.status, saved.text).toBe(200);
    expect(keys((await u.client.get('/rest/home/tiles')).body)).toEqual(['group-settings', 'fees']);
    const all = (await u.client.get('/rest/home/tiles?all=1')).body.tiles.filter((x: any) => OURS.includes(x.key));
    expect(all.map((x: any) => [x.key, x.hidden, x.count === null])).toEqual([
      ['group-settings', false, false],
      ['test-countries', true, true],
      ['fees', false, false],
    ]);
    // Other users are not affected.
    expect((await t.admin.get('/rest/home/tiles')).body.tiles[0].key).toBe('test-countries');
    expect((await u.client.post('/rest/home/layout', { tiles: [{ key: 'inconnue' }] })).status).toBe(400);
    expect((await u.client.post('/rest/home/layout', { tiles: [{ key: 'fees' }, { key: 'fees' }] })).status).toBe(400);
  });

  it('can be renamed or switched off for everyone by an administrator', async () => {
    const row = (await t.admin.get(`/rest/home/tile?filter=${encodeURIComponent(JSON.stringify({ q: 'Redevances' }))}`))
      .body[0];
    expect(row.key).toBe('fees');
    await t.admin.put(`/rest/home/tile/${row.id}`, { label: 'Redevances résidentielles' });
    expect((await t.admin.get('/rest/home/tiles')).body.tiles.find((x: any) => x.key === 'fees').label).toBe(
      'Redevances résidentielles',
    );
    await t.admin.put(`/rest/home/tile/${row.id}`, { isActive: false });
    expect(keys((await t.admin.get('/rest/home/tiles')).body)).not.toContain('fees');
  });
});
