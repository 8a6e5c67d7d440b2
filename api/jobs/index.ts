// The server's housekeeping jobs: stays that let their places go by themselves
// (options past their date, drafts left by the wizard — api/domain/stays/sweeps.ts),
// the deposits' states polled from the surety provider (api/domain/surety/poll.ts),
// and the daily backup with its retention (api/backup/files.ts).
import type { Knex } from 'knex';
import { sweepStays } from '../domain/stays/sweeps';
import { startScheduler, type Scheduler } from './scheduler';
import { describeError } from '../http/log';
import { dailyBackup } from '../backup/files';
import { purgeThrottle } from '../auth/throttle';
import { readConfig } from '../config';
import { nightlyClosure } from '../domain/ledger/closures';
import { processQueue } from '../domain/mail/queue';
import { sendScheduledDocuments } from '../domain/documents/scheduled';
import { sendPoliceRegister } from '../domain/statements/police-send';
import { pollSuretyStatuses } from '../domain/surety/poll';
import { suretyProviderOf } from '../domain/surety/swikly';
import { applyStatisticsQueue, nightlyRegeneration } from '../domain/statistics/jobs';
import { channelTick } from '../domain/channels/index';
import { processAccessEvents } from '../domain/access/index';
import { sendDailyConciergeList } from '../domain/concierge/index';
import { runYield } from '../domain/yield/apply';
import { monthlyResidentialSend } from '../domain/residential/reminder-mail';
import { todayParis } from '../../common/dates';
import { compactListCounts } from './list-counts';
import { claimInDatabase } from './claims';

const MINUTE = 60_000;

