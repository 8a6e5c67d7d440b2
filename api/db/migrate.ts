// Runs the migrations listed in migrations/index.ts (generated) through knex.
import type { Knex } from 'knex';
import { MIGRATIONS } from '../../migrations/index';

const source: Knex.MigrationSource<string> = {
  getMigrations: async () => MIGRATIONS.map(([name]) => name),
  getMigrationName: (name) => name,
  getMigration: async (name) => MIGRATIONS.find(([n]) => n === name)![1],
};

const config = { migrationSource: source, tableName: 'knex_migrations' };

export async function migrateLatest(knex: Knex): Promise<string[]> {
  const [, applied] = await knex.migrate.latest(config);
  return applied;
}

export async function migrateDownAll(knex: Knex): Promise<void> {
  await knex.migrate.rollback(config, true);
}
