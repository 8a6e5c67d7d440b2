// The planning screens in Chromium, against the demo campsite, each test on places
// of its own (a zone created here): drag a booking to another pitch and find it
// there after a reload; an illegal drop refused with the French message, the bar
// back in its row; a booking made through the wizard from end to end shown on the
// board; the site plan colouring a booked place as occupied; the week numbers the
// planning module turns on or off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, clickMenuItem, pageApi } from './browser';
import { stayBasics, testCustomer } from './stays-fixtures';
import { addDays, todayParis } from '../../common/dates';

let browser: Browser;
let page: Page & { errors: string[] };
const tag = `E${Date.now() % 100000}`;
const places: Record<string, number> = {};
let adult = 0;
let customerId = 0;

const call = <T = any>(method: string, path: string, body?: unknown) => pageApi<T>(page, method, path, body);

async function book(
  placeId: number,
  startDate: string,
  endDate: string,
): Promise<{ bookingId: number; occupancyId: number; code: string }> {
  const s = await call('POST', '/booking/create', {
    kind: 'booking',
    customerId,
    occupancies: [{ placeId, startDate, endDate, details: [{ ageCategoryId: adult, quantity: 2 }] }],
  });
  return { bookingId: s.booking.id, occupancyId: s.occupancies[0].id, code: s.booking.code };
}

/** The board scrolled to a place and a date (the screen's ?placeId=&date=). */
async function openBoardAt(placeId: number, date: string) {
  await page.goto(`${baseUrl()}/planning?placeId=${placeId}&date=${addDays(date, -2)}`);
  await page.locator(`[data-row-id="${placeId}"]`).waitFor();
}

