// Hand-written: bv_fold (0001) as a one-line SQL function is inlined by the planner,
// which then prices its translate() like any cheap operator and prefers a sequential
// scan to the trigram indexes of the search fields — 1,5 s instead of 50 ms for a
// search on 50 000 users in PGlite (tests/bench/rest.bench.ts). As PL/pgSQL with a
// declared cost it is no longer inlined: the planner sees its real price and the
// indexes (whose expressions call the same function) are used. Same body, same
// results, so the indexes need no rebuild.
import type { Knex } from 'knex';

async function body(knex: Knex): Promise<string> {
  const r = await knex.raw(`SELECT prosrc FROM pg_proc WHERE oid = 'bv_fold(text)'::regprocedure`);
  return String(r.rows[0].prosrc).trim();
}

export async function up(knex: Knex): Promise<void> {
  const expr = (await body(knex)).replace(/^SELECT\s+/i, '');
  await knex.raw(`CREATE OR REPLACE FUNCTION bv_fold(t text) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE COST 500 AS $fold$ BEGIN RETURN ${expr}; END $fold$`);
}

export async function down(knex: Knex): Promise<void> {
  const expr = (await body(knex)).replace(/^BEGIN\s+RETURN\s+/i, '').replace(/;\s*END$/i, '');
  await knex.raw(`CREATE OR REPLACE FUNCTION bv_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fold$ SELECT ${expr} $fold$`);
}
