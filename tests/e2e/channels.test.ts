// Booking channels in Chromium: an online booking cannot be integrated before it is
// accepted, and says why (issue 29 §6, docs/history.md#issue-29); the sync health screen forces a run after
// confirmation and the run is in the log; a channel mapping added from the Pitchup screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, launch, loginAs, newPage, pageApi, type TestPage } from './browser';

let browser: Browser;
let page: TestPage;
const tag = `C${Date.now() % 100000}`;
const call = <T = any>(method: string, path: string, body?: unknown) => pageApi<T>(page, method, path, body);

beforeAll(async () => {
  browser = await launch();
  page = await newPage(browser);
  await loginAs(page);
});
afterAll(async () => {
  await browser?.close();
});

describe('online bookings and channels', () => {
  it('« Intégrer » is disabled until « Accepter », with the reason shown', async () => {
    const imp = await call('POST', '/booking-import', {
      externalRef: `${tag}-1`,
      lastName: `Internaute${tag}`,
      startDate: '2031-05-02',
      endDate: '2031-05-09',
      adults: 2,
    });
    await page.goto(`${baseUrl()}/booking-import/${imp.id}`);
    const integrate = page.getByRole('button', { name: 'Intégrer' });
    await integrate.waitFor();
    expect(await integrate.isDisabled()).toBe(true);
    await page.getByText("Une réservation doit être acceptée avant d'être intégrée").waitFor();
    await page.getByRole('button', { name: 'Accepter' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Accepter la réservation' }).click();
    await page.getByText('Acceptée', { exact: true }).waitFor();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('button')].some((b) => b.textContent === 'Intégrer' && !b.disabled),
    );
    await expect(page.getByText("Une réservation doit être acceptée avant d'être intégrée").count()).resolves.toBe(0);
  });

  it('shows each channel’s health and forces a run after confirmation, journaled', async () => {
    const label = `Calendriers ${tag}`;
    await call('POST', '/establishment/module', {
      kind: 'online-booking',
      label,
      provider: 'Giloo',
      isActive: true,
      settings: { connector: 'ical' },
    });
    await page.goto(`${baseUrl()}/channel-health`);
    const row = page.locator('tr', { hasText: label });
    await row.getByRole('button', { name: 'Importer les calendriers' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText("L'opération est inscrite au journal.", { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Forcer maintenant' }).click();
    await page.getByText('Synchronisation effectuée').waitFor();
    await row.getByText('1 synchronisation, 0 échec', { exact: false }).waitFor();
    const log = await call(
      'GET',
      `/channel-sync-log?filter=${encodeURIComponent(JSON.stringify({ channelLabel: label }))}`,
    );
    expect(log.length).toBe(1);
    expect(log[0].forcedByUserId).not.toBeNull();
  });

  it('adds a room type mapping from the Pitchup screen', async () => {
    await call('POST', '/establishment/module', {
      kind: 'online-booking',
      label: `Pitchup ${tag}`,
      provider: 'Pitchup',
      isActive: true,
      settings: { connector: 'pitchup', apiKey: 'cle-de-test', pushAvailability: false },
    });
    await page.goto(`${baseUrl()}/pitchup`);
    await page.getByRole('button', { name: 'Ajouter une correspondance' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Code sur le canal').fill(`${tag}101`);
    await dialog.getByLabel("Type d'emplacement").click();
    await page.getByRole('option').nth(1).click();
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: `${tag}101` }).waitFor();
  });
});
