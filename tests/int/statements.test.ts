// The tax statements over HTTP on a real database (api/domain/statements): the tourist
// tax register and the statement to the commune (rules-fr §1 (docs/statements.md#tourist-tax): tax = taxable persons ×
// nights × rate, minors and seasonal workers exempt, a stay across two months counted
// in each for its own nights, one civil year per statement), the VAT statement (VAT on
// receipts for services, spread over the stay's rates; tourist tax outside VAT) and the
// sales per day and rate; their CSV files.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { createdThroughEdit, expectRefused, oneRow, postOk } from './http-helpers';
import { billOn, campsite, type Campsite } from './billing-fixtures';
import { keptSince } from '../../api/domain/statements/police';
import { addDays, formatDateFr, todayParis } from '../../common/dates';

let t: TestServer;
let c: Campsite;
let child: number;
let seasonal: number;
const RATE = 66; // 0,60 € communal tariff + 10 % departmental surcharge (billing-fixtures)
let family: { bookingId: number; occupancyId: number };
let worker: { bookingId: number; occupancyId: number };

async function stay(placeId: number, startDate: string, endDate: string, details: Record<string, unknown>[]) {
  const s = await postOk(t.admin, '/rest/booking/create', {
    kind: 'booking',
    customerId: c.customer,
    occupancies: [{ placeId, startDate, endDate, details }],
  });
  return {
    bookingId: s.booking.id as number,
    occupancyId: s.occupancies[0].id as number,
    total: s.booking.totalAmount as number,
  };
}
const register = async (from: string, to: string) => {
  const r = await t.admin.get(`/rest/tax-list?from=${from}&to=${to}`);
  expect(r.status, r.text).toBe(200);
  return r.body;
};

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 4);
  child = (await t.knex('age_category').where('maxAge', '<', 18).orderBy('maxAge', 'desc').first('id')).id;
  seasonal = (
    await createdThroughEdit(t.admin, 'tourist-tax-exemption', {
      label: 'Travailleur saisonnier',
      legalReference: 'CGCT L2333-31 2°',
    })
  ).id;
  // rules-fr §1 (docs/statements.md#tourist-tax)'s example: 2 adults + 2 children, 7 nights → 2 × 7 × 0,66 € = 9,24 €.
  family = await stay(c.places[0], '2031-07-04', '2031-07-11', [
    { ageCategoryId: c.adult, quantity: 2 },
    { ageCategoryId: child, quantity: 2 },
  ]);
  // Across July and August: 2 adults, one a seasonal worker.
  worker = await stay(c.places[1], '2031-07-29', '2031-08-03', [
    { ageCategoryId: c.adult, quantity: 2, exemptQuantity: 1, touristTaxExemptionId: seasonal },
  ]);
  // A cancelled stay owes nothing.
  const gone = await stay(c.places[2], '2031-07-10', '2031-07-12', [{ ageCategoryId: c.adult, quantity: 3 }]);
  const b = await t.admin.get(`/rest/booking/${gone.bookingId}`);
  const cancel = await t.admin.post(`/rest/booking/${gone.bookingId}/cancel`, {
    version: b.body.version,
    reason: 'Annulé par le client',
  });
  expect(cancel.status, cancel.text).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('the tourist tax register (/tax-list)', () => {
  it('per stay: nights, persons, exempt persons and why, tax = taxable persons × nights × rate', async () => {
    const july = await register('2031-07-01', '2031-07-31');
    expect(july.rows.map((r: any) => r.bookingId)).toEqual([family.bookingId, worker.bookingId]);
    const [f, w] = july.rows;
    expect(f).toMatchObject({
      arrival: '2031-07-04',
      departure: '2031-07-11',
      nights: 7,
      persons: 4,
      exemptPersons: 2,
      taxablePersonNights: 14,
      amountDue: 2 * 7 * RATE,
    });
    expect(f.exemptions).toEqual([{ reason: expect.stringMatching(/^Mineurs/), persons: 2, personNights: 14 }]);
    expect(f.runs).toEqual([{ rate: RATE, taxablePersons: 2, nights: 7, personNights: 14, amount: 924 }]);
    // July 29, 30 and 31 only; one adult of two taxed.
    expect(w).toMatchObject({ nights: 3, persons: 2, exemptPersons: 1, taxablePersonNights: 3, amountDue: 3 * RATE });
    expect(w.exemptions).toEqual([{ reason: 'Travailleur saisonnier', persons: 1, personNights: 3 }]);
    expect(july.amountDue).toBe(924 + 198);
    const august = await register('2031-08-01', '2031-08-31');
    expect(august.rows).toHaveLength(1);
    expect(august.rows[0]).toMatchObject({
      bookingId: worker.bookingId,
      nights: 2,
      taxablePersonNights: 2,
      amountDue: 132,
    });
  });

  it('the tax billed beside the tax due, credit notes deducted', async () => {
    const bill = await billOn(t, family.bookingId, { kind: 'final' }, '2026-11-02');
    expect(bill.touristTaxAmount).toBe(924);
    const july = await register('2031-07-01', '2031-07-31');
    expect(july.rows[0]).toMatchObject({ amountDue: 924, amountBilled: 924 });
    expect(july.rows[1]).toMatchObject({ amountDue: 198, amountBilled: 0 });
  });

  it('a period must lie in one civil year, from before to', async () => {
    expectRefused(await t.admin.get('/rest/tax-list?from=2031-12-01&to=2032-01-31'), 'TAX_BASE_SAME_YEAR', 'from');
    expectRefused(
      await t.admin.get('/rest/tax-statement-list?year=2031&from=2031-12-01&to=2032-01-31'),
      'TAX_BASE_SAME_YEAR',
      'from',
    );
    expect((await t.admin.get('/rest/tax-list?from=2031-08-01&to=2031-07-01')).status).toBe(400);
  });

  it('as CSV, amounts with a decimal comma', async () => {
    const r = await t.admin.get('/rest/tax-list/export?from=2031-07-01&to=2031-07-31');
    expect(r.status, r.text).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/csv');
    const lines = r.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1].split(';').slice(3, 13)).toEqual([
      '04/07/2031',
      '11/07/2031',
      '7',
      '4',
      '2',
      expect.stringMatching(/^Mineurs.*: 2$/),
      '14',
      '0,66',
      '9,24',
      '9,24',
    ]);
  });
});

