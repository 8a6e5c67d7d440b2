// Hand-written customer routes (documented in api/openapi-domain.ts): the resume of
// one customer and the transfer of a duplicate onto the kept record.
import Router from '@koa/router';
import type { Knex } from 'knex';
import { checkAccess } from '../../auth/access';
import { parseId } from '../../rest/records';
import { notFound } from '../../http/errors';
import { customerResume } from './resume';
import { linkCounts, transferCustomer } from './transfer';

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
  return r;
}
