// Once per integration run: the PostgreSQL server (DATABASE_URL's, or one embedded
// server in .tmp/pg-int), and on it a migrated, bootstrapped template database that
// every test file clones (`CREATE DATABASE … TEMPLATE`). Only databases named after
// the server's base database (`<db>_tpl`, `<db>_t_…`) are created and dropped.
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../api/db/connect';
import { migrateLatest } from '../../api/db/migrate';
import { bootstrap } from '../../api/demo/bootstrap';
import { setUpRuntimeRole } from '../../api/db/roles';
import {
  createDatabase,
  dropDatabase,
  dropDatabasesLike,
  RUNTIME_PASSWORD,
  runtimeRoleOf,
  startPgServer,
  urlFor,
} from '../pg';
import { ADMIN_PASSWORD } from './db';
import { seedFutureYears } from '../future-years';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    templateDatabase: string;
    databasePrefix: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startPgServer('pg-int', { throwaway: true });
  const template = `${server.prefix}_tpl`;
  // What a previous run killed half-way left behind.
  await dropDatabasesLike(server.url, `${server.prefix}_t_`);
  await dropDatabase(server.url, template);
  await createDatabase(server.url, template);
  const db = await openDatabase({ url: urlFor(server.url, template), pool: 1, statementTimeoutMs: 0 });
  try {
    await migrateLatest(db.knex);
    await bootstrap(db.knex, { adminPassword: ADMIN_PASSWORD, demo: false });
    await seedFutureYears(db.knex);
    // The servers under test log in as the runtime role: its grants travel with each clone.
    await setUpRuntimeRole(db.knex, runtimeRoleOf(server.prefix), RUNTIME_PASSWORD);
    // Planner statistics every clone copies (a clone's own activity counters start at zero).
    await db.knex.raw('ANALYZE');
  } finally {
    await db.close();
  }
  project.provide('databaseUrl', server.url);
  project.provide('templateDatabase', template);
  project.provide('databasePrefix', server.prefix);
  return async () => {
    await dropDatabasesLike(server.url, `${server.prefix}_t_`);
    await dropDatabase(server.url, template);
    await server.stop();
  };
}
