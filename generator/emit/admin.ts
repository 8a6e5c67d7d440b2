// admin/src/generated/: one react-admin resource per entity (list and edit screens,
// inputs by type, references, French enum labels) and the registry App.tsx reads.
import type { EntityMeta, FieldMeta } from '../../common/entity-meta';
import { BANNER } from './banner';

const attr = (s: string) => JSON.stringify(s);

function choices(f: FieldMeta): string {
  const items = f.enum!.map(
    (v) => `{ id: ${JSON.stringify(v)}, name: ${attr(f.enumLabels?.[String(v)] ?? String(v))} }`,
  );
  return `[${items.join(', ')}]`;
}

function listField(f: FieldMeta, byName: Map<string, EntityMeta>, used: Set<string>): string {
  const common = `source=${attr(f.name)} label=${attr(f.label)}`;
  const use = (c: string) => {
    used.add(c);
    return c;
  };
  switch (f.kind) {
    case 'ref':
      return `<${use('RefField')} ${common} reference=${attr(byName.get(f.ref!.entity)!.name)} link={false} />`;
    case 'money':
      return `<${use('MoneyField')} ${common} />`;
    case 'rate':
      return `<${use('RateField')} ${common} />`;
    case 'date':
      return `<${use('DateFr')} ${common} />`;
    case 'datetime':
      return `<${use('DateTimeFr')} ${common} />`;
    case 'boolean':
      return `<${use('BooleanField')} ${common} />`;
    case 'enum':
      return `<${use('EnumField')} ${common} choices={${choices(f)}} />`;
    case 'color':
      return `<${use('ColorField')} ${common} />`;
    case 'integer':
    case 'number':
    case 'id':
      return `<${use('NumberFr')} ${common} />`;
    default:
      return `<${use('TextField')} ${common} />`;
  }
}

function input(f: FieldMeta, byName: Map<string, EntityMeta>, used: Set<string>): string {
  const use = (c: string) => {
    used.add(c);
    return c;
  };
  const flags = [f.required ? 'isRequired' : '', f.readOnly ? 'readOnly' : ''].filter(Boolean).join(' ');
  const common = `source=${attr(f.name)} label=${attr(f.label)}${flags ? ` ${flags}` : ''}`;
  switch (f.kind) {
    case 'ref': {
      const target = byName.get(f.ref!.entity)!;
      const searchable = target.searchFields.length > 0;
      return (
        `<${use('RefInput')} ${common} reference=${attr(target.name)} optionText=${attr(target.representation)}` +
        `${searchable ? ' searchable' : ''} />`
      );
    }
    case 'money':
      return `<${use('MoneyInput')} ${common} />`;
    case 'rate':
      return `<${use('RateInput')} ${common} />`;
    case 'date':
      return `<${use('DateInputFr')} ${common} />`;
    case 'datetime':
      return `<${use('DateTimeInputFr')} ${common} />`;
    case 'boolean':
      return `<${use('BooleanInput')} ${common} />`;
    case 'enum':
      return `<${use('EnumInput')} ${common} choices={${choices(f)}} />`;
    case 'color':
      return `<${use('ColorInput')} ${common} />`;
    case 'integer':
      return `<${use('NumberInputFr')} ${common} integer />`;
    case 'number':
      return `<${use('NumberInputFr')} ${common} />`;
    case 'password':
      return `<${use('PasswordInput')} ${common} />`;
    case 'json':
      return `<${use('JsonInput')} ${common} />`;
    case 'text':
      return `<${use('TextInput')} ${common} multiline minRows={3} />`;
    default:
      return `<${use('TextInput')} ${common} />`;
  }
}

const RA = new Set(['BooleanField', 'TextField', 'BooleanInput', 'TextInput', 'PasswordInput']);

function resource(m: EntityMeta, byName: Map<string, EntityMeta>): string {
  const used = new Set<string>();
  const fields = new Map(m.fields.map((f) => [f.name, f]));
  const cols = m.listFields.map((n) => `      ${listField(fields.get(n)!, byName, used)}`);
  const inputs = m.fields.filter((f) => !f.system && !f.hidden).map((f) => `      ${input(f, byName, used)}`);
  // Passwords are write-only: an input, never a column.
  for (const f of m.fields.filter((x) => x.kind === 'password')) inputs.push(`      ${input(f, byName, used)}`);
  const ra = [...used].filter((c) => RA.has(c)).sort();
  const ours = [...used].filter((c) => !RA.has(c)).sort();
  const raImport = ra.length ? `import { ${ra.join(', ')} } from 'react-admin';\n` : '';
  const oursNames = ['EntityForm', 'EntityList', ...ours].join(', ');
  const oursImport = `import { ${oursNames} } from '../../entity';`;
  return `${BANNER}
${raImport}${oursImport}
import { meta } from '../../../../common/generated/meta/${m.name}';

export function List() {
  return (
    <EntityList meta={meta}>
${cols.join('\n')}
    </EntityList>
  );
}

export function Edit() {
  return (
    <EntityForm meta={meta}>
${inputs.join('\n')}
    </EntityForm>
  );
}
`;
}

export function emitAdmin(metas: EntityMeta[]): Record<string, string> {
  const byName = new Map(metas.map((m) => [m.name, m]));
  const out: Record<string, string> = {};
  const entries: string[] = [];
  for (const m of metas) {
    const info = {
      name: m.name,
      base: m.base,
      label: m.label,
      menu: m.menu ?? null,
      functionality: m.functionality,
      routes: m.routes,
      representation: m.representation,
    };
    const json = JSON.stringify(info).slice(0, -1);
    if (m.generatedAdmin) {
      out[`admin/src/generated/resources/${m.name}.tsx`] = resource(m, byName);
      entries.push(`  ${json}, load: () => import('./resources/${m.name}') },`);
    } else {
      entries.push(`  ${json}, load: null },`);
    }
  }
  out['admin/src/generated/registry.ts'] = `${BANNER}
import type { ResourceEntry } from '../entity/types';

export const RESOURCES: ResourceEntry[] = [
${entries.join('\n')}
];
`;
  return out;
}