describe('the statement to the commune (/tax-statement-list)', () => {
  it('per quarter by default: person-nights per rate, exempt person-nights per reason, the tax', async () => {
    const r = await t.admin.get('/rest/tax-statement-list?year=2031');
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ commune: 'Mimizan', frequency: 'quarterly', siret: '73282932000074' });
    expect(r.body.periods.map((p: any) => [p.from, p.to])).toEqual([
      ['2031-01-01', '2031-03-31'],
      ['2031-04-01', '2031-06-30'],
      ['2031-07-01', '2031-09-30'],
      ['2031-10-01', '2031-12-31'],
    ]);
    const q3 = r.body.periods[2];
    expect(q3).toMatchObject({
      stays: 2,
      nights: 12,
      personNights: 4 * 7 + 2 * 5,
      taxablePersonNights: 19,
      amountDue: 19 * RATE,
      amountBilled: 924,
    });
    expect(q3.rates).toEqual([{ rate: RATE, personNights: 19, amount: 1254 }]);
    expect(q3.exemptions).toEqual([
      { reason: expect.stringMatching(/^Mineurs/), personNights: 14 },
      { reason: 'Travailleur saisonnier', personNights: 5 },
    ]);
    expect(r.body.total).toMatchObject({ taxablePersonNights: 19, amountDue: 1254 });
  });

  it('monthly when the module says so, named after its commune; as CSV', async () => {
    const m = await oneRow(t.admin, 'establishment/module', { kind: 'preference-tax-statement' });
    const saved = await t.admin.put(`/rest/establishment/module/${m.id}`, {
      ...m,
      isActive: true,
      settings: { period: 'monthly', collectivity: 'Communauté de communes de Mimizan', communeCode: '40184' },
    });
    expect(saved.status, saved.text).toBe(200);
    const r = await t.admin.get('/rest/tax-statement-list?year=2031');
    expect(r.body).toMatchObject({
      commune: 'Communauté de communes de Mimizan',
      communeCode: '40184',
      frequency: 'monthly',
    });
    expect(r.body.periods).toHaveLength(12);
    expect(r.body.periods[6]).toMatchObject({
      from: '2031-07-01',
      to: '2031-07-31',
      taxablePersonNights: 17,
      amountDue: 1122,
    });
    expect(r.body.periods[7]).toMatchObject({
      from: '2031-08-01',
      to: '2031-08-31',
      taxablePersonNights: 2,
      amountDue: 132,
    });
    const csv = await t.admin.get('/rest/tax-statement-list/export?year=2031');
    expect(csv.status, csv.text).toBe(200);
    expect(csv.text).toContain('01/07/2031;31/07/2031;Communauté de communes de Mimizan;Nuitées taxées;0,66;17;11,22');
    expect(csv.text).toContain('01/08/2031;31/08/2031;Communauté de communes de Mimizan;Total de la période;;2;1,32');
    const pdf = await t.admin.get('/rest/tax-statement-list/document?year=2031');
    expect(pdf.status, pdf.text).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.text.slice(0, 5)).toBe('%PDF-');
  });
});

