// E-mail campaigns (§2 (docs/screens.md#documents-and-mail) Mailing, §3 (docs/entities.md#documents-and-mail) campaign
// e-mail, mailing criteria): a « Campagne » document model sent to the customers a mailing criteria selects — never to
// one without newsletter consent nor without an address. Criteria (`mailing_criteria.criteria`,
// their schema in schemas/mailing-criteria.schema.json, so an unknown key is refused on
// save rather than silently ignored): residence countries (or all but some), French
// departments, languages, a stay meeting [stayFrom, stayTo) in some place types or with
// occupants of some age categories, the last departure, stays counted, amount spent.
// Every message carries its own
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
import { RELEASING, UNCONFIRMED } from '../../../common/stay-status';
import type { MailingCriteria } from '../../../common/generated/types/mailing-criteria';

const DEPARTMENT = /^(0[1-9]|1[0-9]|2[1-9]|[3-8][0-9]|9[0-5]|2A|2B|97[1-6])$/;

export type Criteria = NonNullable<MailingCriteria['criteria']>;

const ids = (v: unknown) => (Array.isArray(v) ? v.filter((x) => Number.isInteger(x) && x > 0) : []);
const date = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);
const positive = (v: unknown) => (Number.isSafeInteger(v) && (v as number) > 0 ? (v as number) : null);

export type Channel = 'email' | 'sms';

/** Stays that count for a customer (kinds and statuses): booked or passed, not quotes, not released. */
const COUNTED = (knex: Knex) =>
  knex.raw(`b.kind IN ('booking', 'passage') AND b.status_id NOT IN (${[...RELEASING, ...UNCONFIRMED].join(',')})`);

/**
 * The postal code prefixes of a French department: two digits, three for overseas,
 * Corsica's 2A (20000–20199) and 2B (20200–20699).
 */
export function departmentPrefixes(code: string): string[] {
  if (code === '2A') return ['200', '201'];
  if (code === '2B') return ['202', '203', '204', '205', '206'];
  return [code];
}

/**
 * The customers a criteria selects: with consent and an address (a phone for SMS) only.
 * Every criterion narrows the selection (AND); within a list, any of its values (OR).
 * A department is read from the postal code of a customer living in France (or of no
 * stated country); the amount spent and the stays counted are those of stays booked or
 * passed, never quotes nor released stays.
 */
export function recipientsQuery(knex: Knex, raw: Record<string, unknown>, channel: Channel = 'email') {
  const q = knex('customer as c').where('c.newsletterConsent', true);
  if (channel === 'sms')
    q.where((w) => w.whereRaw("coalesce(c.phone1, '') <> ''").orWhereRaw("coalesce(c.phone2, '') <> ''"));
  else q.whereNotNull('c.email').whereNot('c.email', '');
  const countries = ids(raw.countryIds),
    excluded = ids(raw.excludeCountryIds),
    languages = ids(raw.languageIds),
    types = ids(raw.placeTypeIds),
    ages = ids(raw.ageCategoryIds);
  const departments = (Array.isArray(raw.departmentCodes) ? raw.departmentCodes : []).filter(
    (d): d is string => typeof d === 'string' && DEPARTMENT.test(d),
  );
  const from = date(raw.stayFrom),
    to = date(raw.stayTo),
    lastFrom = date(raw.lastStayFrom),
    lastTo = date(raw.lastStayTo);
  const minStays = positive(raw.minStays),
    minSpent = positive(raw.minSpent);
  if (countries.length) q.whereIn('c.countryId', countries);
  // A customer of no stated country is not known to live abroad: excluded with the campsite's own.
  if (excluded.length) q.whereNotNull('c.countryId').whereNotIn('c.countryId', excluded);
  if (languages.length) q.whereIn('c.languageId', languages);
  if (departments.length) {
    const prefixes = departments.flatMap(departmentPrefixes);
    q.where((w) =>
      w
        .whereNull('c.countryId')
        .orWhereIn('c.countryId', knex('country').whereIn('isoCode', ['FR', 'FRA']).select('id')),
    ).whereRaw(`left(coalesce(c.postal_code, ''), 3) LIKE ANY (?)`, [prefixes.map((p) => `${p}%`)]);
  }
  if (from || to || types.length || ages.length) {
    q.whereExists(function stays(this: Knex.QueryBuilder) {
      this.select(knex.raw('1'))
        .from('booking as b')
        .join('occupancy as o', 'o.bookingId', 'b.id')
        .whereRaw('b.customer_id = c.id')
        .whereRaw(COUNTED(knex))
        .where('o.isCancelled', false);
      if (to) this.where('o.startDate', '<', to);
      if (from) this.where('o.endDate', '>', from);
      if (types.length) this.whereIn('o.placeTypeId', types);
      if (ages.length)
        this.whereExists(
          knex('occupancy_detail as d')
            .whereRaw('d.occupancy_id = o.id')
            .whereIn('d.ageCategoryId', ages)
            .where('d.quantity', '>', 0)
            .select(knex.raw('1')),
        );
    });
  }
  if (minStays || minSpent || lastFrom || lastTo) {
    // One pass over the customer's counted stays: how many, what they cost, the last departure.
    const history = knex('booking as b')
      .whereRaw('b.customer_id = c.id')
      .whereRaw(COUNTED(knex))
      .select(
        knex.raw('count(*) AS stays'),
        knex.raw('coalesce(sum(b.total_amount), 0) AS spent'),
        knex.raw('max(b.end_date) AS last_departure'),
      );
    q.whereExists(function spent(this: Knex.QueryBuilder) {
      this.select(knex.raw('1')).from(history.as('h'));
      if (minStays) this.where('h.stays', '>=', minStays);
      if (minSpent) this.where('h.spent', '>=', minSpent);
      if (lastFrom) this.where('h.last_departure', '>=', lastFrom);
      if (lastTo) this.where('h.last_departure', '<', lastTo);
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
