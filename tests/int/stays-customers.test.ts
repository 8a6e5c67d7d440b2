// Customers (§3 (docs/entities.md), §4 (docs/stays.md#states-and-transitions), §7 (docs/api.md),
// §8, docs/errors.md#messages): defaults, generated code, phone and VAT forms, search from 3 characters, attendants,
// animals and vehicles, "customer with document cannot be deleted", the resume, the transfer of duplicates and the
// export in batches of 5000.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { book, makeCustomer, makePlace, reference, type Ref } from './stays-fixtures';
import { normalizePhone } from '../../common/phones';

let t: TestServer;
let ref: Ref;
beforeAll(async () => {
  t = await startTestServer();
  ref = await reference(t);
});
afterAll(async () => {
  await t?.close();
});

describe('a new customer', () => {
  it('gets the default civility, the default country and its language, and a generated code', async () => {
    const fr = await t.knex('country').where('isDefault', true).first();
    const civ = await t.knex('civility').where('isDefault', true).first();
    const d = await t.admin.get('/rest/customer/edit/0');
    expect(d.body).toMatchObject({
      id: 0,
      civilityId: civ.id,
      countryId: fr.id,
      nationalityId: fr.id,
      languageId: fr.languageId,
      newsletterConsent: false,
    });
    const a = await makeCustomer(t.admin, { lastName: 'Le Gall' });
    const b = await makeCustomer(t.admin, { lastName: 'Le Gall' });
    expect(a.code).toMatch(/^C\d{6}$/);
    expect(b.code).not.toBe(a.code);
    expect(a).toMatchObject({ civilityId: civ.id, countryId: fr.id, languageId: fr.languageId });
    // The code is the server's: a client cannot set it.
    expect((await t.admin.put(`/rest/customer/${a.id}`, { code: 'X' })).body.code).toBe(a.code);
  });

  it('keeps phone numbers in pairs or international, and VAT numbers compact', async () => {
    const c = await makeCustomer(t.admin, {
      phone1: '0612345678',
      phone2: '+44 20 7946 0958',
      vatNumber: 'fr 12 345 678 901',
    });
    expect(c).toMatchObject({ phone1: '06 12 34 56 78', phone2: '+44 20 7946 0958', vatNumber: 'FR12345678901' });
    expect(normalizePhone('+33612345678')).toBe('+33 6 12 34 56 78');
    expect(normalizePhone('02.98.56.00.11')).toBe('02 98 56 00 11');
    expect(normalizePhone('0032 471 12 34 56')).toBe('+32 471123456');
    const bad = await t.admin.post('/rest/customer', { lastName: 'X', phone1: 'abc', email: 'pas-un-email' });
    expect(bad.body.errors).toMatchObject({ phone1: 'Téléphone invalide', email: 'E-mail invalide' });
  });

  it('is found from 3 characters, without regard to accents or case', async () => {
    await makeCustomer(t.admin, { lastName: 'Lefèvre', firstName: 'Gaëlle', town: 'Quimper' });
    const short = await t.admin.post('/rest/customer/search', { q: 'le' });
    expect(short.body.code).toBe('SEARCH_TOO_SHORT');
    for (const q of ['lefev', 'GAELLE', 'quimp']) {
      const r = await t.admin.get(`/rest/customer?filter=${encodeURIComponent(JSON.stringify({ q }))}&range=[0,9]`);
      expect(
        r.body.map((x: any) => x.lastName),
        q,
      ).toContain('Lefèvre');
    }
  });
});

