// common/generated/entities.ts: the entities by name, for the admin's typed door to the
// generic routes (admin/src/records.ts, issue 23 §2, docs/history.md#issue-23): per entity the type a save sends,
// the record a read answers, the parents its rows are listed by (`{base}/{parent}/{id}`),
// whether it is written and ordered through the API — and, at run time, its route base.
import type { EntityMeta } from '../../common/entity-meta';
import type { RouteDef } from '../../common/route-def';
import { BANNER } from './banner';

const union = (items: string[]) => (items.length ? items.map((s) => `'${s}'`).join(' | ') : 'never');

export function emitEntityMap(metas: EntityMeta[], routes: RouteDef[]): Record<string, string> {
  const types = metas.map((m) => {
    const own = routes.filter((r) => r.entity === m.name);
    const parents = own
      .filter((r) => r.op === 'byParent')
      .map((r) => r.path.slice(`/rest/${m.base}/`.length, -'/:id'.length));
    const writable = own.some((r) => r.op === 'create');
    const ordered = own.some((r) => r.op === 'order');
    return (
      `  '${m.name}': {\n    input: T.${m.typeName};\n    record: T.${m.typeName}Record;\n` +
      `    parent: ${union(parents)};\n    writable: ${writable};\n    ordered: ${ordered};\n  };`
    );
  });
  const bases = metas.map((m) => `  '${m.name}': '${m.base}',`);
  return {
    'common/generated/entities.ts':
      `${BANNER}\nimport type * as T from './types/index';\n\n` +
      `/** Per entity: what a save sends, what a read answers, its parents, whether it is written and ordered. */\n` +
      `export interface EntityTypes {\n${types.join('\n')}\n}\n\n` +
      `export type EntityName = keyof EntityTypes;\n\n` +
      `/** Each entity's route base under /rest (\`activity-period\` → \`establishment/activity-period\`). */\n` +
      `export const ENTITY_BASES: { readonly [E in EntityName]: string } = {\n${bases.join('\n')}\n};\n`,
  };
}
