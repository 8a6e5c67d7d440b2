// Stay and catalogue screens in Chromium, against the demo campsite, on places of
// their own: an occupancy deleted after confirmation (never the last one of a
// confirmed stay), two stays of a customer merged, a place type and a partner in
// pages, a place's image gallery and its meters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, pageApi } from './browser';
import { stayBasics, testCustomer } from './stays-fixtures';
import { rentalPicture } from '../../api/demo/png';

let browser: Browser;
let page: Page & { errors: string[] };
const tag = `S${Date.now() % 100000}`;
const places: Record<string, { id: number; code: string }> = {};
let adult = 0;
let customerId = 0;
let confId = 0;

const call = <T = any>(method: string, path: string, body?: unknown) => pageApi<T>(page, method, path, body);

const occupancy = (place: string, startDate: string, endDate: string) => ({
  placeId: places[place].id,
  startDate,
  endDate,
  details: [{ ageCategoryId: adult, quantity: 2 }],
});

beforeAll(async () => {
  ({ browser, page, adult, confId } = await stayBasics());
  for (const name of ['P1', 'P2', 'P3', 'P4']) {
    const code = `${tag}${name}`.slice(0, 10);
    places[name] = { id: (await call('POST', '/place', { code, placeTypeId: confId, capacity: 6 })).id, code };
  }
  customerId = await testCustomer(page, `Écrans${tag}`);
});
afterAll(async () => {
  await browser?.close();
});

describe('booking screen', () => {
  it('deletes an occupancy after confirmation, and never offers to delete the last one', async () => {
    const s = await call('POST', '/booking/create', {
      kind: 'booking',
      customerId,
      occupancies: [occupancy('P1', '2031-05-04', '2031-05-08'), occupancy('P2', '2031-05-04', '2031-05-06')],
    });
    await page.goto(`${baseUrl()}/booking/${s.booking.id}`);
    const [first, second] = s.occupancies.map((o: any) => o.id);
    await page.getByTestId(`delete-occupancy-${second}`).waitFor();
    await page.getByTestId(`delete-occupancy-${first}`).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Supprimer cette occupation ?').waitFor();
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    await page.getByTestId(`occupancy-${first}`).waitFor({ state: 'detached' });
    await page.getByTestId(`occupancy-${second}`).waitFor();
    await expect(page.locator('[data-testid^="delete-occupancy-"]').count()).resolves.toBe(0);
    const after = await call('GET', `/booking/${s.booking.id}/summary`);
    expect(after.occupancies.map((o: any) => o.id)).toEqual([second]);
    expect(after.booking).toMatchObject({ startDate: '2031-05-04', endDate: '2031-05-06' });
  });

  it('merges another stay of the same customer', async () => {
    const main = await call('POST', '/booking/create', {
      kind: 'booking',
      customerId,
      occupancies: [occupancy('P3', '2031-06-01', '2031-06-05')],
    });
    const other = await call('POST', '/booking/create', {
      kind: 'booking',
      customerId,
      occupancies: [occupancy('P4', '2031-06-01', '2031-06-05')],
    });
    await page.goto(`${baseUrl()}/booking/${main.booking.id}`);
    await page.getByTestId('merge-open').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Séjour à reprendre').click();
    await page.getByRole('option', { name: new RegExp(other.booking.code) }).click();
    await dialog.getByText(`Les occupations du séjour ${other.booking.code} sont reprises`).waitFor();
    await dialog.getByRole('button', { name: 'Fusionner' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: new RegExp(places.P4.code) }).waitFor();
    expect((await call('GET', `/booking/${other.booking.id}`)).statusId).toBe(16);
    expect((await call('GET', `/booking/${main.booking.id}/summary`)).occupancies).toHaveLength(2);
    expect(page.errors).toEqual([]);
  });
});

