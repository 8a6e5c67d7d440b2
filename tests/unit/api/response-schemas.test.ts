// Every route declared with defineRoute describes its 200 answer precisely (issue 23 §2, docs/history.md#issue-23):
// the screens' types (admin/src/generated/api-types.ts) come from it, and the integration
// tests check every answer against it (tests/int/harness.ts). Vague means no `response`,
// or an object with neither properties nor additionalProperties, or an array of such.
import { describe, expect, it } from 'vitest';
import '../../../api/app'; // declares every route (defineRoute at module level)
import { declaredRoutes, type RouteDecl } from '../../../api/http/define-route';
import { RESPONSE_SCHEMA_DEBT } from './response-debt';

type Node = { [k: string]: any };

function vague(s: Node | undefined): boolean {
  if (!s) return true;
  if (typeof s.description === 'string' && s.content) return false; // a file, described by its media type
  if (s.$ref) return false;
  const parts = s.anyOf ?? s.oneOf ?? s.allOf; // precise when every part is
  if (parts) return parts.some(vague);
  const types: string[] = [s.type ?? []].flat();
  if (!types.length) return true;
  if (types.includes('object') && !s.properties && !s.additionalProperties) return true;
  if (types.includes('array') && s.prefixItems) return s.prefixItems.some(vague); // a tuple
  if (types.includes('array') && (!s.items || vague(s.items))) return true;
  return false;
}

describe('response schemas', () => {
  const routes = declaredRoutes();
  const vagueKeys = routes.filter((r: RouteDecl) => vague(r.response as Node | undefined)).map((r) => r.key);

  it('finds the declared routes', () => {
    expect(routes.length).toBeGreaterThan(200);
  });

  it('has a precise response schema for every route outside the debt list', () => {
    expect(vagueKeys.filter((k) => !RESPONSE_SCHEMA_DEBT.includes(k))).toEqual([]);
  });

  it('lists in the debt only routes still vague (remove those made precise)', () => {
    expect(RESPONSE_SCHEMA_DEBT.filter((k) => !vagueKeys.includes(k))).toEqual([]);
  });

  it('tells a vague schema from a precise one', () => {
    expect(vague(undefined)).toBe(true);
    expect(vague({ type: 'object' })).toBe(true);
    expect(vague({ type: 'array', items: { type: 'object' } })).toBe(true);
    expect(vague({ type: 'object', properties: { id: { type: 'integer' } } })).toBe(false);
    expect(vague({ type: 'array', items: { $ref: '#/components/schemas/Booking' } })).toBe(false);
    expect(vague({ type: 'array', prefixItems: [{ type: 'integer' }], items: false })).toBe(false);
    expect(vague({ type: 'array', prefixItems: [{ type: 'object' }], items: false })).toBe(true);
  });
});
