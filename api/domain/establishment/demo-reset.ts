// /init-demo: replaces the business data with the demo data set. Users, rights,
// the establishment, settings, modules, financial years and the history stay.
// Refused when anything the law protects exists: rows of the append-only entities
// of the payment / invoice area (NF525 ledger, closures…), and whatever other
// modules declare through `registerProtectedData` (e.g. billing: "bills exist").
// Other append-only data (e.g. catalogue versions) is business data: it goes too,
// its triggers switched off for the time of the reset transaction.
import type { Knex } from 'knex';
import { allEntities, entityMeta } from '../../rest/entities';
import { badRequest } from '../../http/errors';
import { recordHistory } from '../../rest/history';
import { seedDemo } from '../../demo/index';
import { currentEstablishment } from './company';

/** Configuration entities kept by a reset; others may add theirs. */
const KEEP = new Set([
  'user',
  'group',
  'user-group',
  'group-right',
  'user-right',
  'establishment',
  'post-history',
  'setting',
  'tile',
  'user-tile',
  'module',
  'financial-year',
  'activity-period',
  'header-custom-name',
]);
/** Hand-written tables that are not business data. */
const KEEP_TABLES = new Set([
  'user_session',
  'login_attempt',
  'login_throttle',
  'backup_run',
  'backup_config',
  'establishment_logo',
  'knex_migrations',
  'knex_migrations_lock',
]);

/** Answers a French description of legally protected data when some exists, else null. */
export type ProtectedDataCheck = (knex: Knex | Knex.Transaction) => Promise<string | null>;
const checks: ProtectedDataCheck[] = [];

export function registerProtectedData(check: ProtectedDataCheck): void {
  checks.push(check);
}

/** A configuration entity that a demo reset keeps. */
export function keepOnDemoReset(entity: string): void {
  entityMeta(entity);
  KEEP.add(entity);
}

/** Append-only entities of the payment / invoice area are protected by law (NF525). */
const isLegalLedger = (m: { appendOnly: boolean; functionality: string; name: string }) =>
  m.appendOnly && m.name !== 'post-history' && m.functionality.startsWith('invoice.');

export async function protectedData(knex: Knex | Knex.Transaction): Promise<string[]> {
  const found: string[] = [];
  for (const m of allEntities()) {
    if (!isLegalLedger(m)) continue;
    if (await knex(m.table).first('id')) found.push(m.label.many);
  }
  for (const check of checks) {
    const what = await check(knex);
    if (what) found.push(what);
  }
  return found;
}

/** Tables referencing `tables` (foreign keys), by name. */
async function referencing(trx: Knex.Transaction, tables: string[]): Promise<{ from: string; to: string }[]> {
  if (!tables.length) return [];
  const { rows } = await trx.raw(
    `SELECT DISTINCT c.conrelid::regclass::text AS "from", c.confrelid::regclass::text AS "to"
       FROM pg_constraint c WHERE c.contype = 'f' AND c.confrelid::regclass::text = ANY(?)`,
    [tables],
  );
  return rows.map((r: { from: string; to: string }) => ({
    from: String(r.from).replace(/^.*\./, '').replace(/"/g, ''),
    to: String(r.to).replace(/^.*\./, '').replace(/"/g, ''),
  }));
}

/** Tables with a trigger of their own on TRUNCATE (pg_trigger.tgtype bit 5). */
async function tablesWithTruncateTriggers(trx: Knex.Transaction): Promise<Set<string>> {
  const { rows } = await trx.raw(
    `SELECT DISTINCT c.relname AS name FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
      WHERE NOT g.tgisinternal AND (g.tgtype & 32) <> 0 AND c.relnamespace = current_schema()::regnamespace`,
  );
  return new Set(rows.map((r: { name: string }) => r.name));
}

export async function resetDemo(knex: Knex, userId: number | null): Promise<{ truncated: string[] }> {
  const found = await protectedData(knex);
  if (found.length) throw badRequest('DEMO_RESET_PROTECTED', undefined, { what: found.join(', ') });
  const keptTables = new Set([
    ...KEEP_TABLES,
    ...allEntities()
      .filter((m) => KEEP.has(m.name) || isLegalLedger(m))
      .map((m) => m.table),
  ]);
  const business = allEntities()
    .filter((m) => !keptTables.has(m.table))
    .map((m) => m.table);
  return knex.transaction(async (trx) => {
    // Business tables of other modules that reference these (hand-written tables) go too.
    const all = new Set(business);
    for (let frontier = [...business]; frontier.length;) {
      const refs = await referencing(trx, frontier);
      frontier = [];
      for (const { from, to } of refs) {
        if (all.has(from)) continue;
        // A kept table (e.g. bills, empty here since protectedData found none) that can
        // reference business rows is emptied with them; one holding rows is a bug.
        if (keptTables.has(from) && (await trx(from).first(trx.raw('1')))) {
          throw new Error(`init-demo: kept table ${from} references business table ${to}`);
        }
        all.add(from);
        frontier.push(from);
      }
    }
    const tables = [...all];
    // The TRUNCATE guards (every append-only entity's, and hand-written tables' such as the
    // declarations sent) refuse it: off for this transaction only. What the law or a third
    // party keeps was refused above (protectedData).
    const truncateGuarded = await tablesWithTruncateTriggers(trx);
    const guarded = tables.filter((t) => truncateGuarded.has(t));
    for (const t of guarded) await trx.raw(`ALTER TABLE "${t}" DISABLE TRIGGER USER`);
    if (tables.length) await trx.raw(`TRUNCATE ${tables.map((t) => `"${t}"`).join(', ')} RESTART IDENTITY`);
    for (const t of guarded) await trx.raw(`ALTER TABLE "${t}" ENABLE TRIGGER USER`);
    await seedDemo(trx, { demo: true });
    const est = await currentEstablishment(trx);
    if (est) {
      await recordHistory(trx, {
        userId,
        entity: entityMeta('establishment'),
        recordId: est.id,
        action: 'action',
        detail: 'Données de démonstration réinitialisées',
      });
    }
    return { truncated: tables.sort() };
  });
}
