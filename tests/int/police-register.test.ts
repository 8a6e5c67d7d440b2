// The police register (issue 24 point 9 (docs/statements.md), rules-fr §4, docs/statements.md#police-register): one
// form per foreign occupant of 15 or more — an occupant who carries the customer's name but another birth date is
// another person (a son named after his father) and gets a form of his own; the
// customer recorded again as an occupant does not. Each form lists what it lacks (birth
// place…), and the register counts the incomplete forms for the screen to flag them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { postOk } from './http-helpers';
import { campsite, type Campsite } from './billing-fixtures';

let t: TestServer;
let c: Campsite;

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 1);
});
afterAll(async () => t?.close());

async function country(iso: string, name: string): Promise<number> {
  const have = await t.knex('country').where('isoCode', iso).first('id');
  return have?.id ?? (await postOk(t.admin, '/rest/country', { isoCode: iso, name, nationality: name })).id;
}

describe('the police register', () => {
  it('gives every foreign adult a form and flags what each lacks', async () => {
    const de = await country('DE', 'Allemagne');
    const holder = await postOk(t.admin, '/rest/customer', {
      lastName: 'Weber',
      firstName: 'Hans',
      birthDate: '1970-04-01',
      birthPlace: 'Berlin',
      nationalityId: de,
      countryId: de,
      address1: 'Hauptstraße 5',
      postalCode: '10115',
      town: 'Berlin',
      phone2: '+49 151 23456789',
      email: 'hans.weber@example.de',
    });
    const attendant = (body: Record<string, unknown>) =>
      postOk(t.admin, '/rest/attendant', { customerId: holder.id, nationalityId: de, ...body });
    // the customer again as an occupant: the same person, no second form
    const again = await attendant({ lastName: 'Weber', firstName: 'Hans', birthDate: '1970-04-01' });
    // his son, same name, another birth date: a form of his own, without birth place
    const son = await attendant({ lastName: 'Weber', firstName: 'Hans', birthDate: '2005-09-09' });
    const s = await postOk(t.admin, '/rest/booking/create', {
      kind: 'booking',
      customerId: holder.id,
      occupancies: [
        {
          placeId: c.places[0],
          startDate: '2031-07-20',
          endDate: '2031-07-27',
          details: [{ ageCategoryId: c.adult, quantity: 2 }],
          attendantIds: [again.id, son.id],
        },
      ],
    });
    const r = await t.admin.get('/rest/police-note-book?from=2031-07-20&to=2031-07-20');
    expect(r.status, r.text).toBe(200);
    const forms = r.body.forms.filter((f: any) => f.bookingId === s.booking.id);
    expect(forms.map((f: any) => [f.lastName, f.firstName, f.birthDate])).toEqual([
      ['Weber', 'Hans', '1970-04-01'],
      ['Weber', 'Hans', '2005-09-09'],
    ]);
    expect(forms[0].missing).toEqual([]);
    expect(forms[1].missing).toEqual(['Lieu de naissance', 'Domicile habituel']);
    expect(r.body.incomplete).toBe(1);
  });
});
