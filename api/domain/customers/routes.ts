// Hand-written customer routes, one declaration each (api/http/define-route.ts): the
// resume of one customer, the transfer of a duplicate onto the kept record, and the
// spec's edit calls of customers and attendants in their §3 (docs/entities.md#customers-and-attendants) shape
// (edit-shape.ts; they take the place of the generic `{base}/edit` routes, mounted after this router).
import { defineRoute, defineSchemas, type RouteDecl } from '../../http/define-route';
import { parseId } from '../../rest/records';
import { notFound } from '../../http/errors';
import { customerResume } from './resume';
import { linkCounts, transferCustomer } from './transfer';
import { editShape, saveEditShape, type EditEntity } from './edit-shape';
import { entityMeta } from '../../rest/entities';
import { CUSTOMER_SCHEMAS } from './openapi';

defineSchemas(CUSTOMER_SCHEMAS);

const tag = 'customers';
const int = { type: 'integer' };
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const saveResult = ref('SaveResult');

export const CUSTOMER_ROUTES: RouteDecl[] = [
  defineRoute({
    method: 'GET',
    path: '/rest/customer/:id/resume',
    example: { params: { id: 'customer' } },
    right: ['customer.customer', 'read'],
    tag,
    summary: "Tout ce qu'a un client : séjours, et les lignes de chaque entité qui le référence",
    response: ref('CustomerResume'),
    handler: ({ params, knex }) => customerResume(knex, parseId(params.id)),
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/customer/:id/links',
    example: { params: { id: 'customer' } },
    right: ['customer.customer', 'read'],
    tag,
    summary: 'Nombre de lignes de chaque entité qui référence le client',
    response: ref('CustomerLinks'),
    handler: async ({ params, knex }) => {
      const id = parseId(params.id);
      if (!(await knex('customer').where('id', id).first('id'))) throw notFound();
      return linkCounts(knex, id);
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/customer/transfer',
    example: {
      body: { fromCustomerId: { fresh: 'customer' }, toCustomerId: { fresh: 'customer', nth: 2 } },
      unchanged: { table: 'customer', where: { id: { fresh: 'customer' } } },
    },
    right: {
      all: [
        ['customer.customer', 'write'],
        ['customer.customer', 'delete'],
      ],
    },
    tag,
    summary:
      'Fusion de doublons : tout passe de fromCustomerId à toCustomerId, puis fromCustomerId est supprimé ' +
      '(droits écriture et suppression)',
    body: { type: 'object', properties: { fromCustomerId: {}, toCustomerId: {} } },
    openapi: {
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['fromCustomerId', 'toCustomerId'],
              properties: { fromCustomerId: int, toCustomerId: int },
            },
          },
        },
      },
    },
    response: ref('CustomerTransfer'),
    handler: async ({ body, user, knex }) => ({
      status: 'SAVED',
      ...(await transferCustomer(knex, body.fromCustomerId, body.toCustomerId, user.id ?? null)),
    }),
  }),
  ...(['customer', 'attendant'] as EditEntity[]).flatMap((entity) => {
    const functionality = entityMeta(entity).functionality;
    const customer = entity === 'customer';
    return [
      defineRoute({
        method: 'GET',
        path: `/rest/${entity}/edit/:id`,
        right: [functionality, 'read'],
        tag,
        summary: customer
          ? 'Un client dans la forme de sa fiche (id 0 : ses valeurs par défaut) : ses champs, addressList (autres ' +
            'adresses, avec countryId), availableCivility et availableCountry (avec isDefault)'
          : 'Un accompagnant dans la forme de sa fiche : addressList (sa seule adresse), availableCivility et ' +
            'availableCountry',
        response: ref(customer ? 'CustomerEdit' : 'AttendantEdit'),
        handler: ({ params, knex }) => editShape(knex, entity, parseId(params.id, true)),
      }),
      defineRoute({
        method: 'POST',
        path: `/rest/${entity}/edit`,
        right: [functionality, 'write'],
        tag,
        versioned: true,
        summary: customer
          ? "Enregistre un client (id 0 : création) ; addressList, si donnée, est l'ensemble de ses autres " +
            "adresses (créées, modifiées, supprimées). En-tête returnEditItem: true pour recevoir l'élément"
          : "Enregistre un accompagnant ; la seule entrée d'addressList devient son adresse",
        openapi: {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: ref(customer ? 'CustomerEdit' : 'AttendantEdit'),
              },
            },
          },
        },
        response: saveResult,
        handler: async ({ ctx, user, knex }) => {
          const item = await saveEditShape(
            knex,
            entity,
            (ctx.request as { body?: unknown }).body,
            user.id ?? null,
            ctx.get('If-Match'),
          );
          const wantItem = String(ctx.get('returnEditItem')).toLowerCase() === 'true';
          return { status: 'SAVED', id: item.id, version: item.version, ...(wantItem ? { item } : {}) };
        },
      }),
    ];
  }),
];
