// Satisfaction surveys (§9, docs/constants.md#mail-and-reminders): the pre-stay and post-stay e-mails carry a link to a
// public page (no session) whose token is an HMAC of the stay and the survey under the
// mail key of DATA_DIR, so a link cannot be forged for another stay. The customer
// answers the survey's active questions once (unique per stay and question); the
// results are counted per question for the staff.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import { mailKey } from '../mail/secret';
import { readConfig } from '../../config';
import { escapeHtml } from '../../../common/merge-template';
import { moduleSettings, textSetting } from '../establishment/module-settings';

export type SurveyKind = 'pre-stay' | 'post-stay';
export const SURVEY_KINDS: SurveyKind[] = ['pre-stay', 'post-stay'];
/** The document function whose e-mail carries the link of a survey. */
export const SURVEY_OF_FUNCTION: Record<string, SurveyKind> = {
  'pre-stay-survey': 'pre-stay',
  'post-stay-survey': 'post-stay',
};

export function surveyToken(bookingId: number, survey: SurveyKind): string {
  return createHmac('sha256', mailKey()).update(`survey:${survey}:${bookingId}`).digest('base64url');
}

export function checkSurveyToken(bookingId: number, survey: SurveyKind, token: string): boolean {
  const a = Buffer.from(surveyToken(bookingId, survey)),
    b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The address customers reach the server at: PUBLIC_URL, else the local port. The
 * scheduler sends survey e-mails outside any request, so it cannot take the request's.
 */
export function publicOrigin(env: NodeJS.ProcessEnv = process.env): string {
  const url = env.PUBLIC_URL?.trim().replace(/\/+$/, '');
  return url || `http://localhost:${readConfig(env).port}`;
}

export function surveyLink(bookingId: number, survey: SurveyKind, origin = publicOrigin()): string {
  return `${origin}/rest/survey?b=${bookingId}&s=${survey}&t=${surveyToken(bookingId, survey)}`;
}

/**
 * The link a survey e-mail carries: the satisfaction-survey module's « Adresse de
 * l'enquête » (surveyUrl) when the campsite runs its survey elsewhere (an outside form),
 * with the stay's code and the survey as parameters to tell the answers apart; else the
 * built-in form's signed link.
 */
export async function surveyLinkOf(knex: Knex, bookingId: number, code: string, survey: SurveyKind): Promise<string> {
  const outside = textSetting((await moduleSettings(knex, 'satisfaction-survey')).surveyUrl);
  if (!outside) return surveyLink(bookingId, survey);
  const url = new URL(outside);
  url.searchParams.set('reservation', code);
  url.searchParams.set('enquete', survey);
  return url.toString();
}

/** The link paragraph appended to a survey e-mail (escaped: the origin comes from the environment). */
export const surveyLinkHtml = (link: string) =>
  `<p><a href="${escapeHtml(link)}">Répondre au questionnaire de satisfaction</a></p>`;

export interface SurveyQuestion {
  id: number;
  question: string;
  answerType: 'rating' | 'yes-no' | 'text';
}

export async function surveyQuestions(knex: Knex, survey: SurveyKind): Promise<SurveyQuestion[]> {
  return knex('survey_question')
    .where({ survey, isActive: true })
    .orderBy([{ column: 'position' }, { column: 'id' }])
    .select('id', 'question', 'answerType');
}

export async function alreadyAnswered(knex: Knex, bookingId: number, survey: SurveyKind): Promise<boolean> {
  const r = await knex('survey_answer as a')
    .join('survey_question as q', 'q.id', 'a.surveyQuestionId')
    .where('a.bookingId', bookingId)
    .where('q.survey', survey)
    .first('a.id');
  return !!r;
}

/**
 * Stores the answers of a form post (`q<questionId>` fields); answers nothing given are
 * left out. Once per stay and survey: a second post changes nothing (false).
 */
export async function saveSurveyAnswers(
  knex: Knex,
  bookingId: number,
  survey: SurveyKind,
  form: Record<string, unknown>,
): Promise<boolean> {
  return knex.transaction(async (trx) => {
    // Two posts at once: the second waits, then sees the first's answers.
    await trx.raw('SELECT pg_advisory_xact_lock(?, ?)', [7718, bookingId]);
    if (await alreadyAnswered(trx as unknown as Knex, bookingId, survey)) return false;
    const rows = [];
    for (const q of await surveyQuestions(trx as unknown as Knex, survey)) {
      const raw = form[`q${q.id}`];
      const v = typeof raw === 'string' ? raw.trim() : '';
      if (!v) continue;
      if (q.answerType === 'rating' && /^[1-5]$/.test(v))
        rows.push({ bookingId, surveyQuestionId: q.id, rating: Number(v) });
      else if (q.answerType === 'yes-no' && (v === 'oui' || v === 'non'))
        rows.push({ bookingId, surveyQuestionId: q.id, yes: v === 'oui' });
      else if (q.answerType === 'text') rows.push({ bookingId, surveyQuestionId: q.id, text: v.slice(0, 2000) });
    }
    if (rows.length) await trx('survey_answer').insert(rows);
    return true;
  });
}

export interface QuestionResult {
  id: number;
  question: string;
  answerType: 'rating' | 'yes-no' | 'text';
  answers: number;
  /** rating: the average ×100 (integer), e.g. 425 = 4,25 / 5 */
  averageRating: number | null;
  ratings: number[];
  yes: number;
  no: number;
  texts: { text: string; bookingCode: string }[];
}

/** Results per question of a survey, over the stays answered between two dates (answer date). */
export async function surveyResults(
  knex: Knex,
  survey: SurveyKind,
  from?: string,
  to?: string,
): Promise<{ survey: SurveyKind; respondents: number; questions: QuestionResult[] }> {
  const answers = knex('survey_answer as a')
    .join('survey_question as q', 'q.id', 'a.surveyQuestionId')
    .where('q.survey', survey);
  if (from) answers.whereRaw("(a.created_at AT TIME ZONE 'Europe/Paris')::date >= ?", [from]);
  if (to) answers.whereRaw("(a.created_at AT TIME ZONE 'Europe/Paris')::date <= ?", [to]);
  const rows = await answers
    .clone()
    .leftJoin('booking as b', 'b.id', 'a.bookingId')
    .orderBy('a.id', 'desc')
    .select('a.surveyQuestionId', 'a.bookingId', 'a.rating', 'a.yes', 'a.text', 'b.code as bookingCode');
  const questions = await knex('survey_question')
    .where({ survey })
    .orderBy([{ column: 'position' }, { column: 'id' }])
    .select('id', 'question', 'answerType', 'isActive');
  const out = questions
    .map((q): QuestionResult => {
      const mine = rows.filter((r) => r.surveyQuestionId === q.id);
      const rated = mine.filter((r) => r.rating != null).map((r) => r.rating as number);
      return {
        id: q.id,
        question: q.question,
        answerType: q.answerType,
        answers: mine.length,
        averageRating: rated.length ? Math.round((rated.reduce((s, x) => s + x, 0) * 100) / rated.length) : null,
        ratings: [1, 2, 3, 4, 5].map((n) => rated.filter((x) => x === n).length),
        yes: mine.filter((r) => r.yes === true).length,
        no: mine.filter((r) => r.yes === false).length,
        texts: mine
          .filter((r) => r.text)
          .slice(0, 50)
          .map((r) => ({ text: r.text, bookingCode: r.bookingCode ?? String(r.bookingId) })),
      };
    })
    // A retired question still shows while it has answers in the period.
    .filter((q, i) => questions[i].isActive || q.answers > 0);
  return { survey, respondents: new Set(rows.map((r) => r.bookingId)).size, questions: out };
}
