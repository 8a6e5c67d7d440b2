// The residential module (api/domain/residential/): a contract's life from the notice
// receipt to its end, every §8 (docs/errors.md#messages) message of the module, the rent receipts of a year with
// the fee's revision, the fees, the tourist tax and the metered consumption, billed like
// a stay (same series, ledger, FEC), frozen once billed (API and plain SQL), paid; a
// sublet through the campsite with its commission; concurrent multi-creations.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayParis } from '../../common/dates';
import { startTestServer, type TestServer } from './harness';
import { createdThroughEdit, createThroughEdit, expectRefused, fecFile, postOk, unique } from './http-helpers';
import { campsite, type Campsite } from './billing-fixtures';
import { sqlError } from './sql-helpers';

let t: TestServer;
let c: Campsite;
let resType: number;
let parcel: number;
let elec: number;
let water: number;

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 1);
  const post = (path: string, body: unknown) => postOk(t.admin, path, body);
  const family = (await post('/rest/place-family', { code: unique('FR'), label: unique('Résid '), kind: 'pitch' })).id;
  resType = (
    await post('/rest/place-type', {
      code: unique('RS'),
      label: unique('Résidentiel '),
      placeFamilyId: family,
      maxPersons: 6,
      isResidential: true,
    })
  ).id;
  parcel = (await post('/rest/parcel-type', { label: unique('Parcelle ') })).id;
  for (const [startDate, endDate, price] of [
    ['2029-01-01', '2030-01-01', 240000],
    ['2030-01-01', '2031-01-01', 250000],
  ])
    await post('/rest/parcel-type-price-period', { parcelTypeId: parcel, startDate, endDate, price });
  await t.knex('residential_fees').delete();
  const trash = (await post('/rest/residential-fees', { label: 'Ordures', amount: 18000, periodicity: 'yearly' })).id;
  await post('/rest/residential-fees-price-period', {
    residentialFeesId: trash,
    startDate: '2030-01-01',
    endDate: '2031-01-01',
    price: 18500,
  });
  await post('/rest/residential-fees', { label: 'Entretien', amount: 3500, periodicity: 'quarterly' });
  elec = (await post('/rest/meter-type', { label: unique('Élec '), unit: 'kWh' })).id;
  water = (await post('/rest/meter-type', { label: unique('Eau '), unit: 'm³' })).id;
  await post('/rest/meter-tarification-type', {
    meterTypeId: elec,
    label: 'Élec',
    unitPrice: 25,
    startDate: '2029-01-01',
  });
});
afterAll(async () => {
  await t?.close();
});

const place = async () =>
  (await postOk(t.admin, '/rest/place', { code: unique('R').slice(0, 10), placeTypeId: resType })).id as number;
const affectation = (placeId: number, extra: Record<string, unknown> = {}) =>
  createThroughEdit(t.admin, 'place-affectation', {
    placeId,
    customerId: c.customer,
    startDate: '2029-01-01',
    isIndefinite: true,
    parcelTypeId: parcel,
    deadlines: 4,
    ...extra,
  });
const read = (meterId: number, readingDate: string, quantity: number) =>
  postOk(t.admin, '/rest/meter-reading', { meterId, readingDate, quantity });

