// Groups and rights (§6 (docs/rights.md), §7, docs/api.md): set_right / get_right round trip, group rights and
// membership (several groups: union), the specific-rights rule, no privilege
// escalation, rights taking effect at once, the menu tree built from the rights.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { FUNCTIONAL_AREAS, FUNCTIONALITY_KEYS } from '../../common/functionalities';
import { allAt, createUser, PASSWORD, userWithRights } from './security-helpers';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

async function group(label: string, rights: Record<string, unknown>): Promise<number> {
  const g = await t.admin.post('/rest/security/group', { label });
  expect(g.status, g.text).toBe(200);
  const r = await t.admin.post(`/rest/security/group/set_right/${g.body.id}`, { rights });
  expect(r.status, r.text).toBe(200);
  return g.body.id;
}

const entry = (body: any, key: string) =>
  body.functionalities.flatMap((g: any) => g.subFunctionalities).find((s: any) => s.key === key);

describe('get_right / set_right', () => {
  it(
    'round-trips the spec shape: ' + 'functionality groups with sub-functionality entries and the three-digit string',
    async () => {
      const u = await createUser(t);
      const empty = await t.admin.get(`/rest/security/user/get_right/${u.id}`);
      expect(empty.status).toBe(200);
      expect(empty.body.functionalities.map((g: any) => g.key)).toEqual(FUNCTIONAL_AREAS.map((a) => a.key));
      expect(entry(empty.body, 'camp.pitch')).toEqual({
        key: 'camp.pitch',
        label: 'Emplacements',
        rights: '000',
        canSelect: false,
        canWrite: false,
        canDelete: false,
        canExport: false,
      });
      // Edit what get_right answered and send it back.
      const body = structuredClone(empty.body);
      Object.assign(entry(body, 'camp.pitch'), { rights: '011', canExport: true });
      Object.assign(entry(body, 'booking.booking'), { rights: '111' });
      Object.assign(entry(body, 'stats.stats'), { rights: undefined, canSelect: true });
      const saved = await t.admin.post(`/rest/security/user/set_right/${u.id}`, {
        functionalities: body.functionalities,
      });
      expect(saved.status, saved.text).toBe(200);
      expect(saved.body.status).toBe('SAVED');
      const again = await t.admin.get(`/rest/security/user/get_right/${u.id}`);
      expect(entry(again.body, 'camp.pitch')).toMatchObject({
        rights: '011',
        canSelect: true,
        canWrite: true,
        canDelete: false,
        canExport: true,
      });
      expect(entry(again.body, 'booking.booking')).toMatchObject({ rights: '111', canDelete: true, canExport: false });
      expect(entry(again.body, 'stats.stats')).toMatchObject({ rights: '001' });
      expect(again.body.rights['camp.plan']).toEqual({
        canRead: false,
        canWrite: false,
        canDelete: false,
        canExport: false,
      });
      expect(again.body.specific).toBe(true);
      // Stored as rows, only the granted ones.
      const rows = await t.knex('user_right').where('userId', u.id).orderBy('functionality');
      expect(rows.map((r: any) => r.functionality)).toEqual(['booking.booking', 'camp.pitch', 'stats.stats']);
    },
  );

  it('refuses unknown functionalities and levels', async () => {
    const u = await createUser(t);
    const a = await t.admin.post(`/rest/security/user/set_right/${u.id}`, {
      rights: { 'camp.nothing': { rights: '001' } },
    });
    expect(a.status).toBe(400);
    expect(a.body.message).toBe('Fonctionnalité inconnue : camp.nothing');
    const b = await t.admin.post(`/rest/security/user/set_right/${u.id}`, {
      rights: { 'camp.pitch': { rights: '101' } },
    });
    expect(b.body.message).toBe('Niveau de droits invalide (000, 001, 011 ou 111)');
    expect((await t.admin.post(`/rest/security/user/set_right/${u.id}`, [])).status).toBe(400);
    expect((await t.admin.post('/rest/security/user/set_right/99999999', { rights: {} })).status).toBe(404);
  });

  it("lets a user read their own rights without the users right, and no one else's", async () => {
    const me = await userWithRights(t, { rights: { 'camp.pitch': { rights: '001' } } });
    const own = await me.client.get(`/rest/security/user/get_right/${me.id}`);
    expect(own.status).toBe(200);
    expect(own.body.rights['camp.pitch'].canRead).toBe(true);
    expect((await me.client.get('/rest/security/user/get_right/1')).status).toBe(401);
    expect((await me.client.post(`/rest/security/user/set_right/${me.id}`, { rights: {} })).status).toBe(401);
  });
});

