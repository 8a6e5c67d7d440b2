// Client-side validation with the very schema and ajv setup the server uses.
import { useMemo } from 'react';
import type { EntityMeta } from '../../../common/entity-meta';
import { compileEntityValidator, createAjv } from '../../../common/validation';

let ajv: ReturnType<typeof createAjv> | undefined;
const cache = new Map<string, ReturnType<typeof compileEntityValidator>>();

export function formValidator(meta: EntityMeta) {
  let v = cache.get(meta.name);
  if (!v) {
    ajv ??= createAjv();
    v = compileEntityValidator(ajv, meta);
    cache.set(meta.name, v);
  }
  const check = v;
  return (values: Record<string, unknown>) => {
    const rec: Record<string, unknown> = {};
    for (const f of meta.fields) {
      if (f.system || f.readOnly || !(f.name in values)) continue;
      const val = values[f.name];
      if (f.kind === 'password' && (val === null || val === '' || val === undefined)) continue;
      rec[f.name] = val === '' && f.nullable ? null : val === undefined ? null : val;
      if (rec[f.name] === null && !f.nullable) delete rec[f.name];
    }
    return check(rec) ?? {};
  };
}

export const useFormValidator = (meta: EntityMeta) => useMemo(() => formValidator(meta), [meta]);
