// Foreign guests (issue 24 point 12, docs/statements.md): the address rules follow the customer's country.
// A French address needs its postcode to be billed; a guest abroad may have none
// (Ireland, Hong Kong…, or a village address) and is billed all the same, the PDF
// printing the town and the country without a blank code.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { expectRefused, postOk } from './http-helpers';
import { bookStay, campsite, type Campsite } from './billing-fixtures';

let t: TestServer;
let c: Campsite;

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 2);
});
afterAll(async () => t?.close());

async function country(iso: string, name: string): Promise<number> {
  const have = await t.knex('country').where('isoCode', iso).first('id');
  return have?.id ?? (await postOk(t.admin, '/rest/country', { isoCode: iso, name })).id;
}

describe('customers abroad', () => {
  it('bills a guest abroad without a postcode, never a French one', async () => {
    const ie = await country('IE', 'Irlande');
    const guest = (
      await postOk(t.admin, '/rest/customer', {
        lastName: 'Murphy',
        firstName: 'Siobhan',
        address1: 'Main Street',
        town: 'Dingle',
        countryId: ie,
      })
    ).id;
    const s = await bookStay(t, c, c.places[0], '2031-07-10', '2031-07-14', guest);
    const b = await postOk(t.admin, `/rest/booking/${s.bookingId}/bill`, { kind: 'final' });
    const r = await fetch(`${t.url}/rest/bill/document/${b.id}`, { headers: { Cookie: t.admin.cookie! } });
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: Buffer.from(await r.arrayBuffer()) })
      .toString()
      .replace(/\s+/g, ' ');
    for (const part of ['Siobhan Murphy', 'Main Street', 'Dingle', 'Irlande']) expect(text).toContain(part);
    expect(text).not.toMatch(/null|undefined/);

    const fr = await country('FR', 'France');
    const french = (
      await postOk(t.admin, '/rest/customer', {
        lastName: 'Petit',
        address1: '2 rue Haute',
        town: 'Vannes',
        countryId: fr,
      })
    ).id;
    const s2 = await bookStay(t, c, c.places[1], '2031-07-10', '2031-07-14', french);
    expectRefused(
      await t.admin.post(`/rest/booking/${s2.bookingId}/bill`, { kind: 'final' }),
      'CUSTOMER_POSTCODE_REQUIRED',
    );
  });
});
