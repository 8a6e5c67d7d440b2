// The RSS baseline of the load bench: a minimal Koa + knex server (node --import tsx, with
// the server's Node options), on the same database and pool size, answering one query a request.
// Run by tests/bench/load.bench.ts with DATABASE_URL and PORT set.
import Koa from 'koa';
import { DEFAULT_POOL, openDatabase } from '../../../api/db/connect';

const db = await openDatabase({ url: process.env.DATABASE_URL!, pool: DEFAULT_POOL });
const app = new Koa();
app.use(async (ctx) => {
  ctx.body = await db.knex('customer').count({ n: '*' });
});
app.listen(Number(process.env.PORT));
process.on('SIGTERM', () => void db.close().then(() => process.exit(0)));