describe('groups', () => {
  it("gives members the union of their groups' rights, and changes take effect at once", async () => {
    const reception = await group('Accueil (essai)', {
      'booking.booking': { rights: '011' },
      'customer.customer': { rights: '001' },
    });
    const cleaning = await group('Ménage (essai)', {
      'camp.planning': { rights: '001' },
      'customer.customer': { rights: '011', canExport: true },
    });
    const u = await createUser(t);
    const c = t.client();
    await c.login(u.login, PASSWORD);
    // Regions: settings, read as a lookup by no one but the settings (countries are, by the customers).
    expect((await c.get('/rest/region?range=[0,0]')).status).toBe(401);
    const set = await t.admin.post(`/rest/security/user/set_groups/${u.id}`, {
      groupIds: [reception, cleaning, cleaning],
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body.groups.map((g: any) => g.label)).toEqual(['Accueil (essai)', 'Ménage (essai)']);
    const me = await c.get('/rest/security/me');
    expect(me.body.rights['booking.booking']).toEqual({
      canRead: true,
      canWrite: true,
      canDelete: false,
      canExport: false,
    });
    expect(me.body.rights['customer.customer']).toEqual({
      canRead: true,
      canWrite: true,
      canDelete: false,
      canExport: true,
    });
    expect(me.body.rights['camp.planning'].canRead).toBe(true);
    expect(me.body.rights['camp.pitch'].canRead).toBe(false);
    // Every functionality is in the map (the admin's guard allows what is missing).
    expect(Object.keys(me.body.rights).sort()).toEqual([...FUNCTIONALITY_KEYS].sort());
    // The group's rights change: the member's next request sees it.
    await t.admin.post(`/rest/security/group/set_right/${reception}`, {
      rights: { 'establishment.settings': { rights: '001' } },
    });
    expect((await c.get('/rest/region?range=[0,0]')).status).toBe(200);
    // An inactive group grants nothing.
    await t.admin.put(`/rest/security/group/${reception}`, { isActive: false });
    expect((await c.get('/rest/region?range=[0,0]')).status).toBe(401);
    await t.admin.put(`/rest/security/group/${reception}`, { isActive: true });
    const view = await t.admin.get(`/rest/security/group/get_right/${reception}`);
    expect(view.body.members.map((m: any) => m.login)).toEqual([u.login]);
    expect(entry(view.body, 'booking.booking').rights).toBe('011');
  });

  it('deleting a group removes its memberships and rights', async () => {
    const g = await group('Temporaire', { 'camp.pitch': { rights: '111' } });
    const u = await createUser(t);
    await t.admin.post(`/rest/security/user/set_groups/${u.id}`, { groupIds: [g] });
    expect((await t.admin.del(`/rest/security/group/${g}`)).status).toBe(200);
    expect(await t.knex('user_group').where('groupId', g)).toEqual([]);
    expect(await t.knex('group_right').where('groupId', g)).toEqual([]);
  });

  it('closes flags upward on the generic route and refuses incoherent rows in the database', async () => {
    const g = await group('Drapeaux', {});
    const r = await t.admin.post('/rest/security/group-right', {
      groupId: g,
      functionality: 'camp.plan',
      canDelete: true,
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ canRead: true, canWrite: true, canDelete: true, canExport: false });
    await expect(
      t.knex('group_right').insert({ groupId: g, functionality: 'camp.meter', canRead: false, canWrite: true }),
    ).rejects.toThrow(/ck_group_right__level/);
  });
});

describe('"changing specific rights removes the user from every group while keeping those rights"', () => {
  it('leaves every group, keeps the group rights as specific rights, and applies the change', async () => {
    const a = await group('Spec A', {
      'booking.booking': { rights: '111' },
      'sale.sale': { rights: '001', canExport: true },
    });
    const b = await group('Spec B', { 'camp.planning': { rights: '011' } });
    const u = await createUser(t);
    await t.admin.post(`/rest/security/user/set_groups/${u.id}`, { groupIds: [a, b] });
    const r = await t.admin.post(`/rest/security/user/set_right/${u.id}`, {
      rights: { 'camp.planning': { rights: '001' }, 'stats.stats': { rights: '001' } },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.groups).toEqual([]);
    expect(await t.knex('user_group').where('userId', u.id)).toEqual([]);
    const rights = r.body.rights;
    expect(rights['booking.booking']).toEqual({ canRead: true, canWrite: true, canDelete: true, canExport: false });
    expect(rights['sale.sale']).toEqual({ canRead: true, canWrite: false, canDelete: false, canExport: true });
    expect(rights['camp.planning']).toEqual({ canRead: true, canWrite: false, canDelete: false, canExport: false });
    expect(rights['stats.stats'].canRead).toBe(true);
    // They are the user's own now: changing the former group no longer affects the user.
    await t.admin.post(`/rest/security/group/set_right/${a}`, { rights: { 'booking.booking': { rights: '000' } } });
    const after = await t.admin.get(`/rest/security/user/get_right/${u.id}`);
    expect(after.body.rights['booking.booking'].canDelete).toBe(true);
    // And the history says so.
    const h = await t
      .knex('post_history')
      .where({ entity: 'user', recordId: u.id, action: 'action' })
      .orderBy('id', 'desc')
      .first();
    expect(h.detail).toMatch(
      /^Droits spécifiques modifiés \(.*camp\.planning.*\) ; retiré des groupes : Spec A, Spec B$/,
    );
  });
});

describe('the specific-rights rule holds on the generic routes too (/rest/security/user-right)', () => {
  const rightsOf = async (id: number) => (await t.admin.get(`/rest/security/user/get_right/${id}`)).body;
  const memberOf = async (id: number) => (await t.knex('user_group').where('userId', id)).length;

  it(
    'POST, PUT and DELETE of one specific right take the user out of every group, ' + 'keeping the group rights',
    async () => {
      const a = await group('Générique A', {
        'booking.booking': { rights: '111' },
        'sale.sale': { rights: '001', canExport: true },
      });
      const b = await group('Générique B', { 'camp.planning': { rights: '011' } });
      const u = await createUser(t);
      await t.admin.post(`/rest/security/user/set_groups/${u.id}`, { groupIds: [a, b] });
      // POST: a new specific right.
      const created = await t.admin.post('/rest/security/user-right', {
        userId: u.id,
        functionality: 'stats.stats',
        canRead: true,
      });
      expect(created.status, created.text).toBe(200);
      expect(await memberOf(u.id)).toBe(0);
      let view = await rightsOf(u.id);
      expect(view.groups).toEqual([]);
      expect(view.rights['booking.booking']).toEqual({
        canRead: true,
        canWrite: true,
        canDelete: true,
        canExport: false,
      });
      expect(view.rights['sale.sale']).toEqual({ canRead: true, canWrite: false, canDelete: false, canExport: true });
      expect(view.rights['camp.planning']).toEqual({
        canRead: true,
        canWrite: true,
        canDelete: false,
        canExport: false,
      });
      expect(view.rights['stats.stats'].canRead).toBe(true);
      const h = await t
        .knex('post_history')
        .where({ entity: 'user', recordId: u.id, action: 'action' })
        .orderBy('id', 'desc')
        .first();
      expect(h.detail).toBe('Droits spécifiques modifiés ; retiré des groupes : Générique A, Générique B');
      // The former groups no longer count.
      await t.admin.post(`/rest/security/group/set_right/${a}`, { rights: { 'booking.booking': { rights: '000' } } });
      expect((await rightsOf(u.id)).rights['booking.booking'].canDelete).toBe(true);

      // PUT: back in a group, then one specific right changes.
      await t.admin.post(`/rest/security/user/set_groups/${u.id}`, { groupIds: [b] });
      await t.admin.post(`/rest/security/group/set_right/${b}`, { rights: { 'camp.plan': { rights: '001' } } });
      const row = await t.knex('user_right').where({ userId: u.id, functionality: 'stats.stats' }).first();
      const updated = await t.admin.put(`/rest/security/user-right/${row.id}`, { canWrite: true });
      expect(updated.status, updated.text).toBe(200);
      expect(await memberOf(u.id)).toBe(0);
      view = await rightsOf(u.id);
      expect(view.rights['stats.stats']).toMatchObject({ canRead: true, canWrite: true });
      expect(view.rights['camp.plan'].canRead).toBe(true);

      // DELETE: the right removed is gone, the group's others stay.
      await t.admin.post(`/rest/security/user/set_groups/${u.id}`, { groupIds: [b] });
      const bookingRow = await t.knex('user_right').where({ userId: u.id, functionality: 'booking.booking' }).first();
      expect((await t.admin.del(`/rest/security/user-right/${bookingRow.id}`)).status).toBe(200);
      expect(await memberOf(u.id)).toBe(0);
      view = await rightsOf(u.id);
      expect(view.rights['booking.booking'].canRead).toBe(false);
      expect(view.rights['camp.plan'].canRead).toBe(true);
      expect(view.rights['camp.planning']).toMatchObject({ canRead: true, canWrite: true });
    },
  );

  it('a refused change leaves the groups and rights as they were', async () => {
    const manager = await userWithRights(t, {
      rights: { 'establishment.users': { rights: '111' }, 'camp.pitch': { rights: '001' } },
    });
    const g = await group('Générique C', { 'camp.pitch': { rights: '001' } });
    const u = await createUser(t);
    await t.admin.post(`/rest/security/user/set_groups/${u.id}`, { groupIds: [g] });
    const r = await manager.client.post('/rest/security/user-right', {
      userId: u.id,
      functionality: 'camp.plan',
      canRead: true,
    });
    expect(r.status).toBe(401);
    expect(await memberOf(u.id)).toBe(1);
    expect(await t.knex('user_right').where('userId', u.id)).toEqual([]);
  });

  it(
    'a membership moved through /rest/security/user-group ' + 'checks the user who leaves as well as the one who joins',
    async () => {
      const manager = await userWithRights(t, {
        rights: { 'establishment.users': { rights: '111' }, 'camp.pitch': { rights: '001' } },
      });
      const g = await group('Générique D', { 'camp.pitch': { rights: '001' } });
      const otherAdmin = await createUser(t, { isAdmin: true });
      const plain = await createUser(t);
      const m = await t.admin.post('/rest/security/user-group', { userId: otherAdmin.id, groupId: g });
      expect(m.status, m.text).toBe(200);
      const moved = await manager.client.put(`/rest/security/user-group/${m.body.id}`, {
        userId: plain.id,
        groupId: g,
      });
      expect(moved.status).toBe(401);
      expect(moved.body.message).toBe('Action réservée aux administrateurs');
      expect((await t.knex('user_group').where('id', m.body.id).first()).userId).toBe(otherAdmin.id);
    },
  );
});

describe('no privilege escalation', () => {
  it('a non-admin user manager cannot grant what they do not hold, nor touch administrators', async () => {
    const manager = await userWithRights(t, {
      rights: { 'establishment.users': { rights: '111' }, 'camp.pitch': { rights: '001' } },
    });
    const target = await createUser(t);
    const ok = await manager.client.post(`/rest/security/user/set_right/${target.id}`, {
      rights: { 'camp.pitch': { rights: '001' } },
    });
    expect(ok.status, ok.text).toBe(200);
    const more = await manager.client.post(`/rest/security/user/set_right/${target.id}`, {
      rights: { 'camp.pitch': { rights: '011' } },
    });
    expect(more.status).toBe(401);
    expect(more.body.message).toBe('Vous ne pouvez pas accorder un droit que vous ne détenez pas');
    const self = await manager.client.post(`/rest/security/user/set_right/${manager.id}`, {
      rights: { 'invoice.closures': { rights: '111' } },
    });
    expect(self.status).toBe(401);
    const raw = await manager.client.post('/rest/security/user-right', {
      userId: target.id,
      functionality: 'camp.plan',
      canRead: true,
    });
    expect(raw.status).toBe(401);
    const admin = await manager.client.put(`/rest/security/user/${target.id}`, { isAdmin: true });
    expect(admin.status).toBe(401);
    expect(admin.body.message).toBe('Action réservée aux administrateurs');
    const adminRow = await t.knex('app_user').where('login', 'admin').first();
    expect(
      (await manager.client.put(`/rest/security/user/${adminRow.id}`, { password: 'je-prends-la-main' })).status,
    ).toBe(401);
    const big = await group('Tout', Object.fromEntries(FUNCTIONALITY_KEYS.map((k) => [k, { rights: '111' }])));
    expect((await manager.client.post(`/rest/security/user/set_groups/${target.id}`, { groupIds: [big] })).status).toBe(
      401,
    );
    expect((await manager.client.post('/rest/security/user-group', { userId: target.id, groupId: big })).status).toBe(
      401,
    );
    expect(
      (
        await manager.client.post(`/rest/security/group/set_right/${big}`, {
          rights: { 'camp.pitch': { rights: '000' } },
        })
      ).status,
    ).toBe(200);
  });
});

describe('menu tree', () => {
  it('holds only what the user may read, with nodes, clickable context headers and custom names', async () => {
    const u = await userWithRights(t, allAt('000'));
    const none = await u.client.get('/rest/security/menu');
    expect(none.body).toEqual([{ type: 'item', key: 'home', label: 'Accueil', route: '/home' }]);
    await t.admin.post(`/rest/security/user/set_right/${u.id}`, {
      rights: { 'establishment.settings': { rights: '001' } },
    });
    const menu = (await u.client.get('/rest/security/menu')).body;
    const settings = menu.find((n: any) => n.label === 'Paramètres');
    expect(settings).toMatchObject({ type: 'node', clickable: false });
    const geo = settings.children.find((n: any) => n.defaultLabel === 'Géographie');
    expect(geo).toMatchObject({ type: 'header', clickable: true, path: 'Paramètres/Géographie' });
    expect(geo.key).toBe(`menu-context-${geo.contextId}`);
    expect(geo.children.map((i: any) => i.key)).toContain('country-list');
    expect(JSON.stringify(menu)).not.toContain('admin/user-list');
    expect(JSON.stringify(menu)).not.toContain('init-demo');
    // Renaming a header (unique per header).
    const h = await t.admin.post('/rest/establishment/header-custom-name', {
      headerKey: 'Paramètres/Géographie',
      customName: 'Lieux',
    });
    expect(h.status, h.text).toBe(200);
    const dup = await t.admin.post('/rest/establishment/header-custom-name', {
      headerKey: 'Paramètres/Géographie',
      customName: 'Autre',
    });
    expect(dup.body.message).toBe('En-tête déjà renommé');
    const renamed = (await u.client.get('/rest/security/menu')).body
      .find((n: any) => n.label === 'Paramètres')
      .children.find((n: any) => n.contextId === geo.contextId);
    expect(renamed.label).toBe('Lieux');
    // The context ids are stable.
    expect(renamed.contextId).toBe(geo.contextId);
    const admin = (await t.admin.get('/rest/security/menu')).body;
    expect(admin.at(-1).label).toBe('Admin');
    expect(JSON.stringify(admin)).toContain('"key":"admin/user-list"');
    expect((await t.admin.get('/rest/security/menu/headers')).body.map((x: any) => x.id)).toContain(
      'Paramètres/Géographie',
    );
  });
});

describe('reference data read as a lookup', () => {
  it('lets a user who reads the stays read the lists their fields name, but no personal data nor a write', async () => {
    const reception = await userWithRights(t, { rights: { 'booking.booking': { rights: '001' } } });
    for (const path of ['/rest/country', '/rest/access-channel/active', '/rest/access-channel']) {
      const r = await reception.client.get(`${path}?range=${encodeURIComponent('[0,4]')}`);
      expect(r.status, `${path}: ${r.text}`).toBe(200);
    }
    // People and money keep their own right; a lookup is never a write nor an export.
    for (const path of ['/rest/customer', '/rest/security/user', '/rest/payment']) {
      expect((await reception.client.get(path)).status, path).toBe(401);
    }
    expect((await reception.client.post('/rest/country', { code: 'ZZ', label: 'Zzz' })).status).toBe(401);
    expect((await reception.client.get('/rest/country/export')).status).toBe(401);
    // Without any right that points at them, reference lists stay closed.
    const nobody = await userWithRights(t, { rights: { 'stats.stats': { rights: '001' } } });
    expect((await nobody.client.get('/rest/access-channel')).status).toBe(401);
  });
});
