// Routes of the documents module: a document printed from a model
// (/printing/{mailingConfigurationId}/{entityType}/{entityId}/{languageId}), the same
// document e-mailed from a stay in the customer's language, and the editor's preview.
import { defineRoute, checkRight } from '../../http/define-route';
import { HttpError } from '../../http/errors';
import { parseId } from '../../rest/records';
import { printBill } from '../billing/documents';
import { loadBill } from '../billing/view';
import { bookingContext, establishmentData } from './context';
import { configurationForFunction, renderText } from './render';
import { processQueue } from '../mail/queue';
import { stayDocument, queueStayDocument } from './send';
import { MERGE_FIELDS, type MergeData } from '../../../common/merge-template';

import { ref, email } from '../../http/schema-parts';
import './openapi';

const tag = 'documents';
const PDF = { description: 'PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } };
const ENTITY_TYPES = ['booking', 'bill'];

export const DOCUMENT_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/rest/printing/:mailingConfigurationId/:entityType/:entityId/:languageId',
    example: [
      {
        variant: 'a stay',
        params: {
          mailingConfigurationId: 'mailing',
          entityType: { value: 'booking' },
          entityId: 'booking',
          languageId: { value: 0 },
        },
      },
      {
        variant: 'a bill',
        right: {
          all: [
            ['booking.booking', 'read'],
            ['invoice.bill', 'read'],
          ],
        },
        params: {
          mailingConfigurationId: { value: 0 },
          entityType: { value: 'bill' },
          entityId: 'bill',
          languageId: { value: 0 },
        },
      },
    ],
    right: ['booking.booking', 'read'],
    tag,
    params: {
      entityType: { type: 'string', enum: ENTITY_TYPES, 'x-message': 'DOCUMENT_ENTITY_UNKNOWN' },
      languageId: { type: 'integer', minimum: 0, maximum: 999_999_999 },
    },
    summary:
      'Le document d’un modèle pour une fiche, en PDF (langue 0 : celle du client) ; type bill : la facture ' +
      'enregistrée (droit facture)',
    response: PDF,
    responses: { 404: { description: 'Fiche ou configuration inconnue' } },
    handler: async ({ ctx, params, knex }) => {
      const entityId = parseId(params.entityId);
      if (params.entityType === 'bill') {
        await checkRight(ctx, ['invoice.bill', 'read']);
        const bill = await loadBill(knex, entityId);
        const { data, duplicate } = await printBill(knex, entityId);
        ctx.type = 'application/pdf';
        ctx.set('Content-Disposition', `inline; filename="${bill.number}${duplicate ? '-duplicata' : ''}.pdf"`);
        ctx.body = data;
        return undefined;
      }
      const d = await stayDocument(
        knex,
        parseId(params.mailingConfigurationId),
        entityId,
        Number(params.languageId) || null,
      );
      ctx.type = 'application/pdf';
      ctx.set('Content-Disposition', `inline; filename="${d.name}"`);
      ctx.body = d.pdf;
      return undefined;
    },
  }),
  defineRoute<{ mailingConfigurationId?: number; functionCode?: string; to?: string; languageId?: number }>({
    method: 'POST',
    path: '/rest/booking/:bookingId/send-document',
    example: {
      params: { bookingId: 'booking' },
      body: { mailingConfigurationId: { record: 'mailing' }, to: 'client@example.org' },
      unchanged: { table: 'mail_message', where: { bookingId: { record: 'booking' } }, count: true },
    },
    right: ['booking.booking', 'write'],
    tag,
    summary:
      'E-mail du document d’un séjour (par défaut la confirmation) dans la langue du client, PDF joint ; mis en ' +
      'file puis envoyé aussitôt',
    body: {
      type: 'object',
      additionalProperties: false,
      properties: {
        mailingConfigurationId: { type: 'integer', minimum: 1, maximum: 999_999_999 },
        functionCode: { type: 'string', maxLength: 40, pattern: '^[a-z-]+$' },
        to: email,
        languageId: { type: 'integer', minimum: 0, maximum: 999_999_999 },
      },
    },
    response: ref('StayDocumentSent'),
    responses: { 404: { description: 'Séjour inconnu' } },
    handler: async ({ knex, params, body, user }) => {
      const bookingId = parseId(params.bookingId);
      const mcId =
        body.mailingConfigurationId ??
        (await configurationForFunction(knex, body.functionCode ?? 'booking-confirmation'));
      if (!mcId) throw new HttpError(400, 'MAILING_CONFIGURATION_NOT_FOUND');
      const q = (await queueStayDocument(knex, mcId, bookingId, {
        languageId: body.languageId || null,
        to: body.to,
        userId: user.id,
      }))!;
      await processQueue(knex, { onlyId: q.id });
      const m = await knex('mail_message').where('id', q.id).first('id', 'status', 'lastError', 'toAddress', 'subject');
      return {
        id: m.id,
        status: m.status,
        error: m.status === 'sent' ? null : m.lastError,
        to: m.toAddress,
        subject: m.subject,
        translated: q.translated,
      };
    },
  }),
  defineRoute<{ subject: string; body: string; signature?: string | null; bookingId?: number }>({
    method: 'POST',
    path: '/rest/mailing-configuration/preview',
    example: {
      body: { subject: 'Séjour {{stay.code}}', body: '<p>{{customer.lastName}}</p>', bookingId: { record: 'booking' } },
    },
    right: ['documents.model', 'read'],
    tag,
    summary: 'Aperçu d’un texte de modèle (non enregistré) sur un séjour choisi ; sans séjour, les noms des champs',
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['subject', 'body'],
      properties: {
        subject: { type: 'string', maxLength: 250 },
        body: { type: 'string', maxLength: 100_000, 'x-message': 'BODY_TOO_LARGE' },
        signature: { type: ['string', 'null'], maxLength: 5000 },
        bookingId: { type: 'integer', minimum: 1, maximum: 999_999_999 },
      },
    },
    response: ref('TemplatePreview'),
    handler: async ({ knex, body }) => {
      let data: MergeData;
      if (body.bookingId) {
        const c = await bookingContext(knex, body.bookingId);
        if (!c) throw new HttpError(404, 'NOT_FOUND');
        data = c.data;
      } else {
        // Field names in brackets: the preview shows where each value goes.
        data = {};
        for (const f of MERGE_FIELDS) {
          const parts = f.name.split('.');
          let o = data;
          for (const p of parts.slice(0, -1)) o = (o[p] ??= {}) as MergeData;
          o[parts[parts.length - 1]] = `[${f.label}]`;
        }
        data.establishment = { ...(data.establishment as MergeData), ...(await establishmentData(knex)) };
      }
      return renderText({ subject: body.subject, body: body.body, signature: body.signature ?? null }, data);
    },
  }),
];
