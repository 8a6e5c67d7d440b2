// Reads every schemas/<entity>.schema.json, validates it against JSON Schema
// 2020-12 plus the x- vocabulary (ajv strict mode), and normalises it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  buildEntityMeta,
  checkReferences,
  SchemaError,
  type EntityMeta,
  type EntitySchemaFile,
} from '../common/entity-meta';
import { createAjv } from '../common/validation';

export const SCHEMA_DIR = 'schemas';
const DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/** ajv's compile error as a SchemaError naming the file and, where ajv says it, the keyword's place. */
function compileOrExplain(ajv: ReturnType<typeof createAjv>, file: string, schema: object): void {
  const clean = JSON.parse(JSON.stringify(schema)); // drops the undefined $schema
  try {
    ajv.compile(clean);
  } catch (e) {
    const msg = (e as Error).message.replace(/^schema is invalid: /, '');
    const where = ajv.errors?.length ? ajv.errorsText(ajv.errors, { dataVar: 'schema' }) : msg;
    throw new SchemaError(`${file}: ${where}`);
  } finally {
    if (clean.$id) ajv.removeSchema(clean.$id);
  }
}

export function loadSchemas(root: string): EntityMeta[] {
  const dir = join(root, SCHEMA_DIR);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.schema.json'))
    .sort();
  const ajv = createAjv();
  const metas: EntityMeta[] = [];
  for (const file of files) {
    const name = file.replace(/\.schema\.json$/, '');
    let schema: Record<string, unknown>;
    try {
      schema = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    } catch (e) {
      throw new SchemaError(`${file}: invalid JSON (${(e as Error).message})`);
    }
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
      throw new SchemaError(`${file}: an entity schema is a JSON object`);
    if (schema.$schema !== DIALECT) throw new SchemaError(`${file}: "$schema" must be "${DIALECT}"`);
    if (schema.type !== 'object' || typeof schema.properties !== 'object' || schema.properties === null)
      throw new SchemaError(`${file}: an entity schema is an object ("type": "object") with "properties"`);
    // The file as written first (strict mode: unknown keywords and malformed x- values
    // fail here, naming the keyword), then the normalised schema the API validates with.
    compileOrExplain(ajv, file, { ...schema, $schema: undefined });
    let meta: EntityMeta;
    try {
      // The file passed the strict check above: its keywords have the shapes EntitySchemaFile gives them.
      meta = buildEntityMeta(name, schema as EntitySchemaFile);
    } catch (e) {
      throw e instanceof SchemaError
        ? new SchemaError(`${file}: ${e.message}`)
        : new SchemaError(
            `${file}: the schema could not be read (${(e as Error).message}); check its keywords against ` +
              `schemas/README.md`,
          );
    }
    compileOrExplain(ajv, file, meta.schema);
    metas.push(meta);
  }
  checkReferences(metas);
  return metas;
}
