// common/generated/types/<entity>.ts: TypeScript record types (json-schema-to-typescript).
import { compile } from 'json-schema-to-typescript';
import type { EntityMeta } from '../../common/entity-meta';
import { BANNER } from './banner';

function stripVocabulary(node: any): any {
  if (Array.isArray(node)) return node.map(stripVocabulary);
  if (node && typeof node === 'object') {
    return Object.fromEntries(Object.entries(node).filter(([k]) => !k.startsWith('x-')).map(([k, v]) => [k, stripVocabulary(v)]));
  }
  return node;
}

export async function emitTypes(metas: EntityMeta[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const m of metas) {
    const schema = stripVocabulary(m.schema);
    delete schema.$id;
    schema.title = m.typeName;
    // A stored record always has its system fields.
    schema.required = [...new Set([...m.fields.filter((f) => f.system).map((f) => f.name), ...(schema.required ?? [])])];
    const ts = await compile(schema, m.typeName, {
      bannerComment: BANNER,
      additionalProperties: false,
      unknownAny: true,
      strictIndexSignatures: true,
      format: true,
    });
    out[`common/generated/types/${m.name}.ts`] = ts;
  }
  out['common/generated/types/index.ts'] = `${BANNER}\n${metas.map((m) => `export type { ${m.typeName} } from './${m.name}';`).join('\n')}\n`;
  return out;
}
