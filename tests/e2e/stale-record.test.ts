// A generated edit form whose record someone else changed meanwhile: the save is
// refused with « Cet enregistrement a été modifié par un autre utilisateur », what
// was typed stays on screen, the record can be reloaded, the entries reapplied and
// saved knowingly — nothing is silently lost.
import { expect, it } from 'vitest';
import { baseUrl, pageApi, withLoggedInPage, type TestPage } from './browser';

let page: TestPage;

withLoggedInPage((p) => (page = p));

it('refuses a stale save, keeps the entries, reloads and reapplies them', async () => {
  const made = await pageApi(page, 'POST', '/country', {
    isoCode: 'QZ',
    name: 'Concurrence',
    nationality: 'Concurrente',
  });
  await page.goto(`${baseUrl()}/country/${made.id}`);
  const name = page.locator('input[name="name"]');
  await expect.poll(() => name.inputValue()).toBe('Concurrence');
  // Another user saves the record while this form is open.
  await pageApi(page, 'PUT', `/country/${made.id}`, { ...made, nationality: 'Changée ailleurs' });
  await name.fill('Mon nouveau nom');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  const banner = page.locator('.bv-stale-record');
  await banner.getByText('Cet enregistrement a été modifié par un autre utilisateur').waitFor();
  await expect.poll(() => name.inputValue()).toBe('Mon nouveau nom');
  await banner.getByRole('button', { name: 'Recharger l’enregistrement' }).click();
  await expect.poll(() => page.locator('input[name="nationality"]').inputValue()).toBe('Changée ailleurs');
  await banner.getByText('Mon nouveau nom').waitFor();
  await banner.getByRole('button', { name: 'Reprendre mes saisies' }).click();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await page.waitForURL((u) => u.pathname === '/country-list');
  const now = await pageApi(page, 'GET', `/country/${made.id}`);
  expect(now).toMatchObject({ name: 'Mon nouveau nom', nationality: 'Changée ailleurs' });
  expect(page.errors).toEqual([]);
});
