// Every screen route, visited as admin on the demo data: no visible English UI word
// (text, title and aria-label attributes, the document title), no doubled word
// (« Prix prix unitaire », « ÉtablissementÉtablissement ») and no native date input
// (mm/dd/yyyy in an English browser: the French date field is wanted). Routes come from the
// generated registry (list, and the edit screen of a stored record) and the
// hand-written screens; parameters are filled with demo ids.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { RESOURCES } from '../../admin/src/generated/registry';
import { CUSTOM_SCREENS } from '../../admin/src/screens';
import { baseUrl, pageApi, withLoggedInPage, type TestPage } from './browser';
import { englishWords, doubledWords } from '../unit/admin/french-text';

let page: TestPage;

withLoggedInPage((p) => (page = p));

/**
 * The walk runs a few routes at once, each in a page of its own taken from a pool (one
 * session: the pages share the logged-in context); most of a route's time is waiting.
 */
const POOL_SIZE = 3;
const free: TestPage[] = [];
const waiting: ((p: TestPage) => void)[] = [];
async function withPage<T>(fn: (p: TestPage) => Promise<T>): Promise<T> {
  const p = free.pop() ?? (await new Promise<TestPage>((resolve) => waiting.push(resolve)));
  try {
    return await fn(p);
  } finally {
    const next = waiting.shift();
    if (next) next(p);
    else free.push(p);
  }
}

/** A tab or page segment every tabbed screen knows. */
const FIXED: Record<string, string> = { statusId: '0', tab: 'general', page: 'general' };

/** The first stored id of a resource (0, a new record, when it has none or cannot be read). */
async function firstId(base: string): Promise<number> {
  try {
    const rows = await pageApi<{ id: number }[]>(page, 'GET', `/${base}?range=${encodeURIComponent('[0,0]')}`);
    return rows[0]?.id ?? 0;
  } catch {
    return 0;
  }
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

/** Route templates: the generated registry's list and edit screens, then the hand-written ones. */
const TEMPLATES: string[] = [
  ...new Set([
    '/home',
    ...RESOURCES.flatMap((r) => [r.routes.list, r.routes.edit]),
    // /init-demo: a button that wipes the demo, not for a walk.
    ...CUSTOM_SCREENS.map((s) => s.path).filter((p) => p !== '/init-demo'),
  ]),
];
const ids: Record<string, number> = {};

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
    // What a user typed (an English translation's subject or body) is not the UI's words.
    const typed = Array.from(document.querySelectorAll<HTMLElement>('[contenteditable], [data-user-content]'));
    for (const el of typed) el.style.display = 'none';
    const text = document.body.innerText;
    for (const el of typed) el.style.display = '';
    return { text, attributes };
  });
}

/**
 * Waits until the route's main content has rendered, nothing is loading, and the text
 * stayed the same over two polls (lists fill in after their first paint).
 */
async function settled(p: Page): Promise<void> {
  await p
    .waitForFunction(
      () => {
        const main = document.querySelector('#main-content, main') as HTMLElement | null;
        const text = main?.innerText.trim() ?? '';
        const w = window as unknown as { __frenchLast?: string };
        const stable =
          text.length > 0 &&
          !document.querySelector('[role="progressbar"], .MuiSkeleton-root') &&
          w.__frenchLast === text;
        w.__frenchLast = text;
        return stable;
      },
      undefined,
      { timeout: 4_000, polling: 150 },
    )
    .catch(() => undefined); // a screen that never settles is still read
}

describe('French on every screen', () => {
  beforeAll(async () => {
    for (const r of RESOURCES) ids[r.routes.idParam] = await firstId(r.base);
    free.push(page);
    for (let i = 1; i < POOL_SIZE; i++) {
      const extra = (await page.context().newPage()) as TestPage;
      extra.errors = [];
      extra.on('pageerror', (e) => extra.errors.push(e.message));
      extra.setDefaultTimeout(15_000);
      free.push(extra);
    }
  });

  it('walks more than 60 screen routes', () => {
    expect(TEMPLATES.length).toBeGreaterThan(60);
  });

  it.concurrent.for(TEMPLATES)('%s: no English UI word, no doubled word', async (template, { expect }) => {
    const route = fill(template, ids);
    if (!route) return; // a parameter no demo id fills (a wizard step, a grid version)
    await withPage(async (page) => {
      page.errors.length = 0;
      await page.goto(`${baseUrl()}${route}`, { waitUntil: 'domcontentloaded' });
      await settled(page);
      const { text, attributes } = await pageTexts(page);
      const problems: string[] = [];
      for (const w of englishWords(text)) problems.push(`English « ${w} » in the text`);
      for (const a of attributes) for (const w of englishWords(a)) problems.push(`English « ${w} » in « ${a} »`);
      for (const d of doubledWords(text)) problems.push(`doubled « ${d} »`);
      // One French date field (DD/MM/YYYY whatever the browser's language), never a native one.
      const nativeDates = await page.locator('input[type="date"], input[type="datetime-local"]').count();
      if (nativeDates) problems.push(`${nativeDates} native date input(s)`);
      expect([...new Set(problems)], route).toEqual([]);
      expect(page.errors, route).toEqual([]);
    });
  });
});
