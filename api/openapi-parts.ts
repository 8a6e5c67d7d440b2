// Building blocks of the OpenAPI path items written by hand (api/openapi-domain.ts and
// api/domain/*/openapi.ts): JSON content, the error body, common types, and the answers
// every domain route shares. Pure data.
export const json = (schema: object) => ({ 'application/json': { schema } });
export const error = { $ref: '#/components/schemas/Error' };
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const int = { type: 'integer' };
export const str = { type: 'string' };
export const bool = { type: 'boolean' };
export const date = { type: 'string', format: 'date' };
export const obj = { type: 'object' };

/** The refusals of a domain route: §8 message, missing right, no session. */
export const refused = {
  400: { description: 'Refusé : message du catalogue §8 (code, message, errors)', content: json(error) },
  401: { description: 'Droit insuffisant', content: json(error) },
  403: { description: 'Non connecté', content: json(error) },
};

/** A 200 answer with its JSON schema, and the refusals. */
export const ok = (description: string, schema: object) => ({ 200: { description, content: json(schema) }, ...refused });

/** A JSON request body. */
export const body = (schema: object, required = true) => ({ required, content: json(schema) });
