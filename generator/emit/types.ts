// common/generated/types/<entity>.ts: for each entity its input type (json-schema-to-typescript:
// what a save sends, fields optional as the schema says) and beside it its stored-record
// type `<Type>Record`: what a knex read or an API answer holds, every readable column
// present (null when empty), hidden fields (passwords) left out. Domain code types its
// reads with the record (`knex<BookingRecord>('booking')`), the admin its `api<T>()` calls.
import { compile } from 'json-schema-to-typescript';
import type { JSONSchema4 } from 'json-schema';
import type { EntityMeta } from '../../common/entity-meta';
import { BANNER } from './banner';

function stripVocabulary(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(stripVocabulary);
  if (node && typeof node === 'object') {
    return Object.fromEntries(
      Object.entries(node)
        .filter(([k]) => !k.startsWith('x-'))
        .map(([k, v]) => [k, stripVocabulary(v)]),
    );
  }
  return node;
}

/** The stored record: every readable field required (a nullable one keeps its null), hidden ones left out. */
function recordType(m: EntityMeta): string {
  const hidden = m.fields.filter((f) => f.hidden).map((f) => `'${f.name}'`);
  const base = hidden.length ? `Omit<${m.typeName}, ${hidden.join(' | ')}>` : m.typeName;
  return (
    `/** A stored ${m.label.one} as a read returns it: every column present, null when empty. */\nexport type ` +
    `${m.typeName}Record = Required<${base}>;\n`
  );
}

/**
 * Entity name → its types, so code keyed by an entity name (`registerHooks('booking', …)`,
 * `saveRecord(knex, entityMeta('booking'), …)`) gets that entity's record without naming it.
 */
function entityMap(metas: EntityMeta[]): string {
  const entries = (suffix: string) => metas.map((m) => `  '${m.name}': ${m.typeName}${suffix};`).join('\n');
  // From each entity's file, not from index.ts (which re-exports this one): no import cycle.
  const imports = metas.map((m) => `import type { ${m.typeName}, ${m.typeName}Record } from './${m.name}';`);
  return (
    `${BANNER}\n${imports.join('\n')}\n\n` +
    `/** Per entity, what a save sends (fields optional as the schema says). */\n` +
    `export interface EntityInputs {\n${entries('')}\n}\n\n` +
    `/** Per entity, a stored record as a read returns it. */\n` +
    `export interface EntityRecords {\n${entries('Record')}\n}\n\n` +
    `export type EntityName = keyof EntityRecords;\n`
  );
}

export async function emitTypes(metas: EntityMeta[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const m of metas) {
    // an object in, an object out: the entity's JSON Schema without its x- keywords
    const schema = stripVocabulary(m.schema) as JSONSchema4;
    delete schema.$id;
    schema.title = m.typeName;
    // A stored record always has its system fields.
    schema.required = [
      ...new Set([
        ...m.fields.filter((f) => f.system).map((f) => f.name),
        ...((schema.required as string[] | undefined) ?? []),
      ]),
    ];
    const ts = await compile(schema, m.typeName, {
      bannerComment: BANNER,
      additionalProperties: false,
      unknownAny: true,
      strictIndexSignatures: true,
      format: true,
    });
    out[`common/generated/types/${m.name}.ts`] = `${ts}\n${recordType(m)}`;
  }
  out['common/generated/types/index.ts'] =
    `${BANNER}\n` +
    `${metas.map((m) => `export type { ${m.typeName}, ${m.typeName}Record } from './${m.name}';`).join('\n')}\n` +
    `export type { EntityInputs, EntityName, EntityRecords } from './entity-map';\n`;
  out['common/generated/types/entity-map.ts'] = entityMap(metas);
  return out;
}
