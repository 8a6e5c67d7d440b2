// api/generated/routes.ts: every /rest/ route of every entity, with the right it needs.
// The generic router mounts these; the OpenAPI document and the permission tests read them.
import type { EntityMeta } from '../../common/entity-meta';
import { BANNER } from './banner';
import type { RouteDef } from '../../common/route-def';

export function routesFor(m: EntityMeta, metas: EntityMeta[]): RouteDef[] {
  const b = `/rest/${m.base}`;
  const e = m.name;
  const r: RouteDef[] = [
    { method: 'GET', path: b, entity: e, op: 'list', access: 'read' },
    { method: 'POST', path: `${b}/search`, entity: e, op: 'search', access: 'read' },
    { method: 'GET', path: `${b}/export`, entity: e, op: 'export', access: 'export' },
    { method: 'POST', path: `${b}/export`, entity: e, op: 'export', access: 'export' },
    // §7 (docs/api.md): a record's or the list's PDF, and the description of a record's file (operations/document.ts).
    ...(m.document === false
      ? []
      : ([
          { method: 'GET', path: `${b}/document`, entity: e, op: 'document', access: 'export' },
          { method: 'POST', path: `${b}/document`, entity: e, op: 'document', access: 'export' },
          { method: 'GET', path: `${b}/document_info/:id`, entity: e, op: 'documentInfo', access: 'read' },
        ] as RouteDef[])),
    { method: 'GET', path: `${b}/active`, entity: e, op: 'active', access: 'read' },
    { method: 'GET', path: `${b}/active/:from/:to`, entity: e, op: 'active', access: 'read' },
    { method: 'GET', path: `${b}/edit/:id`, entity: e, op: 'getEdit', access: 'read' },
    { method: 'POST', path: `${b}/edit`, entity: e, op: 'save', access: 'write' },
    { method: 'POST', path: `${b}/delete/:id`, entity: e, op: 'delete', access: 'delete' },
  ];
  if (m.orderField) r.push({ method: 'POST', path: `${b}/order`, entity: e, op: 'order', access: 'write' });
  for (const f of m.fields) {
    if (!f.ref) continue;
    const parent = metas.find((x) => x.name === f.ref!.entity)!;
    const seg = parent.base.split('/').pop();
    if (r.some((x) => x.path === `${b}/${seg}/:id`)) continue;
    r.push({ method: 'GET', path: `${b}/${seg}/:id`, entity: e, op: 'byParent', access: 'read', field: f.name });
  }
  r.push(
    { method: 'POST', path: b, entity: e, op: 'create', access: 'write' },
    { method: 'GET', path: `${b}/:id`, entity: e, op: 'get', access: 'read' },
    { method: 'PUT', path: `${b}/:id`, entity: e, op: 'update', access: 'write' },
    { method: 'DELETE', path: `${b}/:id`, entity: e, op: 'delete', access: 'delete' },
  );
  // Append-only entities (history, ledgers) are read, never written, through the API.
  return m.appendOnly ? r.filter((x) => x.access === 'read' || x.access === 'export') : r;
}

export function emitRoutes(metas: EntityMeta[]): Record<string, string> {
  const all = metas.flatMap((m) => routesFor(m, metas));
  const body = all.map((r) => `  ${JSON.stringify(r)},`).join('\n');
  return {
    'api/generated/routes.ts':
      `${BANNER}\nimport type { RouteDef } from '../../common/route-def';\n\nexport const ROUTES: RouteDef[] = [\n` +
      `${body}\n];\n`,
  };
}
