// Hand-written establishment routes (§7, docs/api.md): the single establishment
// (GET establishment/establishment/edit; saving is the generic POST …/edit with its
// id), its logos (getLogo / setLogo,
// multipart field `uploadfile`), the page header (title, logos), the documentation
// PDF, closing a financial year, and the demo reset
// (/init-demo).
import type { Knex } from 'knex';
import { defineRoute, type RouteDecl } from '../../http/define-route';
import { bool, closed, int, multipartFile, ref, str } from '../../http/schema-parts';
import { notFound } from '../../http/errors';
import { entityMeta } from '../../rest/entities';
import { recordHistory } from '../../rest/history';
import { formatMessage } from '../../../common/messages';
import { currentEstablishment } from './company';
import {
  LOGO_MAX_BYTES,
  checkImage,
  imageUpload,
  logoKind,
  logoStamps,
  readLogo,
  saveLogo,
  uploadedFile,
} from './logo';
import { APP_VERSION, userGuidePdf } from './user-guide';
import { GUIDE_SECTIONS } from '../../../common/guide-sections';
import { resetDemo } from './demo-reset';
import { closeFinancialYear } from './financial-year-close';
import { loadRecord, newRecord, parseId } from '../../rest/records';
import { cachedSettings } from '../../auth/settings';
import { ownerOf, withOwner } from '../../db/owner';

const BASE = '/rest/establishment/establishment';
const COMPANY = 'establishment.company';
const tag = 'establishment';

async function mustExist(knex: Knex) {
  const est = await currentEstablishment(knex);
  if (!est) throw notFound();
  return est;
}

const upload = imageUpload(LOGO_MAX_BYTES);
/** What another establishment of the same company shares (not its name, address, SIRET, classification). */
const SHARED_COMPANY_FIELDS = [
  'corporateName',
  'legalForm',
  'capital',
  'rcs',
  'tradeRegisterNumber',
  'siren',
  'vatNumber',
  'nafCode',
  'currency',
  'country',
  'isGroupMode',
  'groupName',
] as const;
const meta = () => entityMeta('establishment');
/** `kind`: the establishment's logo unless `group` (anything else is the logo too). */
const kindQuery = {
  type: 'object',
  properties: { kind: { type: 'string', maxLength: 20, description: 'logo (par défaut) ou group : celui du groupe' } },
};
const saved = (status: string, properties: Record<string, object> = {}) => ({
  type: 'object',
  properties: { status: { const: status }, ...properties },
});

