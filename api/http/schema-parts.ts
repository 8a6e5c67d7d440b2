// Short JSON Schema pieces for route declarations and named schemas (defineRoute,
// defineSchemas): common types and a reference to a named schema. Pure data.
import { EMAIL_PATTERN } from '../../common/formats';

export const int = { type: 'integer' };
export const str = { type: 'string' };
export const bool = { type: 'boolean' };
export const date = { type: 'string', format: 'date' };
export const obj = { type: 'object' };
export const ids = { type: 'array', items: int };
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** An OpenAPI request body of one uploaded file (multipart field `uploadfile`) and these other fields. */
export const multipartFile = (fields: Record<string, object> = {}) => ({
  requestBody: {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: ['uploadfile'],
          properties: { uploadfile: { type: 'string', format: 'binary' }, ...fields },
        },
      },
    },
  },
});

export const strOrNull = { type: ['string', 'null'] };
export const intOrNull = { type: ['integer', 'null'] };
export const list = (items: object) => ({ type: 'array', items });
/** An object with exactly these properties, every one present (an answer the server always fills). */
export const closed = (properties: Record<string, object>) => ({
  type: 'object',
  additionalProperties: false,
  required: Object.keys(properties),
  properties,
});
/** An e-mail address as the screens check it (common/formats.ts), refused with INVALID_EMAIL. */
export const email = { type: 'string', maxLength: 254, pattern: EMAIL_PATTERN.source, 'x-message': 'INVALID_EMAIL' };
