// Routes of access control (docs/access-control.md). With a session: the credentials with
// their state (a stay's, a contract's, or all), a badge or plate added by hand, a revocation,
// the CSV export. Without a session: the barrier system's pull, authorised by the pull
// token of an active access-control module in the X-Access-Token header (401 otherwise).
import type { Knex } from 'knex';
import { defineRoute, defineSchemas } from '../../http/define-route';
import { HttpError } from '../../http/errors';
import { todayParis } from '../../../common/dates';
import { sendCsv } from '../statements/csv';
import { connectorOfToken } from './config';
import {
  createCredential,
  credentialById,
  listCredentials,
  pullCredentials,
  revokeCredential,
  type Credential,
  type CredentialFilter,
  type NewCredential,
} from './credentials';

const tag = 'access-control';
const BOOKING = 'booking.booking';
const id = { type: 'integer', minimum: 1, maximum: 999_999_999 };
const date = { type: 'string', format: 'date', 'x-message': 'INCORRECT_DATES' };
export const TOKEN_HEADER = 'X-Access-Token';

defineSchemas({
  AccessCredential: {
    type: 'object',
    required: ['id', 'kind', 'value', 'holder', 'validFrom', 'validUntil', 'state'],
    properties: {
      id: { type: 'integer' },
      kind: { enum: ['badge', 'plate'] },
      value: { type: 'string' },
      occupancyId: { type: ['integer', 'null'] },
      placeAffectationId: { type: ['integer', 'null'] },
      bookingId: { type: ['integer', 'null'] },
      holder: { type: 'string' },
      placeCode: { type: ['string', 'null'] },
      validFrom: { type: 'string', format: 'date' },
      validUntil: { type: 'string', format: 'date', description: 'exclue (le jour du départ est inclus)' },
      revokedAt: { type: ['string', 'null'] },
      revokedReason: { enum: ['departure', 'cancellation', 'manual', null] },
      state: { enum: ['active', 'upcoming', 'expired', 'revoked'] },
      updatedAt: { type: 'string' },
    },
  },
  AccessCredentialList: {
    type: 'object',
    required: ['rows'],
    properties: { rows: { type: 'array', items: { $ref: '#/components/schemas/AccessCredential' } } },
  },
  AccessPull: {
    type: 'object',
    required: ['siteId', 'at', 'credentials'],
    properties: {
      siteId: { type: ['string', 'null'] },
      at: { type: 'string', description: 'à renvoyer en ?since= à la prochaine relève' },
      credentials: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'kind', 'value', 'validFrom', 'validUntil', 'active'],
          properties: {
            id: { type: 'integer' },
            kind: { enum: ['badge', 'plate'] },
            value: { type: 'string' },
            validFrom: { type: 'string', format: 'date' },
            validUntil: { type: 'string', format: 'date' },
            active: { type: 'boolean' },
            placeCode: { type: ['string', 'null'] },
          },
        },
      },
    },
  },
});

const filterQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    bookingId: id,
    occupancyId: id,
    placeAffectationId: id,
    state: { enum: ['active', 'upcoming', 'expired', 'revoked'] },
    q: { type: 'string', maxLength: 40 },
  },
};

/** The export's layout (docs/access-control.md « Export »): one line per credential. */
export const EXPORT_HEADER = [
  'type',
  'valeur',
  'debut',
  'fin_exclue',
  'etat',
  'titulaire',
  'emplacement',
  'sejour',
  'contrat',
];
const exportRow = (c: Credential) => [
  c.kind,
  c.value,
  c.validFrom,
  c.validUntil,
  c.state,
  c.holder,
  c.placeCode,
  c.bookingId,
  c.placeAffectationId,
];

