// Hand-written: extensions and the text-folding function that the generated
// search indexes use. Extensions live in "public" and are shared by every schema
// of the database, so `down` leaves them in place.
import type { Knex } from 'knex';

// Each accented letter and the letter it folds to, for accent-insensitive search.
const FOLD: [string, string][] = [
  ['àáâãäåā', 'a'], ['çćč', 'c'], ['èéêëēėę', 'e'], ['îïíīįì', 'i'], ['ł', 'l'], ['ñń', 'n'],
  ['ôöòóœøōõ', 'o'], ['śš', 's'], ['ûüùúū', 'u'], ['ÿ', 'y'], ['žźż', 'z'],
];
const from = FOLD.map(([chars]) => chars).join('');
const to = FOLD.map(([chars, letter]) => letter.repeat([...chars].length)).join('');

export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS btree_gist WITH SCHEMA public');
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
  await knex.raw(
    `CREATE FUNCTION bv_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT translate(lower(t), '${from}', '${to}') $$`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION bv_fold(text)');
}
