// Hand-written: login throttling and backup bookkeeping (data-safety issue).
import type { Knex } from 'knex';

export async function up(_knex: Knex): Promise<void> {}

export async function down(_knex: Knex): Promise<void> {}
