// A mailing configuration rendered for one record in one language: its translation in
// that language when there is one, else the configuration's own text (French, the
// fallback). Merge values escaped (common/merge-template.ts), then the body sanitized
// (common/mail-html.ts); the signature comes after the body, after a line break
// (§3, docs/entities.md#documents-and-mail).
import type { Knex } from 'knex';
import { renderTemplate, type MergeData } from '../../../common/merge-template';
import { sanitizeHtml } from '../../../common/mail-html';
import { HttpError } from '../../http/errors';

type Db = Knex | Knex.Transaction;

export interface RenderedDocument {
  mailingConfigurationId: number;
  functionCode: string;
  title: string;
  languageId: number | null;
  translated: boolean;
  subject: string;
  html: string;
  attachDocument: boolean;
}

/** The text of a configuration in a language (the translation, or the French original). */
export async function configurationText(db: Db, mailingConfigurationId: number, languageId: number | null) {
  const mc = await db('mailing_configuration as m')
    .join('document_function_model as f', 'f.id', 'm.documentFunctionModelId')
    .where('m.id', mailingConfigurationId)
    .first('m.*', 'f.functionCode', 'f.label as modelLabel');
  if (!mc) throw new HttpError(404, 'MAILING_CONFIGURATION_NOT_FOUND');
  const tr = languageId
    ? await db('mailing_configuration_translation').where({ mailingConfigurationId, languageId }).first()
    : null;
  const src = tr ?? mc;
  return {
    mc,
    subject: src.subject as string,
    body: src.body as string,
    signature: (src.signature ?? mc.signature) as string | null,
    translated: !!tr,
  };
}

export function renderText(
  t: { subject: string; body: string; signature: string | null },
  data: MergeData,
): { subject: string; html: string } {
  const body = renderTemplate(t.body, data, 'html');
  const signature = t.signature ? renderTemplate(t.signature, data, 'html') : '';
  return {
    subject: renderTemplate(t.subject, data, 'text'),
    html: sanitizeHtml(signature ? `${body}<br>${signature}` : body),
  };
}

export async function renderDocument(
  db: Db,
  mailingConfigurationId: number,
  languageId: number | null,
  data: MergeData,
): Promise<RenderedDocument> {
  const t = await configurationText(db, mailingConfigurationId, languageId);
  const r = renderText(t, data);
  return {
    mailingConfigurationId,
    functionCode: t.mc.functionCode,
    title: t.mc.modelLabel,
    languageId,
    translated: t.translated,
    subject: r.subject,
    html: r.html,
    attachDocument: t.mc.attachDocument,
  };
}

/** The configuration to use for a function: its default one, else its first. */
export async function configurationForFunction(db: Db, functionCode: string): Promise<number | null> {
  const r = await db('mailing_configuration as m')
    .join('document_function_model as f', 'f.id', 'm.documentFunctionModelId')
    .where('f.functionCode', functionCode)
    .where('f.isActive', true)
    .orderBy([{ column: 'm.isDefault', order: 'desc' }, { column: 'm.id' }])
    .first('m.id');
  return r?.id ?? null;
}
