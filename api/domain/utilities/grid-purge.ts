// /purge-grid-history: old versions of price grids (price_grid_version) that no stay
// refers to. A stay (and so its bills) names the version it was priced with
// (occupancy.price_grid_id, price_grid_version); that version, and each grid's current
// one, are never purged: left out here, and refused by the database at delete time
// (migration 0500). A booking being priced with a version while the purge runs holds a
// KEY SHARE lock on it (trigger on occupancy): the purge takes its rows FOR UPDATE SKIP
// LOCKED, so it skips that version instead of waiting; a version the trigger still finds
// in use when it is deleted (a booking committed in between) is skipped too. Purged
// versions are journaled (purged_grid_version); an occupancy can no longer name one.
import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';

export interface GridVersionCandidate {
  id: number;
  priceGridId: number;
  gridLabel: string;
  historyVersion: number;
  currentVersion: number;
  createdAt: string;
  userName: string | null;
  change: string | null;
}

const CANDIDATES = `
  SELECT v.id, v.price_grid_id AS "priceGridId", g.label AS "gridLabel", v.history_version AS "historyVersion",
         g.history_version AS "currentVersion", v.created_at AS "createdAt", v.user_name AS "userName", v.change
  FROM price_grid_version v JOIN price_grid g ON g.id = v.price_grid_id
  WHERE v.history_version < g.history_version
    AND v.created_at < ?::date
    AND NOT EXISTS (SELECT 1 FROM occupancy o
                    WHERE o.price_grid_id = v.price_grid_id AND o.price_grid_version = v.history_version)`;

type Row = Omit<GridVersionCandidate, 'createdAt'> & { createdAt: Date };
const shape = (r: Row): GridVersionCandidate => ({
  ...r,
  id: Number(r.id),
  priceGridId: Number(r.priceGridId),
  historyVersion: Number(r.historyVersion),
  currentVersion: Number(r.currentVersion),
  createdAt: new Date(r.createdAt).toISOString(),
});

/** Versions saved before `before` (YYYY-MM-DD) that would be purged. */
export async function gridVersionCandidates(
  db: Knex | Knex.Transaction,
  before: string,
): Promise<GridVersionCandidate[]> {
  const rows: Row[] = (await db.raw(`${CANDIDATES} ORDER BY g.label, v.history_version`, [before])).rows;
  return rows.map(shape);
}

export interface GridPurgeResult {
  purged: GridVersionCandidate[];
  /** versions a stay took meanwhile */
  skipped: GridVersionCandidate[];
}

/** Purges the confirmed versions (`ids`) that are still candidates. */
export async function purgeGridVersions(
  knex: Knex,
  before: string,
  ids: number[],
  user: { id: number; name: string },
): Promise<GridPurgeResult> {
  return knex.transaction(async (trx) => {
    const wanted = new Set(ids);
    const all = await gridVersionCandidates(trx, before);
    const asked = all.filter((c) => wanted.has(c.id));
    // A version asked for that is no candidate (in use, current, too recent) is refused, the whole request with it.
    const known = new Set(all.map((c) => c.id));
    const others = ids.filter((id) => !known.has(id));
    if (others.length && (await trx('price_grid_version').whereIn('id', others).first('id')))
      throw badRequest('GRID_VERSION_IN_USE');
    const lockable = new Set<number>(
      asked.length
        ? (
            await trx.raw(`SELECT id FROM price_grid_version WHERE id = ANY(?) FOR UPDATE SKIP LOCKED`, [
              asked.map((c) => c.id),
            ])
          ).rows.map((r: { id: number }) => Number(r.id))
        : [],
    );
    const purged: GridVersionCandidate[] = [];
    const skipped: GridVersionCandidate[] = [];
    for (const c of asked) {
      if (!lockable.has(c.id)) {
        skipped.push(c);
        continue;
      }
      try {
        await trx.transaction(async (sp) => {
          await sp('price_grid_version').where('id', c.id).delete();
          await sp('purged_grid_version').insert({
            priceGridId: c.priceGridId,
            historyVersion: c.historyVersion,
            label: c.gridLabel.slice(0, 80),
            createdAt: c.createdAt,
            userId: user.id,
            userName: user.name.slice(0, 120),
          });
        });
        purged.push(c);
      } catch (e) {
        if (!/GRID_VERSION_IN_USE/.test(String((e as Error).message))) throw e;
        skipped.push(c);
      }
    }
    return { purged, skipped };
  });
}
