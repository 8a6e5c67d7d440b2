// The accounting export routes: the FEC of a financial year, the preview of a period's
// entries, the exports (made here, deleted by DELETE /rest/accounting-export/{id}) and
// their history and stored files.
import { recordTechnicalEvent } from '../ledger/jet';
import { defineRoute } from '../../http/define-route';
import { notFound } from '../../http/errors';
import { parseId } from '../../rest/records';
import { fecOfYear } from './fec-year';
import { fileType } from './software';
import { activeConnectors } from './connector';
import { encodeFile, type ExportFormat } from './formats';
import { sendExport } from './send';
import { paymentPlanChoices, paymentPlanRows } from './payment-plan';
import { createExport, exportHistory, HISTORY_COLUMNS, previewPeriod, type ExportRequest } from './exports';
import { closed, columns } from '../../http/schema-parts';
import { meta as accountingExport } from '../../../common/generated/meta/accounting-export';

const date = { type: 'string', format: 'date', 'x-message': 'INCORRECT_DATES' };
const id = { type: 'integer', minimum: 1, maximum: 2_147_483_647, 'x-message': 'INVALID_ID' };
const ids = { type: 'array', maxItems: 5000, items: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } };
const tag = 'accounting';
const str = { type: 'string' };
const cents = { type: 'integer' };
const strs = { type: 'array', items: str };
const strOrNull = { type: ['string', 'null'] };
/** One export of the history (exportHistory, ./exports.ts): the file's text stays on /rest/accounting-export. */
const exportRow = closed({
  ...columns(accountingExport.schema, HISTORY_COLUMNS),
  moduleLabel: strOrNull,
  userName: strOrNull,
});
const exportSetting = {
  type: ['object', 'null'],
  required: ['id', 'software'],
  properties: { id: { type: 'integer' }, software: { enum: ['none', 'fec', 'csv'] } },
};
const line = {
  journal: str,
  journalLabel: str,
  entryNumber: str,
  date: str,
  account: str,
  accountLabel: str,
  auxNum: str,
  auxLabel: str,
  piece: str,
  label: str,
  debit: cents,
  credit: cents,
  validDate: str,
};
/** exports.ts Preview: the FEC lines (fec.ts FecLine) and their sums. */
const preview = {
  type: 'object',
  additionalProperties: false,
  required: ['lines', 'entryCount', 'debit', 'credit', 'balanced', 'unbalanced', 'missing'],
  properties: {
    lines: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: Object.keys(line),
        properties: { ...line, exported: { type: 'boolean' } },
      },
    },
    entryCount: { type: 'integer' },
    debit: cents,
    credit: cents,
    balanced: { type: 'boolean' },
    unbalanced: strs,
    missing: strs,
  },
};
const RIGHT = 'invoice.accounting';