describe('a contract’s life', () => {
  it('runs from the notice receipt to the sale of the mobile home, its receipts billed, paid and frozen', async () => {
    const placeId = await place();
    const meter = (await postOk(t.admin, '/rest/meter', { placeId, meterTypeId: elec, number: unique('E') })).id;

    // §5 (docs/entities.md#validation): an end date or « indéterminée »; the billed meter types must be on the place
    expectRefused(await affectation(placeId, { isIndefinite: false }), 'END_DATE_OR_INDEFINITE', 'endDate');
    expectRefused(await affectation(placeId, { meterTypeIds: [water] }), 'PITCH_NO_METER', 'meterTypeIds');
    const r = await affectation(placeId, {
      yearlyFee: 200000,
      revisionRule: 'rate',
      revisionRateBp: 200,
      touristTaxMode: 'flat',
      touristTaxFlat: 5000,
      meterTypeIds: [elec],
      mobileHomeMake: 'IRM',
      mobileHomeSerial: 'VF9-123',
    });
    expect(r.status, r.text).toBe(200);
    const aff = r.body.item;
    // one contract per place at a time
    expectRefused(await affectation(placeId, { startDate: '2030-06-01' }), 'CONTRACT_EXISTS', 'startDate');
    expectRefused(
      await createThroughEdit(t.admin, 'place-affectation-price-period', {
        placeAffectationId: aff.id,
        startDate: '2028-01-01',
        endDate: '2029-01-01',
        price: 1000,
      }),
      'FEES_PERIOD_OUTSIDE_CONTRACT',
      'startDate',
    );

    const contract = await createdThroughEdit(t.admin, 'residential-contract', {
      placeAffectationId: aff.id,
      startDate: '2029-01-01',
      isIndefinite: true,
      noticeGivenOn: '2028-12-01',
      noticeReceiptDate: '2028-12-02',
      signedOn: '2028-12-15',
    });
    expect(contract.number).toMatch(/^CR-2029-\d{3}$/);
    expectRefused(
      await createThroughEdit(t.admin, 'residential-contract', {
        placeAffectationId: aff.id,
        startDate: '2029-01-01',
        isIndefinite: true,
      }),
      'CONTRACT_EXISTS',
      'startDate',
    );
    // the resident is named with the short label of the customer's civility (civilityId)
    const mme = await postOk(t.admin, '/rest/civility', { shortLabel: 'Mme', label: unique('Madame ') });
    await t.knex('customer').where('id', c.customer).update({ civilityId: mme.id });
    const pdf = await fetch(`${t.url}/rest/residential-contract/document/${contract.id}`, {
      headers: { cookie: t.admin.cookie! },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    const text = execFileSync('pdftotext', ['-', '-'], { input: Buffer.from(await pdf.arrayBuffer()) }).toString();
    expect(text.replace(/\s+/g, ' ')).toContain('Le locataire : Mme Claire Martin, 5 rue des Lilas');

    // readings: the first is the baseline; 2030's consumption is billed on 2030's receipts
    await read(meter, '2029-12-31', 1000);
    await read(meter, '2030-02-28', 1180.5);
    await read(meter, '2030-05-31', 1300);
    await read(meter, '2030-11-30', 1500);

    const made = await postOk(t.admin, '/rest/rent-receipt/multi-creation', { year: 2030, placeAffectationId: aff.id });
    expect(made).toMatchObject({ created: 4, existing: 0 });
    const again = await postOk(t.admin, '/rest/rent-receipt/multi-creation', {
      year: 2030,
      placeAffectationId: aff.id,
    });
    expect(again).toMatchObject({ created: 0, existing: 4 });

    let total = 0;
    const types = new Set<number>();
    let firstBill = '';
    for (const id of made.receiptIds) {
      const billed = await postOk(t.admin, `/rest/rent-receipt/${id}/bill`, {});
      expect(billed.isBilled).toBe(true);
      firstBill ||= billed.billNumber;
      billed.lines.forEach((l: any) => types.add(l.lineType));
      total += billed.totalInclVat;
      const bill = await t.knex('bill').where('id', billed.billId).first();
      expect(bill.totalInclVat).toBe(billed.totalInclVat);
      expect(bill.bookingId).toBeNull();
      expect(await t.knex('ledger_entry').where({ sourceTable: 'bill', sourceId: bill.id }).first('id')).toBeTruthy();
    }
    // 2 000 € revised once by 2 % + ordures 185 € + entretien 4 × 35 € + flat tax 50 € + 500 kWh × 0,25 €
    expect(total).toBe(204000 + 18500 + 4 * 3500 + 5000 + Math.round(500 * 25));
    expect([...types].sort((a, b) => a - b)).toEqual([2, 18, 19, 22]);
    expect(firstBill).toMatch(/^FA/);

    // a billed receipt cannot be edited, through the API or plain SQL
    const id = made.receiptIds[0];
    expectRefused(await t.admin.put(`/rest/rent-receipt/${id}`, { notes: 'x' }), 'BILLED_ITEMS_UNCHANGEABLE');
    expectRefused(await t.admin.post(`/rest/rent-receipt/${id}/state`, { stateId: 2 }), 'BILLED_ITEMS_UNCHANGEABLE');
    expectRefused(await t.admin.post(`/rest/rent-receipt/${id}/bill`, {}), 'BILLED_ITEMS_UNCHANGEABLE');
    expect(await sqlError(t.knex, 'UPDATE rent_receipt SET total_incl_vat = 1 WHERE id = ?', [id])).toContain(
      'BILLED_ITEMS_UNCHANGEABLE',
    );
    expect(await sqlError(t.knex, 'DELETE FROM rent_receipt_line WHERE rent_receipt_id = ?', [id])).toContain(
      'BILLED_ITEMS_UNCHANGEABLE',
    );
    // a reminder is still noted
    expect((await postOk(t.admin, `/rest/rent-receipt/${id}/reminder`, { date: '2030-02-01' })).lastReminderOn).toBe(
      '2030-02-01',
    );

    // paid like a stay's bill
    const first = (await t.admin.get(`/rest/rent-receipt/view/${id}`)).body;
    await postOk(t.admin, '/rest/payment', {
      billId: first.billId,
      customerId: c.customer,
      paymentMethodId: c.card,
      amount: first.totalInclVat,
      date: todayParis(),
    });
    const m = (await t.admin.get('/rest/rent-receipt/management?year=2030')).body.rows;
    expect(m.find((x: any) => x.id === id)).toMatchObject({ state: 'paid', due: 0, paid: first.totalInclVat });
    const residents = (await t.admin.get('/rest/resident/list')).body.rows;
    expect(residents.find((x: any) => x.placeAffectationId === aff.id)).toMatchObject({
      contractNumber: contract.number,
      paid: first.totalInclVat,
    });
    const byType = (await t.admin.get('/rest/resident/bill-types?from=2000-01-01&to=2099-01-01')).body.rows;
    expect(byType.map((x: any) => x.lineType)).toEqual(expect.arrayContaining([18, 19, 22]));

    // the FEC of the bills' year carries the receipt's bill
    const fec = await fecFile(t, todayParis().slice(0, 4));
    if (fec.status === 200) expect(fec.text).toContain(firstBill);

    // history: every write kept, never rewritten
    await t.admin.put(`/rest/place-affectation/${aff.id}`, { ...aff, notes: 'Haie à tailler' });
    const hist = await t.knex('residential_contract_history').where('placeAffectationId', aff.id).orderBy('id');
    expect(hist.map((h) => `${h.entity}:${h.action}`)).toEqual([
      'place-affectation:INSERT',
      'residential-contract:INSERT',
      'residential-contract:UPDATE', // its number, given in the same transaction
      'place-affectation:UPDATE',
    ]);
    expect(await sqlError(t.knex, 'DELETE FROM residential_contract_history')).toContain('NOT_AUTHORISED');

    // the place cannot be deleted, nor the affectation that has receipts
    expectRefused(await t.admin.del(`/rest/place/${placeId}`), 'RESIDENT_PLACE_IN_USE');
    expectRefused(await t.admin.del(`/rest/place-affectation/${aff.id}`), 'RESIDENT_PLACE_IN_USE');

    // end of contract: the mobile home sold on the spot
    const ended = await t.admin.put(`/rest/residential-contract/${contract.id}`, {
      ...contract,
      isIndefinite: false,
      endDate: '2031-01-01',
      endReason: 'sale',
      buyerName: 'M. Durand',
    });
    expect(ended.status, ended.text).toBe(200);
    expect(ended.body).toMatchObject({ endReason: 'sale', endedOn: '2031-01-01', number: contract.number });
  });
});

describe('sublets', () => {
  it('through the campsite: commission, share paid back on the next receipt, frozen once reserved', async () => {
    const placeId = await place();
    const aff = (await affectation(placeId, { deadlines: 1, startDate: '2030-01-01' })).body.item;
    const sublet = await createdThroughEdit(t.admin, 'sublet', {
      placeAffectationId: aff.id,
      startDate: '2030-07-01',
      endDate: '2030-07-15',
      mode: 'campsite',
      occupantName: 'Famille Martin',
      price: 70000,
      commissionRateBp: 2000,
    });
    expect(sublet).toMatchObject({ commissionAmount: 14000, residentShare: 56000 });
    expect(sublet.commissionAmount + sublet.residentShare).toBe(sublet.price);
    expectRefused(
      await createThroughEdit(t.admin, 'sublet', {
        placeAffectationId: aff.id,
        startDate: '2030-07-10',
        endDate: '2030-07-20',
        occupantName: 'Autre',
      }),
      'SUBLET_EXISTS',
      'startDate',
    );
    const reserved = await t.admin.put(`/rest/sublet/${sublet.id}`, { ...sublet, statusId: 2 });
    expect(reserved.status, reserved.text).toBe(200);
    expectRefused(
      await t.admin.put(`/rest/sublet/${sublet.id}`, { ...reserved.body, price: 1 }),
      'SUBLET_ALLOTMENT_LOCKED',
      'statusId',
    );
    expect(await sqlError(t.knex, 'UPDATE sublet SET price = 1 WHERE id = ?', [sublet.id])).toContain(
      'SUBLET_ALLOTMENT_LOCKED',
    );
    expectRefused(await t.admin.del(`/rest/place-affectation/${aff.id}`), 'PLACE_HAS_SUBLET');
    const r = await postOk(t.admin, '/rest/rent-receipt/temp', { placeAffectationId: aff.id, year: 2030, deadline: 1 });
    expect(r.stateId).toBe(1);
    const saved = await postOk(t.admin, `/rest/rent-receipt/${r.id}/state`, { stateId: 3 });
    expect(saved.lines.find((l: any) => l.lineType === 24)).toMatchObject({ amountInclVat: -56000 });
    expectRefused(
      await t.admin.post('/rest/rent-receipt/temp', { placeAffectationId: aff.id, year: 2030, deadline: 1 }),
      'RENT_RECEIPT_EXISTS',
      'deadline',
    );
  });
});

describe('prices and concurrency', () => {
  it('« Rent receipts have no price » when no fee is priced for the period', async () => {
    const aff = (await affectation(await place(), { parcelTypeId: null, startDate: '2030-01-01' })).body.item;
    expectRefused(
      await t.admin.post('/rest/rent-receipt/multi-creation', { year: 2030, placeAffectationId: aff.id }),
      'RENT_RECEIPTS_NO_PRICE',
    );
    // over all contracts, the others are made and this one is named
    const all = await postOk(t.admin, '/rest/rent-receipt/multi-creation', { year: 2030 });
    expect(all.refused).toEqual([
      { placeAffectationId: aff.id, code: 'RENT_RECEIPTS_NO_PRICE', message: "Les quittances n'ont pas de prix" },
    ]);
  });

  it('concurrent multi-creations give each deadline once', async () => {
    const aff = (await affectation(await place(), { deadlines: 12, startDate: '2030-01-01' })).body.item;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.admin.post('/rest/rent-receipt/multi-creation', { year: 2030, placeAffectationId: aff.id }),
      ),
    );
    answers.forEach((a) => expect(a.status, a.text).toBe(200));
    expect(answers.reduce((s, a) => s + a.body.created, 0)).toBe(12);
    const rows = await t.knex('rent_receipt').where('placeAffectationId', aff.id);
    expect(rows).toHaveLength(12);
    const lines18 = await t
      .knex('rent_receipt_line as l')
      .join('rent_receipt as r', 'r.id', 'l.rentReceiptId')
      .where({ 'r.placeAffectationId': aff.id, 'l.lineType': 18 })
      .sum({ s: 'l.amountInclVat' });
    expect(Number(lines18[0].s)).toBe(250000);
  });
});

