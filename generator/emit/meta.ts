// common/generated/meta/<entity>.ts: the normalised metadata, read by the API and the admin.
import type { EntityMeta } from '../../common/entity-meta';
import { BANNER } from './banner';

export function emitMeta(metas: EntityMeta[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of metas) {
    out[`common/generated/meta/${m.name}.ts`] =
      `${BANNER}\nimport type { EntityMeta } from '../../entity-meta';\n\nexport const meta: EntityMeta = ` +
      `${JSON.stringify(m, null, 2)};\n`;
  }
  const imports = metas.map((m, i) => `import { meta as m${i} } from './${m.name}';`).join('\n');
  out['common/generated/meta/index.ts'] =
    `${BANNER}\nimport type { EntityMeta } from '../../entity-meta';\n${imports}\n\nexport const ENTITY_METAS: ` +
    `EntityMeta[] = [${metas.map((_, i) => `m${i}`).join(', ')}];\n`;
  return out;
}
