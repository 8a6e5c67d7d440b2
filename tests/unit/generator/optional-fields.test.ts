// Every entity of the repository accepts its records with each optional field empty
// (absent, or null where the column is nullable) as well as filled: an optional field
// the validator refuses empty (a nullable enum refusing null) breaks every create and
// update of its entity. Records are drawn by fast-check over the real schemas (dates in
// the past: birth dates may not be in the future).
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadSchemas } from '../../../generator/load';
import { compileEntityValidator, createAjv } from '../../../common/validation';
import type { EntityMeta, FieldMeta } from '../../../common/entity-meta';

const repo = fileURLToPath(new URL('../../..', import.meta.url));
const metas = loadSchemas(repo);

const FORMAT_SAMPLES: Record<string, string> = {
  date: '2024-07-01',
  'date-time': '2024-07-01T10:00:00Z',
  time: '10:30',
  email: 'camille@exemple.fr',
  color: '#336699',
  iban: 'FR7630006000011234567890189',
  bic: 'BNPAFRPP',
  siren: '732829320',
  siret: '73282932000074',
  phone: '+33612345678',
  uri: 'https://exemple.fr/',
};

/** A valid value for the field, or undefined when none can be made up (a pattern without `examples`). */
function sample(f: FieldMeta, prop: any, pick: number): unknown {
  if (f.enum) return f.enum[pick % f.enum.length];
  if (Array.isArray(prop.examples) && prop.examples.length) return prop.examples[pick % prop.examples.length];
  if (prop.pattern) return undefined;
  switch (f.kind) {
    case 'boolean':
      return pick % 2 === 0;
    case 'integer':
    case 'money':
    case 'rate':
    case 'number': {
      const low = f.exclusiveMinimum !== undefined ? f.exclusiveMinimum + 1 : (f.minimum ?? 0);
      return Math.min(low + pick, f.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'ref':
      return 1 + pick;
    case 'json':
      return prop.type === 'array' || (Array.isArray(prop.type) && prop.type.includes('array')) ? [] : {};
    default: {
      if (prop.format) return FORMAT_SAMPLES[prop.format];
      const len = Math.max(prop.minLength ?? 1, Math.min(f.maxLength ?? 10, 1 + (pick % 10)));
      return 'é'.repeat(len);
    }
  }
}

/** Fields a client writes: not system, not read-only, not derived from another field. */
const writable = (m: EntityMeta) => m.fields.filter((f) => !f.system && !f.readOnly);

describe('optional fields, empty and filled, on every entity', () => {
  const ajv = createAjv();
  for (const m of metas) {
    const fields = writable(m);
    // Fields whose value depends on another one (x-after) are left to their own tests.
    const constrained = new Set(fields.filter((f) => f.after).flatMap((f) => [f.name, f.after!]));
    const free = fields.filter(
      (f) => !constrained.has(f.name) && !(m.schema.if || m.schema.allOf || m.schema.oneOf || m.schema.anyOf),
    );
    const requiredOk = free
      .filter((f) => f.required)
      .every((f) => sample(f, m.schema.properties[f.name], 0) !== undefined);
    it.skipIf(!requiredOk || free.length === 0)(`${m.name}`, () => {
      const validate = compileEntityValidator(ajv, m);
      const optional = free.filter((f) => !f.required);
      fc.assert(
        fc.property(
          fc.array(fc.constantFrom('absent', 'empty', 'filled'), {
            minLength: optional.length,
            maxLength: optional.length,
          }),
          fc.nat(50),
          (modes, pick) => {
            const record: Record<string, unknown> = {};
            for (const f of free.filter((x) => x.required))
              record[f.name] = sample(f, m.schema.properties[f.name], pick);
            // A pair bound by x-after is always filled, the later one after the earlier.
            for (const f of fields.filter((x) => x.after)) {
              const earlier = m.fields.find((x) => x.name === f.after)!;
              record[earlier.name] = earlier.kind === 'date' ? '2024-07-01' : 1;
              record[f.name] = f.kind === 'date' ? '2024-07-08' : 2;
            }
            optional.forEach((f, i) => {
              const mode = modes[i];
              if (mode === 'empty' && f.nullable) record[f.name] = null;
              if (mode === 'filled') {
                const v = sample(f, m.schema.properties[f.name], pick);
                if (v !== undefined) record[f.name] = v;
              }
            });
            expect(validate(record), `${m.name} ${JSON.stringify(record)}`).toBeNull();
          },
        ),
        { numRuns: 40 },
      );
    });
  }
});
