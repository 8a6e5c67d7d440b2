// The typed door to the generic entity routes (admin/src/records.ts, issue 23 §2, docs/history.md#issue-23): `tsc`
// (npm run typecheck) refuses an entity that does not exist, a field a save or a filter
// names that the entity lacks, a value of the wrong type, and a read of a field the
// record has not. The `@ts-expect-error` lines fail the type check the day they compile.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { records, type EntityDraft, type EntityRecord } from '../../../admin/src/records';
import { rest } from '../../../admin/src/rest';

function typeChecks(): unknown[] {
  const ok = [
    records.save('meter', { id: 3, placeId: 1, meterTypeId: 2, number: 'E-12', notes: null, version: 4 }),
    records.list('meter', {
      filter: { placeId: 1, isActive: true, installedOn_gte: '2026-01-01' },
      sort: ['number', 'ASC'],
    }),
    records.byParent('customer-vehicle', 'customer', 12),
    // Every query parameter of this route is optional: no `{ query: {} }` needed.
    rest('get', '/closure/list'),
  ];
  return [
    ...ok,
    // @ts-expect-error a field the entity does not have
    records.save('meter', { placeId: 1, serial: 'x' }),
    // @ts-expect-error a value of the wrong type
    records.create('meter', { placeId: '1' }),
    // @ts-expect-error an entity that does not exist
    records.list('stays'),
    // @ts-expect-error a filter on a field the entity does not have
    records.list('meter', { filter: { place: 1 } }),
    // @ts-expect-error a sort on a field the entity does not have
    records.list('meter', { sort: ['label', 'ASC'] }),
    // @ts-expect-error rows listed by a parent the entity has no route for
    records.byParent('customer-vehicle', 'booking', 12),
    // @ts-expect-error a field the declared route refuses (additionalProperties: false)
    rest('post', '/booking/list', { body: { scope: 'active', status: 2 } }),
  ];
}

function readRecord(m: EntityRecord<'meter'>): string {
  // @ts-expect-error the record has no such field
  void m.label;
  return `${m.number} ${m.placeId + 1}`;
}

const draft: EntityDraft<'booking'> = { customerId: 1 };

describe('records', () => {
  afterEach(() => vi.unstubAllGlobals());

  function stubFetch(answer: unknown) {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(answer)));
    vi.stubGlobal('fetch', fetch);
    return fetch;
  }

  it('reads a list with its filter, sort and range as JSON query parameters, at the entity base', async () => {
    const fetch = stubFetch([{ id: 1 }]);
    const rows = await records.list('activity-period', {
      filter: { label: 'Été' },
      sort: ['label', 'DESC'],
      range: [0, 9],
    });
    expect(rows).toEqual([{ id: 1 }]);
    const url = new URL(fetch.mock.calls[0][0], 'http://x');
    expect(url.pathname).toBe('/rest/establishment/activity-period');
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ label: 'Été' });
    expect(JSON.parse(url.searchParams.get('sort')!)).toEqual(['label', 'DESC']);
    expect(JSON.parse(url.searchParams.get('range')!)).toEqual([0, 9]);
  });

  it('saves with PUT when the body has an id, POST otherwise, and deletes over the version read', async () => {
    const fetch = stubFetch({ id: 3 });
    await records.save('meter', { id: 3, number: 'A' });
    await records.save('meter', { number: 'B' });
    await records.remove('meter', 3, { version: 2 });
    const calls = fetch.mock.calls.map(([url, init]) => [url, init?.method, init?.body]);
    expect(calls).toEqual([
      ['/rest/meter/3', 'PUT', '{"id":3,"number":"A"}'],
      ['/rest/meter', 'POST', '{"number":"B"}'],
      ['/rest/meter/3', 'DELETE', undefined],
    ]);
    expect(new Headers(fetch.mock.calls[2][1]?.headers).get('If-Match')).toBe('"2"');
    expect(typeof typeChecks).toBe('function');
    expect([readRecord, draft].length).toBe(2);
  });
});
