// The availability search at the desk (issue 13, docs/stays.md#preferences), in Chromium: it asks adults and
// children by age category as the wizard does, and « Réserver » carries them (once
// a search for 3 opened a booking of 2 adults, priced otherwise than shown).
import { describe, expect, it } from 'vitest';
import { baseUrl, withLoggedInPage, type TestPage } from './browser';
import { addDays, todayParis } from '../../common/dates';

let page: TestPage;

withLoggedInPage((p) => (page = p));

describe('availability search', () => {
  it('asks the occupants by age category and carries them into « Réserver »', async () => {
    const start = addDays(todayParis(), 45);
    await page.goto(`${baseUrl()}/search-availability`);
    await page.fill('input[name="startDate"]', start);
    await page.fill('input[name="endDate"]', addDays(start, 4));
    await page.getByLabel('Adulte', { exact: true }).fill('2');
    await page.getByLabel('Enfant 3–12 ans', { exact: true }).fill('1');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    const book = page.locator('[data-testid^="book-"]').first();
    await book.waitFor();
    await book.click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByLabel('Adulte', { exact: true }).inputValue()).toBe('2');
    await expect(dialog.getByLabel('Enfant 3–12 ans', { exact: true }).inputValue()).resolves.toBe('1');
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(page.errors).toEqual([]);
  });
});