describe('the VAT statement (/tva-statement-list)', () => {
  it('services: VAT on receipts, each payment spread over its stay’s rates; tourist tax outside VAT', async () => {
    const b =
      (await t.knex('bill').where({ bookingId: family.bookingId, kind: 'invoice' }).first()) ??
      (await t.knex('bill').where({ bookingId: family.bookingId }).first());
    const at10 = (b.vatTotals as any[]).find((v) => v.vatRateBp === 1000);
    expect(at10.totalInclVat).toBe(b.totalInclVat - 924);
    // The whole bill paid in November, a payment made and cancelled in October: nothing.
    await postOk(t.admin, '/rest/payment', {
      bookingId: family.bookingId,
      paymentMethodId: c.card,
      amount: b.totalInclVat,
      date: '2026-11-03',
    });
    const p = await postOk(t.admin, '/rest/payment', {
      bookingId: worker.bookingId,
      paymentMethodId: c.card,
      amount: 5000,
      date: '2026-10-20',
    });
    expect((await t.admin.del(`/rest/payment/${p.id}?reason=Erreur`)).status).toBe(200);
    const r = await t.admin.get('/rest/tva-statement-list?year=2026');
    expect(r.status, r.text).toBe(200);
    const nov = r.body.months[10];
    const vat = Math.round((at10.totalInclVat * 1000) / 11000);
    expect(nov).toMatchObject({ month: '2026-11', outsideVat: 924, unallocated: 0, vatTotal: vat });
    expect(nov.rows).toEqual([
      { rateBp: 1000, basis: 'receipts', inclVat: at10.totalInclVat, vat, exclVat: at10.totalInclVat - vat },
    ]);
    // 7 nights at 30 € and 15 € of booking fees, at 10 %: 225 € → 20,45 € of VAT.
    expect(at10.totalInclVat).toBe(22_500);
    expect(vat).toBe(2045);
    const oct = r.body.months[9];
    expect(oct.rows).toEqual([{ rateBp: 1000, basis: 'receipts', inclVat: 0, vat: 0, exclVat: 0 }]);
    expect(r.body.total).toEqual([{ rateBp: 1000, inclVat: 22_500, vat: 2045, exclVat: 20_455 }]);
    const csv = await t.admin.get('/rest/tva-statement-list/export?year=2026');
    expect(csv.text).toMatch(/2026-11;Encaissements \(prestations\);10(,00)?\s?%;204,55;20,45;225,00/);
  });

  it('the sales per day and rate, for the e-reporting (CSV)', async () => {
    const r = await t.admin.get('/rest/tva-statement-list/daily?from=2026-11-01&to=2026-11-30');
    expect(r.status, r.text).toBe(200);
    const lines = r.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Date;Taux;Base HT;TVA;TTC');
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^2026-11-02;10(,00)?\s?%;204,55;20,45;225,00$/),
      '2026-11-02;Hors TVA;9,24;0,00;9,24',
    ]);
  });
});

