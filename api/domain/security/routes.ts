// Hand-written security routes (§7): rights of a user (get_right / set_right) and
// of a group, the groups of a user, the logged-in user's menu tree.
import Router from '@koa/router';
import type { Knex } from 'knex';
import { checkAccess, requireUser } from '../../auth/access';
import { badRequest } from '../../http/errors';
import { parseId } from '../../rest/records';
import { parseRightsBody } from './rights-body';
import { groupRightsView, managerOf, setGroupRights, setUserGroups, setUserRights, userRightsView } from './rights';
import { allHeaderPaths, menuFor } from './menu';

const USERS = 'establishment.users';

export function securityRouter(knex: () => Knex): Router {
  const r = new Router();

  // Anyone may read their own rights (the admin refetches them when its map is empty).
  r.get('/rest/security/user/get_right/:userId', async (ctx) => {
    const user = requireUser(ctx);
    const userId = parseId(ctx.params.userId);
    if (userId !== user.id) await checkAccess(ctx, USERS, 'read');
    ctx.body = await userRightsView(knex(), userId);
  });

  r.post('/rest/security/user/set_right/:userId', async (ctx) => {
    await checkAccess(ctx, USERS, 'write');
    const userId = parseId(ctx.params.userId);
    const given = parseRightsBody((ctx.request as any).body);
    await setUserRights(knex(), managerOf(requireUser(ctx)), userId, given);
    ctx.body = { status: 'SAVED', ...(await userRightsView(knex(), userId)) };
  });

  r.get('/rest/security/user/groups/:userId', async (ctx) => {
    await checkAccess(ctx, USERS, 'read');
    const userId = parseId(ctx.params.userId);
    const member = new Set((await knex()('user_group').where('userId', userId).select('groupId')).map((x: any) => x.groupId));
    const groups = await knex()('rights_group').orderBy('label').select('id', 'label', 'description', 'isActive');
    ctx.body = groups.map((g: any) => ({ ...g, member: member.has(g.id) }));
  });

  r.post('/rest/security/user/set_groups/:userId', async (ctx) => {
    await checkAccess(ctx, USERS, 'write');
    const userId = parseId(ctx.params.userId);
    const ids = (ctx.request as any).body?.groupIds;
    if (!Array.isArray(ids) || !ids.every((x) => Number.isInteger(x) && x > 0)) throw badRequest('INCORRECT_FORM');
    await setUserGroups(knex(), managerOf(requireUser(ctx)), userId, ids);
    ctx.body = { status: 'SAVED', ...(await userRightsView(knex(), userId)) };
  });

  r.get('/rest/security/group/get_right/:groupId', async (ctx) => {
    await checkAccess(ctx, USERS, 'read');
    ctx.body = await groupRightsView(knex(), parseId(ctx.params.groupId));
  });

  r.post('/rest/security/group/set_right/:groupId', async (ctx) => {
    await checkAccess(ctx, USERS, 'write');
    const groupId = parseId(ctx.params.groupId);
    await setGroupRights(knex(), managerOf(requireUser(ctx)), groupId, parseRightsBody((ctx.request as any).body));
    ctx.body = { status: 'SAVED', ...(await groupRightsView(knex(), groupId)) };
  });

  r.get('/rest/security/menu', async (ctx) => {
    ctx.body = await menuFor(knex(), requireUser(ctx));
  });

  r.get('/rest/security/menu/headers', async (ctx) => {
    await checkAccess(ctx, 'establishment.settings', 'read');
    ctx.body = allHeaderPaths().map((path) => ({ id: path, name: path.replace(/\//g, ' › ') }));
  });

  return r;
}
