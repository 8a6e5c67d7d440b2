// Reference data rules no schema expresses (api/domain/reference/rules.ts) and the
// defaults new records get (spec §4 (docs/stays.md#states-and-transitions), §5, docs/entities.md#validation), over HTTP
// on the seeded reference data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, type MessageCode } from '../../common/messages';
import { startTestServer, type Reply, type TestServer } from './harness';
import { mapDbError } from '../../api/db/errors';
import { entityMeta } from '../../api/rest/entities';
import { registerDomainRules } from '../../api/domain/index';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const q = (filter: Record<string, unknown>) => `?filter=${encodeURIComponent(JSON.stringify(filter))}`;

async function list(base: string, filter: Record<string, unknown> = {}): Promise<any[]> {
  const r = await t.admin.get(`/rest/${base}${q(filter)}`);
  expect(r.status, r.text).toBe(200);
  return r.body;
}

async function one(base: string, filter: Record<string, unknown>): Promise<any> {
  const rows = await list(base, filter);
  expect(rows, JSON.stringify(filter)).toHaveLength(1);
  return rows[0];
}

async function create(base: string, body: Record<string, unknown>): Promise<Reply> {
  return t.admin.post(`/rest/${base}/edit`, { id: 0, ...body }, { returnEditItem: 'true' });
}

async function created(base: string, body: Record<string, unknown>): Promise<any> {
  const r = await create(base, body);
  expect(r.status, r.text).toBe(200);
  expect(r.body.status).toBe('SAVED');
  return r.body.item;
}

function expectRefused(r: Reply, code: MessageCode, field: string, fieldCode: MessageCode = code) {
  expect(r.status, r.text).toBe(400);
  expect(r.body.code).toBe(code);
  expect(r.body.errors?.[field]).toBe(formatMessage(fieldCode));
}

describe('defaults of new records (GET {base}/edit/0)', () => {
  it('a new age category gets the VAT rate flagged default for attendants and isActif true', async () => {
    const attendantVat = await one('tva', { isDefaultForAttendant: true });
    expect(attendantVat.rate).toBe(1000);
    const r = await t.admin.get('/rest/age-category/edit/0');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id: 0,
      tvaId: attendantVat.id,
      isActif: true,
      isTouristTaxExempt: false,
      channelCategory: 'adult',
    });
  });

  it('a new extra gets the default colour, the VAT rate flagged default for options and is active', async () => {
    const optionVat = await one('tva', { isDefaultForOption: true });
    const r = await t.admin.get('/rest/extra/edit/0');
    expect(r.body).toMatchObject({
      id: 0,
      color: '#1976d2',
      tvaId: optionVat.id,
      isActive: true,
      unit: 'per-night',
      stock: null,
    });
  });

  it('a new vehicle type gets the one rate flagged default for options, and none when no rate is flagged', async () => {
    const optionVat = await one('tva', { isDefaultForOption: true });
    expect((await t.admin.get('/rest/vehicle-type/edit/0')).body.tvaId).toBe(optionVat.id);
    // No rate flagged: no default (the generic "exactly one row" rule).
    expect((await t.admin.put(`/rest/tva/${optionVat.id}`, { isDefaultForOption: false })).status).toBe(200);
    expect((await t.admin.get('/rest/vehicle-type/edit/0')).body.tvaId).toBeNull();
    expect((await t.admin.put(`/rest/tva/${optionVat.id}`, { isDefaultForOption: true })).status).toBe(200);
    expect((await t.admin.get('/rest/vehicle-type/edit/0')).body.tvaId).toBe(optionVat.id);
  });

  it('new geography records get the default country', async () => {
    const france = await one('country', { isoCode: 'FR' });
    for (const base of ['region', 'department', 'town', 'partner']) {
      expect((await t.admin.get(`/rest/${base}/edit/0`)).body.countryId, base).toBe(france.id);
    }
  });
});

