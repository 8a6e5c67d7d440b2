// The utilities of the user menu and of the utilities area (§2 (docs/screens.md#utilities) Utilities): the file
// check, the file purge, the grid history purge and the V1 import. The file check, the
// file purge and the import are the technical user's (§2 (docs/screens.md#utilities) « file verification and V1
// import (system users only) »); the grid history purge needs the right to delete price
// grids. Each destructive call takes the exact list its preview showed.
import { addDays, todayParis } from '../../../common/dates';
import { badRequest } from '../../http/errors';
import { defineRoute } from '../../http/define-route';
import { checkFiles } from './file-check';
import { KIND_RULES } from './file-kinds';
import { purgeCandidates, purgeFiles, purgeJournal } from './file-purge';
import { gridVersionCandidates, purgeGridVersions } from './grid-purge';
import { importV1 } from './import-v1/run';
import './openapi';

const system = { system: 'SYSTEM_USER_ONLY' } as const;
const tag = 'utilities';
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const date = { type: 'string', format: 'date', 'x-message': 'INCORRECT_DATES' } as const;
/** Grid versions saved before this day are proposed by default: a year of history is kept. */
const defaultBefore = () => addDays(todayParis(), -365);

export const UTILITY_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/rest/utilities/file-check',
    right: system,
    tag,
    summary: 'Vérification des fichiers : manquants, orphelins, empreinte SHA-256 et taille',
    response: ref('FileCheck'),
    handler: ({ knex }) => checkFiles(knex),
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/utilities/file-purge',
    right: system,
    tag,
    summary: 'Purge des fichiers : durées de conservation, fichiers à purger, journal des purges',
    response: ref('FilePurgePreview'),
    handler: async ({ knex }) => ({
      rules: Object.values(KIND_RULES),
      candidates: await purgeCandidates(knex),
      journal: await purgeJournal(knex),
    }),
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/utilities/file-purge',
    example: {
      body: { refs: [{ fresh: 'expiredFile' }] },
      unchanged: { table: 'stored_file', where: { ref: { fresh: 'expiredFile' } }, count: true },
    },
    right: system,
    tag,
    summary: 'Purge les fichiers confirmés (jamais un document fiscal)',
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['refs'],
      properties: { refs: { type: 'array', minItems: 1, maxItems: 5000, items: { type: 'string', maxLength: 300 } } },
    },
    response: ref('FilePurgeResult'),
    handler: ({ knex, body, user }) => purgeFiles(knex, body.refs, user),
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/utilities/grid-history',
    example: { query: { before: '2020-01-01' } },
    right: ['stay.price', 'read'],
    tag,
    summary: "Versions anciennes des grilles tarifaires qu'aucun séjour n'utilise",
    query: { type: 'object', additionalProperties: false, properties: { before: date } },
    response: ref('GridHistoryPreview'),
    handler: async ({ knex, query }) => {
      const before = query.before ?? defaultBefore();
      return { before, candidates: await gridVersionCandidates(knex, before) };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/utilities/grid-history/purge',
    example: {
      body: { before: '2020-01-01', ids: [999999999] },
      unchanged: { table: 'purged_grid_version', count: true },
    },
    right: ['stay.price', 'delete'],
    tag,
    summary: 'Purge les versions de grilles confirmées (jamais une version utilisée ni la version en cours)',
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['before', 'ids'],
      properties: {
        before: date,
        ids: {
          type: 'array',
          minItems: 1,
          maxItems: 5000,
          items: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
        },
      },
    },
    response: ref('GridHistoryPurgeResult'),
    handler: ({ knex, body, user }) => purgeGridVersions(knex, body.before, body.ids, user),
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/utilities/import-v1',
    example: {
      body: { content: 'dHlwZTtpZF9leHRlcm5lO25vbQpjbGllbnQ7TTE7TWF0cmljZQo=', dryRun: true },
      unchanged: { table: 'import_v1_key', count: true },
    },
    right: system,
    tag,
    summary: 'Import V1 (clients, emplacements, séjours) : essai à blanc ou import complet, tout ou rien',
    description: 'Le fichier CSV (docs/import-v1.md) en base64 ; `dryRun` : rien n’est enregistré.',
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['content', 'dryRun'],
      properties: {
        content: { type: 'string', minLength: 1, maxLength: 1_000_000, contentEncoding: 'base64' },
        dryRun: { type: 'boolean' },
      },
    },
    response: ref('ImportV1Report'),
    handler: async ({ knex, body, user }) => {
      if (!/^[A-Za-z0-9+/=\s]+$/.test(body.content))
        throw badRequest('IMPORT_FILE_UNREADABLE', undefined, { reason: 'contenu base64 attendu' });
      return importV1(knex, Buffer.from(body.content, 'base64'), body.dryRun, user.id);
    },
  }),
];
