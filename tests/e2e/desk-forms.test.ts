// Front-desk forms (issue 13, docs/stays.md#preferences) in Chromium: invalid input never crashes a form — the
// field shows its error and keeps what was typed (a form-level or server error is an
// object, once rendered as a child: React error #31, « Un problème est survenu ») —
// and the customer form shows the saved customer after « Enregistrer ».
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, loginAs, newPage, pageApi, withLoggedInPage, type TestPage } from './browser';

let browser: Browser;
let page: TestPage;
const stamp = Date.now().toString(36).toUpperCase();

withLoggedInPage((p, b) => {
  page = p;
  browser = b;
});

const filter = (f: Record<string, unknown>) => encodeURIComponent(JSON.stringify(f));

/**
 * Types each value in the input, saves, and expects a field error with the input kept (as typed, or re-formatted the
 * French way) and no crash.
 */
async function refusesEach(input: ReturnType<Page['locator']>, values: string[], pg: Page = page) {
  for (const typed of values) {
    await input.fill(typed);
    await pg.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await pg.locator('.MuiFormHelperText-root.Mui-error').first().waitFor();
    await expect(pg.getByText('Un problème est survenu').count()).resolves.toBe(0);
    await expect(input.inputValue()).resolves.toMatch(new RegExp(`^${typed}(,00)?$`));
  }
}

describe('invalid input never crashes a form', () => {
  it('price period: −5 and « abc » as the night price', async () => {
    const [grid] = await pageApi<any[]>(page, 'GET', '/price-grid?range=[0,0]');
    const [period] = await pageApi<any[]>(
      page,
      'GET',
      `/price-grid-period?filter=${filter({ priceGridId: grid.id })}&range=[0,0]`,
    );
    await page.goto(`${baseUrl()}/price/period/${period.id}/grid/${grid.id}/0`);
    const input = page.locator('input[name="pricePerNight"]');
    await input.waitFor();
    await refusesEach(input, ['-5', 'abc']);
    await expect(page.locator('.MuiFormHelperText-root.Mui-error').first().textContent()).resolves.toMatch(/\S/);
    expect(page.errors).toEqual([]);
  });

  it('place type: a number field given text and a negative', async () => {
    const [type] = await pageApi<any[]>(page, 'GET', '/place-type?range=[0,0]');
    await page.goto(`${baseUrl()}/place-type/general/${type.id}`);
    const input = page.locator('input[name="maxPersons"]');
    await input.waitFor();
    await refusesEach(input, ['abc', '-3']);
    expect(page.errors).toEqual([]);
  });

  it('every other custom form with numbers: booking fee, last-minute offer, grid option, place', async () => {
    // Leaving a form with unsaved (refused) entries: the browser's « leave the page? » is accepted.
    page.on('dialog', (d) => void d.accept());
    const first = async (base: string, f: Record<string, unknown> = {}) =>
      (await pageApi<any[]>(page, 'GET', `/${base}?filter=${filter(f)}&range=[0,0]`))[0];
    const [grid] = await pageApi<any[]>(page, 'GET', '/price-grid?range=[0,0]');
    const fee = await first('booking-fee');
    const offer = await first('last-minute-offer');
    const option = await first('price-grid-option', { priceGridId: grid.id });
    const place = await first('place');
    const forms: [string | null, string, string[]][] = [
      [fee && `/booking-fee/${fee.id}`, 'amount', ['-5', 'abc']],
      [offer && `/last-minute-offer/${offer.id}`, 'rate', ['abc']],
      [option && `/price/option/${option.id}/grid/${grid.id}/0`, 'includedQuantity', ['abc', '-2']],
      [place && `/place/general/${place.id}`, 'capacity', ['abc', '0']],
    ];
    for (const [path, field, values] of forms) {
      if (!path) continue;
      await page.goto(`${baseUrl()}${path}`);
      const input = page.locator(`input[name="${field}"]`);
      await input.waitFor();
      await refusesEach(input, values);
    }
    expect(page.errors).toEqual([]);
  });

  it('customer: a wrong e-mail is a field error, then the saved customer stays on screen', async () => {
    // A page of its own: the forms left above with refused entries do not follow it.
    const page = await newPage(browser);
    await loginAs(page);
    await page.goto(`${baseUrl()}/customer/general/0`);
    await page.fill('input[name="lastName"]', `Enregistré${stamp}`);
    await refusesEach(page.locator('input[name="email"]'), ['pas-une-adresse'], page);
    await page.fill('input[name="email"]', `client.${stamp.toLowerCase()}@exemple.fr`);
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await page.waitForURL((u) => /^\/customer\/general\/[1-9]\d*$/.test(u.pathname));
    await expect.poll(() => page.locator('input[name="lastName"]').inputValue()).toBe(`Enregistré${stamp}`);
    await expect.poll(() => page.locator('input[name="code"]').inputValue()).toMatch(/\S/);
    // Saving again keeps it on screen too.
    await page.fill('input[name="firstName"]', 'Zoé');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await page.locator('.MuiSnackbar-root').getByText('Élément mis à jour').waitFor();
    await expect.poll(() => page.locator('input[name="firstName"]').inputValue()).toBe('Zoé');
    expect(new URL(page.url()).pathname).toMatch(/^\/customer\/general\/[1-9]\d*$/);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});

describe('one French date field, and delete confirmations that say what they do', () => {
  it(
    'customer: the birth date is typed DD/MM/YYYY, a wrong one is told in French, the API gets YYYY-MM-DD; ' +
      'deleting asks « Supprimer le client » / « Garder le client »',
    async () => {
      const page = await newPage(browser);
      await loginAs(page);
      await page.goto(`${baseUrl()}/customer/general/0`);
      await page.fill('input[name="lastName"]', `Datefr${stamp}`);
      const birth = page.locator('input[name="birthDate"]');
      await expect(birth.getAttribute('placeholder')).resolves.toBe('JJ/MM/AAAA');
      await birth.pressSequentially('31/02/1990');
      await page.getByText('Date invalide : JJ/MM/AAAA attendu').waitFor();
      await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
      await expect(page.getByText('Un problème est survenu').count()).resolves.toBe(0);
      expect(new URL(page.url()).pathname).toBe('/customer/general/0'); // not saved with a wrong date
      await birth.fill('');
      await birth.pressSequentially('15071985'); // digits only: the slashes come by themselves on leaving the field
      await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
      await page.waitForURL((u) => /^\/customer\/general\/[1-9]\d*$/.test(u.pathname));
      const id = Number(new URL(page.url()).pathname.split('/').pop());
      await expect.poll(async () => (await pageApi(page, 'GET', `/customer/${id}`)).birthDate).toBe('1985-07-15');
      await expect.poll(() => birth.inputValue()).toBe('15/07/1985');

      await page.locator('.bv-delete').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(`Supprimer le client « `).waitFor();
      await expect(dialog.getByRole('button').allTextContents()).resolves.toEqual([
        'Garder le client',
        'Supprimer le client',
      ]);
      await dialog.getByRole('button', { name: 'Garder le client' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.locator('.bv-delete').click();
      await page.getByRole('dialog').getByRole('button', { name: 'Supprimer le client' }).click();
      await page.waitForURL((u) => !/\/customer\/general\/[1-9]/.test(u.pathname));
      await expect(
        page.evaluate(async (i) => (await fetch(`/rest/customer/${i}`, { credentials: 'same-origin' })).status, id),
      ).resolves.toBe(404);
      expect(page.errors).toEqual([]);
      await page.context().close();
    },
  );
});
