// The history of campaigns (§2 (docs/screens.md#documents-and-mail) Mailing): one row per campaign — a model × a
// mailing criteria × a channel, the unit a customer is reached once by (campaigns.ts) — with
// when it was sent, what the criteria selects, how many customers it was queued for
// and how many messages went out or failed. Read from the mail queue itself, so the
// figures are those of the messages (a resend of a failed one is its own row, left out).
import type { Knex } from 'knex';
import { countFr } from '../../../common/french';
import { formatDateFr } from '../../../common/dates';
import { formatCents } from '../../../common/money';

export interface CampaignHistoryRow {
  channel: 'email' | 'sms';
  mailingConfigurationId: number;
  modelLabel: string | null;
  mailingCriteriaId: number;
  criteriaLabel: string | null;
  criteriaSummary: string;
  firstSentAt: string;
  lastSentAt: string;
  recipients: number;
  sent: number;
  failed: number;
  pending: number;
}

/** « Séjours du 01/06/2031 au 30/06/2031, 2 pays, 1 langue » — what the criteria selects, in words. */
export function criteriaSummary(raw: Record<string, unknown> | null): string {
  const c = raw ?? {};
  const n = (v: unknown) => (Array.isArray(v) ? v.length : 0);
  const parts: string[] = [];
  const from = typeof c.stayFrom === 'string' ? formatDateFr(c.stayFrom) : null;
  const to = typeof c.stayTo === 'string' ? formatDateFr(c.stayTo) : null;
  if (from && to) parts.push(`séjours du ${from} au ${to}`);
  else if (from) parts.push(`séjours à partir du ${from}`);
  else if (to) parts.push(`séjours jusqu’au ${to}`);
  if (n(c.countryIds)) parts.push(countFr(n(c.countryIds), 'pays', 'pays'));
  if (n(c.languageIds)) parts.push(countFr(n(c.languageIds), 'langue'));
  if (n(c.excludeCountryIds)) parts.push(`hors ${countFr(n(c.excludeCountryIds), 'pays', 'pays')}`);
  if (n(c.departmentCodes)) parts.push(countFr(n(c.departmentCodes), 'département'));
  if (n(c.placeTypeIds)) parts.push(countFr(n(c.placeTypeIds), 'type d’emplacement', 'types d’emplacement'));
  if (n(c.ageCategoryIds)) parts.push(countFr(n(c.ageCategoryIds), 'catégorie d’âge', 'catégories d’âge'));
  const lastFrom = typeof c.lastStayFrom === 'string' ? formatDateFr(c.lastStayFrom) : null;
  const lastTo = typeof c.lastStayTo === 'string' ? formatDateFr(c.lastStayTo) : null;
  if (lastFrom) parts.push(`dernier départ à partir du ${lastFrom}`);
  if (lastTo) parts.push(`dernier départ avant le ${lastTo}`);
  if (typeof c.minStays === 'number') parts.push(`au moins ${countFr(c.minStays, 'séjour')}`);
  if (typeof c.minSpent === 'number') parts.push(`au moins ${formatCents(c.minSpent)} dépensés`);
  parts.push('clients consentants');
  const text = parts.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** One row of the query below, in the database's snake_case names. */
interface RawCampaign {
  channel: CampaignHistoryRow['channel'];
  mailing_configuration_id: number;
  model_label: string | null;
  criteria_id: number;
  criteria_label: string | null;
  criteria: Record<string, unknown> | null;
  first_sent_at: string | Date;
  last_sent_at: string | Date;
  recipients: number;
  sent: number;
  failed: number;
}

export async function campaignHistory(knex: Knex): Promise<CampaignHistoryRow[]> {
  // The criteria id is the dedupe key's last-but-one part: `campaign:[sms:]<mc>:<criteria>:<customer>`.
  const { rows } = await knex.raw(`
    WITH m AS (
      SELECT channel, mailing_configuration_id, reverse(split_part(reverse(dedupe_key), ':', 2))::int AS criteria_id,
        status, created_at
      FROM mail_message WHERE kind = 'campaign' AND resent_from_id IS NULL AND dedupe_key LIKE 'campaign:%'
    )
    SELECT m.channel, m.mailing_configuration_id, f.label AS model_label, m.criteria_id, k.label AS criteria_label,
      k.criteria,
      min(m.created_at) AS first_sent_at, max(m.created_at) AS last_sent_at, count(*)::int AS recipients,
      (count(*) FILTER (WHERE m.status = 'sent'))::int AS sent,
        (count(*) FILTER (WHERE m.status = 'failed'))::int AS failed
    FROM m
    LEFT JOIN mailing_configuration mc ON mc.id = m.mailing_configuration_id
    LEFT JOIN document_function_model f ON f.id = mc.document_function_model_id
    LEFT JOIN mailing_criteria k ON k.id = m.criteria_id
    GROUP BY m.channel, m.mailing_configuration_id, f.label, m.criteria_id, k.label, k.criteria
    ORDER BY max(m.created_at) DESC LIMIT 500`);
  // knex.raw rows keep the database's snake_case names (the camelCase mapper only sees query builders).
  return rows.map((r: RawCampaign) => ({
    channel: r.channel,
    mailingConfigurationId: r.mailing_configuration_id,
    modelLabel: r.model_label,
    mailingCriteriaId: r.criteria_id,
    criteriaLabel: r.criteria_label,
    criteriaSummary: criteriaSummary(r.criteria),
    firstSentAt: new Date(r.first_sent_at).toISOString(),
    lastSentAt: new Date(r.last_sent_at).toISOString(),
    recipients: r.recipients,
    sent: r.sent,
    failed: r.failed,
    pending: r.recipients - r.sent - r.failed,
  }));
}