export const ACCOUNTING_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/rest/accounting/fec/:year',
    example: { params: { year: { value: 2031 } } },
    right: [RIGHT, 'export'],
    tag,
    params: { year: { type: 'integer', minimum: 2000, maximum: 2100, 'x-message': 'INCORRECT_DATES' } },
    summary: "Le FEC de l'exercice (fichier <SIREN>FEC<AAAAMMJJ>.txt, 18 colonnes séparées par des tabulations)",
    response: { description: 'Fichier texte', content: { 'text/plain': { schema: { type: 'string' } } } },
    handler: async ({ ctx, params, user, knex }) => {
      const { fileName, text } = await fecOfYear(knex, Number(params.year));
      // Handing the FEC out is journaled (JET, issue 25 point 11, docs/history.md#issue-25), as every accounting
      // export.
      await recordTechnicalEvent(knex, 'export', {
        kind: 'fec',
        year: Number(params.year),
        fileName,
        userId: user?.id ?? null,
      });
      ctx.type = 'text/plain; charset=utf-8';
      ctx.set('Content-Disposition', `attachment; filename="${fileName}"`);
      ctx.body = text;
      return undefined;
    },
  }),
  defineRoute<unknown, { startDate: string; endDate: string; pending?: boolean; moduleId?: number }>({
    method: 'GET',
    path: '/rest/accounting/preview',
    example: { query: { startDate: '2031-07-01', endDate: '2031-07-31' } },
    right: [RIGHT, 'read'],
    tag,
    summary:
      "Prévisualisation des écritures d'une période (journal, date, compte, libellé, débit, crédit, équilibre) ; " +
      '`pending` : seulement celles qui ne sont pas encore exportées ; `moduleId` : telles que le connecteur ' +
      'comptable les exporte (son code journal des ventes, sa longueur des comptes)',
    query: {
      type: 'object',
      required: ['startDate', 'endDate'],
      properties: { startDate: date, endDate: date, pending: { type: 'boolean' }, moduleId: id },
    },
    response: preview,
    handler: async ({ query, knex }) =>
      previewPeriod(knex, query.startDate, query.endDate, query.pending ?? false, query.moduleId),
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/accounting/exports',
    right: [RIGHT, 'read'],
    tag,
    summary:
      'Historique des exports comptables : qui, quand, période, nombres et totaux ; `setting` : ' +
      'la ligne des paramètres comptables et son logiciel comptable (modifié par /rest/accounting-setting)',
    response: {
      type: 'object',
      required: ['rows', 'setting'],
      properties: { rows: { type: 'array', items: exportRow }, setting: exportSetting },
    },
    handler: async ({ knex }) => ({
      rows: await exportHistory(knex),
      setting: (await knex('accounting_setting').orderBy('id').first('id', 'software')) ?? null,
    }),
  }),
  defineRoute<ExportRequest>({
    method: 'POST',
    path: '/rest/accounting/exports',
    example: {
      body: { startDate: '2030-01-01', endDate: '2030-01-31' },
      unchanged: { table: 'accounting_export' },
      ok: { status: 400, why: 'a period without entries: past the right, the rule answers NOTHING_TO_EXPORT' },
    },
    right: [RIGHT, 'export'],
    tag,
    summary:
      "Exporte les écritures de la période (dans un seul exercice) qui ne l'ont pas encore été, ou seulement celles " +
      'des paiements et factures donnés : fichier conservé (FEC ou CSV selon les paramètres, ou au format du ' +
      'connecteur comptable `moduleId`), paiements marqués exportés ' +
      '(CHOOSE_ACCOUNTING_SOFTWARE, NOTHING_TO_EXPORT, ITEMS_ALREADY_EXPORTED, EXPORT_SETTINGS_INCOMPLETE)',
    body: {
      type: 'object',
      required: ['startDate', 'endDate'],
      additionalProperties: false,
      properties: { startDate: date, endDate: date, paymentIds: ids, billIds: ids, moduleId: id },
    },
    response: { type: 'object', properties: { id: { type: 'integer' } } },
    handler: async ({ body, user, knex }) => {
      const done = await createExport(knex, body, user?.id ?? null);
      await recordTechnicalEvent(knex, 'export', {
        kind: 'accounting',
        id: Number((done as { id?: number }).id ?? 0),
        startDate: body.startDate,
        endDate: body.endDate,
        userId: user?.id ?? null,
      });
      return done;
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/accounting/exports/:id/file',
    example: {
      params: { id: { value: 999999999 } },
      ok: { status: 404, why: 'no export has that id: past the right, 404' },
    },
    right: [RIGHT, 'export'],
    tag,
    params: { id: { type: 'integer', minimum: 1, maximum: 2_147_483_647, 'x-message': 'INVALID_ID' } },
    summary:
      "Le fichier conservé d'un export (FEC ou CSV en UTF-8 ; Quadratus en ISO-8859-15, XIMPORT et EBP en CP850)",
    response: {
      description: 'Fichier texte',
      content: { 'text/plain': { schema: { type: 'string' } }, 'text/csv': { schema: { type: 'string' } } },
    },
    handler: async ({ ctx, params, knex }) => {
      const e = await knex('accounting_export')
        .where('id', parseId(String(params.id)))
        .first('fileName', 'fileText', 'format');
      if (!e) throw notFound();
      ctx.type = fileType(e.format as ExportFormat);
      ctx.set('Content-Disposition', `attachment; filename="${e.fileName}"`);
      // In the code page its program reads (ISO-8859-15, CP850), byte for byte as sent.
      ctx.body = encodeFile(e.format as ExportFormat, e.fileText);
      return undefined;
    },
  }),
  defineRoute<{ moduleId?: number }>({
    method: 'POST',
    path: '/rest/accounting/exports/:id/send',
    example: {
      params: { id: { value: 999999999 } },
      body: {},
      unchanged: { table: 'accounting_export' },
      ok: { status: 404, why: 'no export has that id: past the right, 404' },
    },
    right: [RIGHT, 'export'],
    tag,
    params: { id },
    summary:
      "Envoie le fichier d'un export au serveur (FTP, FTPS ou SFTP) du connecteur comptable `moduleId`, " +
      "par défaut celui de l'export (FTP_SEND_FAILED en 502, l'étape en cause sur son champ ; " +
      'EXPORT_SETTINGS_INCOMPLETE sans serveur)',
    body: { type: 'object', additionalProperties: false, properties: { moduleId: id } },
    response: { type: 'object', required: ['sentTo'], properties: { sentTo: { type: 'string' } } },
    responses: { 502: { description: "L'envoi FTP a échoué" } },
    handler: async ({ params, body, user, knex }) => {
      const done = await sendExport(knex, Number(params.id), body.moduleId);
      await recordTechnicalEvent(knex, 'export', {
        kind: 'accounting-send',
        id: Number(params.id),
        sentTo: done.sentTo,
        userId: user?.id ?? null,
      });
      return done;
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/accounting/connectors',
    right: [RIGHT, 'read'],
    tag,
    summary: 'Les connecteurs comptables actifs (modules Comptabilité) : format du fichier, envoi configuré ou non',
    response: {
      type: 'object',
      required: ['rows'],
      properties: {
        rows: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'label', 'exportFormat', 'sends'],
            properties: {
              id: { type: 'integer' },
              label: { type: 'string' },
              exportFormat: { type: 'string' },
              sends: { type: 'boolean' },
            },
          },
        },
      },
    },
    handler: async ({ knex }) => ({ rows: await activeConnectors(knex) }),
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/accounting/payment-plan',
    right: [RIGHT, 'read'],
    tag,
    summary:
      'Plan de règlement : chaque mode de paiement avec le compte et le journal de ses paiements ' +
      '(ligne modifiée par /rest/accounting-payment-plan ; sans ligne, les comptes et journaux par défaut)',
    response: {
      type: 'object',
      properties: {
        rows: { type: 'array', items: { type: 'object' } },
        accounts: { type: 'array', items: { type: 'object' } },
        journals: { type: 'array', items: { type: 'object' } },
      },
    },
    handler: async ({ knex }) => ({ rows: await paymentPlanRows(knex), ...(await paymentPlanChoices(knex)) }),
  }),
];
