// The user guide's screenshots, taken from the real screens over the demo data so a
// regeneration (`npm run guide`) follows the product: each shot opens a screen, waits
// until it has loaded (no request in flight, no « Veuillez patienter… », no progress
// bar, then its own landmark) and saves the visible window as docs/guide/images/<file>.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { todayParis } from '../../common/dates';
import { demoStayWindows } from '../../api/demo/stays';

/** The window the shots are taken in: the narrowest screen the product is made for. */
export const SHOT_VIEWPORT = { width: 1366, height: 768 };

export interface Shot {
  /** docs/guide/images/<file>, named after the guide section it illustrates. */
  file: string;
  /** Opens the screen (from a logged-in page). */
  open(page: Page, base: string): Promise<void>;
  /** A text or a selector shown once the screen holds its data. */
  ready: string;
}

/** A stay with people on site today, read from the occupation list the desk uses. */
async function stayOnSiteToday(page: Page): Promise<number> {
  const rows = await page.evaluate(async (date) => {
    const res = await fetch(`/rest/booking/occupation?date=${date}`, { credentials: 'same-origin' });
    if (!res.ok) throw new Error(`occupation: ${res.status}`);
    return (await res.json()) as { bookingId: number }[];
  }, todayParis());
  if (!rows.length) throw new Error('Aucun séjour en cours dans les données de démonstration');
  return rows[0].bookingId;
}

const go = (path: string) => async (page: Page, base: string) => {
  await page.goto(`${base}${path}`);
};

export const SHOTS: Shot[] = [
  { file: 'premiers-pas-accueil.png', open: go('/home'), ready: '[data-testid="menu-search"]' },
  {
    file: 'premiers-pas-recherche.png',
    open: async (page, base) => {
      await page.goto(`${base}/home`);
      await page.getByTestId('menu-search').fill('remise');
    },
    ready: 'text=Nouvelle remise en banque',
  },
  { file: 'saison-grilles.png', open: go('/price/grid-list'), ready: 'table' },
  { file: 'reservation-assistant.png', open: go('/new-booking'), ready: 'main' },
  {
    file: 'reservation-sejour.png',
    open: async (page, base) => {
      await page.goto(`${base}/home`);
      await page.goto(`${base}/booking/${await stayOnSiteToday(page)}`);
    },
    ready: 'text=Reste dû',
  },
  { file: 'arrivees-departs-arrivees.png', open: go('/booking-arrival-list'), ready: 'main' },
  {
    file: 'arrivees-departs-planning.png',
    // Mid-July of the demo's coming season: a full board whatever the day the shots are taken.
    open: go(`/planning?date=${demoStayWindows(todayParis()).seasonB[0].slice(0, 4)}-07-10`),
    ready: '.pb-bar',
  },
  { file: 'caisse-tickets.png', open: go('/sale-cash-register-list'), ready: 'main' },
  { file: 'factures-liste.png', open: go('/bill-list'), ready: 'table' },
  { file: 'remise-en-banque-nouvelle.png', open: go('/create-deposit/0'), ready: 'main' },
  { file: 'clotures-ecran.png', open: go('/closure'), ready: 'main' },
  { file: 'declarations-tva.png', open: go('/tva-statement-list'), ready: 'main' },
  { file: 'residentiel-residents.png', open: go('/resident-list'), ready: 'table' },
  { file: 'canaux-reservations-en-ligne.png', open: go('/booking-import-list'), ready: 'main' },
  { file: 'canaux-etat.png', open: go('/channel-health'), ready: 'main' },
];

/** Waits until nothing is loading any more: no request, no waiting message, no progress bar. */
async function settled(page: Page, ready: string): Promise<void> {
  await page.locator(ready).first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () =>
      !document.querySelector('[role="progressbar"]') &&
      !(document.body.innerText ?? '').includes('Veuillez patienter'),
    null,
    { timeout: 60_000 },
  );
  // Closes any tooltip or menu the navigation left open and parks the mouse out of the page.
  await page.mouse.move(0, SHOT_VIEWPORT.height - 1);
}

/** Takes the shots (all, or those whose file starts with one of `only`) into `outDir`; returns the files written. */
export async function takeGuideShots(page: Page, base: string, outDir: string, only: string[] = []) {
  mkdirSync(outDir, { recursive: true });
  const written: string[] = [];
  for (const shot of SHOTS.filter((s) => !only.length || only.some((o) => s.file.startsWith(o)))) {
    await shot.open(page, base);
    await settled(page, shot.ready);
    const path = join(outDir, shot.file);
    await page.screenshot({ path, type: 'png' });
    written.push(path);
  }
  return written;
}
