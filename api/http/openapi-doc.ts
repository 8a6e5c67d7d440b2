// The OpenAPI document served at /rest/openapi.json: the generated one (the generic
// /rest/ routes of every entity, api/generated/openapi.json) with the operations and
// schemas of every hand-written route declared with defineRoute.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openApiOf } from './define-route';
import { DOMAIN_PATHS, DOMAIN_SCHEMAS } from '../openapi-domain';

const GENERATED = fileURLToPath(new URL('../generated/openapi.json', import.meta.url));

let cached: string | undefined;

/** The whole document; built once, when every module has declared its routes. */
export function openApiDocument(): Record<string, any> {
  const doc = JSON.parse(readFileSync(GENERATED, 'utf8'));
  const declared = openApiOf();
  doc.paths = { ...doc.paths, ...DOMAIN_PATHS, ...declared.paths };
  doc.components.schemas = { ...doc.components.schemas, ...DOMAIN_SCHEMAS, ...declared.schemas };
  return doc;
}

export function openApiJson(): string {
  cached ??= JSON.stringify(openApiDocument());
  return cached;
}