describe('place type: max persons ≥ min persons', () => {
  let family: any;
  beforeAll(async () => {
    family = await one('place-family', { code: 'LOC' });
  });

  it('refuses a maximum below the minimum, on create and on update', async () => {
    const r = await create('place-type', {
      code: 'YOURTE',
      label: 'Yourte',
      placeFamilyId: family.id,
      minPersons: 4,
      maxPersons: 2,
    });
    expectRefused(r, 'MAX_PERSONS_BELOW_MIN', 'maxPersons');
    const ok = await created('place-type', {
      code: 'YOURTE',
      label: 'Yourte',
      placeFamilyId: family.id,
      minPersons: 2,
      maxPersons: 2,
    });
    expectRefused(
      await t.admin.put(`/rest/place-type/${ok.id}`, { minPersons: 3 }),
      'MAX_PERSONS_BELOW_MIN',
      'maxPersons',
    );
    const raised = await t.admin.put(`/rest/place-type/${ok.id}`, { minPersons: 3, maxPersons: 5 });
    expect(raised.status, raised.text).toBe(200);
    expect(raised.body).toMatchObject({ minPersons: 3, maxPersons: 5 });
  });
});

describe('town: the department is in the town country', () => {
  let france: any, belgium: any, finistere: any;
  beforeAll(async () => {
    france = await one('country', { isoCode: 'FR' });
    belgium = await one('country', { isoCode: 'BE' });
    finistere = await one('department', { code: '29' });
  });

  it('refuses a town whose department belongs to another country', async () => {
    const r = await create('town', {
      name: 'Dinant',
      postalCode: '5500',
      countryId: belgium.id,
      departmentId: finistere.id,
    });
    expectRefused(r, 'TOWN_DEPARTMENT_COUNTRY_MISMATCH', 'departmentId');
  });

  it('accepts a town of the department country, and a foreign town with no department', async () => {
    const town = await created('town', {
      name: 'Plomeur',
      postalCode: '29120',
      inseeCode: '29165',
      countryId: france.id,
      departmentId: finistere.id,
    });
    await created('town', { name: 'Dinant', postalCode: '5500', countryId: belgium.id, departmentId: null });
    // Moving the town abroad while it keeps its French department is refused too.
    expectRefused(
      await t.admin.put(`/rest/town/${town.id}`, { countryId: belgium.id }),
      'TOWN_DEPARTMENT_COUNTRY_MISMATCH',
      'departmentId',
    );
  });

  it('refuses moving a department to another country while its towns stay', async () => {
    const r = await t.admin.put(`/rest/department/${finistere.id}`, { countryId: belgium.id });
    expectRefused(r, 'TOWN_DEPARTMENT_COUNTRY_MISMATCH', 'countryId');
    const region = await created('region', { name: 'Wallonie', code: 'WAL', countryId: belgium.id });
    const empty = await created('department', {
      name: 'Province de Namur',
      code: 'NA',
      countryId: france.id,
      regionId: region.id,
    });
    const moved = await t.admin.put(`/rest/department/${empty.id}`, { countryId: belgium.id });
    expect(moved.status, moved.text).toBe(200);
  });
});

