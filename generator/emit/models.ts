// api/generated/models.ts: Objection models with their relations, for domain modules.
import type { EntityMeta } from '../../common/entity-meta';
import { BANNER } from './banner';

export function emitModels(metas: EntityMeta[]): Record<string, string> {
  const byName = new Map(metas.map((m) => [m.name, m]));
  const lines: string[] = [BANNER, "import { Model, type RelationMappings } from 'objection';"];
  lines.push(`import type { ${metas.map((m) => `${m.typeName} as ${m.typeName}Row`).join(', ')} } from '../../common/generated/types';`, '');
  for (const m of metas) {
    const rels = m.fields.filter((f) => f.ref).map((f) => {
      const target = byName.get(f.ref!.entity)!;
      const relName = f.name.replace(/Id$/, '');
      return `      ${relName}: { relation: Model.BelongsToOneRelation, modelClass: ${target.typeName}Model, join: { from: '${m.table}.${f.name}', to: '${target.table}.id' } },`;
    });
    lines.push(`export class ${m.typeName}Model extends Model {`);
    lines.push(`  static override tableName = '${m.table}';`);
    if (rels.length) {
      lines.push('  static override get relationMappings(): RelationMappings {', '    return {', ...rels, '    };', '  }');
    }
    lines.push('}', `export interface ${m.typeName}Model extends ${m.typeName}Row {}`, '');
  }
  return { 'api/generated/models.ts': lines.join('\n') };
}
