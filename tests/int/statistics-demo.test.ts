// The statistics of the demo campsite against SQL of their own over its raw stays:
// its last season, a summer month, the weeks around today (see statistics-check.ts).
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { regenerateAll } from '../../api/domain/statistics/regenerate';
import { demoStayWindows } from '../../api/demo/stays';
import { addDays, todayParis } from '../../common/dates';
import { checkScreensAgainstSql } from './statistics-check';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ demo: true });
  await regenerateAll(t.knex);
}, 300_000);
afterAll(() => t?.close());

describe('statistics of the demo', () => {
  it('equal the raw SQL on the last season, its July and the weeks around today', async () => {
    const { seasonA } = demoStayWindows(todayParis());
    const y = seasonA[0].slice(0, 4);
    await checkScreensAgainstSql(t, [
      [seasonA[0], addDays(seasonA[1], -1)],
      [`${y}-07-01`, `${y}-07-31`],
      [addDays(todayParis(), -20), addDays(todayParis(), 40)],
    ]);
  }, 120_000);
});
