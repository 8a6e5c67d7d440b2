// The document settings (/document-setting-target-list, /document-setting/{id},
// /document-setting-translate): per kind of document, a header text, a footer and the
// legal mentions printed on its PDF, in the customer's language when translated (the
// French text otherwise, as for the e-mail models).
import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export interface DocumentSettings {
  headerText: string | null;
  footerText: string | null;
  legalMentions: string | null;
}

/** The settings target a document function prints with. */
const TARGET_OF_FUNCTION: Record<string, string> = {
  'booking-confirmation': 'booking',
  welcome: 'booking',
  other: 'booking',
  quote: 'quote',
  option: 'option',
  bill: 'bill',
  'credit-note': 'credit-note',
  'surety-reminder': 'reminder',
  'balance-reminder': 'reminder',
  'rent-reminder': 'reminder',
  'pre-stay-survey': 'survey',
  'post-stay-survey': 'survey',
  campaign: 'campaign',
};

export async function documentSettings(
  db: Db,
  functionCode: string,
  languageId: number | null,
): Promise<DocumentSettings | null> {
  const target = TARGET_OF_FUNCTION[functionCode] ?? 'booking';
  const t = await db('document_setting_target')
    .where('target', target)
    .first('id', 'headerText', 'footerText', 'legalMentions');
  if (!t) return null;
  const tr = languageId
    ? await db('document_setting_translation')
        .where({ documentSettingTargetId: t.id, languageId })
        .first('headerText', 'footerText', 'legalMentions')
    : null;
  // A translation's empty field falls back to the French text, field by field.
  return {
    headerText: tr?.headerText || t.headerText,
    footerText: tr?.footerText || t.footerText,
    legalMentions: tr?.legalMentions || t.legalMentions,
  };
}