describe('demo', () => {
  it('lets the free pitches with contracts, the year’s receipts and a sublet through the campsite', async () => {
    const { seedResidentialDemo } = await import('../../api/demo/residential');
    const fresh = [await place(), await place(), await place()];
    await seedResidentialDemo(t.knex, '2030-06-15');
    const affs = await t.knex('place_affectation').whereIn('placeId', fresh).orderBy('placeId');
    expect(affs).toHaveLength(3);
    const contracts = await t.knex('residential_contract').whereIn(
      'placeAffectationId',
      affs.map((a) => a.id),
    );
    expect(contracts.map((k) => k.number)).toEqual(expect.arrayContaining([expect.stringMatching(/^CR-\d{4}-\d{3}$/)]));
    expect(contracts.every((k) => k.noticeReceiptDate)).toBe(true);
    const receipts = await t.knex('rent_receipt').whereIn(
      'placeAffectationId',
      affs.map((a) => a.id),
    );
    expect(receipts.length).toBeGreaterThanOrEqual(3);
    expect(receipts.every((r) => r.startDate.startsWith('2030') && r.totalInclVat > 0)).toBe(true);
    const sublet = await t.knex('sublet').where('placeAffectationId', affs[0].id).first();
    expect(sublet).toMatchObject({ mode: 'campsite', statusId: 2 });
    expect(sublet.commissionAmount + sublet.residentShare).toBe(sublet.price);
    // Through the campsite: July's and the coming week's, each with its stay on the resident's place at its price.
    const sublets = await t.knex('sublet').whereIn(
      'placeAffectationId',
      affs.map((a) => a.id),
    );
    const campsite = sublets.filter((s) => s.mode === 'campsite');
    expect(campsite.map((s) => s.startDate).sort()).toEqual(['2030-06-17', '2030-07-05']);
    for (const s of campsite) {
      const stay = await t.knex('booking').where('id', s.bookingId).first();
      expect(stay.totalAmount).toBe(s.price);
      const occ = await t.knex('occupancy').where('bookingId', s.bookingId).first();
      const aff = affs.find((a) => a.id === s.placeAffectationId);
      expect(occ).toMatchObject({ placeId: aff.placeId, startDate: s.startDate, endDate: s.endDate });
    }
    // By a resident: its occupants' visitor fees on the receipt of its quarter.
    const own = sublets.find((s) => s.mode === 'resident');
    expect(await t.knex('rent_receipt_line').where({ subletId: own.id, lineType: 19 }).first()).toBeTruthy();
    // every place already let is left as it was: a second run lets nothing more
    await seedResidentialDemo(t.knex, '2030-06-15');
    expect(await t.knex('place_affectation').whereIn('placeId', fresh)).toHaveLength(3);
  });
});

