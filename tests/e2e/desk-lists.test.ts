// The front desk in Chromium (issue 13, docs/stays.md#preferences): « Arrivé » asks for confirmation and can be
// undone the same day; the day lists fit a 1 366 px screen (optional columns behind
// « Colonnes »); a read-only user is not offered « Nouvelle réservation »; a wizard
// tab closed on its draft lets the place go at once.
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, loginAs, newPage, pageApi, withLoggedInPage, type TestPage } from './browser';
import { addDays, todayParis } from '../../common/dates';

let browser: Browser;
let page: TestPage;
const tag = Date.now().toString(36);
const PASSWORD = 'mot-de-passe-desk';
const today = todayParis();

withLoggedInPage((p, b) => {
  page = p;
  browser = b;
});

const filter = (f: Record<string, unknown>) => encodeURIComponent(JSON.stringify(f));

/** A confirmed stay of tonight on a free place of the demo, for the arrival list. */
async function stayOfToday(): Promise<{ bookingId: number; code: string }> {
  const [adult] = await pageApi<any[]>(page, 'GET', `/age-category?filter=${filter({ minAge: 18 })}&range=[0,0]`);
  const free = await pageApi<any[]>(page, 'POST', '/booking/search-availability', {
    startDate: today,
    endDate: addDays(today, 2),
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
        endDate: addDays(today, 2),
        details: [{ ageCategoryId: adult.id, quantity: 2 }],
      },
    ],
  });
  return { bookingId: s.booking.id, code: s.booking.code };
}

describe('arrivals at the desk', () => {
  it('asks before recording « Arrivé », records on confirmation, and undoes it with a reason', async () => {
    const { bookingId, code } = await stayOfToday();
    await page.goto(`${baseUrl()}/booking-arrival-list`);
    const tick = page.getByTestId(`tick-arrive-${bookingId}`);
    await tick.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await pageApi<any>(page, 'GET', `/booking/${bookingId}`)).statusId).toBe(2);
    await tick.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Enregistrer l’arrivée' }).click();
    await tick.waitFor({ state: 'detached' });
    expect((await pageApi<any>(page, 'GET', `/booking/${bookingId}`)).statusId).toBe(6);
    await page.getByTestId(`tick-undo-arrival-${bookingId}`).click();
    const undo = page.getByRole('dialog');
    await undo.getByLabel('Motif').fill('Mauvais client coché');
    await undo.getByRole('button', { name: 'Annuler l’arrivée' }).click();
    await page.getByTestId(`tick-arrive-${bookingId}`).waitFor();
    const after = await pageApi<any>(page, 'GET', `/booking/${bookingId}`);
    expect(after).toMatchObject({ statusId: 2, arrivedAt: null });
    await page.getByRole('row', { name: new RegExp(code) }).waitFor();
    expect(page.errors).toEqual([]);
  });
});

describe('lists fit 1 366 px', () => {
  it('arrivals, departures and the other day lists: no horizontal scrolling, the action column visible', async () => {
    const small = await newPage(browser);
    await small.setViewportSize({ width: 1366, height: 800 });
    await loginAs(small);
    try {
      for (const path of [
        '/booking-arrival-list',
        '/booking-departure-list',
        '/booking-departure-cleanning',
        '/occupation-list',
        '/booking-list/0',
        '/customer-list',
        '/place-list',
      ]) {
        await small.goto(`${baseUrl()}${path}`);
        await small.locator('table').first().waitFor();
        const m = await small.evaluate(() => ({
          page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          tables: [
            ...document.querySelectorAll(
              '.MuiTableContainer-root, .RaDatagrid-tableWrapper, .RaDataTable-tableWrapper',
            ),
          ].map((c) => c.scrollWidth - c.clientWidth),
        }));
        expect(m.page, path).toBeLessThanOrEqual(0);
        for (const over of m.tables) expect(over, path).toBeLessThanOrEqual(0);
      }
      // The optional columns come back through « Colonnes ».
      await small.goto(`${baseUrl()}/booking-arrival-list`);
      await small.getByTestId('columns-booking-arrival').click();
      await small.getByRole('menuitem', { name: 'Téléphone' }).click();
      await small.keyboard.press('Escape');
      await small.getByRole('columnheader', { name: 'Téléphone' }).waitFor();
      expect(small.errors).toEqual([]);
    } finally {
      await small.context().close();
    }
  });
});

describe('rights lead the menu', () => {
  it('a read-only user sees the stays but no « Nouvelle réservation », and the wizard says so at once', async () => {
    const login = `desk-lecteur-${tag}`;
    const u = await pageApi<any>(page, 'POST', '/security/user', { login, name: `Lecteur ${tag}`, password: PASSWORD });
    await pageApi(page, 'POST', `/security/user/set_right/${u.id}`, {
      rights: {
        'booking.booking': { rights: '001' },
        'customer.customer': { rights: '001' },
        'camp.planning': { rights: '001' },
      },
    });
    const reader = await newPage(browser);
    try {
      await loginAs(reader, login, PASSWORD);
      await reader.locator('[data-menu-key]').first().waitFor();
      await reader.getByText('Séjours', { exact: true }).first().click();
      await reader.getByRole('menuitem', { name: 'Séjours', exact: true }).waitFor();
      await reader.getByText('Réception', { exact: true }).first().click();
      await reader.getByRole('menuitem', { name: 'Arrivées', exact: true }).waitFor();
      await expect.poll(() => reader.getByRole('menuitem', { name: 'Nouvelle réservation' }).count()).toBe(0);
      await reader.goto(`${baseUrl()}/new-booking`);
      await reader.getByTestId('nb-no-right').waitFor();
      await reader.goto(`${baseUrl()}/planning`);
      await reader
        .getByRole('button', { name: 'Aujourd’hui' })
        .or(reader.locator('[data-testid="planning-board"]'))
        .first()
        .waitFor();
      await expect.poll(() => reader.getByRole('button', { name: 'Nouvelle réservation' }).count()).toBe(0);
      expect(reader.errors).toEqual([]);
    } finally {
      await reader.context().close();
    }
  });
});

describe('a wizard tab closed on its draft', () => {
  it('releases the draft and its place at once', async () => {
    const [adult] = await pageApi<any[]>(page, 'GET', `/age-category?filter=${filter({ minAge: 18 })}&range=[0,0]`);
    const start = addDays(today, 20);
    const wizard = await page.context().newPage();
    await wizard.goto(`${baseUrl()}/new-booking`);
    await wizard.getByTestId('nb-start').fill(start);
    await wizard.getByTestId('nb-end').fill(addDays(start, 2));
    await wizard.getByTestId(`nb-age-${adult.id}`).fill('2');
    await wizard.getByTestId('nb-next').click();
    await wizard.locator('[data-testid^="nb-place-"]').first().click();
    await wizard.getByTestId('nb-next').click();
    // The route now holds the draft: /new-booking/{step}/0/{tempBookingId}/…
    await wizard.waitForURL((u) => /^\/new-booking\/\d+\/0\/[1-9]\d*\//.test(u.pathname));
    const draftId = Number(new URL(wizard.url()).pathname.split('/')[4]);
    expect((await pageApi<any>(page, 'GET', `/booking/${draftId}`)).statusId).toBe(1);
    await wizard.close({ runBeforeUnload: false });
    await expect
      .poll(async () => (await pageApi<any>(page, 'GET', `/booking/${draftId}`)).statusId, { timeout: 10_000 })
      .toBe(15);
  });
});