// Errors are logged without their message or SQL (describeError): no stay data in the log.
export function startJobs(
  knex: Knex,
  log: (message: string, err?: unknown) => void = (m, e) =>
    console.error(e === undefined ? m : `${m} — ${describeError(e)}`),
): Scheduler {
  return startScheduler(
    [
      {
        name: 'options échues et séjours temporaires abandonnés',
        everyMs: 5 * MINUTE,
        afterMidnight: true,
        run: async () => {
          const r = await sweepStays(knex, {
            onError: (id, err) => log(`Séjour ${id} non traité par le balayage`, err),
          });
          if (r.expired || r.abandoned)
            console.log(
              `Séjours : ${r.expired} option(s) expirée(s), ${r.abandoned} séjour(s) temporaire(s) abandonné(s)`,
            );
        },
      },
      {
        // The mail queue (api/domain/mail/queue.ts): due messages and retries; a restart
        // resumes where the last process stopped.
        name: "file d'envoi des e-mails",
        everyMs: MINUTE / 2,
        run: async () => {
          const r = await processQueue(knex);
          if (r.sent || r.failed) console.log(`E-mails : ${r.sent} envoyé(s), ${r.failed} en échec`);
        },
      },
      {
        // Surveys and reminders on their dates (api/domain/documents/scheduled.ts), queued
        // once per stay (unique key); the queue job sends them.
        name: 'e-mails programmés',
        everyMs: 60 * MINUTE,
        afterMidnight: true,
        run: async () => {
          const r = await sendScheduledDocuments(knex);
          if (r.queued || r.skipped)
            console.log(`E-mails programmés : ${r.queued} mis en file, ${r.skipped} sans adresse`);
        },
      },
      {
        // The police register of yesterday's arrivals, when the police-note-book module sends it.
        name: 'registre de police',
        everyMs: 60 * MINUTE,
        afterMidnight: true,
        run: () => sendPoliceRegister(knex),
      },
      {
        // NF525: yesterday's Z when something was recorded since the last one (api/domain/ledger).
        name: 'clôture journalière automatique',
        everyMs: 60 * MINUTE,
        afterMidnight: true,
        run: async () => {
          const z = await nightlyClosure(knex);
          if (z) console.log(`Clôture journalière automatique : Z n° ${z.seq} du ${z.date}`);
        },
      },
      {
        // The list totals' deltas folded into one row per key (./list-counts.ts, migration 0560).
        name: 'totaux des listes',
        everyMs: 10 * MINUTE,
        run: () => compactListCounts(knex),
      },
      {
        // The provider's deposits (api/domain/surety/poll.ts); it asks nothing without one.
        name: 'états des cautions chez le prestataire',
        everyMs: 60 * MINUTE,
        run: async () => {
          const r = await pollSuretyStatuses(knex, await suretyProviderOf(knex), log);
          if (r.changed || r.failed)
            console.log(
              `Cautions chez le prestataire : ${r.changed} mise(s) à jour, ${r.failed} en échec sur ${r.checked}`,
            );
        },
      },
      {
        // Statistics (api/domain/statistics): the nightly regeneration, claimed once a day.
        name: 'régénération nocturne des statistiques',
        everyMs: 60 * MINUTE,
        afterMidnight: true,
        run: async () => {
          const r = await nightlyRegeneration(knex);
          if (r) console.log(`Statistiques régénérées : ${r === 'done' ? 'terminé' : 'en échec'}`);
        },
      },
      {
        // The stays changed since: today's figures never wait for the night.
        name: 'statistiques des séjours modifiés',
        everyMs: 10_000,
        run: () => applyStatisticsQueue(knex),
      },
      {
        // Booking channels (api/domain/channels/scheduler.ts): each channel's pulls and
        // pushes when due; availability within a minute of any change.
        name: 'canaux de réservation',
        everyMs: 5_000,
        run: () => channelTick(knex, new Date(), log),
      },
      {
        // Access control (api/domain/access/events.ts): the stay's events to each barrier system.
        name: "événements des séjours vers le contrôle d'accès",
        everyMs: MINUTE / 2,
        run: async () => {
          const r = await processAccessEvents(knex);
          if (r.sent || r.failed)
            console.log(`Contrôle d'accès : ${r.sent} événement(s) envoyé(s), ${r.failed} en échec`);
        },
      },
      {
        // Concierge (api/domain/concierge/daily.ts): the day's orders to the provider, once each morning.
        name: 'liste du jour de la conciergerie',
        everyMs: 15 * MINUTE,
        afterMidnight: true,
        run: async () => {
          const r = await sendDailyConciergeList(knex);
          if (r === 'queued') console.log('Conciergerie : liste du jour envoyée');
        },
      },
      {
        // Yield management (api/domain/yield): with « Appliquer les prix automatiquement »
        // the day's price changes are applied and journaled; the run is idempotent (the
        // engine starts from each cell's base price), so a second process or a restart
        // running it again the same day changes nothing.
        name: 'yield : application nocturne des prix',
        everyMs: 24 * 60 * MINUTE,
        afterMidnight: true,
        run: async () => {
          const r = await runYield(knex, todayParis());
          if (r.result?.changes.length) console.log(`Yield : ${r.result.changes.length} prix modifié(s)`);
        },
      },
      {
        // Residential preferences (api/domain/residential/preferences.ts): on the 5th, the late
        // rent receipts reminded by e-mail when « Envoi automatique le 5 du mois » is on.
        name: 'relances des quittances en retard du 5 du mois',
        everyMs: 60 * MINUTE,
        afterMidnight: true,
        run: async () => {
          const r = await monthlyResidentialSend(knex, todayParis());
          if (r?.sent || r?.failed) console.log(`Quittances en retard : ${r.sent} relance(s), ${r.failed} en échec`);
        },
      },
      {
        // Into DATA_DIR/backups, once a day (any process may run it: the day is claimed in
        // the database); checked every hour so a server down at midnight catches up.
        name: 'sauvegarde quotidienne',
        everyMs: 60 * MINUTE,
        afterMidnight: true,
        run: async () => {
          const file = await dailyBackup(knex, readConfig().dataDir);
          if (file) console.log(`Sauvegarde automatique : ${file}`);
          await purgeThrottle(knex);
        },
      },
    ],
    log,
    undefined,
    claimInDatabase(knex),
  );
}
