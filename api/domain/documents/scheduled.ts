// Documents the server sends by itself, on their dates (§9, docs/constants.md#mail-and-reminders), run by the scheduler
// (api/jobs, « e-mails programmés ») every hour and just after midnight (scheduleOf):
// - the pre-stay survey from 10 days before arrival (until the day before),
// - the post-stay survey the day after departure (caught up for 3 more days after a
//   stop), or on the 5th of the month for the stays of the month before,
// - balance reminders at 10 and at 5 days before arrival while something is due.
// The survey days, the send mode (on date / at time / manual) and the 5th come from the
// satisfaction-survey module, the reminder days from the surety module. A function
// sends only when it has an active document model with an e-mail configuration (that
// is the switch). Each stay gets each of them once: the message's dedupe key
// (`post-stay-survey:<bookingId>`) is unique in mail_message, so two processes, two
// ticks or a restart never queue it twice. Stays without an e-mail address are counted
// as skipped.
import type { Knex } from 'knex';
import { addDays, timeParis, todayParis } from '../../../common/dates';
import { CLOSED, RELEASING, STATUS } from '../../../common/stay-status';
import { configurationForFunction } from './render';
import { queueStayDocument } from './send';
import { stayBalance } from '../billing/view';
import { HttpError } from '../../http/errors';
import { suretyConfig } from './surety';
import { moduleSettings } from '../establishment/module-settings';

/** The satisfaction-survey module's settings (Admin › Modules › Enquête de satisfaction). */
export interface SurveyConfig {
  daysAfterDeparture: number;
  daysBeforeArrival: number;
  sendMode: 'on-date' | 'at-time' | 'manual';
  sendTime: string | null;
  monthlyOn5th: boolean;
}

export async function surveyConfig(knex: Knex): Promise<SurveyConfig> {
  const m = await knex('module_config')
    .where('kind', 'satisfaction-survey')
    .orderBy([{ column: 'isActive', order: 'desc' }, { column: 'id' }])
    .first('settings');
  const st = (m?.settings ?? {}) as Record<string, unknown>;
  const days = (v: unknown, d: number) =>
    Number.isInteger(Number(v)) && Number(v) >= 0 && v !== null && v !== '' ? Number(v) : d;
  const mode = ['on-date', 'at-time', 'manual'].includes(String(st.sendMode))
    ? (st.sendMode as SurveyConfig['sendMode'])
    : 'on-date';
  const time = typeof st.sendTime === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(st.sendTime) ? st.sendTime : null;
  return {
    daysAfterDeparture: Math.max(1, days(st.daysAfterDeparture, 1)),
    daysBeforeArrival: Math.max(1, days(st.daysBeforeArrival, 10)),
    sendMode: mode,
    sendTime: time,
    monthlyOn5th: st.monthlyOn5th === true,
  };
}

/**
 * The check-in module (Admin › Modules › Enregistrement): « Pré-séjour » sends the
 * « Bienvenue » document (function welcome: arrival hours, access, what to bring) that
 * many days before arrival (0: never); « Post-séjour » off stops the post-stay e-mail the
 * day after departure (its day and mode otherwise follow the satisfaction-survey module).
 */
export interface CheckInConfig {
  preStayDays: number;
  postStay: boolean;
}

export async function checkInConfig(knex: Knex): Promise<CheckInConfig> {
  const s = await moduleSettings(knex, 'check-in');
  const days = Number(s.preStayDays);
  return { preStayDays: Number.isInteger(days) && days > 0 ? days : 0, postStay: s.postStay !== false };
}

interface Rule {
  functionCode: string;
  key: string;
  /** stays concerned today */
  stays: (knex: Knex, today: string) => Promise<number[]>;
  /** a further check on one stay (e.g. something still due) */
  keep?: (knex: Knex, bookingId: number) => Promise<boolean>;
}

const NOT_YET_CONFIRMED = [STATUS.TEMPORARY, STATUS.TO_INTEGRATE];
const upcoming = (from: number, to: number) => async (knex: Knex, today: string) =>
  (
    await knex('booking')
      .where('kind', 'booking')
      .whereNotIn('statusId', [...RELEASING, ...NOT_YET_CONFIRMED, ...CLOSED])
      .whereBetween('startDate', [addDays(today, from), addDays(today, to)])
      .select('id')
  ).map((r) => r.id);

const somethingDue = async (knex: Knex, bookingId: number) => (await stayBalance(knex, bookingId)).due > 0;

