// The TypeScript type of the values a JSON Schema accepts, computed by the compiler
// (issue 23 §2, docs/history.md#issue-23): `defineRoute` gives its handler `query` and `body` typed from the very
// schemas ajv checks them with, so a handler reading a field its schema does not declare,
// or forgetting that one may be null, fails `tsc`. Only what the routes' schemas use is
// understood: type (one or several), const, enum, properties/required, items,
// additionalProperties, anyOf/oneOf, and `default` (ajv fills it in the query). A schema
// the compiler only sees widened (a `const int = { type: 'integer' }` without `as const`),
// a `$ref`, or a keyword not listed here gives `any`: the type is then the handler's own.

/**
 * What a value the schema does not describe is typed as: left to the handler (above), as a route
 * without a body or query schema leaves its `body` or `query` (route-spec.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the handler's own typing, on purpose
export type Untold = any;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

type ItemOf<T> = T extends readonly (infer U)[] ? U : never;

/** Keys of an object schema's `properties` that are always present: required, or filled by a default. */
type PresentKeys<S, P> =
  | (S extends { required: readonly (infer R)[] } ? Extract<R, keyof P> : never)
  | { [K in keyof P]: P[K] extends { default: unknown } ? K : never }[keyof P];

type ObjectOf<S> = S extends { properties: infer P }
  ? Simplify<
      { -readonly [K in PresentKeys<S, P>]: FromSchema<P[K]> } & {
        -readonly [K in Exclude<keyof P, PresentKeys<S, P>>]?: FromSchema<P[K]>;
      }
    >
  : S extends { additionalProperties: infer A }
    ? A extends false
      ? Record<string, never>
      : A extends true
        ? Record<string, unknown>
        : Record<string, FromSchema<A>>
    : Record<string, unknown>;

type ByType<S, T> = T extends 'string'
  ? string
  : T extends 'integer' | 'number'
    ? number
    : T extends 'boolean'
      ? boolean
      : T extends 'null'
        ? null
        : T extends 'array'
          ? S extends { items: infer I }
            ? FromSchema<I>[]
            : unknown[]
          : T extends 'object'
            ? ObjectOf<S>
            : Untold;

/** Literal schema → the type of what it accepts; `any` when it cannot be told (see above). */
export type FromSchema<S> = 0 extends 1 & S
  ? Untold
  : S extends { $ref: string }
    ? Untold
    : S extends { const: infer C }
      ? C
      : S extends { enum: readonly unknown[] }
        ? ItemOf<S['enum']>
        : S extends { anyOf: readonly unknown[] }
          ? FromSchema<ItemOf<S['anyOf']>>
          : S extends { oneOf: readonly unknown[] }
            ? FromSchema<ItemOf<S['oneOf']>>
            : S extends { type: infer T }
              ? string extends T
                ? Untold
                : T extends readonly unknown[]
                  ? string extends ItemOf<T>
                    ? Untold
                    : ByType<S, ItemOf<T>>
                  : ByType<S, T>
              : Untold;
