// Routes of the satisfaction surveys (api/domain/documents/surveys.ts): the public page
// a survey e-mail links to (no session: the signed token is the key; mounted before the
// session gate with the unsubscribe link) and the results per question for the staff.
import { defineRoute } from '../../http/define-route';
import { escapeHtml } from '../../../common/merge-template';
import {
  alreadyAnswered,
  checkSurveyToken,
  saveSurveyAnswers,
  surveyQuestions,
  surveyResults,
  SURVEY_KINDS,
  type SurveyKind,
} from './surveys';
import type { Knex } from 'knex';

import { ref } from '../../http/schema-parts';
import './openapi';

const tag = 'documents';
const CAMPAIGN = 'campaign.campaigns';
const TITLES: Record<SurveyKind, string> = {
  'pre-stay': 'Questionnaire avant votre séjour',
  'post-stay': 'Votre avis sur votre séjour',
};

const page = (title: string, inner: string) =>
  `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, ` +
  `initial-scale=1"><title>${escapeHtml(title)}</title></head>` +
  `<body style="font-family:sans-serif;max-width:40em;margin:2em auto;padding:0 1em"><h1>${escapeHtml(title)}` +
  `</h1>${inner}</body></html>`;
const para = (text: string) => `<p>${escapeHtml(text)}</p>`;

const linkQuery = {
  type: 'object',
  required: ['b', 's', 't'],
  properties: {
    b: { type: 'integer', minimum: 1, maximum: 999_999_999 },
    s: { type: 'string', enum: SURVEY_KINDS },
    t: { type: 'string', maxLength: 100 },
  },
};
const html = { description: 'Page HTML', content: { 'text/html': { schema: { type: 'string' } } } };

async function formPage(knex: Knex, b: number, s: SurveyKind, t: string): Promise<string> {
  const questions = await surveyQuestions(knex, s);
  if (!questions.length)
    return page(TITLES[s], para('Ce questionnaire n’a pas de question pour le moment. Merci de votre visite.'));
  const fields = questions
    .map((q) => {
      const name = `q${q.id}`;
      const label = `<legend style="font-weight:bold">${escapeHtml(q.question)}</legend>`;
      let input: string;
      if (q.answerType === 'rating')
        input = [1, 2, 3, 4, 5]
          .map((n) => `<label style="margin-right:1em"><input type="radio" name="${name}" value="${n}"> ${n}</label>`)
          .join('');
      else if (q.answerType === 'yes-no')
        input = ['oui', 'non']
          .map(
            (v) =>
              `<label style="margin-right:1em"><input type="radio" name="${name}" value="${v}"> ` +
              `${v === 'oui' ? 'Oui' : 'Non'}</label>`,
          )
          .join('');
      else input = `<textarea name="${name}" rows="4" maxlength="2000" style="width:100%"></textarea>`;
      return `<fieldset style="margin-bottom:1em;border:1px solid #ccc">${label}${input}</fieldset>`;
    })
    .join('');
  const hidden =
    `<input type="hidden" name="b" value="${b}"><input type="hidden" name="s" value="${escapeHtml(s)}"><input ` +
    `type="hidden" name="t" value="${escapeHtml(t)}">`;
  return page(
    TITLES[s],
    `<form method="post" action="/rest/survey">${hidden}${fields}<button type="submit">Envoyer mes ` +
      `réponses</button></form>`,
  );
}

/** Public (mounted before the session gate, api/app.ts, with the unsubscribe link). */
export const SURVEY_PUBLIC_ROUTES = [
  defineRoute<unknown, { b: number; s: SurveyKind; t: string }>({
    method: 'GET',
    path: '/rest/survey',
    right: 'public',
    tag,
    summary:
      'Questionnaire de satisfaction d’un séjour (lien signé de l’e-mail) : formulaire HTML des questions actives',
    query: linkQuery,
    response: html,
    handler: async ({ ctx, knex, query }) => {
      ctx.type = 'text/html';
      if (!checkSurveyToken(query.b, query.s, query.t)) {
        ctx.status = 400;
        ctx.body = page('Lien invalide', para('Ce lien de questionnaire n’est pas valide.'));
      } else if (await alreadyAnswered(knex, query.b, query.s)) {
        ctx.body = page(TITLES[query.s], para('Vous avez déjà répondu à ce questionnaire. Merci !'));
      } else {
        ctx.body = await formPage(knex, query.b, query.s, query.t);
      }
      return undefined;
    },
  }),
  defineRoute<Record<string, unknown> & { b: string; s: SurveyKind; t: string }>({
    method: 'POST',
    path: '/rest/survey',
    right: 'public',
    tag,
    summary: 'Réponses au questionnaire de satisfaction (formulaire, champs q<id>) ; une seule fois par séjour',
    // A form post: every field is a string (the stay's id too).
    body: {
      type: 'object',
      required: ['b', 's', 't'],
      additionalProperties: { type: 'string', maxLength: 2000 },
      properties: {
        b: { type: 'string', pattern: '^[1-9][0-9]{0,8}$' },
        s: { type: 'string', enum: SURVEY_KINDS },
        t: { type: 'string', maxLength: 100 },
      },
    },
    response: html,
    handler: async ({ ctx, knex, body }) => {
      ctx.type = 'text/html';
      const b = Number(body.b);
      if (!checkSurveyToken(b, body.s, body.t)) {
        ctx.status = 400;
        ctx.body = page('Lien invalide', para('Ce lien de questionnaire n’est pas valide.'));
        return undefined;
      }
      const saved = await saveSurveyAnswers(knex, b, body.s, body);
      ctx.body = page(
        TITLES[body.s],
        para(saved ? 'Merci, vos réponses sont enregistrées.' : 'Vous avez déjà répondu à ce questionnaire. Merci !'),
      );
      return undefined;
    },
  }),
];

const DATE = { type: 'string', format: 'date', 'x-message': 'INCORRECT_DATES' };

export const SURVEY_ROUTES = [
  defineRoute<unknown, { survey: SurveyKind; from?: string; to?: string }>({
    method: 'GET',
    path: '/rest/survey-results',
    example: { query: { survey: 'post-stay' } },
    right: [CAMPAIGN, 'read'],
    tag,
    summary:
      'Résultats d’un questionnaire de satisfaction par question (moyenne des notes ×100, répartition, oui/non, ' +
      'textes)',
    query: {
      type: 'object',
      additionalProperties: false,
      required: ['survey'],
      properties: { survey: { type: 'string', enum: SURVEY_KINDS }, from: DATE, to: DATE },
    },
    response: ref('SurveyResults'),
    handler: ({ knex, query }) => surveyResults(knex, query.survey, query.from, query.to),
  }),
];
