// Hand-written (issue 30): the Clicamp, Easycamp and Todocamp module screens are gone
// (common/modules.ts says why: no API to connect to, settings nothing read). Their
// records, seeded inactive with nothing but an address, a login and a site id, go too:
// kept, they would show on the modules grid as kinds no screen opens.
import type { Knex } from 'knex';

const KINDS = ['clicamp', 'easycamp', 'todocamp'];

export async function up(knex: Knex): Promise<void> {
  await knex('module_config').whereIn('kind', KINDS).delete();
}

export async function down(): Promise<void> {
  // Nothing to put back: the records held no data of the campsite's.
}
