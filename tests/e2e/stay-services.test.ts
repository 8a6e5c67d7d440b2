// Access credentials and the concierge in Chromium (issue 30, docs/history.md#issue-30): from a stay, a badge added,
// a plate added then revoked, each with its state; a concierge service ordered for the stay,
// then found on the provider's list of its day.
import { describe, expect, it } from 'vitest';
import { baseUrl, pageApi, withLoggedInPage, type TestPage } from './browser';
import { addDays, formatDateFr, todayParis } from '../../common/dates';

let page: TestPage;
withLoggedInPage((p) => (page = p));

const tag = Date.now().toString(36).toUpperCase();
const today = todayParis();
const filter = (f: Record<string, unknown>) => encodeURIComponent(JSON.stringify(f));

async function stayOfThreeNights(): Promise<number> {
  const [adult] = await pageApi<any[]>(page, 'GET', `/age-category?filter=${filter({ minAge: 18 })}&range=[0,0]`);
  const free = await pageApi<any[]>(page, 'POST', '/booking/search-availability', {
    startDate: today,
    endDate: addDays(today, 3),
    persons: 2,
  });
  const [customer] = await pageApi<any[]>(page, 'GET', '/customer?range=[0,0]');
  const s = await pageApi<any>(page, 'POST', '/booking/create', {
    kind: 'booking',
    customerId: customer.id,
    occupancies: [
      {
        placeId: free[0].placeId,
        startDate: today,
        endDate: addDays(today, 3),
        details: [{ ageCategoryId: adult.id, quantity: 2 }],
      },
    ],
  });
  return s.booking.id;
}

describe('services of a stay', () => {
  it('lists the stay’s badges and plates with their state, and its concierge orders on the day’s list', async () => {
    const bookingId = await stayOfThreeNights();
    const service = `Pain ${tag}`;
    await pageApi(page, 'POST', '/extra', { label: service, isConcierge: true });

    // From the stay's screen to its credentials
    await page.goto(`${baseUrl()}/booking/${bookingId}`);
    await page.getByRole('button', { name: 'Badges et plaques' }).click();
    await page.locator('h1', { hasText: `Badges et plaques du séjour n° ${bookingId}` }).waitFor();
    await page.getByText('Aucun badge ni plaque pour ce séjour').waitFor();
    for (const [button, value] of [
      ['Ajouter un badge', `B${tag}`],
      ['Ajouter une plaque', `AA-${tag.slice(-3)}-BB`],
    ]) {
      await page.getByRole('button', { name: button }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox').fill(value);
      await dialog.getByRole('button', { name: 'Ajouter' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page
        .getByRole('row', { name: new RegExp(value) })
        .getByText('Valide')
        .waitFor();
    }
    const plate = page.getByRole('row', { name: /Plaque/ });
    await plate.getByRole('button', { name: 'Révoquer' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Révoquer' }).click();
    await plate.getByText('Révoqué (à la main)').waitFor();
    await page
      .getByRole('row', { name: /Badge/ })
      .getByText(formatDateFr(addDays(today, 3)))
      .waitFor();

    // The concierge: a service ordered for tomorrow, on the provider's list of tomorrow
    await page.goto(`${baseUrl()}/concierge-daily-list?bookingId=${bookingId}`);
    await page.getByLabel('Service').click();
    await page.getByRole('option', { name: service }).click();
    await page.getByLabel('Quantité').fill('2');
    await page.getByRole('button', { name: 'Commander' }).click();
    await page.getByTestId('concierge-count').getByText('1 commande').waitFor();
    await page.goto(`${baseUrl()}/concierge-daily-list`);
    await page.locator('h1', { hasText: 'Conciergerie : liste du jour' }).waitFor();
    await page.getByLabel('Jour').fill(formatDateFr(addDays(today, 1)));
    const row = page.getByRole('row', { name: new RegExp(service) });
    await row.waitFor();
    expect(await row.textContent()).toContain('08:00');
    expect(page.errors).toEqual([]);
  });
});
