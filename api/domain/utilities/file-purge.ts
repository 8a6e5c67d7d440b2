// /purging-files: the stored files past their retention (file-kinds.ts), previewed, then
// purged on confirmation of the very list previewed. Never a fiscal document: bills are
// left out of the candidates here, a request naming one is refused whole, and the
// database refuses deleting them anyway (migration 0500). Each purged file is journaled
// in purged_file (append-only) with its size, checksum and who purged it, in the same
// transaction as the delete. Two purges at once queue on an advisory lock; the second
// finds the files gone and reports them as already purged.
import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { KIND_RULES, isFiscalRef, kindOf, type FileKind } from './file-kinds';

export interface PurgeCandidate {
  ref: string;
  kind: FileKind;
  kindLabel: string;
  size: number;
  storedAt: string;
  reason: string;
}

type Db = Knex | Knex.Transaction;
const PURGE_LOCK = 0x70757267; // 'purg'

/** The files the purge would remove now (oldest first), `lock`ed for the purge's transaction. */
export async function purgeCandidates(db: Db, lock = false): Promise<PurgeCandidate[]> {
  const { mail, 'place-image': image, other } = KIND_RULES;
  const rows: { ref: string; size: number; storedAt: Date; lastUse: Date | null; uses: number }[] = (
    await db.raw(
      `WITH uses AS (
         SELECT a->>'ref' AS ref, max(m.created_at) AS last_use,
                bool_or(m.status IN ('queued', 'sending')) AS pending
         FROM mail_message m, jsonb_array_elements(m.attachments) a
         WHERE jsonb_typeof(m.attachments) = 'array' AND a->>'ref' IS NOT NULL GROUP BY 1),
       images AS (
         SELECT DISTINCT x.ref FROM place p, jsonb_array_elements_text(
           CASE WHEN jsonb_typeof(p.images) = 'array' THEN p.images ELSE '[]'::jsonb END) AS x(ref))
       SELECT f.ref, f.size, f.created_at AS "storedAt", u.last_use AS "lastUse", (u.ref IS NOT NULL)::int AS uses
       FROM stored_file f
       LEFT JOIN uses u ON u.ref = f.ref
       WHERE f.ref NOT LIKE 'bills/%'
         AND NOT EXISTS (SELECT 1 FROM images i WHERE i.ref = f.ref)
         AND NOT coalesce(u.pending, false)
         AND CASE
           WHEN f.ref ~ '^mail/[0-9]+/' THEN coalesce(u.last_use, f.created_at) < now() - make_interval(days => ?)
           WHEN f.ref ~ '^place-[0-9]+/' THEN f.created_at < now() - make_interval(days => ?)
           ELSE f.created_at < now() - make_interval(days => ?) END
       ORDER BY f.created_at, f.ref
       ${lock ? 'FOR UPDATE OF f' : ''}`,
      [mail.retentionDays!, image.retentionDays!, other.retentionDays!],
    )
  ).rows;
  return rows
    .filter((r) => !isFiscalRef(r.ref))
    .map((r) => {
      const kind = kindOf(r.ref);
      const reason =
        kind === 'mail' && r.uses
          ? `E-mail envoyé il y a plus de ${KIND_RULES.mail.retentionDays} jours`
          : `Non rattaché depuis plus de ${KIND_RULES[kind].retentionDays} jours`;
      return {
        ref: r.ref,
        kind,
        kindLabel: KIND_RULES[kind].label,
        size: Number(r.size),
        storedAt: new Date(r.storedAt).toISOString(),
        reason,
      };
    });
}

export interface PurgeResult {
  purged: PurgeCandidate[];
  alreadyPurged: string[];
}

/** Purges exactly `refs` (the confirmed preview): each must still be a candidate. */
export async function purgeFiles(knex: Knex, refs: string[], user: { id: number; name: string }): Promise<PurgeResult> {
  const fiscal = refs.filter(isFiscalRef);
  if (fiscal.length) throw badRequest('FISCAL_DOCUMENT_KEPT', { refs: formatMessage('FISCAL_DOCUMENT_KEPT') });
  return knex.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(?)', [PURGE_LOCK]);
    const candidates = new Map((await purgeCandidates(trx, true)).map((c) => [c.ref, c]));
    const gone = new Set(
      (await trx('purged_file').whereIn('ref', refs).select('ref')).map((r: { ref: string }) => r.ref),
    );
    const alreadyPurged = refs.filter((r) => !candidates.has(r) && gone.has(r));
    const refused = refs.filter((r) => !candidates.has(r) && !gone.has(r));
    if (refused.length)
      throw badRequest('FILE_NOT_PURGEABLE', { refs: formatMessage('FILE_NOT_PURGEABLE', { ref: refused[0] }) });
    const purged = refs.filter((r) => candidates.has(r)).map((r) => candidates.get(r)!);
    for (const c of purged) {
      await trx.raw(
        `INSERT INTO purged_file (ref, kind, size, sha256, stored_at, user_id, user_name)
         SELECT ref, ?, size, sha256, created_at, ?, ? FROM stored_file WHERE ref = ?`,
        [c.kind, user.id, user.name.slice(0, 120), c.ref],
      );
    }
    if (purged.length)
      await trx('stored_file')
        .whereIn(
          'ref',
          purged.map((c) => c.ref),
        )
        .delete();
    return { purged, alreadyPurged };
  });
}

/** The journal of purged files, newest first. */
export async function purgeJournal(knex: Knex, limit = 500) {
  const rows = await knex('purged_file')
    .orderBy('id', 'desc')
    .limit(limit)
    .select('id', 'ref', 'kind', 'size', 'storedAt', 'purgedAt', 'userName');
  return rows.map((r: Record<string, unknown>) => ({
    id: Number(r.id),
    ref: String(r.ref),
    kindLabel: KIND_RULES[r.kind as FileKind]?.label ?? String(r.kind),
    size: Number(r.size),
    storedAt: new Date(r.storedAt as string).toISOString(),
    purgedAt: new Date(r.purgedAt as string).toISOString(),
    userName: (r.userName as string | null) ?? null,
  }));
}