describe.each([
  ['parcel-type-price-period', 'parcelTypeId', 'parcel-type', { label: 'Parcelle test chevauchement' }],
  [
    'residential-fees-price-period',
    'residentialFeesId',
    'residential-fees',
    { label: 'Redevance test chevauchement', amount: 1000 },
  ],
] as const)(
  '%s: periods [startDate, endDate) of one parent never overlap',
  (base, parentField, parentBase, parentBody) => {
    let parent: any, other: any, first: any;
    beforeAll(async () => {
      parent = await created(parentBase, parentBody);
      other = await created(parentBase, { ...parentBody, label: `${parentBody.label} 2` });
    });
    const period = (p: any, startDate: string, endDate: string, price = 10000) => ({
      [parentField]: p.id,
      startDate,
      endDate,
      price,
    });

    it('accepts adjacent periods: the end day is free for the next period', async () => {
      first = await created(base, period(parent, '2031-01-01', '2031-04-01'));
      await created(base, period(parent, '2031-04-01', '2031-07-01'));
      await created(base, period(parent, '2030-10-01', '2031-01-01'));
    });

    it('refuses an overlapping period, inside, around or across a boundary', async () => {
      for (const [s, e] of [
        ['2031-03-31', '2031-04-02'],
        ['2031-02-01', '2031-03-01'],
        ['2030-06-01', '2031-12-31'],
        ['2031-06-30', '2031-09-01'],
      ]) {
        expectRefused(await create(base, period(parent, s, e)), 'OVERLAPPING_PERIODS', 'startDate');
      }
    });

    it('lets a period be updated over its own dates but not onto a neighbour', async () => {
      const self = await t.admin.put(`/rest/${base}/${first.id}`, { startDate: '2031-01-02', price: 12000 });
      expect(self.status, self.text).toBe(200);
      expectRefused(
        await t.admin.put(`/rest/${base}/${first.id}`, { endDate: '2031-04-15' }),
        'OVERLAPPING_PERIODS',
        'startDate',
      );
    });

    it('checks periods per parent only', async () => {
      await created(base, period(other, '2031-01-01', '2031-04-01'));
    });

    it('also guards the seeded periods', async () => {
      const seeded = (await list(base))[0];
      const parentOfSeeded = { id: seeded[parentField] };
      expectRefused(
        await create(base, period(parentOfSeeded, seeded.startDate, seeded.endDate)),
        'OVERLAPPING_PERIODS',
        'startDate',
      );
    });

    it(
      'turns the exclusion constraint itself (23P01, ' + 'e.g. a concurrent write) into an error on startDate',
      async () => {
        registerDomainRules();
        let err: any;
        await t
          .knex(entityMeta(base).table)
          .insert(period(parent, '2031-02-01', '2031-03-01'))
          .catch((e) => {
            err = e;
          });
        expect(err?.code).toBe('23P01');
        const mapped = mapDbError(err)!;
        expect(mapped.status).toBe(400);
        expect(mapped.code).toBe('OVERLAPPING_PERIODS');
        expect(mapped.errors).toEqual({ startDate: formatMessage('OVERLAPPING_PERIODS') });
      },
    );

    it('still answers the schema error when the end is not after the start', async () => {
      const r = await create(base, period(parent, '2035-01-01', '2035-01-01'));
      expect(r.status).toBe(400);
      expect(r.body.errors.endDate).toBe(formatMessage('START_NOT_EQUAL_END'));
    });
  },
);

describe('a default flag stays unique', () => {
  it('tva: flagging a rate default (for all, options or attendants) unflags the previous one', async () => {
    const before = await one('tva', { isDefault: true });
    const created7 = await created('tva', {
      label: 'TVA 7 %',
      rate: 700,
      isDefault: true,
      isDefaultForOption: true,
      isDefaultForAttendant: true,
    });
    for (const flag of ['isDefault', 'isDefaultForOption', 'isDefaultForAttendant']) {
      expect(
        (await list('tva', { [flag]: true })).map((x) => x.id),
        flag,
      ).toEqual([created7.id]);
    }
    // The new defaults are what new records get.
    expect((await t.admin.get('/rest/age-category/edit/0')).body.tvaId).toBe(created7.id);
    expect((await t.admin.get('/rest/extra/edit/0')).body.tvaId).toBe(created7.id);
    // Flagging back through an update moves the flag again, one flag at a time.
    expect((await t.admin.put(`/rest/tva/${before.id}`, { isDefault: true })).status).toBe(200);
    expect((await list('tva', { isDefault: true })).map((x) => x.id)).toEqual([before.id]);
    expect((await list('tva', { isDefaultForOption: true })).map((x) => x.id)).toEqual([created7.id]);
    // Saving the default row again keeps it the default.
    expect((await t.admin.post('/rest/tva/edit', { id: before.id, label: before.label, isDefault: true })).status).toBe(
      200,
    );
    expect((await list('tva', { isDefault: true })).map((x) => x.id)).toEqual([before.id]);
  });

  it('bank account, country, language and civility', async () => {
    const bank = await one('bank', { code: '20041' });
    const account = await created('bank-account', {
      label: 'Compte La Banque Postale',
      bankId: bank.id,
      iban: 'fr14 2004 1010 0505 0001 3m02 606',
      isDefault: true,
    });
    expect((await list('bank-account', { isDefault: true })).map((x) => x.id)).toEqual([account.id]);

    const language = await created('language', { code: 'br', name: 'Breton', isDefault: true });
    expect((await list('language', { isDefault: true })).map((x) => x.id)).toEqual([language.id]);
    const country = await created('country', { isoCode: 'LU', name: 'Luxembourg', isDefault: true });
    expect((await list('country', { isDefault: true })).map((x) => x.id)).toEqual([country.id]);
    const civility = await created('civility', { shortLabel: 'Mx', label: 'Mix', isDefault: true });
    expect((await list('civility', { isDefault: true })).map((x) => x.id)).toEqual([civility.id]);

    // Unflagging leaves no default at all (allowed), and new records then get none.
    expect((await t.admin.put(`/rest/country/${country.id}`, { isDefault: false })).status).toBe(200);
    expect(await list('country', { isDefault: true })).toEqual([]);
    expect((await t.admin.get('/rest/town/edit/0')).body.countryId).toBeNull();
    const france = await one('country', { isoCode: 'FR' });
    expect((await t.admin.put(`/rest/country/${france.id}`, { isDefault: true })).status).toBe(200);
  });
});

