// /init-demo (admin only): the business data is replaced by the demo data;
// users, rights, the establishment, settings and the history stay; refused while
// legally protected data exists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { registerProtectedData, protectedData } from '../../api/domain/establishment/demo-reset';
import { allAt, userWithRights } from './security-helpers';

// A reset seeds the whole demo (a season of stays, bills, sales): about 20 s, more on a busy machine.
const DEMO_SEED_TIMEOUT = 240_000;
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

describe('POST /rest/establishment/init-demo', () => {
  it('is for administrators only', async () => {
    const u = await userWithRights(t, allAt('111', true));
    const r = await u.client.post('/rest/establishment/init-demo', {});
    expect(r.status).toBe(401);
    expect(r.body.message).toBe('Action réservée aux administrateurs');
  });

  it(
    'replaces the business data and keeps users, groups, establishment, settings and history',
    async () => {
      const countries = Number((await t.knex('country').count({ n: '*' }))[0].n);
      await t.admin.post('/rest/country', { isoCode: 'XB', name: 'Pays à effacer', nationality: 'x' });
      const group = (await t.admin.post('/rest/security/group', { label: 'Groupe gardé' })).body.id;
      const est = (await t.admin.get('/rest/establishment/establishment/edit')).body;
      await t.admin.put(`/rest/establishment/establishment/${est.id}`, { shortName: 'Gardé' });
      const users = Number((await t.knex('app_user').count({ n: '*' }))[0].n);
      const history = Number((await t.knex('post_history').count({ n: '*' }))[0].n);
      const r = await t.admin.post('/rest/establishment/init-demo', {});
      expect(r.status, r.text).toBe(200);
      expect(r.body.message).toBe('Données de démonstration réinitialisées');
      expect(await t.knex('country').where('isoCode', 'XB').first()).toBeUndefined();
      expect(Number((await t.knex('country').count({ n: '*' }))[0].n)).toBe(countries);
      expect(await t.knex('rights_group').where('id', group).first()).toBeTruthy();
      expect((await t.knex('establishment').where('id', est.id).first()).shortName).toBe('Gardé');
      expect(Number((await t.knex('app_user').count({ n: '*' }))[0].n)).toBe(users);
      expect(Number((await t.knex('post_history').count({ n: '*' }))[0].n)).toBe(history + 1);
      // The admin's session survives.
      expect((await t.admin.get('/rest/security/me')).status).toBe(200);
    },
    DEMO_SEED_TIMEOUT,
  );

  it(
    'is refused with a clear French message while legally protected data exists',
    async () => {
      expect(await protectedData(t.knex)).toEqual([]);
      let bills = 0;
      registerProtectedData(async () => (bills ? `${bills} facture(s)` : null));
      bills = 3;
      const r = await t.admin.post('/rest/establishment/init-demo', {});
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(
        'Réinitialisation impossible : des données protégées par la loi existent (3 facture(s))',
      );
      bills = 0;
      expect((await t.admin.post('/rest/establishment/init-demo', {})).status).toBe(200);
    },
    DEMO_SEED_TIMEOUT,
  );
});
