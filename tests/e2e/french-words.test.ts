// Every screen route, visited as admin on the demo data: no visible English UI word
// (text, title and aria-label attributes, the document title) and no doubled word
// (« Prix prix unitaire », « ÉtablissementÉtablissement »). Routes come from the
// generated registry (list, and the edit screen of a stored record) and the
// hand-written screens; parameters are filled with demo ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { RESOURCES } from '../../admin/src/generated/registry';
import { CUSTOM_SCREENS } from '../../admin/src/screens';
import { baseUrl, launch, loginAs, newPage, pageApi } from './browser';
import { englishWords, doubledWords } from '../unit/admin/french-text';

let browser: Browser;
let page: Page & { errors: string[] };

beforeAll(async () => {
  browser = await launch();
  page = await newPage(browser);
  await loginAs(page);
});
afterAll(async () => { await browser?.close(); });

/** A tab or page segment every tabbed screen knows. */
const FIXED: Record<string, string> = { statusId: '0', tab: 'general', page: 'general' };

/** The first stored id of a resource (0, a new record, when it has none or cannot be read). */
async function firstId(base: string): Promise<number> {
  try {
    const rows = await pageApi<{ id: number }[]>(page, 'GET', `/${base}?range=${encodeURIComponent('[0,0]')}`);
    return rows[0]?.id ?? 0;
  } catch { return 0; }
}

/** Fills a route's parameters; undefined when one cannot be filled. */
function fill(path: string, ids: Record<string, number>): string | undefined {
  let ok = true;
  const url = path.replace(/:(\w+)/g, (_m, name: string) => {
    if (name in FIXED) return FIXED[name];
    if (name in ids) return String(ids[name]);
    ok = false;
    return '';
  });
  return ok ? url : undefined;
}

async function routes(): Promise<string[]> {
  const ids: Record<string, number> = {};
  for (const r of RESOURCES) ids[r.routes.idParam] = await firstId(r.base);
  const out = new Set<string>(['/home']);
  for (const r of RESOURCES) {
    for (const p of [r.routes.list, r.routes.edit]) {
      const url = fill(p, ids);
      if (url) out.add(url);
    }
  }
  for (const s of CUSTOM_SCREENS) {
    if (s.path === '/init-demo') continue; // a button that wipes the demo: not for a walk
    const url = fill(s.path, ids);
    if (url) out.add(url);
  }
  return [...out];
}

/** The page's words as a user meets them: visible text, tooltips and accessible names. */
async function pageTexts(p: Page): Promise<{ text: string; attributes: string[] }> {
  return p.evaluate(() => {
    const attributes: string[] = [document.title];
    for (const el of Array.from(document.querySelectorAll('[title],[aria-label],[placeholder]'))) {
      for (const a of ['title', 'aria-label', 'placeholder']) {
        const v = el.getAttribute(a);
        if (v) attributes.push(v);
      }
    }
    return { text: document.body.innerText, attributes };
  });
}

/** Waits until the route's main content has rendered and nothing is loading any more. */
async function settled(p: Page): Promise<void> {
  await p.waitForLoadState('networkidle');
  await p.waitForFunction(() => {
    const main = document.querySelector('#main-content, main');
    return !!main && (main as HTMLElement).innerText.trim().length > 0
      && !document.querySelector('[role="progressbar"], .MuiSkeleton-root');
  }, undefined, { timeout: 10_000 }).catch(() => undefined); // a screen that never settles is still read
}

describe('French on every screen', () => {
  it('shows no English UI word and no doubled word on any route', async () => {
    const list = await routes();
    expect(list.length).toBeGreaterThan(60);
    const problems: string[] = [];
    for (const route of list) {
      await page.goto(`${baseUrl()}${route}`);
      await settled(page);
      const { text, attributes } = await pageTexts(page);
      for (const w of englishWords(text)) problems.push(`${route}: English « ${w} » in the text`);
      for (const a of attributes) for (const w of englishWords(a)) problems.push(`${route}: English « ${w} » in « ${a} »`);
      for (const d of doubledWords(text)) problems.push(`${route}: doubled « ${d} »`);
    }
    expect([...new Set(problems)]).toEqual([]);
    expect(page.errors).toEqual([]);
  }, 240_000);
});
