// Hand-written customer routes (documented in api/openapi-domain.ts): the resume of
// one customer, the transfer of a duplicate onto the kept record, and the spec's
// edit calls of customers and attendants in their §3 shape (edit-shape.ts; they take
// the place of the generic `{base}/edit` routes, mounted after this router).
import Router from '@koa/router';
import type { Knex } from 'knex';
import { checkAccess } from '../../auth/access';
import { parseId } from '../../rest/records';
import { notFound } from '../../http/errors';
import { customerResume } from './resume';
import { linkCounts, transferCustomer } from './transfer';
import { editShape, saveEditShape, type EditEntity } from './edit-shape';
import { entityMeta } from '../../rest/entities';

export function customersRouter(knex: () => Knex): Router {
  const r = new Router();
  r.get('/rest/customer/:id/resume', async (ctx) => {
    await checkAccess(ctx, 'customer.customer', 'read');
    ctx.body = await customerResume(knex(), parseId(ctx.params.id));
  });
  r.get('/rest/customer/:id/links', async (ctx) => {
    await checkAccess(ctx, 'customer.customer', 'read');
    const id = parseId(ctx.params.id);
    if (!(await knex()('customer').where('id', id).first('id'))) throw notFound();
    ctx.body = await linkCounts(knex(), id);
  });
  r.post('/rest/customer/transfer', async (ctx) => {
    await checkAccess(ctx, 'customer.customer', 'write');
    await checkAccess(ctx, 'customer.customer', 'delete');
    const body = (ctx.request as any).body ?? {};
    const result = await transferCustomer(knex(), body.fromCustomerId, body.toCustomerId, ctx.state.user?.id ?? null);
    ctx.body = { status: 'SAVED', ...result };
  });
  for (const entity of ['customer', 'attendant'] as EditEntity[]) {
    const functionality = entityMeta(entity).functionality;
    r.get(`/rest/${entity}/edit/:id`, async (ctx) => {
      await checkAccess(ctx, functionality, 'read');
      ctx.body = await editShape(knex(), entity, parseId(ctx.params.id, true));
    });
    r.post(`/rest/${entity}/edit`, async (ctx) => {
      await checkAccess(ctx, functionality, 'write');
      const item = await saveEditShape(knex(), entity, (ctx.request as any).body, ctx.state.user?.id ?? null);
      const wantItem = String(ctx.get('returnEditItem')).toLowerCase() === 'true';
      ctx.body = { status: 'SAVED', id: item.id, ...(wantItem ? { item } : {}) };
    });
  }
  return r;
}
