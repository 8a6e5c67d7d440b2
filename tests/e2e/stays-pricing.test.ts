// The stored price in Chromium, against the demo campsite, on a pitch of its own: the
// desk sets a manual price per night in the wizard, saves the booking, finds the price
// flagged "prix modifié manuellement" with the server's total on the booking screen;
// then changes the stay's dates through the wizard and sees the price follow, the
// manual price kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, pageApi } from './browser';
import { stayBasics, testCustomer } from './stays-fixtures';
import { addDays, todayParis } from '../../common/dates';
import { formatCents } from '../../common/money';
import { demoSeasons } from '../../api/demo/pricing';

let browser: Browser;
let page: Page & { errors: string[] };
const tag = `PR${Date.now() % 100000}`;
let placeCode = '';
let customerId = 0;
let adult = 0;
// Inside the demo season when it is still ahead (the grid prices it), else a later date:
// a manual price answers a period the grid does not price too.
const season = demoSeasons();
const start = season.midStart > addDays(todayParis(), 7) ? season.midStart : addDays(todayParis(), 75);

const call = <T = any>(method: string, path: string, body?: unknown) => pageApi<T>(page, method, path, body);

const next = () => page.getByTestId('nb-next').click();
const text = async (testId: string) => (await page.getByTestId(testId).first().textContent()) ?? '';

beforeAll(async () => {
  let confId: number;
  ({ browser, page, adult, confId } = await stayBasics());
  const layout = await call('POST', '/layout', { code: tag, label: `Zone prix ${tag}`, order: 0 });
  placeCode = `${tag}P`.slice(0, 10);
  await call('POST', '/place', { code: placeCode, placeTypeId: confId, layoutId: layout.id, capacity: 6 });
  customerId = await testCustomer(page, `Prix${tag}`);
});
afterAll(async () => {
  await browser?.close();
});

describe('manual price through the wizard and the booking screen', () => {
  let bookingId = 0;
  let occupancyId = 0;

  it('sets a manual price per night in the wizard, saves, and finds it flagged with the server’s total', async () => {
    await page.goto(`${baseUrl()}/new-booking/1/0/0/0/0/${customerId}/0`);
    await page.getByTestId('nb-start').fill(start);
    await page.getByTestId('nb-end').fill(addDays(start, 3));
    await page.getByTestId(`nb-age-${adult}`).fill('2');
    await next();
    await page.getByTestId(`nb-place-${placeCode}`).click();
    await next();
    await page.getByText(`Client : Prix${tag}`, { exact: false }).waitFor();
    await next();
    await page.getByText('Options et extras').waitFor();
    await next();
    // The price step: the accommodation at 21,50 € per night.
    await page.getByTestId('nb-total').waitFor();
    await page.getByTestId('price-override-stay').fill('21,50');
    await page.getByTestId('price-override-stay').press('Enter');
    const stay = page.getByTestId('line-stay');
    await stay.getByText('prix manuel').waitFor();
    await expect(stay.textContent()).resolves.toContain(formatCents(2150));
    await page.getByRole('alert').filter({ hasText: 'Prix modifié manuellement' }).first().waitFor();
    const wizardTotal = await text('nb-total');
    await next();
    // The down payment is named for what the settings say it is (arrhes in the demo).
    await expect(text('down-payment-label')).resolves.toBe('Arrhes');
    await page.getByLabel('Réservation').check();
    await next();
    await expect(text('nb-done')).resolves.toMatch(/^Réservation R\d+ enregistrée : .*\(prix modifié manuellement\)/);
    await page.getByRole('button', { name: 'Ouvrir le séjour' }).click();
    await page.waitForURL((u) => /^\/booking\/\d+$/.test(u.pathname));
    bookingId = Number(new URL(page.url()).pathname.split('/')[2]);
    const s = await call('GET', `/booking/${bookingId}/summary`);
    occupancyId = s.occupancies[0].id;
    expect(s.booking).toMatchObject({ isManualPrice: true, statusId: 2, startDate: start, endDate: addDays(start, 3) });
    expect(formatCents(s.booking.totalAmount)).toBe(wizardTotal.trim());
    await page.getByTestId('manual-price').first().waitFor();
    await expect(text('booking-total')).resolves.toBe(formatCents(s.booking.totalAmount));
    await expect(text(`occupancy-total-${occupancyId}`)).resolves.toBe(formatCents(s.occupancies[0].amount));
    const line = page.getByTestId(`price-${occupancyId}`).getByTestId('line-stay');
    await expect(line.textContent()).resolves.toMatch(new RegExp(`nuit.*prix manuel3${formatCents(2150)}`));
    expect(page.errors).toEqual([]);
  });

  it('changes the dates through the wizard: the price follows, the manual price is kept', async () => {
    const before = (await call('GET', `/booking/${bookingId}`)).totalAmount as number;
    await page.getByTestId(`edit-occupancy-${occupancyId}`).click();
    await page.waitForURL((u) => u.pathname === `/new-booking/1/${bookingId}/0/${occupancyId}/0/${customerId}/0`);
    // the French date field
    await expect(page.getByTestId('nb-start').inputValue()).resolves.toBe(start.split('-').reverse().join('/'));
    await page.getByTestId('nb-end').fill(addDays(start, 4));
    await next();
    await page.getByTestId(`nb-place-${placeCode}`).getByText('(emplacement actuel)').waitFor();
    await next();
    await next();
    await page.getByText('Options et extras').waitFor();
    await next();
    const stay = page.getByTestId('line-stay');
    await stay.getByText('prix manuel').waitFor();
    await expect(page.getByTestId('price-override-stay').inputValue()).resolves.toBe('21,50');
    await expect(stay.textContent()).resolves.toMatch(new RegExp(`4${formatCents(2150)}`));
    await next();
    await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    await expect(text('nb-done')).resolves.toMatch(/^Réservation R\d+ modifiée : .*\(prix modifié manuellement\)/);
    const s = await call('GET', `/booking/${bookingId}/summary`);
    expect(s.occupancies[0]).toMatchObject({
      id: occupancyId,
      endDate: addDays(start, 4),
      isManualPrice: true,
      priceOverrides: [{ priceGridOptionId: null, unitPrice: 2150 }],
    });
    expect(s.booking.totalAmount).toBeGreaterThan(before + 2150 - 1); // one more night at 21,50 € (and its tourist tax)
    await page.getByRole('button', { name: 'Ouvrir le séjour' }).click();
    await page.waitForURL((u) => u.pathname === `/booking/${bookingId}`);
    await page
      .getByTestId('booking-total')
      .filter({ hasText: formatCents(s.booking.totalAmount) })
      .waitFor();
    await page.getByTestId('manual-price').first().waitFor();
    const line = page.getByTestId(`price-${occupancyId}`).getByTestId('line-stay');
    await expect(line.textContent()).resolves.toMatch(new RegExp(`prix manuel4${formatCents(2150)}`));
    expect(page.errors).toEqual([]);
  });
});
