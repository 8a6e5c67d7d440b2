// The criteria of e-mail campaigns (issue 30, docs/history.md#issue-30): each criterion narrows who a campaign
// reaches — residence countries or all but some, French departments (Corsica's 2A/2B
// from the postal code), stays with children, stays counted, amount spent, last
// departure — and only customers who consented ever appear. A criteria the engine
// cannot read (the demo's former keys) is refused on save instead of reaching everyone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { bookStay, campsite, type Campsite } from './billing-fixtures';
import { postOk, unique } from './http-helpers';

let t: TestServer;
let c: Campsite;
const who: Record<string, number> = {};
let child: number;
let fr: number, be: number;

async function country(iso: string, name: string): Promise<number> {
  const have = await t.knex('country').where('isoCode', iso).first('id');
  return have?.id ?? (await postOk(t.admin, '/rest/country', { isoCode: iso, name })).id;
}

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 4);
  fr = await country('FR', 'France');
  be = await country('BE', 'Belgique');
  child = (await t.knex('age_category').where('minAge', '<', 18).where('minAge', '>', 0).first('id')).id;
  const customer = async (key: string, fields: Record<string, unknown>) => {
    who[key] = (
      await postOk(t.admin, '/rest/customer', {
        lastName: key,
        firstName: 'Test',
        email: `${key.toLowerCase()}@example.org`,
        newsletterConsent: true,
        ...fields,
      })
    ).id;
  };
  await customer('Paris', { countryId: fr, postalCode: '75001', town: 'Paris' });
  await customer('Ajaccio', { countryId: fr, postalCode: '20000', town: 'Ajaccio' });
  await customer('Bastia', { countryId: fr, postalCode: '20200', town: 'Bastia' });
  await customer('Bruxelles', { countryId: be, postalCode: '1000', town: 'Bruxelles' });
  await customer('Refus', { countryId: be, postalCode: '1000', town: 'Bruxelles', newsletterConsent: false });
  // Paris: two stays (2 + 3 nights); Ajaccio: one stay with a child; Bruxelles: one stay that ends later.
  await bookStay(t, c, c.places[0], '2031-07-01', '2031-07-03', who.Paris);
  await bookStay(t, c, c.places[0], '2031-07-10', '2031-07-13', who.Paris);
  await postOk(t.admin, '/rest/booking/create', {
    kind: 'booking',
    customerId: who.Ajaccio,
    occupancies: [
      {
        placeId: c.places[1],
        startDate: '2031-07-01',
        endDate: '2031-07-04',
        details: [
          { ageCategoryId: c.adult, quantity: 1 },
          { ageCategoryId: child, quantity: 1 },
        ],
      },
    ],
  });
  await bookStay(t, c, c.places[2], '2031-08-01', '2031-08-05', who.Bruxelles);
  await bookStay(t, c, c.places[3], '2031-08-01', '2031-08-09', who.Refus);
});
afterAll(async () => {
  await t?.close();
});

/** The customers a criteria reaches, by name, through the preview the screen shows. */
async function reached(criteria: Record<string, unknown>): Promise<string[]> {
  const id = (await postOk(t.admin, '/rest/mailing-criteria', { label: unique('Critère '), criteria })).id;
  const r = await t.admin.get(`/rest/campaign/preview/${id}`);
  expect(r.status, r.text).toBe(200);
  const names = (r.body.sample as { id: number; lastName: string }[])
    .filter((s) => Object.values(who).includes(s.id))
    .map((s) => s.lastName)
    .sort();
  return names;
}

describe('campaign criteria', () => {
  it('residence: all but France; French departments from the postal code, Corsica split in 2A and 2B', async () => {
    expect(await reached({ excludeCountryIds: [fr], stayFrom: '2031-06-01', stayTo: '2031-09-01' })).toEqual([
      'Bruxelles',
    ]);
    expect(await reached({ departmentCodes: ['75'] })).toEqual(['Paris']);
    expect(await reached({ departmentCodes: ['2A'] })).toEqual(['Ajaccio']);
    expect(await reached({ departmentCodes: ['2B', '75'] })).toEqual(['Bastia', 'Paris']);
  });

  it('stays: with a child, counted, amount spent, last departure — never a customer without consent', async () => {
    expect(await reached({ ageCategoryIds: [child] })).toEqual(['Ajaccio']);
    expect(await reached({ minStays: 2 })).toEqual(['Paris']);
    const spent = (id: number) =>
      t
        .knex('booking')
        .where('customerId', id)
        .sum({ s: 'totalAmount' })
        .first()
        .then((r: any) => Number(r.s));
    const paris = await spent(who.Paris);
    const brussels = await spent(who.Bruxelles);
    expect(paris).not.toBe(brussels);
    const lower = Math.min(paris, brussels);
    expect(await reached({ minSpent: lower + 1 })).toEqual([paris > brussels ? 'Paris' : 'Bruxelles']);
    expect(await reached({ lastStayFrom: '2031-08-01' })).toEqual(['Bruxelles']);
    expect(await reached({ lastStayTo: '2031-08-01' })).toEqual(['Ajaccio', 'Paris']);
    // « Refus » matches every one of these stays' criteria but never consented.
    expect(await reached({ countryIds: [be] })).toEqual(['Bruxelles']);
  });

  it('refuses a criteria the engine cannot read, and a department that does not exist', async () => {
    for (const criteria of [{ excludeCountryIsoCodes: ['FR'] }, { departmentCodes: ['20'] }, { minSpent: -5 }]) {
      const r = await t.admin.post('/rest/mailing-criteria', { label: unique('Critère '), criteria });
      expect(r.status, JSON.stringify(criteria)).toBe(400);
      expect(r.body.message).not.toMatch(/[a-z]+Properties|must /);
    }
  });

  it('the campaign history tells the criteria in words', async () => {
    const { criteriaSummary } = await import('../../api/domain/documents/campaign-history');
    const words = criteriaSummary({
      excludeCountryIds: [fr],
      departmentCodes: ['75', '2A'],
      minStays: 3,
      minSpent: 150000,
    });
    expect(words.replace(/\s/g, ' ')).toBe(
      'Hors 1 pays, 2 départements, au moins 3 séjours, au moins 1 500,00 € dépensés, clients consentants',
    );
  });
});
