// The generator: deterministic, fresh in this repository, and a schema change gives
// the expected migration, API metadata and form input without any hand edit.
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { generate } from '../../../generator/cli';

const repo = fileURLToPath(new URL('../../..', import.meta.url));
const temps: string[] = [];
afterAll(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

/** A copy of the schemas and migrations outside any git repository. */
function sandbox(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bivouac-gen-'));
  temps.push(dir);
  cpSync(join(repo, 'schemas'), join(dir, 'schemas'), { recursive: true });
  cpSync(join(repo, 'migrations'), join(dir, 'migrations'), { recursive: true });
  return dir;
}

describe('generator', () => {
  it('has nothing to write in this repository (generated files are fresh)', async () => {
    const { changed } = await generate(repo, { check: true });
    expect(changed).toEqual([]);
  }, 60_000);

  it('gives the same bytes on two runs', async () => {
    const dir = sandbox();
    await generate(dir, { check: false });
    const snapshot = () =>
      [
        'common/generated/meta/country.ts',
        'api/generated/routes.ts',
        'api/generated/openapi.json',
        'admin/src/generated/registry.ts',
        'common/generated/types/country.ts',
      ].map((f) => readFileSync(join(dir, f), 'utf8'));
    const first = snapshot();
    const second = await generate(dir, { check: false });
    expect(second.changed).toEqual([]);
    expect(snapshot()).toEqual(first);
  }, 60_000);

  it('turns a new schema field into a migration, validation and a form input', async () => {
    const dir = sandbox();
    await generate(dir, { check: false });
    const file = join(dir, 'schemas/country.schema.json');
    const schema = JSON.parse(readFileSync(file, 'utf8'));
    schema.properties.dialCode = {
      type: ['string', 'null'],
      maxLength: 6,
      pattern: '^\\+[0-9]{1,5}$',
      examples: ['+33'],
      'x-label': 'Indicatif',
    };
    writeFileSync(file, JSON.stringify(schema));
    const { changed } = await generate(dir, { check: false, name: 'add_country_dial_code' });
    const migration = readdirSync(join(dir, 'migrations')).find((f) => f.endsWith('_add_country_dial_code.ts'))!;
    expect(migration).toBeDefined();
    expect(changed).toContain(`migrations/${migration}`);
    const source = readFileSync(join(dir, 'migrations', migration), 'utf8');
    expect(source).toContain('`ALTER TABLE "country" ADD COLUMN "dial_code" varchar(6)`');
    expect(source).toContain('`ALTER TABLE "country" DROP COLUMN "dial_code"`');
    expect(readFileSync(join(dir, 'migrations/index.ts'), 'utf8')).toContain(migration.replace('.ts', ''));
    expect(readFileSync(join(dir, 'admin/src/generated/resources/country.tsx'), 'utf8')).toContain(
      '<TextInput source="dialCode" label="Indicatif" />',
    );
    expect(readFileSync(join(dir, 'common/generated/meta/country.ts'), 'utf8')).toContain(
      '"pattern": "^\\\\+[0-9]{1,5}$"',
    );
    expect(readFileSync(join(dir, 'common/generated/types/country.ts'), 'utf8')).toMatch(/dialCode\?: string \| null;/);
    // And --check now agrees everything is fresh.
    expect((await generate(dir, { check: true })).changed).toEqual([]);
  }, 60_000);

  it('refuses a misspelt keyword, a missing label and an unknown reference', async () => {
    const cases: [object, RegExp][] = [
      [{ 'x-label': 'Nom', 'x-lable': 'Nom' }, /x-lable/],
      [{}, /x-label/],
      [{ 'x-label': 'Nom', 'x-ref': 'nowhere' }, /unknown entity "nowhere"/],
    ];
    for (const [extra, error] of cases) {
      const dir = sandbox();
      const file = join(dir, 'schemas/language.schema.json');
      const schema = JSON.parse(readFileSync(file, 'utf8'));
      schema.properties.extra = { type: ['integer', 'null'], ...extra };
      writeFileSync(file, JSON.stringify(schema));
      await expect(generate(dir, { check: true })).rejects.toThrow(error);
    }
  }, 60_000);
});