describe('results (/result, /result-detail) and the balance (/balance)', () => {
  it('the sales of a period per line type and rate, the receipts per method', async () => {
    const r = await t.admin.get('/rest/result?from=2026-11-01&to=2026-11-30');
    expect(r.status, r.text).toBe(200);
    const occupation = r.body.byType.find((x: any) => x.lineType === 1);
    const tax = r.body.byType.find((x: any) => x.lineType === 2);
    expect(occupation.inclVat).toBe(7 * 3000);
    expect(tax).toMatchObject({ label: 'Taxe de séjour', exclVat: 924, vat: 0, inclVat: 924 });
    expect(r.body.byRate).toEqual([
      { rateBp: 1000, exclVat: 20_455, vat: 2045, inclVat: 22_500 },
      { rateBp: null, exclVat: 924, vat: 0, inclVat: 924 },
    ]);
    expect(r.body.sales).toEqual({ exclVat: 21_379, vat: 2045, inclVat: 23_424 });
    expect(r.body.received).toBe(23_424);
    const oct = await t.admin.get('/rest/result?from=2026-10-01&to=2026-10-31');
    expect(oct.body).toMatchObject({ received: 0, sales: { inclVat: 0 } });
    expect((await t.admin.get('/rest/result?from=2026-11-30&to=2026-11-01')).status).toBe(400);
  });

  it('the bills of the period one by one', async () => {
    const r = await t.admin.get('/rest/result-detail?from=2026-11-01&to=2026-11-30');
    expect(r.status, r.text).toBe(200);
    expect(r.body.rows).toHaveLength(1);
    expect(r.body.rows[0]).toMatchObject({ date: '2026-11-02', totalInclVat: 23_424, touristTaxAmount: 924 });
    expect(r.body).toMatchObject({ total: { inclVat: 23_424 }, touristTax: 924 });
  });

  it('the balance at a date: billed minus paid per payer, money held shown apart', async () => {
    // Before the payment of the 3rd the bill is owed; a down payment on the other stay is held.
    await postOk(t.admin, '/rest/payment', {
      bookingId: worker.bookingId,
      paymentMethodId: c.card,
      amount: 4000,
      date: '2026-11-10',
    });
    const before = await t.admin.get('/rest/balance?date=2026-11-02');
    expect(before.status, before.text).toBe(200);
    expect(before.body.rows).toEqual([
      expect.objectContaining({
        customerId: c.customer,
        name: 'Martin Claire',
        billed: 23_424,
        paid: 0,
        balance: 23_424,
      }),
    ]);
    expect(before.body).toMatchObject({ receivable: 23_424, held: 0 });
    const after = await t.admin.get('/rest/balance?date=2026-11-30');
    expect(after.body.rows).toEqual([expect.objectContaining({ billed: 23_424, paid: 23_424 + 4000, balance: -4000 })]);
    expect(after.body).toMatchObject({ receivable: 0, held: 4000 });
  });
});

