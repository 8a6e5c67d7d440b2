// Hand-written: files kept in the database (uploaded place images, later generated
// documents), so that every API process, on any host, reads the same files and a
// backup of the database holds them all. A file is named by a relative reference
// made by the module that stores it (e.g. `place-12/<random>.png`).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE "stored_file" (
    "ref" varchar(300) PRIMARY KEY CHECK ("ref" ~ '^[a-z0-9-]+(/[a-z0-9-]+)*\\.[a-z0-9]+$'),
    "mime" varchar(100) NOT NULL,
    "size" integer NOT NULL CHECK ("size" >= 0),
    "data" bytea NOT NULL,
    "created_at" timestamptz NOT NULL DEFAULT now()
  )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE "stored_file"');
}
