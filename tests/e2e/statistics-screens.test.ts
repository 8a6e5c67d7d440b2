// Each statistics screen in Chromium on the demo: it opens with its chart and table,
// a reference year is chosen (the table grows its columns), the CSV export is the
// table the screen shows, and a figure of the table is the server's. The parameters
// screen regenerates on demand and sends the figures to an outside service (a real
// HTTP server started here).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { baseUrl, pageApi, withLoggedInPage, type TestPage } from './browser';
import { todayParis } from '../../common/dates';
import { formatStat } from '../../common/stats';

let page: TestPage;
withLoggedInPage((p) => (page = p));

const SCREENS: [string, string][] = [
  ['/stats/daily-activity', 'daily-activity'],
  ['/stats/revenue', 'revenue'],
  ['/stats/layout-filling', 'layout-filling'],
  ['/stats/details', 'details'],
  ['/stats/nights-per-place', 'nights-per-place'],
  ['/revpar', 'revpar'],
  ['/stats/booking-lead-time', 'booking-lead-time'],
  ['/stats/map', 'map'],
  ['/stats/manager-sales', 'manager-sales'],
];

/** The answer's query once the screen shows it. */
async function shownQuery(): Promise<string> {
  const answer = page.getByTestId('stat-answer');
  await answer.waitFor({ timeout: 20_000 });
  return (await answer.getAttribute('data-query'))!;
}

describe('the statistics screens', () => {
  for (const [path, name] of SCREENS)
    it(`${path}: chart, table, a reference year, CSV and a figure`, async () => {
      await page.goto(`${baseUrl()}${path}`);
      await page.getByTestId('stat-chart').locator('svg').first().waitFor({ timeout: 20_000 });
      const before = await shownQuery();
      const table = page.locator(`[data-table="stat-${name}"]`);
      // Choose the reference years: none, then last year only.
      const year = Number(new URLSearchParams(before).get('from')!.slice(0, 4));
      await page.locator('input[name="compare"]').locator('..').click();
      const option = page.getByTestId(`compare-${year - 1}`);
      await option.waitFor();
      if ((await option.locator('input').isChecked()) === false) await option.click();
      for (const y of [year - 2, year - 3]) {
        const o = page.getByTestId(`compare-${y}`);
        if ((await o.count()) && (await o.locator('input').isChecked())) await o.click();
      }
      await page.keyboard.press('Escape');
      await expect.poll(shownQuery, { timeout: 20_000 }).toContain(`compare=${year - 1}`);
      const query = await shownQuery();
      expect(new URLSearchParams(query).get('compare')).toBe(String(year - 1));
      await expect.poll(() => table.locator('thead').textContent(), { timeout: 20_000 }).toContain(String(year - 1));
      // A figure of the table is the server's.
      const a = await pageApi<any>(page, 'GET', `/stat/${name}?${query}`);
      const col = a.table.columns.find((c: any) => c.kind === 'int') ?? a.table.columns[1];
      const first = a.table.rows[0] ?? a.table.total;
      if (first) {
        const cell = table.locator('tbody tr').first().locator('td').nth(a.table.columns.indexOf(col));
        const shown = (await cell.textContent())!.replace(/\s/g, '');
        expect(shown).toBe(formatStat(col.kind, first[col.key] ?? null).replace(/\s/g, ''));
      }
      // The CSV is that table.
      const href = await page.getByTestId('stat-export').getAttribute('href');
      expect(href).toBe(`/rest/stat/${name}/export?${query}`);
      const csv = await page.evaluate(async (h) => (await fetch(h!)).text(), href);
      const header = csv
        .replace(/^\uFEFF/, '')
        .split('\r\n')[0]
        .split(';');
      expect(header).toEqual(a.table.columns.map((c: any) => c.label));
      expect(csv.split('\r\n').filter(Boolean).length).toBe(1 + a.table.rows.length + (a.table.total ? 1 : 0));
      expect(page.errors).toEqual([]);
    });

  it('the map has the §9 legend; the parameters screen regenerates on demand', async () => {
    await page.goto(`${baseUrl()}/stats/map`);
    await page.getByTestId('stat-map').locator('path').first().waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('map-legend').textContent()).toContain('moins de 0 %');
    expect(await page.getByTestId('stat-map').locator('path[data-code="29"]').getAttribute('data-band')).toMatch(
      /^\d+$/,
    );
    await page.goto(`${baseUrl()}/stats/parameters`);
    await page.getByTestId('stat-regenerate').click();
    await page.getByRole('button', { name: 'Régénérer', exact: true }).click();
    await expect
      .poll(async () => (await pageApi<any>(page, 'GET', '/stat/status')).runs[0], { timeout: 60_000 })
      .toMatchObject({ kind: 'manual', status: 'done' });
    expect(todayParis()).toMatch(/^\d{4}/);
    expect(page.errors).toEqual([]);
  });

  it('the parameters screen sends the figures to the statistics module’s address', async () => {
    const bodies: any[] = [];
    const http = createServer((req, res) => {
      let s = '';
      req.on('data', (c) => (s += c));
      req.on('end', () => {
        bodies.push(JSON.parse(s));
        res.end('ok');
      });
    });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    const filter = encodeURIComponent(JSON.stringify({ kind: 'statistics' }));
    await page.goto(`${baseUrl()}/stats/parameters`);
    const [m] = await pageApi<any[]>(page, 'GET', `/establishment/module?filter=${filter}&range=[0,0]`);
    const exportUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}/in`;
    await pageApi(page, 'PUT', `/establishment/module/${m.id}`, {
      ...m,
      isActive: true,
      settings: { exportUrl, referenceYears: 1 },
    });
    try {
      await page.reload();
      await page.getByTestId('stat-send').click();
      await expect
        .poll(() => page.getByTestId('stat-send-outcome').textContent(), { timeout: 30_000 })
        .toBe('Statistiques envoyées (1 service)');
      expect(bodies.at(-1)).toMatchObject({ format: 'bivouac-statistics/1', source: { id: m.id } });
      const row = page.locator('[data-table="stat-exports"] tbody tr').first();
      await expect.poll(() => row.textContent()).toContain('Envoyé');
      expect(page.errors).toEqual([]);
    } finally {
      // the record as it was (its version moved on with the change above)
      const now = await pageApi<any>(page, 'GET', `/establishment/module/${m.id}`);
      await pageApi(page, 'PUT', `/establishment/module/${m.id}`, {
        ...now,
        isActive: m.isActive,
        settings: m.settings,
      });
      http.closeAllConnections(); // the API server's kept-alive sockets would hold the process
      await new Promise((r) => http.close(r));
    }
  });
});