async function drag(barId: string, toRowId: number) {
  const bar = page.locator(`[data-bar-id="${barId}"]`);
  await bar.waitFor();
  const from = (await bar.boundingBox())!;
  const row = (await page.locator(`[data-row-id="${toRowId}"]`).boundingBox())!;
  const x = from.x + from.width / 2;
  await page.mouse.move(x, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(x, from.y + from.height / 2 + 8, { steps: 3 });
  await page.mouse.move(x, row.y + row.height / 2, { steps: 8 });
  // The board may have scrolled under the pointer: aim at the row again.
  const again = (await page.locator(`[data-row-id="${toRowId}"]`).boundingBox())!;
  await page.mouse.move(x, again.y + again.height / 2, { steps: 2 });
  await page.mouse.up();
}

beforeAll(async () => {
  let confId: number;
  ({ browser, page, adult, confId } = await stayBasics());
  const layout = await call('POST', '/layout', { code: tag, label: `Zone test ${tag}`, order: 0 });
  for (const [i, code] of ['P1', 'P2', 'P3', 'P4', 'P5'].entries()) {
    const p = await call('POST', '/place', {
      code: `${tag}${code}`.slice(0, 10),
      placeTypeId: confId,
      layoutId: layout.id,
      capacity: 6,
      planX: 40 + 40 * i,
      planY: 520,
      order: i,
    });
    places[code] = p.id;
  }
  customerId = await testCustomer(page, `Planning${tag}`);
});
afterAll(async () => {
  await browser?.close();
});

describe('planning board', () => {
  it('drags a booking to another pitch; after a reload it is there', async () => {
    const start = addDays(todayParis(), 30);
    const a = await book(places.P1, start, addDays(start, 3));
    await openBoardAt(places.P1, start);
    await drag(`o${a.occupancyId}`, places.P2);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: /Déplacer le séjour/ }).waitFor();
    await expect(dialog.getByTestId('move-to').textContent()).resolves.toMatch(new RegExp(`^${tag}P2`));
    await dialog.getByTestId('move-price').waitFor();
    // The bar moves at once (optimistic); the reload waits for the server's answer.
    const saved = page.waitForResponse((r) => /\/rest\/planning\/move$/.test(new URL(r.url()).pathname));
    await dialog.getByRole('button', { name: 'Déplacer le séjour' }).click();
    await page.locator(`[data-row-id="${places.P2}"] [data-bar-id="o${a.occupancyId}"]`).waitFor();
    expect((await saved).status()).toBe(200);
    await page.reload();
    await page.locator(`[data-row-id="${places.P2}"] [data-bar-id="o${a.occupancyId}"]`).waitFor();
    await expect
      .poll(() => page.locator(`[data-row-id="${places.P1}"] [data-bar-id="o${a.occupancyId}"]`).count())
      .toBe(0);
    expect((await call('GET', `/occupancy/${a.occupancyId}`)).placeId).toBe(places.P2);
    // Someone else changes the stay meanwhile: the board's next drag sends the version it
    // read, is refused with the French message, and the bar stays; nothing is overwritten.
    await call('PUT', `/occupancy/${a.occupancyId}`, { notes: 'changé sur un autre poste' });
    await drag(`o${a.occupancyId}`, places.P3);
    await expect
      .poll(() => page.locator('.pb-toast[role="alert"]').textContent())
      .toContain('Cet enregistrement a été modifié par un autre utilisateur');
    await page.locator(`[data-row-id="${places.P2}"] [data-bar-id="o${a.occupancyId}"]`).waitFor();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect((await call('GET', `/occupancy/${a.occupancyId}`)).placeId).toBe(places.P2);
    // The billing module reports what each stay received: the payment view is offered and can be chosen.
    const paymentView = page.getByRole('button', { name: 'Paiements' });
    await expect.poll(() => paymentView.isEnabled()).toBe(true);
    await paymentView.click();
    await expect.poll(() => paymentView.getAttribute('aria-pressed')).toBe('true');
    expect(page.errors).toEqual([]);
  });

  it('refuses an illegal drop with the French message, the bar returns', async () => {
    const start = addDays(todayParis(), 60);
    const a = await book(places.P3, start, addDays(start, 4));
    await book(places.P4, addDays(start, 1), addDays(start, 6));
    await openBoardAt(places.P3, start);
    await drag(`o${a.occupancyId}`, places.P4);
    // Refused, with the free places of the same type offered instead; declined here.
    const offer = page.getByRole('dialog', { name: 'Emplacement non disponible' });
    await offer.getByText("L'emplacement a un autre équipement à cette date").waitFor();
    await expect
      .poll(() => offer.getByRole('group', { name: 'Emplacements libres' }).getByRole('button').count())
      .toBeGreaterThan(0);
    await offer.getByRole('button', { name: 'Annuler' }).click();
    const toast = page.locator('.pb-toast[role="alert"]');
    await toast.waitFor();
    await expect(toast.textContent()).resolves.toContain("L'emplacement a un autre équipement à cette date");
    await page.locator(`[data-row-id="${places.P3}"] [data-bar-id="o${a.occupancyId}"]`).waitFor();
    await expect
      .poll(() => page.locator(`[data-row-id="${places.P4}"] [data-bar-id="o${a.occupancyId}"]`).count())
      .toBe(0);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect((await call('GET', `/occupancy/${a.occupancyId}`)).placeId).toBe(places.P3);
  });

  it('moves a stay dropped on a taken place to a free place of the same type, on request', async () => {
    const start = addDays(todayParis(), 80);
    const a = await book(places.P5, start, addDays(start, 3));
    await book(places.P1, start, addDays(start, 3));
    await openBoardAt(places.P5, start);
    await drag(`o${a.occupancyId}`, places.P1);
    const offer = page.getByRole('dialog', { name: 'Emplacement non disponible' });
    const first = offer.getByRole('group', { name: 'Emplacements libres' }).getByRole('button').first();
    const code = (await first.textContent())!;
    await first.click();
    const confirm = page.getByRole('dialog', { name: /Déplacer le séjour/ });
    await expect(confirm.getByTestId('move-to').textContent()).resolves.toContain(code);
    await confirm.getByRole('button', { name: /Déplacer le séjour|Forcer/ }).click();
    await confirm.waitFor({ state: 'detached' });
    const saved = await call('GET', `/occupancy/${a.occupancyId}`);
    expect((await call('GET', `/place/${saved.placeId}`)).code).toBe(code);
    expect([saved.startDate, saved.endDate]).toEqual([start, addDays(start, 3)]);
    await expect
      .poll(() => page.locator(`[data-row-id="${places.P1}"] [data-bar-id="o${a.occupancyId}"]`).count())
      .toBe(0);
    await expect
      .poll(() => page.locator(`[data-row-id="${places.P5}"] [data-bar-id="o${a.occupancyId}"]`).count())
      .toBe(0);
  });
});

describe('planning module settings', () => {
  it('shows the ISO week numbers on Mondays only while the module says so', async () => {
    const mondays = () =>
      page
        .locator('.pb-day .pb-day-name')
        .evaluateAll((els) => els.filter((e) => /^S\d+$/.test(e.textContent!)).length);
    const planning = await call('POST', '/establishment/module', {
      kind: 'planning',
      label: `Planning ${tag}`,
      isActive: true,
      settings: { defaultDays: 31, showWeekNumbers: false },
    });
    try {
      await openBoardAt(places.P1, todayParis());
      await page.locator('.pb-day').first().waitFor();
      expect(await mondays()).toBe(0);
      await call('PUT', `/establishment/module/${planning.id}`, {
        ...planning,
        settings: { defaultDays: 31, showWeekNumbers: true },
      });
      await openBoardAt(places.P1, todayParis());
      await page
        .locator('.pb-day .pb-day-name', { hasText: /^S\d+$/ })
        .first()
        .waitFor();
      expect(await mondays()).toBeGreaterThan(0);
    } finally {
      await call('DELETE', `/establishment/module/${planning.id}`);
    }
  });
});