describe('other reference rules', () => {
  it('stores an IBAN compact and upper-case, and refuses an invalid one', async () => {
    const account = await one('bank-account', { label: 'Compte La Banque Postale' });
    expect(account.iban).toBe('FR1420041010050500013M02606');
    const bank = await one('bank', { code: '20041' });
    const bad = await create('bank-account', {
      label: 'Compte faux',
      bankId: bank.id,
      iban: 'FR1420041010050500013M02607',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.iban).toBe(formatMessage('INVALID_IBAN'));
  });

  it('an automatic-remittance payment method needs a bank account', async () => {
    const r = await create('payment-method', { label: 'Paylib', kind: 'card', isAutoRemittance: true });
    expectRefused(r, 'AUTO_REMITTANCE_NEEDS_BANK_ACCOUNT', 'bankAccountId');
    const account = await one('bank-account', { accountingCode: '512100' });
    await created('payment-method', {
      label: 'Paylib',
      kind: 'card',
      isAutoRemittance: true,
      bankAccountId: account.id,
    });
  });

  it('a discount needs the value of its unit', async () => {
    expectRefused(
      await create('discount', { label: 'Remise été', unit: 'percentage', amount: 500 }),
      'VALIDATION_FAILED',
      'rate',
      'REQUIRED',
    );
    expectRefused(
      await create('discount', { label: 'Remise été', unit: 'currency' }),
      'VALIDATION_FAILED',
      'amount',
      'REQUIRED',
    );
    await created('discount', { label: 'Remise été', unit: 'percentage', rate: 750 });
  });

  it('a zone name is used once', async () => {
    const r = await create('layout', { code: 'Z', label: 'Les Pins' });
    expectRefused(r, 'ZONE_NAME_USED', 'label');
  });

  it('a VAT rate in use cannot be deleted', async () => {
    const camping = await one('tva', { rate: 1000 });
    const r = await t.admin.post(`/rest/tva/delete/${camping.id}`);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('IN_USE');
  });

  it('access channels are listed by ascending order and reordered through order', async () => {
    const rows = await list('access-channel');
    expect(rows.map((c) => c.label)).toEqual([
      'Direct',
      'Téléphone',
      'Site internet',
      'Booking.com',
      'Airbnb',
      'Pitchup',
    ]);
    const reversed = rows.map((c) => c.id).reverse();
    expect((await t.admin.post('/rest/access-channel/order', reversed)).status).toBe(200);
    expect((await list('access-channel')).map((c) => c.id)).toEqual(reversed);
  });
});