describe('generic routes', () => {
  it('compute the lines of a receipt written through POST /rest/rent-receipt', async () => {
    const aff = (await affectation(await place(), { deadlines: 1, startDate: '2030-01-01', yearlyFee: 123400 })).body
      .item;
    const r = await postOk(t.admin, '/rest/rent-receipt', {
      placeAffectationId: aff.id,
      customerId: c.customer,
      startDate: '2030-01-01',
      endDate: '2031-01-01',
      dueDate: '2030-01-15',
    });
    const view = (await t.admin.get(`/rest/rent-receipt/view/${r.id}`)).body;
    expect(view.lines.find((l: any) => l.lineType === 18)).toMatchObject({ amountInclVat: 123400 });
    expect(view.totalInclVat).toBe(view.lines.reduce((s: number, l: any) => s + l.amountInclVat, 0));
  });
});

describe('home tiles', () => {
  it('count residents, places let, deadlines not settled and sublets of the week from the rows', async () => {
    const today = todayParis();
    const tiles = (await t.admin.get('/rest/home/tiles')).body.tiles;
    const count = (key: string) => tiles.find((x: any) => x.key === key)?.count;
    const sql = async (q: string, b: string[] = []) => Number((await t.knex.raw(q, b)).rows[0].n);
    const current = `start_date <= ? AND (end_date IS NULL OR end_date > ?)`;
    expect(count('residents')).toBe(
      await sql(`SELECT count(DISTINCT customer_id) AS n FROM place_affectation WHERE ${current}`, [today, today]),
    );
    expect(count('residential-places')).toBe(
      await sql(`SELECT count(DISTINCT place_id) AS n FROM place_affectation WHERE ${current}`, [today, today]),
    );
    expect(count('deadlines')).toBe(
      await sql(
        `SELECT count(*) AS n FROM rent_receipt r WHERE state_id = 3 AND ((NOT is_billed AND start_date <= ?)
          OR (is_billed AND due_date < ? AND total_incl_vat >
              coalesce((SELECT sum(amount) FROM payment p WHERE p.bill_id = r.bill_id), 0)))`,
        [today, today],
      ),
    );
    expect(typeof count('sublets')).toBe('number');
  });
});

