// Sending the statistics to the outside services of the statistics grid (module
// `statistics`: « Adresse d'envoi », « Années de référence »; docs/statistics.md
// « Sending the statistics »): after each regeneration that ends well, on demand
// (« Envoyer maintenant »), and again by the statistics job after a failure, with a
// growing delay. Each record's last attempt is kept in stat_export; a failed one is
// shown on the parameters screen with the §8 (docs/errors.md#messages) message « Ce service de statistiques
// n'est plus opérationnel ». Nothing of the answer's body is kept or logged.
import type { Knex } from 'knex';
import { formatMessage } from '../../../common/messages';
import { exportPayload } from './export-payload';
import { exportTargets, type ExportTarget } from './settings';

const TIMEOUT_MS = 20_000;
/** First retry after this long, then twice as long each time, up to RETRY_MAX_MS. */
export const RETRY_FIRST_MS = 5 * 60_000;
const RETRY_MAX_MS = 6 * 3600_000;

export interface SendResult {
  id: number;
  label: string;
  status: 'sent' | 'failed';
  /** French, for the screen (the §8 (docs/errors.md#messages) message when the service did not take the figures) */
  message: string;
}

/** POSTs the figures; null when the service answered 2xx, else why not (no body, no address). */
async function post(url: string, body: string): Promise<string | null> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'User-Agent': 'Bivouac statistiques' },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
    await res.body?.cancel();
    return res.ok ? null : `HTTP ${res.status}`;
  } catch {
    return 'injoignable';
  }
}

async function sendOne(db: Knex, t: ExportTarget, generatedAt: string): Promise<SendResult> {
  const error = await post(t.exportUrl, JSON.stringify(await exportPayload(db, t, generatedAt)));
  const at = new Date();
  if (!error) {
    const row = { status: 'sent', attemptedAt: at, sentAt: at, failures: 0, nextAttemptAt: null, errorCode: null };
    await db('stat_export')
      .insert({ moduleConfigId: t.id, ...row })
      .onConflict('moduleConfigId')
      .merge();
    return { id: t.id, label: t.label, status: 'sent', message: 'Statistiques envoyées' };
  }
  const prev = await db('stat_export').where('moduleConfigId', t.id).first('failures', 'sentAt');
  const failures = (prev?.failures ?? 0) + 1;
  const wait = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.min(10, failures - 1));
  await db('stat_export')
    .insert({
      moduleConfigId: t.id,
      status: 'failed',
      attemptedAt: at,
      sentAt: prev?.sentAt ?? null,
      failures,
      nextAttemptAt: new Date(at.getTime() + wait),
      errorCode: error,
    })
    .onConflict('moduleConfigId')
    .merge();
  console.warn(`Envoi des statistiques (module n° ${t.id}) en échec : ${error}`);
  return { id: t.id, label: t.label, status: 'failed', message: formatMessage('STATS_SERVICE_DOWN') };
}

/** The last regeneration done, or null: never regenerated, nothing to send. */
async function generatedAt(db: Knex): Promise<string | null> {
  const done = await db('stat_run').where('status', 'done').orderBy('id', 'desc').first('finishedAt');
  return done ? new Date(done.finishedAt).toISOString() : null;
}

/** Sends to every configured service (`id`: that one only); [] when none or never regenerated. */
export async function sendStatistics(db: Knex, id?: number): Promise<SendResult[]> {
  const [targets, at] = await Promise.all([exportTargets(db, id), generatedAt(db)]);
  if (!at) return [];
  const out: SendResult[] = [];
  for (const t of targets) out.push(await sendOne(db, t, at));
  return out;
}

/**
 * The failed sendings whose delay has passed, tried again (the statistics job, every
 * few seconds). Each is claimed first by pushing its next attempt back, so two
 * processes never send twice; a record no longer configured loses its row.
 */
export async function retryDueExports(db: Knex, now = new Date()): Promise<SendResult[]> {
  const due = await db('stat_export')
    .where('status', 'failed')
    .where('nextAttemptAt', '<=', now)
    .update({ nextAttemptAt: new Date(now.getTime() + TIMEOUT_MS * 3) }, ['moduleConfigId']);
  const out: SendResult[] = [];
  for (const { moduleConfigId } of due) {
    const r = await sendStatistics(db, moduleConfigId);
    if (!r.length) await db('stat_export').where('moduleConfigId', moduleConfigId).del();
    out.push(...r);
  }
  return out;
}

/** The parameters screen's view of each configured service: its last sending. */
export async function exportStates(db: Knex) {
  const targets = await exportTargets(db);
  const rows = await db('stat_export').whereIn(
    'moduleConfigId',
    targets.map((t) => t.id),
  );
  return targets.map((t) => {
    const r = rows.find((x) => x.moduleConfigId === t.id);
    return {
      id: t.id,
      label: t.label,
      // the address's origin only: a path or query may hold a key
      host: new URL(t.exportUrl).host,
      referenceYears: t.referenceYears,
      status: (r?.status ?? null) as 'sent' | 'failed' | null,
      attemptedAt: r?.attemptedAt ?? null,
      sentAt: r?.sentAt ?? null,
      nextAttemptAt: r?.nextAttemptAt ?? null,
      error: r?.status === 'failed' ? `${formatMessage('STATS_SERVICE_DOWN')} (${r.errorCode})` : null,
    };
  });
}
