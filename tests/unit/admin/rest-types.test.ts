// The typed contract between screens and routes (issue 23 §2, docs/history.md#issue-23): `tsc` (npm run typecheck)
// refuses a call that sends what its route's schema refuses or reads what its answer does
// not declare. The `@ts-expect-error` lines fail the type check the day they compile.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rest, restUrl, type RestAnswer, type RestBody, type RestInit } from '../../../admin/src/rest';

type ListBody = RestBody<'/booking/list', 'post'>;
type ListAnswer = RestAnswer<'/booking/list', 'post'>;

// What the stay lists send: nulls for empty filters are part of the contract.
const screenBody: ListBody = { scope: 'active', statusId: null, kind: null, from: null, to: null, q: undefined };
// @ts-expect-error a field the route refuses (additionalProperties: false)
const unknownField: ListBody = { scope: 'active', status: 2 };
// @ts-expect-error a value outside the enum
const wrongKind: ListBody = { kind: 'holiday' };
// @ts-expect-error the summary route needs its path parameter
const noId: RestInit<'/booking/{id}/summary', 'get'> = {};
const withId: RestInit<'/booking/{id}/summary', 'get'> = { path: { id: 3 } };
// @ts-expect-error a form upload to a route that takes none
const formNowhere: RestInit<'/backup/run', 'post'> = { form: new FormData() };
// @ts-expect-error a JSON body to an upload route
const jsonUpload: RestInit<'/place/{id}/images', 'post'> = { path: { id: 3 }, body: { image: 'x' } };

function readAnswer(a: ListAnswer): string {
  // @ts-expect-error the list's rows have no such field
  void a.items[0].customerLabel;
  return `${a.total} ${a.items[0].code} ${a.items[0].customerName ?? ''}`;
}

describe('rest()', () => {
  it('fills path parameters and the query string', () => {
    expect(restUrl('/booking/{id}/summary', { id: 12 })).toBe('/booking/12/summary');
    expect(restUrl('/booking/arrivals', undefined, { date: '2026-07-01', x: undefined })).toBe(
      '/booking/arrivals?date=2026-07-01',
    );
    expect(() => restUrl('/booking/{id}/summary', {})).toThrow(/id/);
    expect([screenBody, unknownField, wrongKind, noId, withId, readAnswer, formNowhere, jsonUpload].length).toBe(8);
  });

  afterEach(() => vi.unstubAllGlobals());

  it('sends a form upload as its FormData and a file as its Blob, not as JSON', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response('{}'));
    vi.stubGlobal('fetch', fetch);
    const form = new FormData();
    form.append('uploadfile', new Blob(['x']), 'a.png');
    await rest('post', '/place/{id}/images', { path: { id: 3 }, form });
    const file = new Blob(['gz']);
    await rest('post', '/backup/restore', {
      query: { confirm: '1' },
      file,
      headers: { 'Content-Type': 'application/gzip' },
    });
    const [[url1, init1], [url2, init2]] = fetch.mock.calls;
    expect([url1, init1?.method, init1?.body]).toEqual(['/rest/place/3/images', 'POST', form]);
    expect(new Headers(init1?.headers).get('Content-Type')).toBeNull();
    expect([url2, init2?.body, new Headers(init2?.headers).get('Content-Type')]).toEqual([
      '/rest/backup/restore?confirm=1',
      file,
      'application/gzip',
    ]);
  });
});
