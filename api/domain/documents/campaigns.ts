// E-mail campaigns (§2 Mailing, §3 campaign e-mail, mailing criteria): a « Campagne »
// document model sent to the customers a mailing criteria selects — never to one
// without newsletter consent nor without an address. Criteria (`mailing_criteria.criteria`):
// `{ countryIds?, languageIds?, placeTypeIds?, stayFrom?, stayTo? }` (a stay meeting
// [stayFrom, stayTo), in one of the place types). Every message carries its own
// unsubscribe link (`/rest/unsubscribe?c=<customerId>&t=<HMAC>`, the key derived from the
// mail key of DATA_DIR); following it withdraws the consent. A campaign (model ×
// criteria) reaches a customer once: dedupe key `campaign:<mc>:<criteria>:<customer>`.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import { HttpError } from '../../http/errors';
import { enqueueMail } from '../mail/queue';
import { mailKey } from '../mail/secret';
import { customerData, establishmentData } from './context';
import { renderDocument } from './render';
import { escapeHtml } from '../../../common/merge-template';
import { formatDateFr, todayParis } from '../../../common/dates';

export interface Criteria {
  countryIds?: number[];
  languageIds?: number[];
  placeTypeIds?: number[];
  stayFrom?: string;
  stayTo?: string;
}

const ids = (v: unknown) => (Array.isArray(v) ? v.filter((x) => Number.isInteger(x) && x > 0) : []);
const date = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);

export type Channel = 'email' | 'sms';

/** The customers a criteria selects: with consent and an address (a phone for SMS) only. */
export function recipientsQuery(knex: Knex, raw: Record<string, unknown>, channel: Channel = 'email') {
  const q = knex('customer as c').where('c.newsletterConsent', true);
  if (channel === 'sms')
    q.where((w) => w.whereRaw("coalesce(c.phone1, '') <> ''").orWhereRaw("coalesce(c.phone2, '') <> ''"));
  else q.whereNotNull('c.email').whereNot('c.email', '');
  const countries = ids(raw.countryIds),
    languages = ids(raw.languageIds),
    types = ids(raw.placeTypeIds);
  const from = date(raw.stayFrom),
    to = date(raw.stayTo);
  if (countries.length) q.whereIn('c.countryId', countries);
  if (languages.length) q.whereIn('c.languageId', languages);
  if (from || to || types.length) {
    q.whereExists(function stays(this: Knex.QueryBuilder) {
      this.select(knex.raw('1'))
        .from('booking as b')
        .join('occupancy as o', 'o.bookingId', 'b.id')
        .whereRaw('b.customer_id = c.id')
        .where('o.isCancelled', false);
      if (to) this.where('o.startDate', '<', to);
      if (from) this.where('o.endDate', '>', from);
      if (types.length) this.whereIn('o.placeTypeId', types);
    });
  }
  return q;
}

export function unsubscribeToken(customerId: number): string {
  return createHmac('sha256', mailKey()).update(`unsubscribe:${customerId}`).digest('base64url');
}

export function checkUnsubscribeToken(customerId: number, token: string): boolean {
  const a = Buffer.from(unsubscribeToken(customerId)),
    b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function criteriaOf(knex: Knex, mailingCriteriaId: number): Promise<Record<string, unknown>> {
  const c = await knex('mailing_criteria').where('id', mailingCriteriaId).first('criteria');
  if (!c) throw new HttpError(404, 'NOT_FOUND');
  return (c.criteria ?? {}) as Record<string, unknown>;
}

export async function campaignPreview(knex: Knex, mailingCriteriaId: number, channel: Channel = 'email') {
  const q = recipientsQuery(knex, await criteriaOf(knex, mailingCriteriaId), channel);
  const [{ n }] = await q.clone().count('* as n');
  const sample = await q
    .orderBy('c.lastName')
    .limit(20)
    .select('c.id', 'c.lastName', 'c.firstName', 'c.email', 'c.phone1');
  return { count: Number(n), sample };
}

/** Queues the campaign for every selected customer not reached by it yet; answers how many. */
export async function sendCampaign(
  knex: Knex,
  mailingConfigurationId: number,
  mailingCriteriaId: number,
  origin: string,
  userId: number,
  channel: Channel = 'email',
) {
  const mc = await knex('mailing_configuration as m')
    .join('document_function_model as f', 'f.id', 'm.documentFunctionModelId')
    .where('m.id', mailingConfigurationId)
    .first('f.functionCode');
  if (!mc) throw new HttpError(404, 'MAILING_CONFIGURATION_NOT_FOUND');
  const customers = await recipientsQuery(knex, await criteriaOf(knex, mailingCriteriaId), channel)
    .orderBy('c.id')
    .select('c.id');
  if (!customers.length) throw new HttpError(400, 'NO_EMAILING_SELECTION');
  const establishment = await establishmentData(knex);
  let queued = 0;
  for (const { id } of customers) {
    const cust = await customerData(knex, id);
    const doc = await renderDocument(knex, mailingConfigurationId, cust.languageId, {
      customer: cust.data,
      establishment,
      today: formatDateFr(todayParis()),
    });
    const link = `${origin}/rest/unsubscribe?c=${id}&t=${unsubscribeToken(id)}`;
    // An SMS shows the link as text (a text message has no links under words).
    const html =
      channel === 'sms'
        ? `${doc.html}<p>Désabonnement : ${escapeHtml(link)}</p>`
        : `${doc.html}<p><a href="${escapeHtml(link)}">Se désabonner</a></p>`;
    const to = channel === 'sms' ? cust.phone : cust.email;
    if (!to) continue; // a landline: no SMS
    const r = await enqueueMail(knex, {
      kind: 'campaign',
      to,
      subject: doc.subject,
      html,
      customerId: id,
      entityType: 'customer',
      entityId: id,
      channel,
      mailingConfigurationId,
      languageId: doc.languageId,
      userId,
      dedupeKey: `campaign:${channel === 'sms' ? 'sms:' : ''}${mailingConfigurationId}:${mailingCriteriaId}:${id}`,
    });
    if (r) queued++;
  }
  return { queued, selected: customers.length };
}