export const ESTABLISHMENT_ROUTES: RouteDecl[] = [
  defineRoute({
    method: 'GET',
    path: `${BASE}/edit`,
    right: [COMPANY, 'read'],
    tag,
    summary: "L'établissement (enregistrement via POST …/edit avec son id)",
    response: ref('Establishment'),
    responses: { 404: { description: 'Aucun établissement' } },
    handler: ({ knex }) => mustExist(knex),
  }),
  defineRoute<unknown, { reference?: number }>({
    method: 'GET',
    path: `${BASE}/add`,
    example: { query: { reference: 1 } },
    right: [COMPANY, 'write'],
    tag,
    summary:
      'Un nouvel établissement (id 0, non enregistré : POST …/edit) ; avec reference (id d’un établissement), ' +
      'les données de la société communes aux établissements du groupe reprises de celui-ci',
    query: {
      type: 'object',
      additionalProperties: false,
      properties: { reference: { type: 'integer', minimum: 1, maximum: 999_999_999, 'x-message': 'INVALID_ID' } },
    },
    response: {
      type: 'object',
      description: "Les champs d'un établissement (Establishment), nom encore vide",
      required: ['id'],
      properties: {
        id: { const: 0 },
        name: { type: ['string', 'null'] },
        corporateName: { type: ['string', 'null'] },
        siren: { type: ['string', 'null'] },
        siret: { type: ['string', 'null'] },
        currency: { type: 'string' },
      },
    },
    responses: { 404: { description: 'Établissement de référence inconnu' } },
    handler: async ({ query, knex }) => {
      const fresh = await newRecord(knex, meta());
      if (query.reference === undefined) return fresh;
      const ref = await loadRecord(knex, meta(), query.reference);
      for (const f of SHARED_COMPANY_FIELDS) fresh[f] = ref[f] ?? fresh[f];
      return fresh;
    },
  }),
  /** What every page needs: the title (name, else short name, else "Bivouac") and logos. */
  defineRoute({
    method: 'GET',
    path: `${BASE}/header`,
    right: 'session',
    tag,
    summary: 'Titre des pages (nom, sinon nom court, sinon Bivouac), logos, version',
    response: closed({
      title: str,
      name: { type: ['string', 'null'] },
      shortName: { type: ['string', 'null'] },
      isGroupMode: bool,
      groupName: { type: ['string', 'null'] },
      logo: { type: ['string', 'null'], description: 'date du logo (null : aucun)' },
      groupLogo: { type: ['string', 'null'] },
      version: str,
      remoteSupportUrl: { type: ['string', 'null'] },
    }),
    handler: async ({ knex }) => {
      const est = await currentEstablishment(knex);
      const stamps = est ? await logoStamps(knex, est.id) : {};
      return {
        title: est?.name || est?.shortName || 'Bivouac',
        name: est?.name ?? null,
        shortName: est?.shortName ?? null,
        isGroupMode: !!est?.isGroupMode,
        groupName: est?.groupName ?? null,
        logo: stamps.logo ?? null,
        groupLogo: est?.isGroupMode ? (stamps.group ?? null) : null,
        version: APP_VERSION,
        remoteSupportUrl: (await cachedSettings(knex)).remoteSupportUrl,
      };
    },
  }),
  defineRoute<unknown, { kind?: string }>({
    method: 'GET',
    path: `${BASE}/getLogo`,
    example: { uses: ['logo'] },
    right: 'session',
    tag,
    summary: "Logo de l'établissement, ou du groupe avec kind=group",
    query: kindQuery,
    response: { description: 'Image', content: { 'image/png': {}, 'image/jpeg': {}, 'image/gif': {} } },
    responses: { 404: { description: 'Aucun logo' } },
    handler: async ({ ctx, query, knex }) => {
      const est = await mustExist(knex);
      const logo = await readLogo(knex, est.id, logoKind(query.kind));
      if (!logo) throw notFound();
      ctx.set('Cache-Control', 'private, max-age=300');
      ctx.set('Content-Disposition', 'inline');
      ctx.type = logo.mime;
      ctx.body = logo.data;
      return undefined;
    },
  }),
  defineRoute<unknown, { kind?: string }>({
    method: 'POST',
    path: `${BASE}/setLogo`,
    example: {
      query: { kind: 'group' },
      upload: 'png',
      unchanged: { table: 'establishment_logo', where: { kind: 'group' } },
    },
    right: [COMPANY, 'write'],
    tag,
    summary: 'Enregistre le logo (.jpg .jpeg .png .gif, 512 Kio au plus ; kind=group : celui du groupe)',
    query: kindQuery,
    openapi: multipartFile({ kind: { enum: ['logo', 'group'] } }),
    response: saved('SAVED', { kind: { enum: ['logo', 'group'] }, size: int, mime: str }),
    handler: async ({ ctx, query, user, knex }) => {
      await upload(ctx, async () => undefined); // read only once the right is checked
      const { name, data } = await uploadedFile(ctx);
      const kind = logoKind((ctx.request as { body?: { kind?: unknown } }).body?.kind ?? query.kind);
      const mime = checkImage(name, data);
      const est = await mustExist(knex);
      await saveLogo(knex, est.id, kind, mime, data);
      await recordHistory(knex, {
        userId: user.id,
        entity: meta(),
        recordId: est.id,
        action: 'action',
        detail: kind === 'group' ? 'Logo du groupe modifié' : 'Logo modifié',
      });
      return { status: 'SAVED', kind, size: data.length, mime };
    },
  }),
  defineRoute<unknown, { kind?: string }>({
    method: 'POST',
    path: `${BASE}/deleteLogo`,
    example: { uses: ['logo'], unchanged: { table: 'establishment_logo', where: { kind: 'logo' } } },
    right: [COMPANY, 'write'],
    tag,
    summary: 'Supprime le logo (kind=group : celui du groupe)',
    query: kindQuery,
    response: saved('DELETED'),
    handler: async ({ query, user, knex }) => {
      const est = await mustExist(knex);
      const kind = logoKind(query.kind);
      const n = await knex('establishment_logo').where({ establishmentId: est.id, kind }).delete();
      if (n)
        await recordHistory(knex, {
          userId: user.id,
          entity: meta(),
          recordId: est.id,
          action: 'action',
          detail: kind === 'group' ? 'Logo du groupe supprimé' : 'Logo supprimé',
        });
      return { status: 'DELETED' };
    },
  }),
  /** The user guide (documentation PDF), shown in a new tab. */
  defineRoute({
    method: 'GET',
    path: `${BASE}/document`,
    right: 'session',
    tag,
    summary: "Guide de l'utilisateur (PDF), entier ou une de ses parties",
    query: {
      type: 'object',
      properties: {
        section: {
          type: 'string',
          maxLength: 40,
          description: `Une partie seulement (le « ? » d'un écran) : ${GUIDE_SECTIONS.map((s) => s.id).join(', ')}`,
        },
      },
    },
    response: { description: 'PDF', content: { 'application/pdf': {} } },
    responses: { 404: { description: 'Partie du guide inconnue' } },
    handler: async ({ ctx, knex, query }) => {
      const est = await currentEstablishment(knex);
      const pdf = await userGuidePdf(est?.name, query.section || undefined);
      if (!pdf) throw notFound();
      ctx.type = 'application/pdf';
      const name = query.section ? `bivouac-guide-${query.section}.pdf` : 'bivouac-guide-utilisateur.pdf';
      ctx.set('Content-Disposition', `inline; filename="${name}"`);
      ctx.body = pdf;
      return undefined;
    },
  }),
  // The backup (GET establishment/establishment/backup) is served by api/backup/routes.ts.
  defineRoute({
    method: 'POST',
    path: '/rest/financial-year/close/:id',
    example: { params: { id: 'closableYear' }, unchanged: { table: 'financial_year', where: { id: { param: 'id' } } } },
    right: { system: 'ONLY_TECHNICAL_USER_CAN_CLOSE' },
    tag,
    summary:
      'Clôture un exercice (utilisateur technique seulement) : terminé, exercices antérieurs clos, exercice ' +
      'suivant créé',
    response: saved('SAVED', { message: str, item: ref('FinancialYear') }),
    responseDescription: 'Clôturé, avec l’exercice',
    responses: { 404: { description: 'Exercice inconnu' } },
    description:
      'Refusé (400) : déjà clos, exercice non terminé, exercice antérieur ouvert ou exercice suivant absent.',
    handler: async ({ params, user, knex }) => {
      const item = await closeFinancialYear(knex, parseId(params.id), user.id);
      return { status: 'SAVED', message: formatMessage('FINANCIAL_YEAR_CLOSE_DONE'), item };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/establishment/init-demo',
    example: { skipAllowed: 'it replaces the whole database with the demo data: establishment-demo.test.ts runs it' },
    right: 'admin',
    tag,
    summary: 'Réinitialise les données de démonstration (administrateurs)',
    description: 'Refusé (400) quand des données protégées par la loi existent.',
    response: saved('SAVED', { message: str, tables: int }),
    handler: async ({ ctx, user, knex }) => {
      // As the owner role: emptying the tables needs TRUNCATE, which the runtime role lacks.
      const { truncated } = await withOwner(ownerOf(ctx), knex, (owner) => resetDemo(owner, user.id));
      return { status: 'SAVED', message: formatMessage('DEMO_RESET_DONE'), tables: truncated.length };
    },
  }),
];
