// The stay lists in Chromium (issue 23 §1, docs/history.md#issue-23): « Séjours », « Séjours annulés », « Séjours
// des partenaires » and the home tile's « Options expirées » load, and filter by status,
// kind, dates and text. Every call the screen makes to /rest/booking/list must answer 200:
// the lists once sent nulls for empty filters that the route refused (400 on every load).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Response } from 'playwright-core';
import { baseUrl, pageApi } from './browser';
import { stayBasics, testCustomer } from './stays-fixtures';

let browser: Browser;
let page: Page & { errors: string[] };
const tag = `L${Date.now() % 100000}`;
const customerName = `Listes${tag}`;
let adult = 0;
const codes: Record<'option' | 'booking' | 'cancelled' | 'partner', string> = {
  option: '',
  booking: '',
  cancelled: '',
  partner: '',
};
const listCalls: { status: number; body: string }[] = [];

const call = <T = any>(method: string, path: string, body?: unknown) => pageApi<T>(page, method, path, body);

beforeAll(async () => {
  let confId: number;
  ({ browser, page, adult, confId } = await stayBasics());
  page.on('response', (r: Response) => {
    if (r.url().endsWith('/rest/booking/list'))
      listCalls.push({ status: r.status(), body: r.request().postData() ?? '' });
  });
  const customerId = await testCustomer(page, customerName);
  const [partner] = await call<any[]>('GET', '/partner?range=[0,0]');
  const place = async (n: string) =>
    (await call('POST', '/place', { code: `${tag}${n}`.slice(0, 10), placeTypeId: confId, capacity: 6 })).id;
  const stay = async (kind: string, placeId: number, start: string, end: string, partnerId?: number) =>
    call('POST', '/booking/create', {
      kind,
      customerId,
      ...(partnerId ? { partnerId } : {}),
      ...(kind === 'option' ? { optionExpiryDate: '2031-06-01' } : {}),
      occupancies: [{ placeId, startDate: start, endDate: end, details: [{ ageCategoryId: adult, quantity: 2 }] }],
    });
  const p1 = await place('A');
  const p2 = await place('B');
  codes.option = (await stay('option', p1, '2031-07-01', '2031-07-05')).booking.code;
  codes.booking = (await stay('booking', p1, '2031-08-01', '2031-08-05')).booking.code;
  const cancelled = await stay('booking', p2, '2031-07-10', '2031-07-12');
  await call('POST', `/booking/${cancelled.booking.id}/cancel`, { reason: 'Test des listes' });
  codes.cancelled = cancelled.booking.code;
  codes.partner = (await stay('booking', p2, '2031-09-01', '2031-09-04', partner.id)).booking.code;
});
afterAll(async () => {
  await browser?.close();
});

/** The list's rows (table body), once the count under it is shown. */
async function rowsShown(): Promise<string[]> {
  await page
    .getByText(/^(\d+ séjours?|Aucun séjour)$/)
    .first()
    .waitFor();
  await page.waitForLoadState('networkidle');
  return page.locator('tbody tr').allInnerTexts();
}

async function pick(label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

async function search(text: string): Promise<void> {
  await page.getByLabel('Rechercher (3 caractères min.)').fill(text);
  await page.waitForLoadState('networkidle');
}

function expectAllListCallsOk(): void {
  expect(listCalls.length).toBeGreaterThan(0);
  expect(listCalls.filter((c) => c.status !== 200)).toEqual([]);
}

describe('stay lists', () => {
  it('« Séjours » loads, then filters by text, status, kind and dates', async () => {
    listCalls.length = 0;
    await page.goto(`${baseUrl()}/booking-list/0`);
    await page.getByRole('heading', { level: 1, name: 'Séjours', exact: true }).waitFor();
    expect((await rowsShown()).length).toBeGreaterThan(0);
    await search(customerName);
    await expect.poll(async () => (await rowsShown()).join('\n')).toContain(codes.booking);
    let rows = await rowsShown();
    expect(rows.join('\n')).toContain(codes.option);
    expect(rows.join('\n')).not.toContain(codes.cancelled);
    await pick('Nature', 'Option');
    await expect.poll(async () => (await rowsShown()).join('\n')).not.toContain(codes.booking);
    expect((await rowsShown()).join('\n')).toContain(codes.option);
    await pick('Nature', 'Toutes');
    await page.getByLabel('Séjours à partir du').fill('01/08/2031');
    await page.getByLabel("jusqu'au").fill('10/08/2031');
    await expect.poll(async () => (await rowsShown()).join('\n')).not.toContain(codes.option);
    rows = await rowsShown();
    expect(rows.join('\n')).toContain(codes.booking);
    await page.getByLabel('Séjours à partir du').fill('');
    await page.getByLabel("jusqu'au").fill('');
    await pick('Statut', 'Annulée');
    await page.waitForURL(/\/booking-list\/9$/);
    await expect.poll(async () => (await rowsShown()).join('\n')).toContain(codes.cancelled);
    expectAllListCallsOk();
    expect(page.errors).toEqual([]);
  });

  it('« Séjours annulés » lists the cancelled stay with its reason', async () => {
    listCalls.length = 0;
    await page.goto(`${baseUrl()}/booking-cancelled-list/0`);
    await page.getByRole('heading', { level: 1, name: 'Séjours annulés' }).waitFor();
    await rowsShown();
    await search(customerName);
    await expect.poll(async () => (await rowsShown()).join('\n')).toContain(codes.cancelled);
    const rows = (await rowsShown()).join('\n');
    expect(rows).toContain('Test des listes');
    expect(rows).not.toContain(codes.booking);
    await pick('Nature', 'Option');
    await expect.poll(async () => (await rowsShown()).join('\n')).not.toContain(codes.cancelled);
    expectAllListCallsOk();
    expect(page.errors).toEqual([]);
  });

  it('« Séjours des partenaires » lists only stays with a partner', async () => {
    listCalls.length = 0;
    await page.goto(`${baseUrl()}/partner-booking-list/0`);
    await page.getByRole('heading', { level: 1, name: 'Séjours des partenaires' }).waitFor();
    await rowsShown();
    await search(customerName);
    await expect.poll(async () => (await rowsShown()).join('\n')).toContain(codes.partner);
    const rows = (await rowsShown()).join('\n');
    expect(rows).not.toContain(codes.booking);
    await pick('Statut', 'Confirmée');
    await expect.poll(async () => (await rowsShown()).join('\n')).toContain(codes.partner);
    expectAllListCallsOk();
    expect(page.errors).toEqual([]);
  });

  it('the home tile « Options expirées » opens the options to follow up', async () => {
    listCalls.length = 0;
    await page.goto(`${baseUrl()}/booking-list/0?dueOptions=1`);
    await page.getByRole('heading', { level: 1, name: 'Options expirées, séjour à venir' }).waitFor();
    const rows = await rowsShown();
    for (const r of rows.filter((x) => !x.includes('Aucun séjour'))) expect(r).toContain('Option');
    expect(listCalls.some((c) => JSON.parse(c.body).dueOptions === true)).toBe(true);
    expectAllListCallsOk();
    expect(page.errors).toEqual([]);
  });
});
