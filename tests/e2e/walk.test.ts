// The walk over every screen (issue 23 §3, docs/history.md#issue-23), at 1 366 × 800 on the demo data. As the
// administrator: every screen route — the generated registry's list and edit screens (a stored
// record's), the hand-written screens, the menu's entries — and on each: no 4xx/5xx answer to
// the screen's own /rest calls, no uncaught exception or console error, no « undefined »,
// « NaN » or « null » shown, no English UI word or doubled word, no native date input, and
// neither the page nor a table wider than the window. Then as a member of each default rights
// group (Accueil, Ménage, Comptabilité): every entry of that user's menu, the same checks but
// the ones on words and widths (the same screens), a screen of another group sending home.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { RESOURCES } from '../../admin/src/generated/registry';
import { CUSTOM_SCREENS } from '../../admin/src/screens';
import { baseUrl, loginAs, newPage, pageApi, withLoggedInPage, type TestPage } from './browser';
import { englishWords, doubledWords } from '../unit/admin/french-text';
import { SCREEN_MENU } from '../../common/generated/screen-menu';

let page: TestPage;
let browser: import('playwright-core').Browser;

withLoggedInPage((p, b) => {
  page = p;
  browser = b;
});

/** A walking page: what went wrong while it showed its current route, and its calls in flight. */
type WalkPage = TestPage & { problems: string[]; calls: Calls };

/**
 * The requests a page makes to the site (its /rest calls, the lazy chunks of a screen) that have not
 * ended yet: a route is read once none is in flight, not after a fixed network silence.
 */
class Calls {
  private pending = new Set<Request>();
  private waiters: (() => void)[] = [];
  /** Requests started since the page was made: one started while the text was read makes it read again. */
  started = 0;

  constructor(p: Page) {
    p.on('request', (r) => {
      if (!r.url().startsWith(baseUrl())) return;
      this.pending.add(r);
      this.started++;
    });
    const ended = (r: Request) => {
      if (this.pending.delete(r) && this.pending.size === 0) for (const w of this.waiters.splice(0)) w();
    };
    p.on('requestfinished', ended);
    p.on('requestfailed', ended);
  }

  get inFlight(): number {
    return this.pending.size;
  }

  /** Resolves when no request is in flight, or at the deadline. */
  async idle(deadline: number): Promise<void> {
    if (this.pending.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((resolve) => this.waiters.push(resolve)),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now())))),
    ]);
    clearTimeout(timer);
  }
}

/** Attaches the collectors: failed /rest answers, console errors, uncaught exceptions. */
async function walking(context: BrowserContext, first?: TestPage): Promise<WalkPage> {
  const p = (first ?? (await context.newPage())) as WalkPage;
  p.errors ??= [];
  p.problems = [];
  p.calls = new Calls(p);
  await p.addInitScript(watchTimers, SHORT_TIMER_MS);
  if (!first) p.on('pageerror', (e) => p.errors.push(e.message));
  p.setDefaultTimeout(15_000);
  await p.setViewportSize({ width: 1366, height: 800 });
  p.on('dialog', (d) => void d.dismiss());
  p.on('response', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/rest/') && r.status() >= 400) {
      p.problems.push(`${r.status()} ${r.request().method()} ${u.pathname}`);
    }
  });
  p.on('console', (m) => {
    // A failed answer is reported above with its route; the browser's own line repeats it.
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) p.problems.push(`console: ${m.text()}`);
  });
  return p;
}

/** A pool of pages of one session: a few routes at once, most of a route's time is waiting. */
function pool(pages: WalkPage[]) {
  const free = [...pages];
  const waiting: ((p: WalkPage) => void)[] = [];
  return async function withPage<T>(fn: (p: WalkPage) => Promise<T>): Promise<T> {
    const p = free.pop() ?? (await new Promise<WalkPage>((resolve) => waiting.push(resolve)));
    try {
      return await fn(p);
    } finally {
      const next = waiting.shift();
      if (next) next(p);
      else free.push(p);
    }
  };
}
const POOL_SIZE = 3;