describe('the police register (/police-note-book)', () => {
  it(
    'one form per foreign guest (EU included), ' + 'children under 15 on an adult’s form, the French left out',
    async () => {
      const country = async (iso: string) => (await t.knex('country').where('isoCode', iso).first('id')).id;
      const [fr, de, be, ch] = [await country('FR'), await country('DE'), await country('BE'), await country('CH')];
      const guest = await postOk(t.admin, '/rest/customer', {
        lastName: 'Schmidt',
        firstName: 'Anna Maria',
        birthDate: '1980-03-02',
        birthPlace: 'Köln',
        nationalityId: de,
        countryId: de,
        address1: 'Hauptstraße 5',
        postalCode: '50667',
        town: 'Köln',
        phone2: '+49 151 23456789',
        email: 'anna.schmidt@example.de',
      });
      const attendant = (body: Record<string, unknown>) =>
        postOk(t.admin, '/rest/attendant', { customerId: guest.id, ...body });
      const kid = await attendant({
        lastName: 'Schmidt',
        firstName: 'Lena',
        birthDate: '2021-05-01',
        nationalityId: de,
      });
      const friend = await attendant({
        lastName: 'Dupont',
        firstName: 'Luc',
        birthDate: '1975-01-01',
        birthPlace: 'Liège',
        nationalityId: be,
        countryId: be,
        town: 'Liège',
      });
      const french = await attendant({
        lastName: 'Martin',
        firstName: 'Paul',
        birthDate: '1979-01-01',
        nationalityId: fr,
      });
      const s = await postOk(t.admin, '/rest/booking/create', {
        kind: 'booking',
        customerId: guest.id,
        occupancies: [
          {
            placeId: c.places[3],
            startDate: '2031-07-20',
            endDate: '2031-07-27',
            details: [
              { ageCategoryId: c.adult, quantity: 3 },
              { ageCategoryId: child, quantity: 1 },
            ],
            attendantIds: [kid.id, friend.id, french.id],
          },
        ],
      });
      // A French customer with a Swiss friend: only the friend's form.
      const swiss = await postOk(t.admin, '/rest/attendant', {
        customerId: c.customer,
        lastName: 'Keller',
        firstName: 'Urs',
        birthDate: '1990-06-06',
        nationalityId: ch,
      });
      await t.knex('customer').where('id', c.customer).update({ nationalityId: fr });
      const s2 = await postOk(t.admin, '/rest/booking/create', {
        kind: 'booking',
        customerId: c.customer,
        occupancies: [
          {
            placeId: c.places[2],
            startDate: '2031-07-21',
            endDate: '2031-07-23',
            details: [{ ageCategoryId: c.adult, quantity: 2 }],
            attendantIds: [swiss.id],
          },
        ],
      });
      const r = await t.admin.get('/rest/police-note-book?from=2031-07-20&to=2031-07-21');
      expect(r.status, r.text).toBe(200);
      expect(r.body.forms.map((f: any) => [f.bookingId, f.lastName, f.nationality])).toEqual([
        [s.booking.id, 'Schmidt', 'Allemande'],
        [s.booking.id, 'Dupont', 'Belge'],
        [s2.booking.id, 'Keller', 'Suisse'],
      ]);
      expect(r.body.forms[0]).toMatchObject({
        firstName: 'Anna Maria',
        birthDate: '1980-03-02',
        birthPlace: 'Köln',
        arrival: '2031-07-20',
        departure: '2031-07-27',
        address: 'Hauptstraße 5, 50667 Köln, Allemagne',
        phone: '+49 151 23456789',
        email: 'anna.schmidt@example.de',
        children: [{ lastName: 'Schmidt', firstName: 'Lena', birthDate: '2021-05-01', nationality: 'Allemande' }],
      });
      expect(r.body.forms[1].children).toEqual([]);
      const csv = await t.admin.get('/rest/police-note-book/export?from=2031-07-20&to=2031-07-21');
      expect(csv.status, csv.text).toBe(200);
      expect(csv.text.trim().split('\r\n')).toHaveLength(4);
      expect(csv.text).toContain(
        ';Schmidt;Anna Maria;02/03/1980;Köln;Allemande;Hauptstraße 5, 50667 Köln, Allemagne;+49 151 ' +
          '23456789;anna.schmidt@example.de;Schmidt Lena 01/05/2021',
      );
    },
  );

  it('kept 6 months: no form for an arrival before', async () => {
    const r = await t.admin.get('/rest/police-note-book?from=2025-01-01&to=2025-01-31');
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('POLICE_FORMS_KEPT_SIX_MONTHS');
    expect(r.body.errors.from).toBe(
      `Les fiches de police ne sont conservées que 6 mois : arrivées à partir du ${formatDateFr(keptSince())}`,
    );
    expect(keptSince('2026-08-31')).toBe('2026-02-28');
    expect(keptSince('2026-11-24')).toBe('2026-05-24');
  });
});