describe('the §3 shape of the edit calls', () => {
  it(
    'answers addressList, ' + 'availableCivility and availableCountry (each with isDefault) beside the record',
    async () => {
      const fr = await t.knex('country').where('isDefault', true).first();
      const civ = await t.knex('civility').where('isDefault', true).first();
      const blank = (await t.admin.get('/rest/customer/edit/0')).body;
      expect(blank).toMatchObject({ id: 0, civilityId: civ.id, languageId: fr.languageId, addressList: [] });
      expect(blank.availableCivility).toContainEqual(
        expect.objectContaining({ id: civ.id, label: civ.label, isDefault: true }),
      );
      expect(blank.availableCivility.every((c: any) => typeof c.isDefault === 'boolean')).toBe(true);
      expect(blank.availableCountry).toContainEqual(
        expect.objectContaining({ id: fr.id, isoCode: fr.isoCode, languageId: fr.languageId, isDefault: true }),
      );
      expect(blank.availableCountry.filter((c: any) => c.isDefault)).toHaveLength(1);
      // The react-admin shape stays the plain record.
      const c = await makeCustomer(t.admin);
      const plain = (await t.admin.get(`/rest/customer/${c.id}`)).body;
      expect(plain).not.toHaveProperty('addressList');
      expect(plain).not.toHaveProperty('availableCountry');
    },
  );

  it('saves addressList onto the customer-address rows: created, updated, deleted, in one transaction', async () => {
    const be = await t.knex('country').where('isoCode', 'BE').first();
    const fr = await t.knex('country').where('isDefault', true).first();
    const created = await t.admin.post(
      '/rest/customer/edit',
      {
        id: 0,
        lastName: 'Vandamme',
        firstName: 'Lotte',
        civilityId: null,
        languageId: be.languageId,
        addressList: [
          {
            label: 'Résidence secondaire',
            address1: '12 rue des Dunes',
            postalCode: '8300',
            town: 'Knokke',
            countryId: be.id,
          },
          {
            label: 'Bureau',
            address1: '3 quai Est',
            postalCode: '29200',
            town: 'Brest',
            countryId: fr.id,
            isBilling: true,
          },
        ],
        availableCivility: [],
        availableCountry: [],
      },
      { returnEditItem: 'true' },
    );
    expect(created.status, created.text).toBe(200);
    expect(created.body.status).toBe('SAVED');
    const item = created.body.item;
    expect(item).toMatchObject({
      id: created.body.id,
      lastName: 'Vandamme',
      civilityId: null,
      languageId: be.languageId,
    });
    expect(item.addressList.map((a: any) => [a.label, a.countryId, a.isBilling])).toEqual([
      ['Résidence secondaire', be.id, false],
      ['Bureau', fr.id, true],
    ]);
    const [home, office] = item.addressList;
    const read = (await t.admin.get(`/rest/customer/edit/${item.id}`)).body;
    expect(read.addressList).toEqual(item.addressList);
    // The whole list: one kept and changed, one left out (deleted), one new.
    const saved = await t.admin.post('/rest/customer/edit', {
      ...read,
      addressList: [
        { ...home, town: 'Knokke-Heist' },
        { label: 'Chez les parents', town: 'Gand', countryId: be.id },
      ],
    });
    expect(saved.body).toEqual({ status: 'SAVED', id: item.id, version: expect.any(Number) });
    const rows = await t.knex('customer_address').where('customerId', item.id).orderBy('id');
    expect(rows.map((r: any) => [r.id === home.id, r.label, r.town])).toEqual([
      [true, 'Résidence secondaire', 'Knokke-Heist'],
      [false, 'Chez les parents', 'Gand'],
    ]);
    expect(rows.some((r: any) => r.id === office.id)).toBe(false);
    // Without addressList, the addresses are left as they are.
    await t.admin.post('/rest/customer/edit', { id: item.id, firstName: 'Lotte-Marie' });
    expect(await t.knex('customer_address').where('customerId', item.id).count({ n: '*' })).toEqual([{ n: 2 }]);
  });

  it('refuses a bad address with its place in the list, and saves nothing', async () => {
    const c = await makeCustomer(t.admin);
    const other = await makeCustomer(t.admin);
    const [foreign] = await t
      .knex('customer_address')
      .insert({ customerId: other.id, label: 'Autre client' })
      .returning('id');
    const bad = await t.admin.post('/rest/customer/edit', {
      id: c.id,
      lastName: 'Changé',
      addressList: [{ label: 'Maison' }, { label: '', town: 'Nulle part' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('addressList.1.label');
    expect((await t.knex('customer').where('id', c.id).first()).lastName).toBe(c.lastName);
    expect(await t.knex('customer_address').where('customerId', c.id).first()).toBeUndefined();
    const stolen = await t.admin.post('/rest/customer/edit', {
      id: c.id,
      addressList: [{ id: foreign.id, label: 'À moi' }],
    });
    expect(stolen.body.errors).toEqual({ 'addressList.0.id': 'Élément lié introuvable' });
    expect((await t.knex('customer_address').where('id', foreign.id).first()).customerId).toBe(other.id);
    expect((await t.admin.post('/rest/customer/edit', { id: c.id, addressList: 'rue' })).body.errors).toHaveProperty(
      'addressList',
    );
  });

  it('an attendant has the same shape; its single address is its own', async () => {
    const c = await makeCustomer(t.admin);
    const fr = await t.knex('country').where('isDefault', true).first();
    const de = await t.knex('country').where('isoCode', 'DE').first();
    const blank = (await t.admin.get('/rest/attendant/edit/0')).body;
    expect(blank).toMatchObject({
      id: 0,
      languageId: fr.languageId,
      addressList: [{ address1: null, postalCode: null, town: null, countryId: fr.id }],
    });
    expect(blank.availableCountry.length).toBeGreaterThan(1);
    expect(blank.availableCivility.length).toBeGreaterThan(1);
    const r = await t.admin.post(
      '/rest/attendant/edit',
      {
        id: 0,
        customerId: c.id,
        lastName: 'Schmidt',
        addressList: [{ address1: 'Hauptstraße 5', postalCode: '10115', town: 'Berlin', countryId: de.id }],
      },
      { returnEditItem: 'true' },
    );
    expect(r.status, r.text).toBe(200);
    expect(r.body.item).toMatchObject({
      lastName: 'Schmidt',
      address1: 'Hauptstraße 5',
      town: 'Berlin',
      countryId: de.id,
      addressList: [{ address1: 'Hauptstraße 5', postalCode: '10115', town: 'Berlin', countryId: de.id }],
    });
    expect(
      (await t.admin.post('/rest/attendant/edit', { id: r.body.id, addressList: [{}, {}] })).body.errors,
    ).toHaveProperty('addressList');
  });

  it('needs the rights of customers', async () => {
    const anon = t.client();
    expect((await anon.get('/rest/customer/edit/0')).status).toBe(403);
    expect((await anon.post('/rest/attendant/edit', { id: 0 })).status).toBe(403);
  });
});

describe('attendants, animals and vehicles', () => {
  it('belong to the customer and go with it', async () => {
    const c = await makeCustomer(t.admin);
    const att = await t.admin.post('/rest/attendant', {
      customerId: c.id,
      lastName: 'Dupont',
      firstName: 'Léo',
      birthDate: '2018-04-02',
    });
    expect(att.status, att.text).toBe(200);
    expect(att.body.countryId).toBe((await t.knex('country').where('isDefault', true).first()).id);
    const dog = (await t.knex('animal_type').first('id')).id;
    expect(
      (
        await t.admin.post('/rest/customer-animal', {
          customerId: c.id,
          animalTypeId: dog,
          name: 'Rex',
          identification: '250268712345678',
        })
      ).status,
    ).toBe(200);
    const car = await t.admin.post('/rest/customer-vehicle', {
      customerId: c.id,
      licencePlate: ' ab-123-cd ',
      vehicleTypeId: (await t.knex('vehicle_type').first('id')).id,
    });
    expect(car.body.licencePlate).toBe('AB-123-CD');
    expect((await t.admin.get(`/rest/attendant/customer/${c.id}`)).body).toHaveLength(1);
    expect((await t.admin.get(`/rest/customer-vehicle/customer/${c.id}`)).body).toHaveLength(1);
    expect((await t.admin.del(`/rest/customer/${c.id}`)).status).toBe(200);
    expect(await t.knex('attendant').where('customerId', c.id).first()).toBeUndefined();
  });
});

describe('documents, resume and transfer', () => {
  it('a customer with documents (stays) cannot be deleted', async () => {
    const c = await makeCustomer(t.admin);
    const place = await makePlace(t.admin, ref);
    await book(t.admin, ref, { placeId: place.id, customerId: c.id, kind: 'quote' });
    const r = await t.admin.post(`/rest/customer/delete/${c.id}`);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('CUSTOMER_WITH_DOCUMENT');
    expect(r.body.message).toBe('Un client ayant des documents ne peut pas être supprimé');
    // The foreign key is the backstop.
    await expect(t.knex('customer').where('id', c.id).delete()).rejects.toMatchObject({
      code: expect.stringMatching(/^(23001|23503)$/),
    });
  });

  it('the resume lists the stays with their places and everything else the customer has', async () => {
    const c = await makeCustomer(t.admin);
    const place = await makePlace(t.admin, ref);
    const b = await book(t.admin, ref, {
      placeId: place.id,
      customerId: c.id,
      startDate: '2030-07-01',
      endDate: '2030-07-05',
    });
    await t.admin.post('/rest/attendant', { customerId: c.id, lastName: 'Accompagnant' });
    const r = await t.admin.get(`/rest/customer/${c.id}/resume`);
    expect(r.status).toBe(200);
    expect(r.body.customer.id).toBe(c.id);
    expect(r.body.stays).toEqual([
      expect.objectContaining({ id: b.booking.id, code: b.booking.code, places: place.code, persons: 2 }),
    ]);
    const attendants = r.body.sections.find((s: any) => s.entity === 'attendant');
    expect(attendants).toMatchObject({ label: 'Accompagnants', total: 1 });
    expect((await t.admin.get('/rest/customer/99999999/resume')).status).toBe(404);
  });

  it('merges a duplicate: everything moves onto the kept customer, in one transaction', async () => {
    const keep = await makeCustomer(t.admin, { lastName: 'Martin', firstName: 'Anne', email: null });
    const dup = await makeCustomer(t.admin, {
      lastName: 'Martin',
      firstName: 'Anne',
      email: 'anne.martin@exemple.fr',
      phone2: '0611223344',
    });
    const place = await makePlace(t.admin, ref);
    const b = await book(t.admin, ref, {
      placeId: place.id,
      customerId: dup.id,
      startDate: '2030-08-01',
      endDate: '2030-08-03',
    });
    await t.admin.post('/rest/attendant', { customerId: dup.id, lastName: 'Martin', firstName: 'Paul' });
    await t.admin.post('/rest/customer-vehicle', { customerId: dup.id, licencePlate: 'GH-456-JK' });
    expect(
      (await t.admin.post('/rest/customer/transfer', { fromCustomerId: dup.id, toCustomerId: dup.id })).body.code,
    ).toBe('TRANSFER_SAME_CUSTOMER');
    expect(
      (await t.admin.post('/rest/customer/transfer', { fromCustomerId: dup.id, toCustomerId: 99999999 })).status,
    ).toBe(404);
    const links = await t.admin.get(`/rest/customer/${dup.id}/links`);
    expect(links.body.find((l: any) => l.entity === 'booking').count).toBe(1);
    const r = await t.admin.post('/rest/customer/transfer', { fromCustomerId: dup.id, toCustomerId: keep.id });
    expect(r.status, r.text).toBe(200);
    expect(r.body.moved).toEqual(
      expect.arrayContaining([
        { entity: 'booking', label: 'Séjours', count: 1 },
        { entity: 'attendant', label: 'Accompagnants', count: 1 },
        { entity: 'customer-vehicle', label: 'Véhicules du client', count: 1 },
      ]),
    );
    expect(r.body.customer).toMatchObject({
      id: keep.id,
      email: 'anne.martin@exemple.fr',
      phone2: '06 11 22 33 44',
      code: keep.code,
    });
    expect(await t.knex('customer').where('id', dup.id).first()).toBeUndefined();
    expect((await t.knex('booking').where('id', b.booking.id).first()).customerId).toBe(keep.id);
    const h = await t.knex('post_history').where({ entity: 'customer', recordId: keep.id, action: 'action' }).first();
    expect(h.detail).toBe(`Fusion du client ${dup.code} (Martin) : 1 accompagnants, 1 séjours, 1 véhicules du client`);
  });

  it('needs the write and delete rights on customers', async () => {
    const a = await makeCustomer(t.admin);
    const b = await makeCustomer(t.admin);
    const { userWithRights } = await import('./security-helpers');
    const u = await userWithRights(t, { rights: { 'customer.customer': { rights: '011', canExport: false } } });
    expect((await u.client.post('/rest/customer/transfer', { fromCustomerId: a.id, toCustomerId: b.id })).status).toBe(
      401,
    );
    expect((await u.client.get(`/rest/customer/${a.id}/resume`)).status).toBe(200);
    expect(await t.knex('customer').where('id', a.id).first()).toBeTruthy();
  });
});

describe('export in batches of 5000 with an offset (§7)', () => {
  it('pages the CSV export with the range parameter', async () => {
    const rows = Array.from({ length: 5003 }, (_, i) => ({
      lastName: `Export ${String(i).padStart(5, '0')}`,
      firstName: 'Lot',
    }));
    for (let i = 0; i < rows.length; i += 1000) await t.knex('customer').insert(rows.slice(i, i + 1000));
    const filter = encodeURIComponent(JSON.stringify({ firstName: 'Lot' }));
    const lines: string[] = [];
    for (let offset = 0; ; offset += 5000) {
      const r = await t.admin.get(`/rest/customer/export?filter=${filter}&range=[${offset},${offset + 4999}]`);
      expect(r.status).toBe(200);
      const batch = r.text.trim().split('\r\n');
      lines.push(...(offset === 0 ? batch : batch.slice(1)));
      if (batch.length - 1 < 5000) break;
    }
    expect(lines).toHaveLength(5004);
    expect(lines[0]).toContain('Code client');
    expect(new Set(lines.slice(1).map((l) => l.split(';').find((x) => x.includes('Export'))))).toHaveProperty(
      'size',
      5003,
    );
  });
});