/** A tab or page segment every tabbed screen knows. */
const FIXED: Record<string, string> = { statusId: '0', tab: 'general', page: 'general' };

/**
 * The first stored id of a resource: 0 (a new record) when it has none; 1 when it has no generic
 * list (bills, deposits, sales: records made by their own screens, never « new »).
 */
async function firstId(base: string): Promise<number> {
  try {
    const rows = await pageApi<{ id: number }[]>(page, 'GET', `/${base}?range=${encodeURIComponent('[0,0]')}`);
    return rows[0]?.id ?? 0;
  } catch {
    return 1;
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

/** Screens a walk must not open: /init-demo wipes the demo (a button, but not for a walk). */
const SKIP = new Set(['/init-demo']);
const menuKeys = (entries: readonly { key?: string; type?: string; children?: any[] }[]): string[] =>
  entries.flatMap((e) => (e.type === 'item' && e.key ? [`/${e.key}`] : menuKeys(e.children ?? [])));

/** Route templates: home, the generated registry's list and edit screens, the hand-written ones, the menu's. */
const TEMPLATES: string[] = [
  ...new Set([
    '/home',
    ...RESOURCES.flatMap((r) => [r.routes.list, r.routes.edit]),
    ...CUSTOM_SCREENS.map((s) => s.path),
  ]),
].filter((p) => !SKIP.has(p));
const ids: Record<string, number> = {};
/** The menu's own entries that no template names as such (a list with its status or parent segment). */
const MENU_ROUTES = [
  ...new Set([
    ...SCREEN_MENU.map((s) => s.to),
    // The generated lists under a parent (price periods of a type…): the menu opens them on parent 0.
    ...RESOURCES.map((r) => r.routes.list.replace(/:\w+/g, '0')),
  ]),
].filter((to) => !SKIP.has(to) && !to.includes(':') && !TEMPLATES.some((t) => t === to || fill(t, {}) === to));

/** The longest timer the walk waits for: a debounce or a retry's first back-off, not a toast's life. */
const SHORT_TIMER_MS = 1_000;

/**
 * Run in each page before the admin: counts its short timers not yet run or cleared. A screen that
 * calls the API after a debounce (a live preview, the planning's visible window) has no request in
 * flight while the timer runs; the walk waits for the timer, then for its call.
 */
function watchTimers(longest: number): void {
  const w = window as unknown as { __walkTimers?: Set<number> };
  const pending = (w.__walkTimers = new Set<number>());
  const set = window.setTimeout.bind(window);
  const clear = window.clearTimeout.bind(window);
  const clearEvery = window.clearInterval.bind(window);
  window.setTimeout = ((fn: unknown, ms?: number, ...args: unknown[]) => {
    if (typeof fn !== 'function' || Number(ms) > longest) return set(fn as TimerHandler, ms, ...args);
    const id: number = set(
      (...a: unknown[]) => {
        pending.delete(id);
        (fn as (...x: unknown[]) => void)(...a);
      },
      ms,
      ...args,
    );
    pending.add(id);
    return id;
  }) as typeof window.setTimeout;
  window.clearTimeout = ((id?: number) => {
    if (id !== undefined) pending.delete(id);
    clear(id);
  }) as typeof window.clearTimeout;
  // A timeout's id may be cleared by clearInterval too (one pool of ids).
  window.clearInterval = ((id?: number) => {
    if (id !== undefined) pending.delete(id);
    clearEvery(id);
  }) as typeof window.clearInterval;
}

/**
 * What a screen shows only once a call made after its first paint has answered. The e-mail model's
 * preview is asked 400 ms after its editor has reported the body, which may come after the text
 * stood still and no timer was pending: the walk waits for the preview (or its error) to be shown.
 */
const READY: [RegExp, string][] = [[/^\/mailing-configuration\/\d+\/\d+/, 'iframe[srcdoc]:not([srcdoc=""])']];

/** How long a route may take to settle before it is read as it is. */
const SETTLE_MS = 15_000;

/**
 * Waits until the route's main content has rendered, nothing is loading (no progress bar, no
 * request to the site in flight), and the text stayed the same over two polls with no request
 * started meanwhile (lists fill in after their first paint, a chunk's screen calls once loaded).
 */
async function settled(p: WalkPage, route: string, deadline: number): Promise<void> {
  const ready = READY.find(([r]) => r.test(route))?.[1] ?? null;
  for (let round = 0; Date.now() < deadline; round++) {
    await p.calls.idle(deadline);
    const started = p.calls.started;
    const stable = await p
      .waitForFunction(
        ([r, shown]) => {
          const main = document.querySelector('#main-content, main') as HTMLElement | null;
          const text = main?.innerText.trim() ?? '';
          const w = window as unknown as { __walkLast?: { round: number; text: string }; __walkTimers?: Set<number> };
          const same =
            text.length > 0 &&
            !document.querySelector('[role="progressbar"], .MuiSkeleton-root') &&
            (shown === null || document.querySelector(shown) !== null) &&
            !w.__walkTimers?.size &&
            w.__walkLast?.round === r &&
            w.__walkLast.text === text;
          w.__walkLast = { round: r, text };
          return same;
        },
        [round, ready] as const,
        { timeout: Math.max(1, deadline - Date.now()), polling: 150 },
      )
      .then(
        () => true,
        () => false, // a screen that never settles is still read
      );
    if (!stable || (p.calls.inFlight === 0 && p.calls.started === started)) return;
  }
}

/** The page's words as a user meets them, and how far the page or a table scrolls sideways. */
async function reading(
  p: Page,
): Promise<{ text: string; attributes: string[]; overflow: number; nativeDates: number }> {
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
    const tables = document.querySelectorAll(
      '.MuiTableContainer-root, .RaDatagrid-tableWrapper, .RaDataTable-tableWrapper',
    );
    const overflow = Math.max(
      document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ...[...tables].map((c) => c.scrollWidth - c.clientWidth),
    );
    // Counted here, while the route is shown (after the blank page there is none to count).
    const nativeDates = document.querySelectorAll('input[type="date"], input[type="datetime-local"]').length;
    return { text, attributes, overflow, nativeDates };
  });
}

