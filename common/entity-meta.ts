// Normalises one entity schema (schemas/<name>.schema.json) into the metadata the
// generator, the generic router and the admin all read. Pure: no I/O.
import { camelToSnake, kebabToCamel, kebabToPascal, kebabToSnake } from './names';
import { FUNCTIONALITY_KEYS } from './functionalities';
import {
  type EntityJsonSchema,
  type EntitySchemaFile,
  type FieldKind,
  type FieldMeta,
  type EntityMeta,
  type PropertySchema,
  SchemaError,
} from './entity-meta-types';
import { baseType, enumValues, defaultMaxLength, fieldKind, sqlType } from './entity-field-kinds';
export {
  type FieldKind,
  type SqlType,
  type DefaultFrom,
  type FieldMeta,
  type EntityMeta,
  type EntityJsonSchema,
  type EntitySchemaFile,
  type PropertySchema,
  SchemaError,
  DEFAULT_MAX_LENGTH,
} from './entity-meta-types';
export { enumLabels } from './entity-field-kinds';

const SYSTEM_FIELDS: Record<string, PropertySchema> = {
  id: { type: 'integer', readOnly: true, 'x-label': 'Identifiant' },
  createdAt: { type: 'string', format: 'date-time', readOnly: true, 'x-label': 'Créé le' },
  updatedAt: { type: 'string', format: 'date-time', readOnly: true, 'x-label': 'Modifié le' },
  // Optimistic concurrency: bumped by a database trigger on every change; a save must
  // send back the version it read (api/rest/write.ts). Append-only rows never change.
  version: { type: 'integer', readOnly: true, 'x-label': 'Version' },
};

