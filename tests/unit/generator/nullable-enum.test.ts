// Nullable enums end to end (validation, column, CHECK, form input, types) and schema
// mistakes: each one a SchemaError naming the file and the keyword, never a raw crash.
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { generate } from '../../../generator/cli';
import { loadSchemas } from '../../../generator/load';
import { buildSnapshot } from '../../../generator/snapshot';
import { compileEntityValidator, createAjv } from '../../../common/validation';
import { DEFAULT_MAX_LENGTH, SchemaError } from '../../../common/entity-meta';

const repo = fileURLToPath(new URL('../../..', import.meta.url));
const temps: string[] = [];
afterAll(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

function sandbox(withMigrations = false): string {
  const dir = mkdtempSync(join(tmpdir(), 'bivouac-gen-'));
  temps.push(dir);
  cpSync(join(repo, 'schemas'), join(dir, 'schemas'), { recursive: true });
  if (withMigrations) cpSync(join(repo, 'migrations'), join(dir, 'migrations'), { recursive: true });
  return dir;
}

/** Adds (or replaces) fields of schemas/<entity>.schema.json in the sandbox. */
function edit(dir: string, entity: string, change: (schema: any) => void): void {
  const file = join(dir, `schemas/${entity}.schema.json`);
  const schema = JSON.parse(readFileSync(file, 'utf8'));
  change(schema);
  writeFileSync(file, JSON.stringify(schema));
}

const seasonField = (extra: object = {}) => ({
  type: ['string', 'null'],
  enum: ['summer', 'winter'],
  'x-enum-labels': { summer: 'Été', winter: 'Hiver' },
  'x-label': 'Saison',
  ...extra,
});

describe('a nullable enum', () => {
  for (const [variant, field] of [
    ['without null in enum', seasonField()],
    ['with null in enum', seasonField({ enum: ['summer', 'winter', null] })],
  ] as const) {
    it(`validates null, a value, and refuses another value (${variant})`, () => {
      const dir = sandbox();
      edit(dir, 'language', (s) => {
        s.properties.season = field;
      });
      const meta = loadSchemas(dir).find((m) => m.name === 'language')!;
      const f = meta.fields.find((x) => x.name === 'season')!;
      expect(f).toMatchObject({
        kind: 'enum',
        nullable: true,
        enum: ['summer', 'winter'],
        sql: { t: 'varchar', length: 6 },
      });
      const validate = compileEntityValidator(createAjv(), meta);
      const base = { code: 'fr', name: 'Français' };
      expect(validate({ ...base, season: null })).toBeNull();
      expect(validate({ ...base })).toBeNull();
      expect(validate({ ...base, season: 'winter' })).toBeNull();
      expect(validate({ ...base, season: 'spring' })).toEqual({ season: 'Valeur non autorisée' });
      // The database: a nullable column whose CHECK lists the values (NULL passes a CHECK).
      const table = buildSnapshot([meta]).tables.language;
      expect(table.columns.season).toEqual({ type: 'varchar(6)', notNull: false, default: null });
      expect(Object.values(table.constraints)).toContain(`CHECK ("season" IN ('summer', 'winter'))`);
    });
  }

  it('generates a migration, a clearable select and a type with null', async () => {
    const dir = sandbox(true);
    await generate(dir, { check: false });
    edit(dir, 'language', (s) => {
      s.properties.season = seasonField({ enum: ['summer', 'winter', null] });
    });
    await generate(dir, { check: false, name: 'add_language_season' });
    const migration = readdirSync(join(dir, 'migrations')).find((f) => f.endsWith('_add_language_season.ts'))!;
    const source = readFileSync(join(dir, 'migrations', migration), 'utf8');
    expect(source).toContain('ADD COLUMN "season" varchar(6)`');
    expect(source).toContain(`CHECK ("season" IN ('summer', 'winter'))`);
    // The select is not required: react-admin offers its empty choice, which clears the field.
    const screen = readFileSync(join(dir, 'admin/src/generated/resources/language.tsx'), 'utf8');
    expect(screen).toContain(
      '<EnumInput source="season" label="Saison" choices={[{ id: "summer", name: "Été" }, { id: "winter", name: ' +
        '"Hiver" }]} />',
    );
    expect(readFileSync(join(dir, 'common/generated/types/language.ts'), 'utf8')).toMatch(
      /season\?: "summer" \| "winter" \| null;/,
    );
    expect((await generate(dir, { check: true })).changed).toEqual([]);
  }, 120_000);
});

describe('schema mistakes are SchemaErrors naming the file and the keyword', () => {
  const cases: [string, (s: any) => void, RegExp][] = [
    [
      'null in the enum of a non-null field',
      (s) => {
        s.properties.season = seasonField({ type: 'string', enum: ['summer', null], default: 'summer' });
      },
      /language\.schema\.json: language\.season: "enum" holds null/,
    ],
    [
      'an enum of nothing but null',
      (s) => {
        s.properties.season = seasonField({ enum: [null] });
      },
      /language\.schema\.json: .*"enum" needs at least one value/,
    ],
    [
      'an enum value of the wrong type',
      (s) => {
        s.properties.season = seasonField({ enum: ['summer', 3] });
      },
      /language\.schema\.json: .*"enum" value 3/,
    ],
    [
      'an empty enum',
      (s) => {
        s.properties.season = seasonField({ enum: [] });
      },
      /language\.schema\.json: .*enum/,
    ],
    [
      'a label for no enum value',
      (s) => {
        s.properties.season = seasonField({ 'x-enum-labels': { autumn: 'Automne' } });
      },
      /language\.schema\.json: .*"x-enum-labels" names "autumn"/,
    ],
    [
      'a default outside the enum',
      (s) => {
        s.properties.season = seasonField({ default: 'spring' });
      },
      /language\.schema\.json: .*"default" "spring" is not in "enum"/,
    ],
    [
      'two types',
      (s) => {
        s.properties.season = { type: ['string', 'integer'], 'x-label': 'Saison' };
      },
      /language\.schema\.json: .*"type"/,
    ],
    [
      'a field that is not an object',
      (s) => {
        s.properties.season = 'texte';
      },
      /language\.schema\.json: .*season/,
    ],
    [
      'required naming no field',
      (s) => {
        s.required = [...s.required, 'nowhere'];
      },
      /language\.schema\.json: .*required.*"nowhere"/,
    ],
    [
      'a misspelt keyword',
      (s) => {
        s.properties.season = { type: ['string', 'null'], 'x-label': 'Saison', 'x-lable': 'Saison' };
      },
      /language\.schema\.json: .*x-lable/,
    ],
    [
      'a malformed x- value',
      (s) => {
        s.properties.season = { type: ['integer', 'null'], 'x-label': 'Saison', 'x-on-delete': 'explode' };
      },
      /language\.schema\.json: .*x-on-delete/,
    ],
    [
      'x-label of the wrong shape',
      (s) => {
        s['x-label'] = 'Langue';
      },
      /language\.schema\.json: .*x-label/,
    ],
    [
      'minLength above maxLength',
      (s) => {
        s.properties.season = { type: ['string', 'null'], minLength: 10, maxLength: 5, 'x-label': 'Saison' };
      },
      /language\.schema\.json: .*"minLength"/,
    ],
    [
      'an unknown reference',
      (s) => {
        s.properties.season = { type: ['integer', 'null'], 'x-ref': 'nowhere', 'x-label': 'Saison' };
      },
      /language\.schema\.json: .*"x-ref" names unknown entity "nowhere"/,
    ],
  ];
  for (const [what, change, message] of cases) {
    it(what, () => {
      const dir = sandbox();
      edit(dir, 'language', change);
      let error: unknown;
      try {
        loadSchemas(dir);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(SchemaError);
      expect((error as Error).message).toMatch(message);
    });
  }
});

describe('every string field is bounded', () => {
  it('gets a default maxLength by kind, in validation and in the column', () => {
    const dir = sandbox();
    edit(dir, 'language', (s) => {
      s.properties.motto = { type: ['string', 'null'], 'x-label': 'Devise' };
      s.properties.story = { type: ['string', 'null'], 'x-input': 'textarea', 'x-label': 'Histoire' };
      s.properties.raw = { type: ['string', 'null'], 'x-sql': 'text', 'x-label': 'Brut' };
      s.properties.site = { type: ['string', 'null'], format: 'uri', 'x-label': 'Site' };
      s.properties.short = { type: ['string', 'null'], maxLength: 12, 'x-label': 'Court' };
    });
    const meta = loadSchemas(dir).find((m) => m.name === 'language')!;
    const max = (n: string) => meta.fields.find((f) => f.name === n)!.maxLength;
    expect([max('motto'), max('story'), max('raw'), max('site'), max('short')]).toEqual([
      DEFAULT_MAX_LENGTH.string,
      DEFAULT_MAX_LENGTH.text,
      DEFAULT_MAX_LENGTH.text,
      DEFAULT_MAX_LENGTH.uri,
      12,
    ]);
    const validate = compileEntityValidator(createAjv(), meta);
    const base = { code: 'fr', name: 'Français' };
    expect(validate({ ...base, motto: 'x'.repeat(255), story: 'x'.repeat(10_000) })).toBeNull();
    expect(validate({ ...base, motto: 'x'.repeat(256) })).toEqual({ motto: expect.stringContaining('255') });
    expect(validate({ ...base, raw: 'x'.repeat(10_001) })).toEqual({ raw: expect.stringContaining('10000') });
    const table = buildSnapshot([meta]).tables.language;
    expect(table.columns.motto.type).toBe('varchar(255)');
    expect(table.columns.story.type).toBe('varchar(10000)');
    expect(table.columns.raw.type).toBe('text');
    expect(Object.values(table.constraints)).toContain('CHECK (char_length("raw") <= 10000)');
    // Every string field of every real entity has its bound.
    for (const m of loadSchemas(repo)) {
      for (const f of m.fields) {
        if (['string', 'text', 'email', 'color', 'password'].includes(f.kind))
          expect(f.maxLength, `${m.name}.${f.name}`).toBeGreaterThan(0);
      }
    }
  });
});
