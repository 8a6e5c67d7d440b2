// Routes of e-mail campaigns (api/domain/documents/campaigns.ts) and the public
// unsubscribe link every campaign message carries.
import { defineRoute } from '../../http/define-route';
import { parseId } from '../../rest/records';
import { campaignPreview, checkUnsubscribeToken, sendCampaign } from './campaigns';
import { escapeHtml } from '../../../common/merge-template';
import { SURVEY_PUBLIC_ROUTES } from './survey-routes';
import { campaignHistory } from './campaign-history';

import { ref } from '../../http/schema-parts';
import './openapi';

const tag = 'documents';
const CAMPAIGN = 'campaign.campaigns';

const page = (title: string, text: string) =>
  `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body ` +
  `style="font-family:sans-serif;max-width:40em;margin:3em auto"><h1>${escapeHtml(title)}</h1><p>` +
  `${escapeHtml(text)}</p></body></html>`;

export const CAMPAIGN_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/rest/campaign/preview/:mailingCriteriaId',
    example: { params: { mailingCriteriaId: 'criteria' } },
    right: [CAMPAIGN, 'read'],
    tag,
    summary: 'Destinataires d’un critère de mailing (clients consentants ayant un e-mail) : nombre et 20 premiers',
    response: ref('CampaignPreview'),
    responses: { 404: { description: 'Critère inconnu' } },
    query: {
      type: 'object',
      additionalProperties: false,
      properties: { channel: { type: 'string', enum: ['email', 'sms'] } },
    },
    handler: ({ knex, params, query }) =>
      campaignPreview(
        knex,
        parseId(params.mailingCriteriaId),
        (query as { channel?: 'email' | 'sms' }).channel ?? 'email',
      ),
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/campaign/history',
    right: [CAMPAIGN, 'read'],
    tag,
    summary:
      'Historique des campagnes (modèle × critère × canal), la plus récente d’abord : dates d’envoi, résumé du ' +
      'critère, destinataires, envoyés, en échec, en attente',
    response: { type: 'array', items: ref('CampaignHistoryRow') },
    handler: ({ knex }) => campaignHistory(knex),
  }),
  defineRoute<{ mailingConfigurationId: number; mailingCriteriaId: number; channel?: 'email' | 'sms' }>({
    method: 'POST',
    path: '/rest/campaign/send',
    example: {
      body: { mailingConfigurationId: { record: 'mailing' }, mailingCriteriaId: { record: 'criteria' } },
      unchanged: { table: 'mail_message', where: { kind: 'campaign' }, count: true },
    },
    right: [CAMPAIGN, 'write'],
    tag,
    summary:
      'Met en file une campagne (modèle × critère, par e-mail ou SMS) pour chaque client sélectionné pas encore ' +
      'atteint par elle ; la file l’envoie',
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['mailingConfigurationId', 'mailingCriteriaId'],
      properties: {
        mailingConfigurationId: { type: 'integer', minimum: 1, maximum: 999_999_999 },
        mailingCriteriaId: { type: 'integer', minimum: 1, maximum: 999_999_999 },
        channel: { type: 'string', enum: ['email', 'sms'] },
      },
    },
    invalid: 'NO_EMAILING_SELECTION',
    response: ref('CampaignQueued'),
    handler: ({ ctx, knex, body, user }) =>
      sendCampaign(
        knex,
        body.mailingConfigurationId,
        body.mailingCriteriaId,
        `${ctx.protocol}://${ctx.host}`,
        user.id,
        body.channel ?? 'email',
      ),
  }),
];

/** Public (mounted before the session gate, api/app.ts): the links of e-mails (unsubscribe, satisfaction survey). */
export const UNSUBSCRIBE_ROUTES = [
  defineRoute<unknown, { c: number; t: string }>({
    method: 'GET',
    path: '/rest/unsubscribe',
    right: 'public',
    tag,
    summary: 'Lien de désabonnement des campagnes : retire le consentement du client (jeton signé)',
    query: {
      type: 'object',
      additionalProperties: false,
      required: ['c', 't'],
      properties: { c: { type: 'integer', minimum: 1, maximum: 999_999_999 }, t: { type: 'string', maxLength: 100 } },
    },
    response: { description: 'Page HTML', content: { 'text/html': { schema: { type: 'string' } } } },
    handler: async ({ ctx, knex, query }) => {
      ctx.type = 'text/html';
      if (!checkUnsubscribeToken(query.c, query.t)) {
        ctx.status = 400;
        ctx.body = page('Lien invalide', 'Ce lien de désabonnement n’est pas valide.');
        return undefined;
      }
      await knex('customer').where('id', query.c).update({ newsletterConsent: false });
      ctx.body = page('Désabonnement enregistré', 'Vous ne recevrez plus nos lettres d’information.');
      return undefined;
    },
  }),
  ...SURVEY_PUBLIC_ROUTES,
];
