// Hand-written security routes (§7, docs/api.md): rights of a user (get_right / set_right) and
// of a group, the groups of a user, the logged-in user's menu tree. One declaration
// each (api/http/define-route.ts): right, input, OpenAPI and handler.
import { checkAccess } from '../../auth/access';
import { defineRoute, defineSchemas, type RouteDecl } from '../../http/define-route';
import type { Knex } from 'knex';
import { parseId } from '../../rest/records';
import { recordTechnicalEvent } from '../ledger/jet';
import { parseRightsBody } from './rights-body';
import { groupRightsView, managerOf, setGroupRights, setUserGroups, setUserRights, userRightsView } from './rights';
import { allHeaderPaths, menuFor } from './menu';
import { SECURITY_SCHEMAS } from './openapi';

const USERS = 'establishment.users';
const tag = 'security';
const userRights = { $ref: '#/components/schemas/UserRights' };
const rightsBody = {
  requestBody: {
    required: true,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/RightsBody' } } },
  },
};
const list = (name: string) => ({ type: 'array', items: { $ref: `#/components/schemas/${name}` } });
const groupRights = { $ref: '#/components/schemas/GroupRights' };

defineSchemas(SECURITY_SCHEMAS);

/** Rights and group changes go to the technical event journal (issue 25 point 11, docs/history.md#issue-25). */
async function journalRights(
  knex: Knex,
  e: { target: 'user' | 'group'; id: number; action: string; by: number | null; body: unknown },
): Promise<void> {
  await recordTechnicalEvent(knex, 'rights', {
    target: e.target,
    id: e.id,
    action: e.action,
    userId: e.by,
    change: JSON.stringify(e.body ?? null).slice(0, 4000),
  });
}

export const SECURITY_ROUTES: RouteDecl[] = [
  defineRoute({
    // Anyone may read their own rights (the admin refetches them when its map is empty).
    method: 'GET',
    path: '/rest/security/user/get_right/:userId',
    example: { variant: "someone else's", right: ['establishment.users', 'read'], params: { userId: 'user' } },
    right: 'session',
    tag,
    summary: "Droits effectifs d'un utilisateur (groupes ∪ droits spécifiques) ; chacun peut lire les siens",
    description: "Ceux d'un autre utilisateur : establishment.users (read).",
    response: userRights,
    responses: { 404: { description: 'Utilisateur inconnu' } },
    handler: async ({ ctx, params, user, knex }) => {
      const userId = parseId(params.userId);
      if (userId !== user.id) await checkAccess(ctx, USERS, 'read');
      return userRightsView(knex, userId);
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/security/user/set_right/:userId',
    example: {
      params: { userId: 'user' },
      body: { rights: { 'camp.pitch': { rights: '000' } } },
      unchanged: { table: 'user_right', where: { userId: { record: 'user' } } },
    },
    right: [USERS, 'write'],
    tag,
    summary:
      "Droits spécifiques d'un utilisateur : il quitte tous ses groupes en conservant ses droits, les entrées " +
      "données s'y appliquent",
    body: { type: 'object' },
    openapi: rightsBody,
    response: userRights,
    handler: async ({ body, params, user, knex }) => {
      const userId = parseId(params.userId);
      await setUserRights(knex, managerOf(user), userId, parseRightsBody(body));
      await journalRights(knex, { target: 'user', id: userId, action: 'set_right', by: user?.id ?? null, body });
      return { status: 'SAVED', ...(await userRightsView(knex, userId)) };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/security/user/groups/:userId',
    example: { params: { userId: 'user' } },
    right: [USERS, 'read'],
    tag,
    summary: "Groupes de droits, avec l'appartenance de l'utilisateur",
    response: list('UserGroupMembership'),
    handler: async ({ params, knex }) => {
      const userId = parseId(params.userId);
      const member = new Set(
        (await knex('user_group').where('userId', userId).select<{ groupId: number }[]>('groupId')).map(
          (x) => x.groupId,
        ),
      );
      const groups = await knex('rights_group')
        .orderBy('label')
        .select<{ id: number; label: string; description: string | null; isActive: boolean }[]>(
          'id',
          'label',
          'description',
          'isActive',
        );
      return groups.map((g) => ({ ...g, member: member.has(g.id) }));
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/security/user/set_groups/:userId',
    example: {
      params: { userId: 'user' },
      body: { groupIds: [{ record: 'group' }] },
      unchanged: { table: 'user_group', where: { userId: { record: 'user' } } },
    },
    right: [USERS, 'write'],
    tag,
    summary: "Remplace les groupes d'un utilisateur",
    body: {
      type: 'object',
      required: ['groupIds'],
      properties: { groupIds: { type: 'array', items: { type: 'integer', minimum: 1 } } },
    },
    response: userRights,
    handler: async ({ body, params, user, knex }) => {
      const userId = parseId(params.userId);
      await setUserGroups(knex, managerOf(user), userId, body.groupIds);
      await journalRights(knex, { target: 'user', id: userId, action: 'set_groups', by: user?.id ?? null, body });
      return { status: 'SAVED', ...(await userRightsView(knex, userId)) };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/security/group/get_right/:groupId',
    example: { params: { groupId: 'group' } },
    right: [USERS, 'read'],
    tag,
    summary: "Droits et membres d'un groupe",
    response: groupRights,
    handler: ({ params, knex }) => groupRightsView(knex, parseId(params.groupId)),
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/security/group/set_right/:groupId',
    example: { params: { groupId: 'group' }, body: { rights: { 'camp.pitch': { rights: '000' } } } },
    right: [USERS, 'write'],
    tag,
    summary: "Droits d'un groupe (entrées données ; les autres restent)",
    body: { type: 'object' },
    openapi: rightsBody,
    response: groupRights,
    handler: async ({ body, params, user, knex }) => {
      const groupId = parseId(params.groupId);
      await setGroupRights(knex, managerOf(user), groupId, parseRightsBody(body));
      await journalRights(knex, { target: 'group', id: groupId, action: 'set_right', by: user?.id ?? null, body });
      return { status: 'SAVED', ...(await groupRightsView(knex, groupId)) };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/security/menu',
    right: 'session',
    tag,
    summary: "Menu principal de l'utilisateur connecté (nœuds, en-têtes de contexte, éléments)",
    response: list('MenuEntry'),
    handler: ({ user, knex }) => menuFor(knex, user),
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/security/menu/headers',
    right: ['establishment.settings', 'read'],
    tag,
    summary: 'En-têtes du menu (pour les noms personnalisés)',
    response: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name'],
        additionalProperties: false,
        properties: { id: { type: 'string' }, name: { type: 'string' } },
      },
    },
    handler: () => allHeaderPaths().map((path) => ({ id: path, name: path.replace(/\//g, ' › ') })),
  }),
];