export function buildEntityMeta(name: string, schema: EntitySchemaFile): EntityMeta {
  if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new SchemaError(`${name}: file name must be kebab-case`);
  const timestamps = schema['x-timestamps'] !== false;
  const declared = schema.properties ?? {};
  const required: string[] = schema.required ?? [];
  const systemProps = Object.fromEntries(
    Object.entries(SYSTEM_FIELDS).filter(
      ([k]) => k === 'id' || (k === 'version' ? schema['x-append-only'] !== true : timestamps),
    ),
  );
  for (const k of Object.keys(systemProps)) {
    if (k in declared) throw new SchemaError(`${name}: "${k}" is added by the generator, do not declare it`);
  }
  for (const r of required) {
    if (!(r in declared)) throw new SchemaError(`${name}: "required" names unknown field "${r}"`);
  }
  const properties: Record<string, PropertySchema> = { ...systemProps, ...declared };
  const fields: FieldMeta[] = [];
  for (const [fname, declaredProp] of Object.entries(properties)) {
    const where = `${name}.${fname}`;
    if (!/^[a-z][a-zA-Z0-9]*$/.test(fname)) throw new SchemaError(`${where}: field names are camelCase`);
    if (typeof declaredProp !== 'object' || declaredProp === null || Array.isArray(declaredProp))
      throw new SchemaError(`${where}: a field is an object of keywords`);
    let prop = declaredProp;
    let bt: { type: string; nullable: boolean };
    let kind: FieldKind;
    let values: (string | number)[] | undefined;
    try {
      bt = baseType(prop);
      values = enumValues(prop, bt.type, bt.nullable);
      kind = fieldKind(fname, prop, bt.type);
    } catch (e) {
      throw new SchemaError(`${where}: ${(e as Error).message}`);
    }
    // What the API and the forms validate with: a nullable enum accepts null (cleared
    // input), and every string is bounded (a default maxLength when none is given).
    // values come from the "enum" keyword (enumValues), so it is there.
    if (values && bt.nullable && !prop.enum!.includes(null)) prop = { ...prop, enum: [...prop.enum!, null] };
    const maxLength = prop.maxLength ?? defaultMaxLength(kind, prop);
    if (maxLength !== undefined && prop.maxLength === undefined) prop = { ...prop, maxLength };
    if (prop !== declaredProp) properties[fname] = prop;
    if (prop['x-enum-labels'] && !values) throw new SchemaError(`${where}: "x-enum-labels" needs an "enum"`);
    for (const k of Object.keys(prop['x-enum-labels'] ?? {})) {
      if (!values!.some((v) => String(v) === k))
        throw new SchemaError(`${where}: "x-enum-labels" names ${JSON.stringify(k)}, which is not in "enum"`);
    }
    if (
      values &&
      prop.default !== undefined &&
      !(prop.default === null ? bt.nullable : (values as readonly unknown[]).includes(prop.default))
    ) {
      throw new SchemaError(`${where}: "default" ${JSON.stringify(prop.default)} is not in "enum"`);
    }
    const system = fname in systemProps;
    const isRequired = required.includes(fname);
    if (isRequired && bt.nullable)
      throw new SchemaError(`${where}: "required" field cannot be nullable ("type" holds "null")`);
    if (
      !system &&
      !bt.nullable &&
      !isRequired &&
      prop.default === undefined &&
      !prop['x-default-from'] &&
      !prop.readOnly
    ) {
      throw new SchemaError(
        `${where}: a non-null field ("type" without "null") must be "required" or have a "default"`,
      );
    }
    if (prop['x-ref'] && bt.type !== 'integer') throw new SchemaError(`${where}: "x-ref" fields are integers`);
    if ((prop['x-money'] || prop['x-rate']) && bt.type !== 'integer')
      throw new SchemaError(`${where}: "x-money" and "x-rate" fields are integers (cents, basis points)`);
    if (!system && !prop['x-label']) throw new SchemaError(`${where}: "x-label" (French) is required`);
    if (typeof maxLength === 'number' && typeof prop.minLength === 'number' && prop.minLength > maxLength)
      throw new SchemaError(`${where}: "minLength" is above "maxLength"`);
    fields.push({
      name: fname,
      column: camelToSnake(fname),
      // Required above of a declared field; every system field has its own.
      label: prop['x-label']!,
      kind,
      sql: sqlType(kind, prop),
      nullable: bt.nullable,
      required: isRequired,
      readOnly: !!prop.readOnly,
      system,
      hidden: prop['x-input'] === 'hidden' || kind === 'password',
      format: prop.format,
      input: prop['x-input'],
      maxLength,
      minimum: prop.minimum,
      exclusiveMinimum: prop.exclusiveMinimum,
      maximum: prop.maximum,
      enum: values,
      enumLabels: prop['x-enum-labels'],
      ref: prop['x-ref'] ? { entity: prop['x-ref'], onDelete: prop['x-on-delete'] ?? 'restrict' } : undefined,
      default: prop.default,
      defaultFrom: prop['x-default-from'],
      after: prop['x-after'],
      message: prop['x-message'],
      indexed: !!prop['x-index'],
    });
  }
  const byName = new Map(fields.map((f) => [f.name, f]));
  const mustExist = (list: string[] | undefined, what: string) => {
    for (const f of list ?? [])
      if (!byName.has(f)) throw new SchemaError(`${name}: "${what}" names unknown field "${f}"`);
  };
  const listFields: string[] =
    schema['x-list'] ??
    fields
      .filter((f) => !f.system && !f.hidden)
      .slice(0, 5)
      .map((f) => f.name);
  const searchFields: string[] = schema['x-search'] ?? [];
  const uniques: string[][] = schema['x-unique'] ?? [];
  mustExist(listFields, 'x-list');
  mustExist(searchFields, 'x-search');
  uniques.forEach((u) => mustExist(u, 'x-unique'));
  for (const f of searchFields) {
    const k = byName.get(f)!.kind;
    if (!['string', 'text', 'email'].includes(k))
      throw new SchemaError(`${name}: "x-search" field "${f}" must be text`);
  }
  const orderField = schema['x-order-field'];
  const activeField = schema['x-active-field'];
  mustExist(orderField ? [orderField] : [], 'x-order-field');
  mustExist(activeField ? [activeField] : [], 'x-active-field');
  for (const f of fields) if (f.after) mustExist([f.after], `${f.name}.x-after`);
  const sort = schema['x-sort'] ?? { field: orderField ?? searchFields[0] ?? 'id' };
  mustExist([sort.field], 'x-sort');
  const representation = schema['x-representation'] ?? searchFields[0] ?? 'id';
  mustExist([representation], 'x-representation');
  const readOnlyWhen = schema['x-readonly-when'];
  if (readOnlyWhen) mustExist([readOnlyWhen.field], 'x-readonly-when');
  const label = schema['x-label'];
  if (typeof label?.one !== 'string' || typeof label?.many !== 'string')
    throw new SchemaError(`${name}: "x-label" is required: { "one", "many", "gender" }`);
  if (!FUNCTIONALITY_KEYS.includes(schema['x-functionality']))
    throw new SchemaError(`${name}: "x-functionality" must be one of common/functionalities.ts`);

  const camel = kebabToCamel(name);
  const routes = schema['x-routes'] ?? {};
  const edit: string = routes.edit ?? `/${name}/:${camel}Id`;
  const idParam = edit.split('/').pop()!.replace(/^:/, '');
  if (!edit.endsWith(`/:${idParam}`))
    throw new SchemaError(`${name}: "x-routes" edit route must end with the id parameter`);

  const effective: EntityJsonSchema = {
    ...schema,
    $id: `bivouac:${name}`,
    type: 'object',
    additionalProperties: false,
    properties,
  };
  delete effective.$schema;

  return {
    name,
    typeName: kebabToPascal(name),
    table: schema['x-table'] ?? kebabToSnake(name),
    base: schema['x-base'] ?? name,
    label: { one: schema['x-label'].one, many: schema['x-label'].many, gender: schema['x-label'].gender ?? 'm' },
    functionality: schema['x-functionality'],
    menu: schema['x-menu'],
    listFields,
    searchFields,
    uniques,
    sort: { field: sort.field, order: sort.order ?? 'ASC' },
    orderField,
    activeField,
    representation,
    routes: { list: routes.list ?? `/${name}-list`, edit, idParam },
    readOnlyWhen,
    deleteBlocked: schema['x-delete-blocked'],
    ...(schema['x-delete-reason'] === true ? { deleteReason: true as const } : {}),
    ...(schema['x-document'] === false ? { document: false as const } : {}),
    timestamps,
    generatedAdmin: schema['x-generated-admin'] !== false,
    appendOnly: schema['x-append-only'] === true,
    fields,
    schema: effective,
  };
}