describe('catalogue screens in pages', () => {
  it('a place type: details, history versions, places of the type', async () => {
    await page.goto(`${baseUrl()}/place-type/general/${confId}`);
    await expect(page.locator('input[name="code"]').inputValue()).resolves.toBe('CONF');
    await page.getByRole('tab', { name: 'Historique des versions' }).click();
    await page.waitForURL((u) => u.pathname === `/place-type/history/${confId}`);
    const version = page.locator(`[data-table="place-type-history-${confId}"] tbody tr`).first();
    await version.click();
    await page
      .getByRole('dialog')
      .getByText(/^Version \d+ : /)
      .waitFor();
    await page.getByRole('dialog').getByRole('cell', { name: 'Famille' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Emplacements de ce type' }).click();
    await page.waitForURL((u) => u.pathname === `/place-type/places/${confId}`);
    await page.getByRole('cell', { name: places.P1.code, exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/place/general/${places.P1.id}`);
  });

  it('a partner: details, allotments, commission periods', async () => {
    const partners = await call<any[]>('GET', '/partner?range=[0,49]');
    const manager = partners.find((p) => p.isManager) ?? partners[0];
    await page.goto(`${baseUrl()}/partner/general/${manager.id}`);
    await expect(page.locator('input[name="name"]').inputValue()).resolves.toBe(manager.name);
    await page.getByRole('tab', { name: 'Allotements' }).click();
    await page.waitForURL((u) => u.pathname === `/partner/allotments/${manager.id}`);
    await page.getByRole('cell', { name: 'L01', exact: true }).first().waitFor();
    await page.getByRole('tab', { name: 'Périodes de commission' }).click();
    await page.getByRole('cell', { name: '12 %' }).waitFor();
    await page.getByRole('link', { name: 'Nouvelle période de commission' }).click();
    await page.waitForURL((u) => u.pathname === `/partner-commission-period/${manager.id}/0`);
  });

  it('a place: its image gallery and its meters', async () => {
    const { id } = places.P1;
    await page.goto(`${baseUrl()}/place/images/${id}`);
    await page.getByText('Aucune image').waitFor();
    const input = page.getByTestId('upload-place-image');
    await input.setInputFiles({
      name: 'virus.exe',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('MZ not an image'),
    });
    await page.getByText('Formats acceptés : .jpg, .jpeg, .png, .gif').waitFor();
    await input.setInputFiles({
      name: 'vue.png',
      mimeType: 'image/png',
      buffer: rentalPicture([236, 222, 196], [150, 60, 50], 2),
    });
    const image = page.getByTestId('place-image').locator('img');
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(240);
    await page.getByRole('button', { name: "Supprimer l'image 1" }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
    await page.getByText('Aucune image').waitFor();
    expect((await call('GET', `/place/${id}`)).images).toEqual([]);

    await page.getByRole('tab', { name: 'Compteurs' }).click();
    await page.waitForURL((u) => u.pathname === `/place/meters/${id}`);
    await page.getByText('Aucun compteur').waitFor();
    await page.getByRole('button', { name: 'Ajouter un compteur' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Type de compteur').click();
    await page.getByRole('option', { name: 'Électricité (kWh)' }).click();
    await dialog.locator('input[name="number"]').fill(`EL-${tag}`);
    await dialog.locator('input[name="installedOn"]').fill('2031-04-01');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    const row = page.getByRole('row', { name: new RegExp(`EL-${tag}`) });
    await row.getByRole('cell', { name: '01/04/2031', exact: true }).waitFor();
    await row.click();
    await dialog.locator('input[name="removedOn"]').fill('2031-03-01');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.getByText('Date postérieure à').or(dialog.locator('.Mui-error')).first().waitFor();
    await dialog.locator('input[name="removedOn"]').fill('2031-10-31');
    await dialog.locator('input[name="isActive"]').uncheck();
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByRole('cell', { name: '31/10/2031', exact: true }).waitFor();
    await row.getByRole('cell', { name: 'Non', exact: true }).waitFor();
    expect(page.errors).toEqual([]);
  });
});
