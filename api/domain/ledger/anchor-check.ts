// The database against its anchor: a chain or a numbering put back is a break; a restore
// that would do it is refused, a newer one rebases the anchor.
import type { Knex } from 'knex';
import { GENESIS, utcSecond } from './canonical';
import type { Chain } from './canonical';
import {
  type Db,
  anchorFile,
  hashAt,
  type Point,
  seriesNow,
  maxSeries,
  fresh,
  databaseName,
  writeAnchor,
} from './anchor-file';
import { readConfirmedAnchor as readAnchor } from './anchor-confirm';

export interface AnchorState {
  present: boolean;
  /** what the database must hold at least */
  seq: number;
  breaks: { seq: number; reason: string }[];
}

/** Whether the database is behind its anchor: its chain shorter or different, a series rewound. */
export async function checkAnchor(db: Db, est: number, chain: Chain): Promise<AnchorState> {
  const read = readAnchor(await anchorFile(db, chain));
  if (!read) return { present: false, seq: 0, breaks: [] };
  const { anchor: a, valid } = read;
  const breaks: AnchorState['breaks'] = [];
  if (!valid) breaks.push({ seq: 0, reason: "Ancre du journal non signée par la clé de l'installation" });
  const { rows: ledger } = await db.raw("SELECT to_regclass('ledger_head') AS h");
  const head = ledger[0].h
    ? await db('ledger_head').where({ establishmentId: est, chain }).first('lastSeq', 'lastHash')
    : null;
  const headSeq = Number(head?.lastSeq ?? 0);
  const at = (seq: number) => hashAt(db, est, chain, seq);
  // The pending entry counts when the database holds it (its transaction committed).
  let expected: Point = a.confirmed;
  if (a.pending && (await at(a.pending.seq)) === a.pending.hash) expected = a.pending;
  if (headSeq < expected.seq) {
    breaks.push({
      seq: headSeq + 1,
      reason:
        `Base en retard sur son ancre : le journal s'arrête à l'écriture n° ${headSeq}, ` +
        `l'ancre du ${a.at.slice(0, 10)} en a enregistré ${expected.seq}`,
    });
  } else if ((await at(expected.seq)) !== expected.hash) {
    breaks.push({ seq: expected.seq, reason: `Écriture n° ${expected.seq} différente de celle de l'ancre` });
  }
  if (chain === 'fiscal') {
    const now = await seriesNow(db);
    const issued = maxSeries(a.highest, expected.series);
    for (const [s, n] of Object.entries(issued))
      if ((now[s] ?? 0) < n)
        breaks.push({
          seq: 0,
          reason: `Numérotation ${seriesLabel(s)} en retard : dernier numéro ${now[s] ?? 0} en base, ${n} déjà émis`,
        });
  }
  return { present: true, seq: expected.seq, breaks };
}

function seriesLabel(s: string): string {
  if (s.startsWith('till:')) return `de la caisse ${s.slice(5)}`;
  return s === 'invoice' ? 'des factures' : s === 'credit-note' ? 'des avoirs' : `de la série ${s}`;
}

/** At start: the anchor written from the database when there is none yet (a first start). */
export async function ensureAnchor(db: Db, est: number, chain: Chain): Promise<void> {
  const file = await anchorFile(db, chain);
  if (readAnchor(file)) return;
  const head = await db('ledger_head').where({ establishmentId: est, chain }).first('lastSeq', 'lastHash');
  const a = fresh(await databaseName(db), chain);
  const series = chain === 'fiscal' ? await seriesNow(db) : undefined;
  a.confirmed = { seq: Number(head?.lastSeq ?? 0), hash: head?.lastHash ?? GENESIS, series };
  a.highest = maxSeries(series);
  writeAnchor(file, a);
}

/**
 * A restore, inside its transaction once the rows are in: a backup older than the fiscal
 * anchor (its chain shorter or different, a series behind) is refused unless this is a
 * declared disaster recovery; then the anchor records it as started and the numbering
 * continues after the highest number ever issued. Answers what the journal says of it.
 */
export async function restoreAgainstAnchor(
  trx: Knex.Transaction,
  disasterRecovery: boolean,
): Promise<{ behind: string[]; from: number; to: number } | null> {
  const file = await anchorFile(trx, 'fiscal');
  const read = readAnchor(file);
  if (!read) return null;
  const est = (await trx('establishment').orderBy('id').first('id'))?.id ?? 0;
  const state = await checkAnchor(trx, est, 'fiscal');
  if (!state.breaks.length) return null;
  const behind = state.breaks.map((b) => b.reason);
  if (!disasterRecovery) throw new AnchorRefusal(behind);
  const a = read.anchor;
  a.highest = maxSeries(a.highest, a.confirmed.series, a.pending?.series);
  a.recoveries.push({ at: utcSecond(), status: 'started', from: { seq: state.seq, hash: a.confirmed.hash } });
  writeAnchor(file, a);
  // Numbering continues after the highest number ever issued: no number given twice.
  for (const [series, n] of Object.entries(a.highest)) {
    if (series.startsWith('till:'))
      await trx('cash_register_counter')
        .where('cashRegisterId', Number(series.slice(5)))
        .where('lastTicket', '<', n)
        .update({ lastTicket: n });
    else await trx('bill_counter').where({ series }).where('lastNumber', '<', n).update({ lastNumber: n });
  }
  const head = await trx('ledger_head').where({ establishmentId: est, chain: 'fiscal' }).first('lastSeq');
  return { behind, from: state.seq, to: Number(head?.lastSeq ?? 0) };
}

export class AnchorRefusal extends Error {
  constructor(readonly behind: string[]) {
    super(
      `La sauvegarde est antérieure à l'ancre du journal fiscal (${behind.join(' ; ')}). Seule une reprise après ` +
        'sinistre, déclarée par l’utilisateur technique, peut la restaurer.',
    );
  }
}

/**
 * After a restore's commit: each chain's anchor rebased on the restored database (the
 * JET always — a backup is older than its own journal entry —, the fiscal chain after a
 * disaster recovery, its recovery then marked done).
 */
export async function rebaseAfterRestore(db: Db, recovered: boolean): Promise<void> {
  const est = (await db('establishment').orderBy('id').first('id'))?.id ?? 0;
  for (const chain of recovered ? (['fiscal', 'jet'] as const) : (['jet'] as const)) {
    const file = await anchorFile(db, chain);
    const read = readAnchor(file);
    if (!read) continue;
    const a = read.anchor;
    const head = await db('ledger_head').where({ establishmentId: est, chain }).first('lastSeq', 'lastHash');
    const to = { seq: Number(head?.lastSeq ?? 0), hash: head?.lastHash ?? GENESIS };
    const from = { seq: a.confirmed.seq, hash: a.confirmed.hash };
    a.confirmed = { ...to, series: chain === 'fiscal' ? await seriesNow(db) : undefined };
    a.pending = null;
    a.recoveries.push({
      at: utcSecond(),
      status: recovered && chain === 'fiscal' ? 'done' : 'restore',
      from: recovered && chain === 'fiscal' ? (a.recoveries.at(-1)?.from ?? from) : from,
      to,
    });
    writeAnchor(file, a);
  }
}

/** The highest number ever issued per series, for numbering to continue after it. */
export async function highestIssued(db: Db): Promise<Record<string, number>> {
  const read = readAnchor(await anchorFile(db, 'fiscal'));
  if (!read) return {};
  return maxSeries(read.anchor.highest, read.anchor.confirmed.series, read.anchor.pending?.series);
}