describe('the INSEE monthly survey (/insee-statement)', () => {
  it('places offered and occupied per category, arrivals and person-nights by country of residence', async () => {
    const r = await t.admin.get('/rest/insee-statement?month=2031-07');
    expect(r.status, r.text).toBe(200);
    const bare = r.body.categories.find((x: any) => x.category === 'bare-pitch');
    expect(bare.places).toBeGreaterThanOrEqual(4);
    // Family 7 nights, worker 3 (29–31 July), Schmidt 7, the Swiss friend's stay 2; the cancelled stay none.
    expect(bare).toMatchObject({ offered: bare.places * 31, occupied: 7 + 3 + 7 + 2 });
    expect(r.body.byCountry).toEqual([
      { country: 'France', isoCode: 'FR', arrivals: 3, personArrivals: 4 + 2 + 2, personNights: 4 * 7 + 2 * 3 + 2 * 2 },
      { country: 'Allemagne', isoCode: 'DE', arrivals: 1, personArrivals: 4, personNights: 4 * 7 },
    ]);
    expect(r.body.total).toEqual({ arrivals: 4, personArrivals: 12, personNights: 66, foreignPersonNights: 28 });
    // August: the worker's last 2 nights, no arrival.
    const aug = await t.admin.get('/rest/insee-statement?month=2031-08');
    expect(aug.body.byCountry).toEqual([
      { country: 'France', isoCode: 'FR', arrivals: 0, personArrivals: 0, personNights: 4 },
    ]);
  });
});

describe('§9: the home flags a last closure older than 4 months', () => {
  const tile = async () => {
    const r = await t.admin.get('/rest/home/tiles');
    expect(r.status, r.text).toBe(200);
    return r.body.tiles.find((x: any) => x.key === 'last-closure');
  };
  it('no closure and operations waiting for more than 4 months: flagged; a Z clears the flag', async () => {
    expect((await t.admin.get('/rest/closure/status')).body).toMatchObject({ lastDay: null, stale: false });
    expect((await tile()).warning).toBeNull();
    const old = addDays(todayParis(), -130);
    await postOk(t.admin, '/rest/payment', {
      bookingId: worker.bookingId,
      paymentMethodId: c.card,
      amount: 1000,
      date: old,
    });
    expect((await t.admin.get('/rest/closure/status')).body).toMatchObject({ pendingSince: old, stale: true });
    expect(await tile()).toMatchObject({
      detail: 'Aucune clôture',
      warning: 'Dernière clôture de plus de 4 mois : clôturez les journées et les mois',
    });
    const z = await t.admin.post('/rest/closure/day', { date: todayParis() });
    expect(z.status, z.text).toBe(200);
    expect((await t.admin.get('/rest/closure/status')).body).toMatchObject({ pending: 0, stale: false });
    expect((await tile()).warning).toBeNull();
    // §8 (docs/errors.md#messages) ALL_CLOSED once every month ended is closed too, not before
    expect((await t.admin.get('/rest/closure/status')).body.allClosed).toBeNull();
    const lastMonth = addDays(`${todayParis().slice(0, 7)}-01`, -1).slice(0, 7);
    const m = await t.admin.post('/rest/closure/month', { month: lastMonth });
    expect(m.status, m.text).toBe(200);
    expect((await t.admin.get('/rest/closure/status')).body.allClosed).toBe(
      'Toutes les factures, périodes et mois sont clôturés',
    );
  });
});
