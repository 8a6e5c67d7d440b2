// The generic /rest/ router: mounts every generated route (api/generated/routes.ts)
// for every entity, in both the spec's §7 shape and react-admin's simple-rest shape.
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import type { RouteDef } from '../../common/route-def';
import type { EntityMeta } from '../../common/entity-meta';
import { ROUTES } from '../generated/routes';
import { badRequest } from '../http/errors';
import { entityMeta } from './entities';
import { applyFilter, applySort, MAX_ROWS, parseRestQuery, parseSearchBody, readableColumns, type ListParams } from './query';
import { deleteRecord, loadRecord, newRecord, parseId, saveRecord } from './records';
import { toCsv } from './csv';
import type { AccessChecker } from '../auth/access';

export interface RestDeps {
  knex: () => Knex;
  checkAccess: AccessChecker;
}

async function listRows(knex: Knex, meta: EntityMeta, p: ListParams): Promise<{ rows: Record<string, any>[]; total: number; start: number }> {
  const base = knex(meta.table);
  applyFilter(base, meta, p.filter);
  const [{ count }] = await base.clone().count({ count: '*' });
  const q = base.select(readableColumns(meta));
  applySort(q, meta, p.sort);
  const start = p.range?.[0] ?? 0;
  const limit = p.range ? p.range[1] - p.range[0] + 1 : MAX_ROWS;
  const rows = await q.offset(start).limit(limit);
  return { rows, total: Number(count), start };
}

function setContentRange(ctx: Context, meta: EntityMeta, start: number, count: number, total: number) {
  const end = count ? start + count - 1 : start;
  ctx.set('Content-Range', `${meta.base} ${start}-${end}/${total}`);
  ctx.set('Access-Control-Expose-Headers', 'Content-Range');
}

async function exportCsv(ctx: Context, knex: Knex, meta: EntityMeta, p: ListParams) {
  const q = knex(meta.table).select(readableColumns(meta));
  for (const f of meta.fields) {
    if (!f.ref) continue;
    const target = entityMeta(f.ref.entity);
    const alias = `r_${f.column}`;
    const rep = target.fields.find((x) => x.name === target.representation)!;
    q.leftJoin(`${target.table} as ${alias}`, `${alias}.id`, `${meta.table}.${f.column}`);
    q.select(knex.raw('??.?? as ??', [alias, rep.column, `${f.column}_label`]));
  }
  applyFilter(q, meta, p.filter);
  applySort(q, meta, p.sort);
  const start = p.range?.[0] ?? 0;
  q.offset(start).limit(p.range ? p.range[1] - p.range[0] + 1 : 100_000);
  const rows = await q;
  ctx.set('Content-Type', 'text/csv; charset=utf-8');
  ctx.set('Content-Disposition', 'attachment; filename="export.csv"');
  ctx.body = toCsv(meta, rows);
}

function handler(r: RouteDef, deps: RestDeps) {
  const meta = entityMeta(r.entity);
  return async (ctx: Context) => {
    await deps.checkAccess(ctx, meta.functionality, r.access);
    const knex = deps.knex();
    const userId: number | null = ctx.state.user?.id ?? null;
    const body = (ctx.request as any).body;
    switch (r.op) {
      case 'list': {
        const p = parseRestQuery(meta, ctx.query);
        const { rows, total, start } = await listRows(knex, meta, p);
        setContentRange(ctx, meta, start, rows.length, total);
        ctx.body = rows;
        return;
      }
      case 'search': {
        const p = parseSearchBody(meta, body);
        const { rows, total } = await listRows(knex, meta, p);
        ctx.body = { items: rows, total, page: p.page, pageSize: p.pageSize };
        return;
      }
      case 'export': {
        const p = ctx.method === 'GET' ? parseRestQuery(meta, ctx.query) : parseSearchBody(meta, { pageSize: 5000, ...body });
        await exportCsv(ctx, knex, meta, p);
        return;
      }
      case 'active': {
        const q = knex(meta.table).select(readableColumns(meta));
        if (meta.activeField) q.where(meta.fields.find((f) => f.name === meta.activeField)!.column, true);
        const { from, to } = ctx.params;
        if (from !== undefined) {
          if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to)) throw badRequest('INCORRECT_DATES');
          const start = meta.fields.find((f) => f.name === 'startDate');
          const end = meta.fields.find((f) => f.name === 'endDate');
          // Half-open overlap with [from, to); open-ended rows have a null end.
          if (start) q.where(start.column, '<', to);
          if (end) q.where((w) => w.whereNull(end.column).orWhere(end.column, '>', from));
        }
        applySort(q, meta, meta.sort);
        ctx.body = await q.limit(MAX_ROWS);
        return;
      }
      case 'byParent': {
        const id = parseId(ctx.params.id);
        const f = meta.fields.find((x) => x.name === r.field)!;
        const q = knex(meta.table).select(readableColumns(meta)).where(f.column, id);
        applySort(q, meta, meta.sort);
        ctx.body = await q.limit(MAX_ROWS);
        return;
      }
      case 'get':
        ctx.body = await loadRecord(knex, meta, parseId(ctx.params.id));
        return;
      case 'getEdit': {
        const id = parseId(ctx.params.id, true);
        ctx.body = id === 0 ? await newRecord(knex, meta) : await loadRecord(knex, meta, id);
        return;
      }
      case 'create':
        if (body && typeof body === 'object' && body.id) throw badRequest('INCORRECT_FORM');
        ctx.body = await saveRecord(knex, meta, body, userId, 0);
        return;
      case 'update':
        ctx.body = await saveRecord(knex, meta, body, userId, parseId(ctx.params.id));
        return;
      case 'save': {
        const saved = await saveRecord(knex, meta, body, userId);
        const wantItem = String(ctx.get('returnEditItem')).toLowerCase() === 'true';
        ctx.body = { status: 'SAVED', id: saved.id, ...(wantItem ? { item: saved } : {}) };
        return;
      }
      case 'delete': {
        const removed = await deleteRecord(knex, meta, parseId(ctx.params.id), userId);
        ctx.body = ctx.method === 'DELETE' ? removed : { status: 'DELETED', id: removed.id };
        return;
      }
      case 'order': {
        const ids = Array.isArray(body) ? body : body?.ids;
        if (!Array.isArray(ids) || !ids.every((x) => Number.isInteger(x) && x > 0) || new Set(ids).size !== ids.length) throw badRequest('INCORRECT_FORM');
        const col = meta.fields.find((f) => f.name === meta.orderField)!.column;
        await knex.transaction(async (trx) => {
          const current: number[] = (await trx(meta.table).select('id').orderBy(col).orderBy('id').forUpdate()).map((r: any) => r.id);
          const known = new Set(current);
          if (!ids.every((id: number) => known.has(id))) throw badRequest('INCORRECT_FORM');
          // The given ids come first, in that order; the others keep theirs after them.
          const given = new Set(ids);
          const order = [...ids, ...current.filter((id) => !given.has(id))];
          for (const [i, id] of order.entries()) {
            await trx(meta.table).where('id', id).update({ [col]: i + 1, ...(meta.timestamps ? { updatedAt: trx.fn.now() } : {}) });
          }
        });
        ctx.body = { status: 'SAVED' };
        return;
      }
    }
  };
}

export function restRouter(deps: RestDeps): Router {
  const router = new Router();
  for (const r of ROUTES) {
    router.register(r.path, [r.method], handler(r, deps));
  }
  return router;
}