/** « undefined », « NaN » or « null » printed where a value was meant. */
const UNSET = /(?<![\p{L}\p{N}_-])(undefined|NaN|null)(?![\p{L}\p{N}_-])/gu;

/** Opens a route in a walking page and lists what is wrong with it. */
async function visit(p: WalkPage, route: string, full: boolean): Promise<string[]> {
  p.errors.length = 0;
  p.problems.length = 0;
  await p.goto(`${baseUrl()}${route}`, { waitUntil: 'domcontentloaded' });
  const deadline = Date.now() + SETTLE_MS;
  let read: Awaited<ReturnType<typeof reading>>;
  let seen: number;
  // Read again when a call started while the page was read: its answer is the screen's too.
  do {
    await settled(p, route, deadline);
    seen = p.calls.started;
    read = await reading(p);
  } while (p.calls.started !== seen && Date.now() < deadline);
  const { text, attributes, overflow, nativeDates } = read;
  // A blank page ends the screen's calls: none answers while the next route is read.
  await p.goto('about:blank');
  const problems = [...p.problems, ...p.errors.map((e) => `exception: ${e}`)];
  for (const m of text.matchAll(UNSET)) problems.push(`« ${m[1]} » shown`);
  if (full) {
    // A list of translations shows the texts users wrote in English (subjects, bodies): not the UI's words.
    const translations = /^\/mailing-configuration-translation/.test(route);
    for (const w of translations ? [] : englishWords(text)) problems.push(`English « ${w} » in the text`);
    for (const a of attributes) for (const w of englishWords(a)) problems.push(`English « ${w} » in « ${a} »`);
    for (const d of doubledWords(text)) problems.push(`doubled « ${d} »`);
    // One French date field (DD/MM/YYYY whatever the browser's language), never a native one.
    if (nativeDates) problems.push(`${nativeDates} native date input(s)`);
    // The planning boards scroll sideways by design (a season of days).
    if (overflow > 0 && !/^\/(planning|extra-planning|cleanning-planning|plan)(\/|$)/.test(route)) {
      problems.push(`wider than 1 366 px by ${overflow} px`);
    }
  }
  return [...new Set(problems)];
}

