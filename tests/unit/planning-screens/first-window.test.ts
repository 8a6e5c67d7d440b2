// The planning's first window (custom-screens/planning/places/firstWindow.ts): what the
// board opens on, and its bars asked for early at the very address the board asks.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Setup } from '../../../custom-screens/planning/shared/model';

/** The addresses the screen asks, through rest() (its path and query made one address as rest() does). */
const api = vi.hoisted(() => vi.fn((path: string) => Promise.resolve({ path })));
vi.mock('../../../admin/src/ui', async () => {
  const { restUrl } = await import('../../../admin/src/rest');
  type Init = { path?: Record<string, unknown>; query?: Record<string, unknown> };
  const rest = (_method: string, path: string, init?: Init) => api(restUrl(path, init?.path, init?.query));
  return { rest, restUrl };
});

const { firstWindow, startFirstWindow, takeFirstWindow, windowPath } =
  await import('../../../custom-screens/planning/places/firstWindow');
const { EMPTY_FILTERS, placeRows } = await import('../../../custom-screens/planning/shared/model');
const { missingTiles } = await import('../../../custom-screens/planning/shared/tiles');

const place = (id: number, layoutId: number) => ({
  id,
  code: `P${id}`,
  label: null,
  capacity: 4,
  layoutId,
  placeTypeId: 100,
  placeFamilyId: 1000,
  isRental: false,
  isResidential: false,
  featureIds: [],
});
const setup = {
  today: '2026-07-01',
  range: { startDate: '2026-01-01', endDate: '2027-01-01' },
  places: Array.from({ length: 120 }, (_, i) => place(i + 1, i < 60 ? 10 : 20)),
  layouts: [
    { id: 10, label: 'Les Pins', color: null, order: 0 },
    { id: 20, label: 'La Plage', color: null, order: 1 },
  ],
  families: [{ id: 1000, label: 'Nus', kind: 'pitch', order: 0 }],
  types: [{ id: 100, label: 'Confort', placeFamilyId: 1000, maxPersons: 6, color: null, isRental: false }],
  display: { defaultDays: 31 },
} as unknown as Setup;

const storage = new Map<string, string>();
beforeEach(() => {
  storage.clear();
  api.mockClear();
  vi.stubGlobal('localStorage', { getItem: (k: string) => storage.get(k) ?? null });
  vi.stubGlobal('window', { innerWidth: 1280 });
  vi.stubGlobal('location', { search: '?date=2026-12-20' });
});

/** The address the board's first load asks (Board.tsx → usePlanningData's tile loader). */
function boardAddress(filters: typeof EMPTY_FILTERS, zoom: 'day' | 'week' | 'month', search: string) {
  const win = firstWindow(setup, placeRows(setup, filters), zoom, new URLSearchParams(search));
  return windowPath(missingTiles(new Set(), win.rowIds as number[], win.startDate, win.endDate)!, false);
}

describe('the first window of the planning', () => {
  it('opens on 50 rows from the top, or around the place asked for, and days around the date, within the range', () => {
    const rows = placeRows(setup, EMPTY_FILTERS);
    const top = firstWindow(setup, rows, 'day', new URLSearchParams());
    expect(top).toMatchObject({ firstRow: 0, lastRow: 50, startDate: '2026-05-22', endDate: '2026-08-30' });
    expect(top.rowIds).toEqual(rows.slice(0, 50).map((r) => r.id));
    const around = firstWindow(setup, rows, 'month', new URLSearchParams('placeId=90&date=2026-12-20'));
    expect(around).toMatchObject({ firstRow: 64, lastRow: 114, startDate: '2026-08-22', endDate: '2027-01-01' });
  });

  it('asks its bars early at the address the board asks, which takes the answer once', async () => {
    startFirstWindow(setup);
    expect(api).toHaveBeenCalledTimes(1);
    // No zoom kept: the one showing the planning's « Jours affichés » (31 days on 1 280 px: by day).
    const path = boardAddress(EMPTY_FILTERS, 'day', '?date=2026-12-20');
    expect(api).toHaveBeenCalledWith(path);
    expect(takeFirstWindow('/planning/window?from=2026-01-01')).toBeUndefined();
    expect(await takeFirstWindow(path)).toEqual({ path });
    expect(takeFirstWindow(path)).toBeUndefined();
  });

  it('follows the filters and zoom the board keeps in the admin’s store', () => {
    storage.set('RaStorebivouac.planning.zoom', JSON.stringify('day'));
    storage.set('RaStorebivouac.planning.filters', JSON.stringify({ ...EMPTY_FILTERS, layoutIds: [20] }));
    startFirstWindow(setup);
    const path = boardAddress({ ...EMPTY_FILTERS, layoutIds: [20] }, 'day', '?date=2026-12-20');
    expect(path).toContain('placeIds=61%2C62');
    expect(api).toHaveBeenCalledWith(path);
    storage.set('RaStorebivouac.planning.filters', JSON.stringify({ ...EMPTY_FILTERS, categories: ['cancelled'] }));
    startFirstWindow(setup);
    expect(api.mock.calls[1][0]).toMatch(/&released=1$/);
  });
});