/** Cross-entity checks: references and default sources point at existing entities and fields. */
export function checkReferences(metas: EntityMeta[]): void {
  const byName = new Map(metas.map((m) => [m.name, m]));
  for (const m of metas) {
    for (const f of m.fields) {
      if (f.ref && !byName.has(f.ref.entity))
        throw new SchemaError(
          `${m.name}.schema.json: ${m.name}.${f.name}: "x-ref" names unknown entity "${f.ref.entity}"`,
        );
      if (f.defaultFrom) {
        const src = byName.get(f.defaultFrom.entity);
        if (!src)
          throw new SchemaError(
            `${m.name}.schema.json: ${m.name}.${f.name}: "x-default-from" names unknown entity "` +
              `${f.defaultFrom.entity}"`,
          );
        for (const k of [...Object.keys(f.defaultFrom.where), f.defaultFrom.field ?? 'id']) {
          if (!src.fields.some((sf) => sf.name === k))
            throw new SchemaError(
              `${m.name}.schema.json: ${m.name}.${f.name}: "x-default-from" names unknown field "${k}" of ${src.name}`,
            );
        }
      }
    }
  }
  const tables = new Set<string>();
  const bases = new Set<string>();
  for (const m of metas) {
    if (tables.has(m.table)) throw new SchemaError(`${m.name}.schema.json: "x-table" "${m.table}" is used twice`);
    if (bases.has(m.base)) throw new SchemaError(`${m.name}.schema.json: "x-base" "${m.base}" is used twice`);
    tables.add(m.table);
    bases.add(m.base);
  }
}
