// The shape of a module kind and its settings fields, with the short builders the catalogue
// (common/modules.ts) is written with.
export type ModuleFieldType = 'string' | 'integer' | 'boolean' | 'enum' | 'email' | 'uri' | 'rate';

export interface ModuleField {
  name: string;
  label: string;
  type: ModuleFieldType;
  choices?: { id: string | number; name: string }[];
  min?: number;
  max?: number;
  default?: string | number | boolean;
  /** a secret (API key, token, webhook secret): answered masked, « •••• » + its last 4 characters */
  secret?: boolean;
}

export interface ModuleKind {
  kind: string;
  label: string;
  /** grid: several records, a grid and an edit screen by id; single: one record, one screen */
  screen: 'grid' | 'single';
  /** the grid's route (grid) or the screen's route (single) */
  route: string;
  /** edit route of a grid kind, e.g. /admin/module/insurance/:insuranceId */
  editRoute?: string;
  /** suggested providers (free text is allowed) */
  providers?: string[];
  fields: ModuleField[];
}

export const s = (name: string, label: string, extra: Partial<ModuleField> = {}): ModuleField => ({
  name,
  label,
  type: 'string',
  ...extra,
});

export const i = (name: string, label: string, extra: Partial<ModuleField> = {}): ModuleField => ({
  name,
  label,
  type: 'integer',
  min: 0,
  ...extra,
});

export const b = (name: string, label: string, dflt = false): ModuleField => ({
  name,
  label,
  type: 'boolean',
  default: dflt,
});

export const e = (
  name: string,
  label: string,
  choices: [string | number, string][],
  dflt?: string | number,
): ModuleField => ({
  name,
  label,
  type: 'enum',
  choices: choices.map(([id, n]) => ({ id, name: n })),
  default: dflt,
});

export const grid = (
  kind: string,
  label: string,
  idParam: string | null,
  fields: ModuleField[],
  providers?: string[],
): ModuleKind => ({
  kind,
  label,
  screen: 'grid',
  route: `/admin/module/${kind}-grid`,
  editRoute: idParam ? `/admin/module/${kind}/:${idParam}` : undefined,
  providers,
  fields,
});

export const single = (kind: string, label: string, fields: ModuleField[], providers?: string[]): ModuleKind => ({
  kind,
  label,
  screen: 'single',
  route: `/admin/module/${kind}`,
  providers,
  fields,
});

export const api = [
  s('apiUrl', "Adresse de l'API", { type: 'uri' }),
  s('apiLogin', "Identifiant d'API"),
  s('siteId', 'Identifiant du site'),
];