describe('new-booking wizard', () => {
  it('creates a booking from end to end and shows it on the board', async () => {
    const start = addDays(todayParis(), 90);
    const end = addDays(start, 3);
    await page.goto(`${baseUrl()}/new-booking`);
    await page.getByTestId('nb-start').fill(start);
    await page.getByTestId('nb-end').fill(end);
    await page.getByTestId(`nb-age-${adult}`).fill('2');
    await page.getByTestId('nb-next').click();
    // Free places with their prices: ours is free.
    const row = page.getByTestId(`nb-place-${tag}P5`);
    await row.waitFor();
    await row.click();
    await page.getByTestId('nb-next').click();
    await page.waitForURL((u) => /^\/new-booking\/3\/0\/\d+\/0\/\d+\/0\/1$/.test(u.pathname));
    const tempId = Number(new URL(page.url()).pathname.split('/')[4]);
    expect((await call('GET', `/booking/${tempId}`)).statusId).toBe(1); // temporary: it holds the place
    // Customer: created here.
    await page.getByRole('button', { name: 'Nouveau client' }).click();
    await page.getByTestId('nb-new-lastName').fill(`Assistant${tag}`);
    await page.getByRole('button', { name: 'Créer le client' }).click();
    await page.getByText(`Client : Assistant${tag}`, { exact: false }).waitFor();
    await page.getByTestId('nb-next').click();
    await page.getByText('Options et extras').waitFor();
    await page.getByTestId('nb-next').click();
    await page.getByTestId('nb-total').waitFor();
    await page.getByTestId('nb-next').click();
    await page.getByLabel('Réservation').check();
    await page.getByTestId('nb-next').click();
    await expect(page.getByTestId('nb-done').textContent()).resolves.toMatch(/^Réservation R\d+ enregistrée/);
    const saved = await call('GET', `/booking/${tempId}`);
    expect(saved).toMatchObject({ statusId: 2, kind: 'booking', startDate: start, endDate: end });
    await page.getByRole('button', { name: 'Voir sur le planning' }).click();
    await page.waitForURL((u) => u.pathname === '/planning');
    const occId = Number(new URL(page.url()).searchParams.get('occupancyId'));
    await page.locator(`[data-row-id="${places.P5}"] [data-bar-id="o${occId}"]`).waitFor();
    await expect(page.locator(`[data-bar-id="o${occId}"]`).textContent()).resolves.toContain(`Assistant${tag}`);
    expect(page.errors).toEqual([]);
  });

  it('leaving asks for confirmation and abandons the temporary booking', async () => {
    const start = addDays(todayParis(), 120);
    await page.goto(
      `${baseUrl()}/new-booking/1/0/0/0/0/0/0?placeId=${places.P1}&startDate=${start}&endDate=${addDays(start, 2)}`,
    );
    await page.getByTestId(`nb-age-${adult}`).fill('1');
    await page.getByTestId('nb-next').click();
    await page.getByTestId(`nb-place-${tag}P1`).waitFor();
    await page.getByTestId('nb-next').click(); // the place from the planning is pre-selected
    await page.waitForURL((u) => /^\/new-booking\/3\//.test(u.pathname));
    const tempId = Number(new URL(page.url()).pathname.split('/')[4]);
    // An in-app navigation: the menu's "Planning ménage".
    await clickMenuItem(page, 'Réception', 'Planning ménage');
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Les modifications non enregistrées seront perdues. Quitter la page ?').waitFor();
    await confirm.getByRole('button', { name: 'Quitter' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/new-booking'));
    expect((await call('GET', `/booking/${tempId}`)).statusId).toBe(15); // abandoned: the place is free again
  });
});

describe('site plan', () => {
  it('colours a booked place as occupied and a free one as free', async () => {
    const today = todayParis();
    const s = await book(places.P2, addDays(today, -1), addDays(today, 2));
    await page.goto(`${baseUrl()}/plan`);
    const booked = page.locator(`[data-place-id="${places.P2}"]`);
    await booked.waitFor();
    await page.waitForFunction(
      (id) => document.querySelector(`[data-place-id="${id}"]`)?.getAttribute('data-state') !== '',
      places.P2,
    );
    await expect(booked.getAttribute('data-state')).resolves.toBe('occupied');
    await expect(booked.getAttribute('data-band')).resolves.toBe('100');
    await expect(page.locator(`[data-place-id="${places.P3}"]`).getAttribute('data-state')).resolves.toBe('free');
    await booked.click();
    await page.getByRole('menuitem', { name: new RegExp(`Ouvrir le séjour ${s.code}`) }).waitFor();
    expect(page.errors).toEqual([]);
  });
});