const departedBetween = (from: string, to: string) => async (knex: Knex) =>
  (
    await knex('booking')
      .where('kind', 'booking')
      .whereNotIn('statusId', [...RELEASING, ...NOT_YET_CONFIRMED])
      .whereRaw('coalesce(early_departure_date, end_date) BETWEEN ? AND ?', [from, to])
      .select('id')
  ).map((r) => r.id);

/** The first and last day of the month before the one of `today`. */
function previousMonth(today: string): [string, string] {
  const first = `${today.slice(0, 7)}-01`;
  const last = addDays(first, -1);
  return [`${last.slice(0, 7)}-01`, last];
}

/**
 * The rules of a day. Surveys follow the satisfaction-survey module: pre-stay from
 * `daysBeforeArrival` days before arrival (10 by default) until the day before;
 * post-stay `daysAfterDeparture` days after departure (the day after by default,
 * caught up for 3 more days after a stop), or — « envoi automatique le 5 du mois » —
 * on the 5th for every stay that ended the month before. Balance reminders at the
 * surety module's days (10 and 5 by default) before arrival while something is due.
 */
export function scheduleOf(
  survey: SurveyConfig,
  reminderDays: [number, number],
  today: string,
  checkIn: CheckInConfig = { preStayDays: 0, postStay: true },
): Rule[] {
  const [first, second] = reminderDays[0] >= reminderDays[1] ? reminderDays : [reminderDays[1], reminderDays[0]];
  const rules: Rule[] = [];
  if (checkIn.preStayDays > 0)
    rules.push({ functionCode: 'welcome', key: 'check-in', stays: upcoming(1, checkIn.preStayDays) });
  if (survey.sendMode !== 'manual') {
    rules.push({
      functionCode: 'pre-stay-survey',
      key: 'pre-stay-survey',
      stays: upcoming(1, survey.daysBeforeArrival),
    });
    if (!checkIn.postStay) {
      // the check-in module's post-stay step is off: no post-stay e-mail
    } else if (survey.monthlyOn5th) {
      if (today.slice(8, 10) === '05') {
        const [from, to] = previousMonth(today);
        rules.push({
          functionCode: 'post-stay-survey',
          key: 'post-stay-survey',
          stays: (knex) => departedBetween(from, to)(knex),
        });
      }
    } else {
      const n = survey.daysAfterDeparture;
      rules.push({
        functionCode: 'post-stay-survey',
        key: 'post-stay-survey',
        stays: (knex, day) => departedBetween(addDays(day, -n - 3), addDays(day, -n))(knex),
      });
    }
  }
  rules.push(
    {
      functionCode: 'balance-reminder',
      key: `balance-reminder-${first}`,
      stays: upcoming(second + 1, first),
      keep: somethingDue,
    },
    {
      functionCode: 'balance-reminder',
      key: `balance-reminder-${second}`,
      stays: upcoming(1, second),
      keep: somethingDue,
    },
  );
  return rules;
}

export interface ScheduledRun {
  queued: number;
  skipped: number;
}

export async function sendScheduledDocuments(
  knex: Knex,
  today = todayParis(),
  now = timeParis(),
): Promise<ScheduledRun> {
  const run: ScheduledRun = { queued: 0, skipped: 0 };
  const survey = await surveyConfig(knex);
  const surety = await suretyConfig(knex);
  // « À l'heure »: the surveys wait for the hour of the day; reminders keep their pace.
  const surveysWait = survey.sendMode === 'at-time' && survey.sendTime !== null && now < survey.sendTime;
  const checkIn = await checkInConfig(knex);
  for (const rule of scheduleOf(survey, [surety.nbdaySurety || 10, surety.nbdaySuretyReminder || 5], today, checkIn)) {
    if (surveysWait && rule.functionCode.endsWith('-survey')) continue;
    const mcId = await configurationForFunction(knex, rule.functionCode);
    if (!mcId) continue;
    for (const bookingId of await rule.stays(knex, today)) {
      const dedupeKey = `${rule.key}:${bookingId}`;
      if (await knex('mail_message').where('dedupeKey', dedupeKey).first('id')) continue;
      if (rule.keep && !(await rule.keep(knex, bookingId))) continue;
      try {
        if (await queueStayDocument(knex, mcId, bookingId, { dedupeKey })) run.queued++;
      } catch (err) {
        if (err instanceof HttpError && err.code === 'RECIPIENT_EMAIL_MISSING') run.skipped++;
        else throw err;
      }
    }
  }
  return run;
}
