// The user guide (issue 29 §5, docs/history.md#issue-29): the « ? » of a screen opens its section of the guide
// as a PDF with the screenshots, and the screenshot script still drives the real UI
// (one shot here; `npm run guide` takes them all).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { baseUrl, withLoggedInPage, type TestPage } from './browser';
import { SHOT_VIEWPORT, takeGuideShots } from '../../scripts/guide/shots';

let page: TestPage;
withLoggedInPage((p) => {
  page = p;
});

/** The PDF behind a guide address, fetched with the page's session. */
async function pdfAt(url: string): Promise<Buffer> {
  const bytes = await page.evaluate(async (u) => {
    const res = await fetch(u, { credentials: 'same-origin' });
    if (res.headers.get('content-type') !== 'application/pdf') throw new Error(`${u}: ${res.status}`);
    return Array.from(new Uint8Array(await res.arrayBuffer()));
  }, url);
  return Buffer.from(bytes);
}
const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString().replace(/\s+/g, ' ');
function pdfImages(pdf: Buffer): number {
  // pdfimages reads a file, not its standard input.
  const file = join(mkdtempSync(join(tmpdir(), 'guide-')), 'section.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdfimages', ['-list', file]).toString().trim().split('\n').length - 2;
}

describe('the « ? » of each screen', () => {
  for (const [path, title, other] of [
    ['/booking-arrival-list', 'Arrivées et départs', 'La caisse et les ventes'],
    ['/sale-cash-register-list', 'La caisse et les ventes', 'Arrivées et départs'],
    ['/create-deposit/0', 'La remise en banque', 'Prendre une réservation'],
  ]) {
    it(`opens « ${title} » from ${path}`, async () => {
      await page.goto(`${baseUrl()}${path}`);
      const help = page.getByTestId('screen-help');
      await expect(help.getAttribute('aria-label')).resolves.toBe('Aide sur cet écran');
      await help.hover();
      await page
        .getByRole('tooltip')
        .filter({ hasText: `Aide sur cet écran : ${title}` })
        .waitFor();
      const [popup] = await Promise.all([page.waitForEvent('popup'), help.click()]);
      const url = popup.url();
      await popup.close();
      expect(url).toMatch(/\/rest\/establishment\/establishment\/document\?section=[a-z-]+$/);
      const pdf = await pdfAt(url);
      const text = pdfText(pdf);
      expect(text).toContain(title);
      expect(text).not.toContain(other);
      expect(pdfImages(pdf)).toBeGreaterThanOrEqual(1);
      expect(page.errors).toEqual([]);
    });
  }
});

describe('the screenshot script', () => {
  it('shoots a screen of the real UI at 1 366 × 768', async () => {
    const dir = fileURLToPath(new URL('../../.tmp/guide-shots-e2e/', import.meta.url));
    rmSync(dir, { recursive: true, force: true });
    await page.setViewportSize(SHOT_VIEWPORT);
    const [file] = await takeGuideShots(page, baseUrl(), dir, ['arrivees-departs-arrivees']);
    const png = readFileSync(file);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1366, 768]);
    expect(page.errors).toEqual([]);
  });
});
