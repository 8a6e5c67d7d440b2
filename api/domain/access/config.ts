// The access-control connectors (§1 (docs/README.md#what-bivouac-does): one `access-control` module per barrier system,
// grid /admin/module/access-control-grid). Their settings (common/modules.ts) are read here:
// apiUrl (where the stay's events are pushed), apiLogin and siteId (sent with each event),
// createBadgeOnArrival (a badge made at check-in), pullToken (the barrier's polling secret).
import { timingSafeEqual, createHash } from 'node:crypto';
import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export interface AccessConnector {
  id: number;
  label: string;
  provider: string | null;
  apiUrl: string | null;
  apiLogin: string | null;
  siteId: string | null;
  createBadgeOnArrival: boolean;
  pullToken: string | null;
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

export function connectorOf(row: Record<string, unknown>): AccessConnector {
  const s = (row.settings ?? {}) as Record<string, unknown>;
  return {
    id: row.id as number,
    label: row.label as string,
    provider: (row.provider as string | null) ?? null,
    apiUrl: str(s.apiUrl),
    apiLogin: str(s.apiLogin),
    siteId: str(s.siteId),
    // the catalogue's default: a campsite with a barrier hands out a badge at check-in
    createBadgeOnArrival: typeof s.createBadgeOnArrival === 'boolean' ? s.createBadgeOnArrival : true,
    pullToken: str(s.pullToken),
  };
}

/** The active access-control connectors. */
export async function activeConnectors(db: Db): Promise<AccessConnector[]> {
  const rows = await db('module_config').where({ kind: 'access-control', isActive: true }).orderBy('id');
  return rows.map(connectorOf);
}

export async function loadConnector(db: Db, id: number): Promise<AccessConnector | null> {
  const row = await db('module_config').where({ id, kind: 'access-control' }).first();
  return row ? connectorOf(row) : null;
}

/** A token shorter than this is never accepted: a guessable secret would open the list of plates. */
export const MIN_TOKEN_LENGTH = 16;

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The active connector whose pull token is `token` (compared in constant time), or null. */
export async function connectorOfToken(db: Db, token: string | undefined): Promise<AccessConnector | null> {
  if (!token || token.length < MIN_TOKEN_LENGTH || token.length > 200) return null;
  let found: AccessConnector | null = null;
  for (const c of await activeConnectors(db)) {
    if (c.pullToken && c.pullToken.length >= MIN_TOKEN_LENGTH && timingSafeEqual(digest(c.pullToken), digest(token)))
      found = c;
  }
  return found;
}
