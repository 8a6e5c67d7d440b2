// Menu entries follow the right of what they lead to (issue 13, docs/stays.md#preferences): a read-only user of
// reservations sees the lists but not « Nouvelle réservation » (a screen that writes),
// nor the other creation screens; with the write right they appear.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { userWithRights } from './security-helpers';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

/** Every item key of a menu tree. */
function keys(entries: any[]): string[] {
  return entries.flatMap((e) => (e.type === 'item' ? [e.key] : keys(e.children ?? [])));
}

describe('menu and rights', () => {
  it('hides the creation screens from a read-only user, shows them with write', async () => {
    const rights = (level: string) => ({
      rights: {
        'booking.booking': { rights: level },
        'customer.customer': { rights: level },
        'camp.meter': { rights: level },
      },
    });
    const reader = await userWithRights(t, rights('001'));
    const menu = keys((await reader.client.get('/rest/security/menu')).body);
    expect(menu).toContain('booking-list/0');
    expect(menu).toContain('search-availability');
    expect(menu).toContain('customer-list');
    for (const k of ['new-booking', 'transfer-customers', 'meter-reading-creation', 'meter-reading-form/0'])
      expect(menu, k).not.toContain(k);
    const writer = await userWithRights(t, rights('011'));
    const full = keys((await writer.client.get('/rest/security/menu')).body);
    for (const k of ['new-booking', 'transfer-customers', 'meter-reading-creation', 'meter-reading-form/0'])
      expect(full, k).toContain(k);
  });
});
