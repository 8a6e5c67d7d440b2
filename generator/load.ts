// Reads every schemas/<entity>.schema.json, validates it against JSON Schema
// 2020-12 plus the x- vocabulary (ajv strict mode), and normalises it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildEntityMeta, checkReferences, SchemaError, type EntityMeta } from '../common/entity-meta';
import { createAjv } from '../common/validation';

export const SCHEMA_DIR = 'schemas';
const DIALECT = 'https://json-schema.org/draft/2020-12/schema';

export function loadSchemas(root: string): EntityMeta[] {
  const dir = join(root, SCHEMA_DIR);
  const files = readdirSync(dir).filter((f) => f.endsWith('.schema.json')).sort();
  const ajv = createAjv();
  const metas: EntityMeta[] = [];
  for (const file of files) {
    const name = file.replace(/\.schema\.json$/, '');
    let schema: any;
    try {
      schema = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    } catch (e) {
      throw new SchemaError(`${file}: invalid JSON (${(e as Error).message})`);
    }
    if (schema.$schema !== DIALECT) throw new SchemaError(`${file}: "$schema" must be "${DIALECT}"`);
    if (schema.type !== 'object' || typeof schema.properties !== 'object') throw new SchemaError(`${file}: an entity schema is an object with properties`);
    let meta: EntityMeta;
    try {
      meta = buildEntityMeta(name, schema);
      ajv.compile(meta.schema); // strict mode: unknown keywords and malformed x- values fail here
    } catch (e) {
      throw new SchemaError(`${file}: ${(e as Error).message}`);
    }
    metas.push(meta);
  }
  checkReferences(metas);
  return metas;
}