describe('meter roll-over', () => {
  it('bills the consumption across the return to zero, and refuses a lower index not flagged as such', async () => {
    const placeId = await place();
    const m = await postOk(t.admin, '/rest/meter', {
      placeId,
      meterTypeId: elec,
      number: unique('RO'),
      rolloverAt: 100000,
    });
    await read(m.id, '2029-12-31', 99900);
    const lower = { id: 0, meterId: m.id, readingDate: '2030-03-31', quantity: 50 };
    expectRefused(await t.admin.post('/rest/meter-reading/edit', lower), 'METER_READING_QUANTITY', 'quantity');
    expectRefused(
      await t.admin.post('/rest/meter-reading/edit', { ...lower, quantity: 100001, isRollover: true }),
      'METER_READING_QUANTITY',
      'quantity',
    );
    const rolled = await createdThroughEdit(t.admin, 'meter-reading', { ...lower, isRollover: true });
    expect(rolled.consumption).toBe(150);
    const aff = (await affectation(placeId, { deadlines: 1, startDate: '2030-01-01', yearlyFee: 100000 })).body.item;
    const made = await postOk(t.admin, '/rest/rent-receipt/multi-creation', { year: 2030, placeAffectationId: aff.id });
    const view = (await t.admin.get(`/rest/rent-receipt/view/${made.receiptIds[0]}`)).body;
    expect(view.lines.filter((l: any) => l.lineType === 22).map((l: any) => l.amountInclVat)).toEqual([150 * 25]);
  });
});