export const ACCESS_ROUTES = [
  defineRoute<unknown, CredentialFilter>({
    method: 'GET',
    path: '/rest/access-control/credential-list',
    example: { query: { state: 'active' } },
    right: [BOOKING, 'read'],
    tag,
    summary: "Badges et plaques d'accès avec leur état, d'un séjour, d'un contrat ou de tous",
    query: filterQuery,
    response: { $ref: '#/components/schemas/AccessCredentialList' },
    handler: async ({ query, knex }) => ({ rows: await listCredentials(knex, query) }),
  }),
  defineRoute<NewCredential>({
    method: 'POST',
    path: '/rest/access-control/credential',
    example: {
      body: { kind: 'badge', value: { unique: 'M' }, occupancyId: { fresh: 'occupancy' } },
      unchanged: { table: 'access_credential', count: true },
    },
    right: [BOOKING, 'write'],
    tag,
    summary: "Ajouter un badge ou une plaque à un séjour ou au contrat d'un résident (dates du séjour ou du contrat)",
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'value'],
      properties: {
        kind: { enum: ['badge', 'plate'] },
        value: { type: 'string', pattern: '^[A-Za-z0-9 -]{1,32}$', 'x-message': 'INCORRECT_FORM' },
        occupancyId: { ...id, type: ['integer', 'null'] },
        bookingId: { ...id, type: ['integer', 'null'] },
        placeAffectationId: { ...id, type: ['integer', 'null'] },
        validFrom: { ...date, type: ['string', 'null'] },
        validUntil: { ...date, type: ['string', 'null'] },
      },
    },
    response: { $ref: '#/components/schemas/AccessCredential' },
    handler: async ({ body, knex }) => credentialById(knex, await createCredential(knex, body)),
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/access-control/credential/:id/revoke',
    example: {
      params: { id: { fresh: 'credential' } },
      unchanged: { table: 'access_credential', where: { id: { param: 'id' } } },
    },
    right: [BOOKING, 'write'],
    tag,
    summary: "Révoquer un badge ou une plaque (l'accès est refusé dès la prochaine relève)",
    params: { id },
    response: { $ref: '#/components/schemas/AccessCredential' },
    handler: async ({ params, knex }) => {
      await revokeCredential(knex, params.id);
      return credentialById(knex, params.id);
    },
  }),
  defineRoute<unknown, CredentialFilter>({
    method: 'GET',
    path: '/rest/access-control/export',
    right: [BOOKING, 'export'],
    tag,
    summary: "Badges et plaques en CSV (présentation : docs/access-control.md), l'état du jour",
    query: filterQuery,
    response: { description: 'CSV', content: { 'text/csv': { schema: { type: 'string' } } } },
    handler: async ({ ctx, query, knex }) =>
      sendCsv(ctx, `acces-${todayParis()}.csv`, EXPORT_HEADER, (await listCredentials(knex, query)).map(exportRow)),
  }),
];

export const ACCESS_PUBLIC_ROUTES = [
  defineRoute<unknown, { since?: string }>({
    method: 'GET',
    path: '/rest/access-control/credentials',
    right: 'public',
    tag,
    summary:
      "Relève par le système de barrière (jeton du module dans l'en-tête X-Access-Token) : les accès valides " +
      "aujourd'hui, ou avec ?since= ceux modifiés depuis (révoqués compris)",
    query: {
      type: 'object',
      additionalProperties: false,
      properties: { since: { type: 'string', format: 'date-time', 'x-message': 'INCORRECT_DATES' } },
    },
    response: { $ref: '#/components/schemas/AccessPull' },
    responses: { 401: { description: "Jeton d'accès absent ou invalide" } },
    handler: async ({ ctx, query, knex }) => {
      const connector = await connectorOfToken(knex as Knex, ctx.get(TOKEN_HEADER) || undefined);
      if (!connector) throw new HttpError(401, 'ACCESS_BAD_TOKEN');
      // A minute early, by the database's clock: a change committed while we read comes
      // again at the next pull rather than never (sending one twice is harmless).
      const { rows: now } = await knex.raw("SELECT now() - interval '1 minute' AS at");
      const at = new Date(now[0].at).toISOString();
      const rows = await pullCredentials(knex, query.since);
      ctx.set('Cache-Control', 'no-store');
      return {
        siteId: connector.siteId,
        at,
        credentials: rows.map((c) => ({
          id: c.id,
          kind: c.kind,
          value: c.value,
          validFrom: c.validFrom,
          validUntil: c.validUntil,
          active: c.state === 'active',
          placeCode: c.placeCode,
        })),
      };
    },
  }),
];
