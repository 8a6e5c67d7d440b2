// The session cookie's name (issue 31, docs/history.md#issue-31): the same for every process behind one address,
// whatever port each listens on; SESSION_COOKIE chooses it.
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../api/config';

describe('SESSION_COOKIE', () => {
  it('names the cookie alike on every port, bivouac_sid by default', () => {
    expect(readConfig({ PORT: '8080' }).sessionCookie).toBe('bivouac_sid');
    expect(readConfig({ PORT: '8081' }).sessionCookie).toBe('bivouac_sid');
    expect(readConfig({ PORT: '8081', SESSION_COOKIE: 'camping_sid' }).sessionCookie).toBe('camping_sid');
  });

  it('refuses a name a cookie cannot carry', () => {
    for (const bad of ['a b', 'sid;x', 'é', 'x'.repeat(65)])
      expect(() => readConfig({ SESSION_COOKIE: bad })).toThrow(/SESSION_COOKIE/);
  });
});
