// Hand-written (planning area): the bytes of the site plan image, beside the `plan`
// entity (schemas/plan.schema.json holds its type, size and settings). A separate
// table keeps the image out of every generic read of /rest/plan.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE "plan_image" (
  "plan_id" integer PRIMARY KEY REFERENCES "plan" ("id") ON DELETE CASCADE,
  "mime" varchar(40) NOT NULL,
  "data" bytea NOT NULL,
  "updated_at" timestamptz NOT NULL DEFAULT now()
)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE "plan_image"');
}
