// Hand-written: the database's own guarantees for users, rights and periods, and
// the establishment's logos.
// - rights flags form a level: delete needs write, write needs read, export needs read;
// - financial years and activity periods never overlap (inclusive [start, end]) and
//   cover whole months (start on the 1st, end on a month's last day);
// - logos (establishment and group) are stored as bytes beside the establishment.
import type { Knex } from 'knex';

const RIGHTS = ['group_right', 'user_right'];
const PERIODS = ['financial_year', 'activity_period'];

export async function up(knex: Knex): Promise<void> {
  for (const t of RIGHTS) {
    await knex.raw(`ALTER TABLE "${t}" ADD CONSTRAINT "ck_${t}__level" CHECK ((NOT "can_delete" OR "can_write") AND (NOT "can_write" OR "can_read") AND (NOT "can_export" OR "can_read"))`);
  }
  for (const t of PERIODS) {
    await knex.raw(`ALTER TABLE "${t}" ADD CONSTRAINT "ex_${t}__overlap" EXCLUDE USING gist (daterange("start_date", "end_date", '[]') WITH &&)`);
    await knex.raw(`ALTER TABLE "${t}" ADD CONSTRAINT "ck_${t}__whole_months" CHECK (extract(day from "start_date") = 1 AND extract(day from "end_date" + 1) = 1)`);
  }
  await knex.raw(`CREATE TABLE "establishment_logo" (
    "establishment_id" integer NOT NULL REFERENCES "establishment" ("id") ON DELETE CASCADE,
    "kind" varchar(10) NOT NULL CHECK ("kind" IN ('logo', 'group')),
    "mime" varchar(40) NOT NULL,
    "data" bytea NOT NULL,
    "updated_at" timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY ("establishment_id", "kind")
  )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE "establishment_logo"');
  for (const t of [...PERIODS].reverse()) {
    await knex.raw(`ALTER TABLE "${t}" DROP CONSTRAINT "ck_${t}__whole_months"`);
    await knex.raw(`ALTER TABLE "${t}" DROP CONSTRAINT "ex_${t}__overlap"`);
  }
  for (const t of [...RIGHTS].reverse()) await knex.raw(`ALTER TABLE "${t}" DROP CONSTRAINT "ck_${t}__level"`);
}
