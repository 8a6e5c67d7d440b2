// The schema pieces route declarations are written with (api/http/schema-parts.ts).
import { describe, expect, it } from 'vitest';
import { closed, columns, orNull, ref, tuple } from '../../../api/http/schema-parts';
import { meta as payment } from '../../../common/generated/meta/payment';

describe('schema parts', () => {
  it('makes a type, an enum or a reference nullable once', () => {
    expect(orNull({ type: 'string', format: 'date' })).toEqual({ type: ['string', 'null'], format: 'date' });
    expect(orNull({ type: ['integer', 'null'] })).toEqual({ type: ['integer', 'null'] });
    expect(orNull({ type: 'string', enum: ['a', 'b'] })).toEqual({ type: ['string', 'null'], enum: ['a', 'b', null] });
    expect(orNull(ref('CashCount'))).toEqual({ anyOf: [ref('CashCount'), { type: 'null' }] });
  });

  it('types columns as their entity declares them, without the form vocabulary', () => {
    expect(columns(payment.schema, ['bookingId', 'date', 'category'])).toEqual({
      bookingId: { type: ['integer', 'null'] },
      date: { type: 'string', format: 'date' },
      category: { type: 'string', enum: ['payment', 'down-payment', 'cash-register-sale', 'refund'] },
    });
    expect(() => columns(payment.schema, ['nope'])).toThrow(/no column nope/);
  });

  it('closes an object (all required but the optional ones) and a tuple', () => {
    expect(closed({ a: {}, b: {} }, ['b'])).toMatchObject({ additionalProperties: false, required: ['a'] });
    expect(tuple({ type: 'integer' }, { type: 'string' })).toEqual({
      type: 'array',
      prefixItems: [{ type: 'integer' }, { type: 'string' }],
      items: false,
      minItems: 2,
    });
  });
});
