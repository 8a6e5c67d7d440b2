// The handler types defineRoute derives from its schemas (api/http/schema-type.ts): checked
// by the compiler (`npm run typecheck` runs over tests/), asserted here at run time too so
// the file is a test vitest counts.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { FromSchema } from '../../../api/http/schema-type';
import { defineRoute } from '../../../api/http/define-route';
import Ajv2020 from 'ajv/dist/2020';

describe('FromSchema', () => {
  it('types an object from its properties, required ones and defaults present', () => {
    const schema = {
      type: 'object',
      required: ['id'],
      properties: {
        id: { type: 'integer' },
        label: { type: ['string', 'null'] },
        kind: { enum: ['a', 'b'] },
        page: { type: 'integer', default: 1 },
        ids: { type: 'array', items: { type: 'integer' } },
        flag: { anyOf: [{ type: 'boolean' }, { type: 'null' }] },
      },
      additionalProperties: false,
    } as const;
    expectTypeOf<FromSchema<typeof schema>>().toEqualTypeOf<{
      id: number;
      page: number;
      label?: string | null;
      kind?: 'a' | 'b';
      ids?: number[];
      flag?: boolean | null;
    }>();
    // and ajv, which checks the routes' input, accepts a value of that type
    const value: FromSchema<typeof schema> = { id: 1, page: 1, label: null, kind: 'b', ids: [2], flag: null };
    expect(new Ajv2020({ allowUnionTypes: true }).validate(schema, value)).toBe(true);
  });

  it('gives any where the schema is not known literally (widened, $ref)', () => {
    expectTypeOf<FromSchema<Record<string, unknown>>>().toBeAny();
    expectTypeOf<FromSchema<{ $ref: '#/components/schemas/Booking' }>>().toBeAny();
    expectTypeOf<FromSchema<{ type: string }>>().toBeAny();
  });

  it('types the handler of a route declared with inline schemas', async () => {
    const route = defineRoute({
      method: 'POST',
      path: '/rest/schema-type-test/:id',
      right: 'session',
      tag: 'test',
      summary: 'test',
      query: { type: 'object', properties: { from: { type: 'string', format: 'date' } } },
      body: { type: 'object', required: ['ids'], properties: { ids: { type: 'array', items: { type: 'integer' } } } },
      response: { type: 'object', required: ['count'], properties: { count: { type: 'integer' } } },
      handler: ({ body, query }) => {
        expectTypeOf(body).toEqualTypeOf<{ ids: number[] }>();
        expectTypeOf(query).toEqualTypeOf<{ from?: string }>();
        // @ts-expect-error -- a field the body schema does not declare
        void body.other;
        return { count: body.ids.length + (query.from ? 1 : 0) };
      },
    });
    const answer = await route.handler({ body: { ids: [1, 2] }, query: { from: '2026-01-01' } } as never);
    expect(answer).toEqual({ count: 3 });
  });
});