describe('every screen as the administrator', () => {
  let withPage: ReturnType<typeof pool>;
  beforeAll(async () => {
    for (const r of RESOURCES) ids[r.routes.idParam] = await firstId(r.base);
    const pages = [await walking(page.context(), page)];
    for (let i = 1; i < POOL_SIZE; i++) pages.push(await walking(page.context()));
    withPage = pool(pages);
  });

  it('walks more than 60 screen routes, the whole menu included', async () => {
    expect(TEMPLATES.length).toBeGreaterThan(60);
    expect(SCREEN_MENU.length).toBeGreaterThan(50);
    const filled = new Set(TEMPLATES.map((t) => fill(t, ids)));
    const menu = menuKeys(await pageApi<any[]>(page, 'GET', '/security/menu')).filter((k) => !SKIP.has(k));
    expect(menu.filter((k) => !filled.has(k) && !MENU_ROUTES.includes(k))).toEqual([]);
  });

  it.concurrent.for([...TEMPLATES, ...MENU_ROUTES])('%s', async (template, { expect }) => {
    const route = fill(template, ids);
    if (!route) return; // a parameter no demo id fills (a wizard step, a grid version)
    await withPage(async (p) => expect(await visit(p, route, true), route).toEqual([]));
  });
});

const GROUPS = ['Accueil', 'Ménage', 'Comptabilité'];
const PASSWORD = 'mot-de-passe-walk';

describe.each(GROUPS)('every screen of its menu as a member of « %s »', (group) => {
  let member: WalkPage;
  let context: BrowserContext;
  let routes: string[] = [];
  let withPage: ReturnType<typeof pool>;
  beforeAll(async () => {
    // The administrator's page may be left blank by the walk: back on the site for its calls.
    await page.goto(`${baseUrl()}/home`);
    const groups = await pageApi<{ id: number; label: string }[]>(
      page,
      'GET',
      `/security/group?range=${encodeURIComponent('[0,99]')}`,
    );
    const groupId = groups.find((g) => g.label === group)!.id;
    const login = `walk-${groupId}-${Date.now().toString(36)}`;
    const user = await pageApi<{ id: number }>(page, 'POST', '/security/user', {
      login,
      name: `Marcheur ${group}`,
      password: PASSWORD,
    });
    await pageApi(page, 'POST', `/security/user/set_groups/${user.id}`, { groupIds: [groupId] });
    const first = (await newPage(browser)) as TestPage;
    context = first.context();
    await loginAs(first, login, PASSWORD);
    member = await walking(context, first);
    const pages = [member];
    for (let i = 1; i < POOL_SIZE; i++) pages.push(await walking(context));
    withPage = pool(pages);
    routes = menuKeys(await pageApi<any[]>(member, 'GET', '/security/menu')).filter((k) => !SKIP.has(k));
  });
  afterAll(async () => {
    await context?.close();
  });

  it('has a menu of its own, and a screen it may not open sends it home', async () => {
    expect(routes.length).toBeGreaterThan(3);
    expect(routes).not.toContain('/admin/user-list');
    await member.goto(`${baseUrl()}/admin/user-list`);
    await member.waitForURL((u) => u.pathname === '/home');
  });

  it('opens every screen of its menu without a failed call, an error or an unset value', async () => {
    const failures: Record<string, string[]> = {};
    await Promise.all(
      routes.map((route) =>
        withPage(async (p) => {
          const problems = await visit(p, route, false);
          if (problems.length) failures[route] = problems;
        }),
      ),
    );
    expect(failures).toEqual({});
  }, 300_000);
});
