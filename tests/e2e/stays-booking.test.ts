// A day at the reception desk in Chromium: create a customer, book a free pitch for
// tonight from the availability search, tick the guest arrived in today's arrival
// list, then gone in tomorrow's departure list, and see the stay's status follow.
import { describe, expect, it } from 'vitest';
import { baseUrl, withLoggedInPage, type TestPage } from './browser';
import { addDays, todayParis } from '../../common/dates';

let page: TestPage;
const stamp = Date.now().toString(36).toUpperCase();
const lastName = `Réception${stamp}`;
const today = todayParis();
const tomorrow = addDays(today, 1);

withLoggedInPage((p) => (page = p));

describe('customer, booking, arrival and departure', () => {
  let bookingId = '';
  let code = '';

  it('creates a customer', async () => {
    await page.goto(`${baseUrl()}/customer/general/0`);
    await page.fill('input[name="lastName"]', lastName);
    await page.fill('input[name="firstName"]', 'Maëlle');
    await page.fill('input[name="phone1"]', '0612345678');
    await page.fill('input[name="email"]', `maelle.${stamp.toLowerCase()}@exemple.fr`);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    // The saved customer stays on screen (issue 13, docs/stays.md#preferences), then the list finds it.
    await page.waitForURL((u) => /^\/customer\/general\/[1-9]\d*$/.test(u.pathname));
    await page.goto(`${baseUrl()}/customer-list`);
    await page.getByPlaceholder('Rechercher (3 caractères min.)').fill(lastName.slice(0, 14));
    await page.getByRole('cell', { name: lastName, exact: true }).waitFor();
    await page.getByRole('cell', { name: '06 12 34 56 78' }).waitFor();
  });

  it('books a free pitch for tonight from the availability search', async () => {
    await page.goto(`${baseUrl()}/search-availability`);
    await page.fill('input[name="startDate"]', today);
    await page.fill('input[name="endDate"]', tomorrow);
    await page.getByLabel("Type d'emplacement").click();
    await page.getByRole('option', { name: 'Emplacement tente' }).click();
    await page.getByRole('button', { name: 'Rechercher' }).click();
    const first = page.locator('[data-testid^="book-"]').first();
    await first.waitFor();
    const placeCode = (await first.getAttribute('data-testid'))!.slice(5);
    await first.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Client').fill(lastName.slice(0, 10));
    await page.getByRole('option', { name: new RegExp(lastName) }).click();
    await dialog.getByLabel('Équipement').click();
    await page.getByRole('option', { name: /^Tente \(/ }).click();
    await dialog.getByRole('button', { name: 'Réserver' }).click();
    await page.waitForURL((u) => /^\/booking\/\d+$/.test(u.pathname));
    bookingId = new URL(page.url()).pathname.split('/').pop()!;
    const title = await page.getByRole('heading', { level: 1 }).textContent();
    code = /R\d{6}/.exec(title ?? '')![0];
    await expect(page.getByTestId('status-chip').first().textContent()).resolves.toBe('Confirmée');
    await expect(page.getByText(placeCode, { exact: false }).count()).resolves.toBeGreaterThan(0);
    await expect(page.getByText(`${lastName} Maëlle`).count()).resolves.toBe(1);
  });

  it('ticks the guest arrived in the arrival list', async () => {
    await page.goto(`${baseUrl()}/booking-arrival-list`);
    const row = page.getByRole('row', { name: new RegExp(code) });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain(lastName);
    await page.getByTestId(`tick-arrive-${bookingId}`).click();
    // One click asks for confirmation (issue 13, docs/stays.md#preferences).
    await page.getByRole('dialog').getByRole('button', { name: 'Enregistrer l’arrivée' }).click();
    await page.getByTestId(`tick-arrive-${bookingId}`).waitFor({ state: 'detached' });
    await row.getByText('Arrivée', { exact: true }).waitFor();
  });

  it('ticks the guest gone in tomorrow’s departure list', async () => {
    await page.goto(`${baseUrl()}/booking-departure-list`);
    await page.fill('input[name="date"]', tomorrow);
    const row = page.getByRole('row', { name: new RegExp(code) });
    await row.waitFor();
    await page.getByTestId(`tick-depart-${bookingId}`).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Enregistrer le départ' }).click();
    await page.getByTestId(`tick-depart-${bookingId}`).waitFor({ state: 'detached' });
    await row.getByText('Partie', { exact: true }).waitFor();
  });

  it('finds the departure in tomorrow’s cleaning list, with its task to do', async () => {
    await page.goto(`${baseUrl()}/booking-departure-cleanning`);
    await page.fill('input[name="date"]', tomorrow);
    const row = page.getByRole('row', { name: new RegExp(lastName) });
    await row.waitFor();
    await row.getByText(/^(Ménage|Contrôle) : À faire$/).waitFor();
    await expect(row.textContent()).resolves.toContain('personne');
  });

  it('shows the stay gone, with its history, and in the arrival list of today', async () => {
    await page.goto(`${baseUrl()}/booking/${bookingId}`);
    await page.getByTestId('status-chip').getByText('Partie', { exact: true }).waitFor();
    const history = await page.getByTestId('history-line').allTextContents();
    expect(history.some((h) => h.includes('Client parti'))).toBe(true);
    expect(history.some((h) => h.includes('Client arrivé'))).toBe(true);
    // Arrived and gone cannot be ticked again: the buttons are gone.
    await expect(page.getByTestId('action-arrive').count()).resolves.toBe(0);
    await expect(page.getByTestId('action-depart').count()).resolves.toBe(0);
    await page.goto(`${baseUrl()}/booking-arrival-list`);
    await page.getByRole('row', { name: new RegExp(code) }).waitFor();
    expect(page.errors).toEqual([]);
  });
});
