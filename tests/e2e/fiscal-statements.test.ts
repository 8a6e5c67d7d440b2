// The statement screens in Chromium on the demo: the tourist tax statement of this year
// (commune, periods, person-nights, PDF and CSV), the register of a summer month, the
// INSEE survey and the police register render their server figures in French.
import { describe, expect, it } from 'vitest';
import { baseUrl, pageApi, withLoggedInPage, type TestPage } from './browser';

let page: TestPage;

withLoggedInPage((p) => (page = p));

describe('the statement screens', () => {
  it('the tourist tax statement shows the server figures, with its PDF and CSV', async () => {
    const year = new Date().getFullYear();
    await page.goto(`${baseUrl()}/home`);
    const s = await pageApi<any>(page, 'GET', `/tax-statement-list?year=${year}`);
    await page.goto(`${baseUrl()}/tax-statement-list`);
    const head = page.getByTestId('tax-statement-head');
    await expect.poll(() => head.textContent(), { timeout: 15_000 }).toContain(`Commune : ${s.commune}`);
    expect(await head.textContent()).toContain(`${s.total.taxablePersonNights} nuitée`);
    expect(await page.getByTestId('tax-statement-pdf').getAttribute('href')).toBe(
      `/rest/tax-statement-list/document?year=${year}`,
    );
    expect(await page.getByTestId('tax-statement-csv').getAttribute('href')).toBe(
      `/rest/tax-statement-list/export?year=${year}`,
    );
    await expect.poll(() => page.locator('[data-table="tax-statement-list"] tbody tr').count()).toBe(s.periods.length);
    expect(page.errors).toEqual([]);
  });

  it('the INSEE survey and the police register of this month', async () => {
    await page.goto(`${baseUrl()}/insee-statement`);
    await expect
      .poll(() => page.locator('[data-table="insee-categories"]').textContent(), { timeout: 15_000 })
      .toContain('Emplacements nus');
    await page.getByTestId('insee-total').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('insee-total').textContent()).toMatch(/arrivée/);
    await page.goto(`${baseUrl()}/police-note-book`);
    await expect
      .poll(() => page.getByTestId('police-count').textContent(), { timeout: 15_000 })
      .toMatch(/fiches? — conservées 6 mois/);
    expect(page.errors).toEqual([]);
  });
});
