// What defineRoute's router answers, over real HTTP (Koa, no database: these handlers read
// none): a handler's null is a 200 JSON `null`, not Koa's empty 204.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Koa from 'koa';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import { defineRoute, routerOf } from '../../../api/http/define-route';

const routes = [
  defineRoute({
    method: 'GET',
    path: '/rest/answers-test/nothing',
    right: 'public',
    tag: 'test',
    summary: 'null',
    response: { type: ['object', 'null'], properties: { id: { type: 'integer' } } },
    handler: () => null,
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/answers-test/something',
    right: 'public',
    tag: 'test',
    summary: 'un objet',
    response: { type: ['object', 'null'], properties: { id: { type: 'integer' } } },
    handler: () => ({ id: 3 }),
  }),
];

let server: Server;
let url: string;
beforeAll(async () => {
  const app = new Koa();
  app.use(routerOf(routes, () => undefined as unknown as Knex).routes());
  server = createServer(app.callback());
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe('defineRoute answers', () => {
  it('answers a null as 200 JSON null', async () => {
    const res = await fetch(`${url}/rest/answers-test/nothing`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.text()).toBe('null');
  });

  it('answers an object as 200 JSON', async () => {
    const res = await fetch(`${url}/rest/answers-test/something`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: 3 });
  });
});
