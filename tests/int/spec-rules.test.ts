// The spec's last rules (§5 (docs/entities.md#validation), issue 30, docs/history.md#issue-30): places selected must
// match the number expected, a note is required, deletion requires a reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { campsite, type Campsite } from './billing-fixtures';
import { createdThroughEdit, postOk, unique } from './http-helpers';
import { addDays, todayParis } from '../../common/dates';

let t: TestServer;
let c: Campsite;
beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 4);
});
afterAll(async () => {
  await t?.close();
});

const occ = (placeId: number | null, startDate = '2031-07-01', endDate = '2031-07-05') => ({
  placeId,
  startDate,
  endDate,
  details: [{ ageCategoryId: c.adult, quantity: 2 }],
});

describe('places selected must match the number expected (§5)', () => {
  it('refuses a booking for three places with two or none selected, accepts three', async () => {
    const body = (occupancies: unknown[]) => ({ kind: 'booking', customerId: c.customer, placeCount: 3, occupancies });
    const two = await t.admin.post('/rest/booking/create', body([occ(c.places[0]), occ(c.places[1])]));
    expect(two.status).toBe(400);
    expect(two.body.code).toBe('PLACES_COUNT_MISMATCH');
    expect(two.body.errors.occupancies).toContain('(2 sur 3)');
    const none = await t.admin.post('/rest/booking/create', { ...body([]), temporary: true });
    expect(none.body.code).toBe('SELECT_PLACES');
    expect(await t.knex('booking').where('customerId', c.customer).count({ n: '*' })).toEqual([{ n: 0 }]);
    const three = await postOk(
      t.admin,
      '/rest/booking/create',
      body([occ(c.places[0]), occ(c.places[1]), occ(c.places[2])]),
    );
    expect(three.occupancies).toHaveLength(3);
  });
});

describe('a note is required (§5)', () => {
  it('refusing an online booking needs its note', async () => {
    const imp = await postOk(t.admin, '/rest/booking-import', {
      externalRef: unique('BK-'),
      lastName: 'Refus',
      startDate: '2031-05-02',
      endDate: '2031-05-09',
    });
    for (const body of [{}, { reason: '   ' }]) {
      const r = await t.admin.post(`/rest/booking-import/${imp.id}/refuse`, body);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 'NOTE_REQUIRED', errors: { reason: 'Une note est obligatoire' } });
    }
    expect((await t.knex('booking_import').where('id', imp.id).first()).statusId).toBe(12);
    const ok = await t.admin.post(`/rest/booking-import/${imp.id}/refuse`, { reason: 'Complet' });
    expect(ok.body).toMatchObject({ statusId: 10, refusalReason: 'Complet' });
  });
});

describe('deletion requires a reason (§5)', () => {
  it('a payment is deleted only with its reason, kept in the history', async () => {
    const pay = () =>
      postOk(t.admin, '/rest/payment', {
        customerId: c.customer,
        paymentMethodId: c.card,
        amount: 1200,
        date: '2031-01-10',
        cardLast4: '4242',
      });
    const p = await pay();
    for (const r of [await t.admin.del(`/rest/payment/${p.id}`), await t.admin.post(`/rest/payment/delete/${p.id}`)]) {
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 'DELETE_REASON_REQUIRED', errors: { reason: 'Un motif est obligatoire' } });
    }
    expect(await t.knex('payment').where('id', p.id).first()).toBeTruthy();
    expect((await t.admin.del(`/rest/payment/${p.id}?reason=Saisi deux fois`)).status).toBe(200);
    const q = await pay();
    expect((await t.admin.post(`/rest/payment/delete/${q.id}`, { reason: 'Erreur de client' })).body.status).toBe(
      'DELETED',
    );
    const details = await t
      .knex('post_history')
      .where({ entity: 'payment', action: 'delete' })
      .whereIn('recordId', [p.id, q.id])
      .orderBy('recordId')
      .pluck('detail');
    expect(details).toEqual(['Motif : Saisi deux fois', 'Motif : Erreur de client']);
  });
});

describe('the cancellation invoice (§4 invoice kinds, bill line 20)', () => {
  const cancelled = async (placeId: number, startDate: string, endDate: string) => {
    const s = await postOk(t.admin, '/rest/booking/create', {
      kind: 'booking',
      customerId: c.customer,
      occupancies: [occ(placeId, startDate, endDate)],
    });
    return { id: s.booking.id as number, total: s.booking.totalAmount as number };
  };
  const cancel = (id: number) => postOk(t.admin, `/rest/booking/${id}/cancel`, { reason: 'Client malade' });
  // A fee is due within the free days before arrival (at most 365): stays of the coming weeks.
  const day = (n: number) => addDays(todayParis(), n);
  beforeAll(async () => {
    const grid = await t.knex('price_grid').where('placeTypeId', c.type).first('id');
    await postOk(t.admin, '/rest/price-grid-period', {
      priceGridId: grid.id,
      label: 'Prochaines semaines',
      startDate: day(1),
      endDate: day(120),
      pricePerNight: 3000,
    });
    await createdThroughEdit(t.admin, 'tourist-tax-tariff', {
      label: 'Camping 3★ (avant 2030)',
      classification: 3,
      amount: 60,
      startDate: day(0),
      endDate: '2030-01-01',
    });
    await t
      .knex('setting')
      .update({ cancellationFreeDays: 60, cancellationFeePercent: 25, cancellationFeeMinimum: 5000 });
  });

  it("bills a cancelled stay's fee once, as its own invoice, then a cancelled invoice once credited", async () => {
    const stay = await cancelled(c.places[3], day(45), day(49));
    const open = await postOk(t.admin, '/rest/booking/create', {
      kind: 'booking',
      customerId: c.customer,
      occupancies: [occ(c.places[3], day(50), day(52))],
    });
    expect((await t.admin.post(`/rest/booking/${open.booking.id}/bill`, { kind: 'cancellation' })).body.code).toBe(
      'BILL_STAY_NOT_CANCELLED',
    );
    await cancel(stay.id);
    const fee = Math.min(Math.max(Math.round((stay.total * 25) / 100), 5000), stay.total);
    expect((await t.knex('booking').where('id', stay.id).first()).cancellationFee).toBe(fee);
    expect((await t.admin.post(`/rest/booking/${stay.id}/bill`, { kind: 'final' })).body.code).toBe(
      'BILL_STAY_NOT_BILLABLE',
    );
    const bill = await postOk(t.admin, `/rest/booking/${stay.id}/bill`, { kind: 'cancellation' });
    // The campsite's terms ask an « acompte »: the sum kept stays taxable at the stay's 10 %.
    const vat = fee - Math.round((fee * 10000) / 11000);
    expect(bill).toMatchObject({ kind: 'invoice', invoiceKind: 'cancellation-invoice', totalInclVat: fee });
    expect(bill.lines).toEqual([
      expect.objectContaining({ lineType: 20, quantity: 1, amountInclVat: fee, vatRateBp: 1000, vatAmount: vat }),
    ]);
    const fr = (d: string) => d.split('-').reverse().join('/');
    expect(bill.lines[0].label).toMatch(
      new RegExp(`^Frais d'annulation du séjour .+ du ${fr(day(45))} au ${fr(day(49))}$`),
    );
    expect((await t.admin.post(`/rest/booking/${stay.id}/bill`, { kind: 'cancellation' })).body.code).toBe(
      'CANCELLATION_ALREADY_BILLED',
    );
    const list = async (kind: string) =>
      (await t.admin.get(`/rest/bill/list?kind=${kind}`)).body.rows.map((r: any) => r.id) as number[];
    expect(await list('cancellation')).toContain(bill.id);
    expect(await list('final')).not.toContain(bill.id);
    await postOk(t.admin, `/rest/bill/${bill.id}/credit-note`, { reason: 'Geste commercial' });
    expect((await t.admin.get(`/rest/bill/view/${bill.id}`)).body).toMatchObject({
      invoiceKind: 'cancelled-invoice',
      invoiceKindLabel: 'Facture annulée',
    });
  });

  it('a deposit invoice still standing is credited first; arrhes are billed outside VAT', async () => {
    await t.knex('payment_terms').update({ downPaymentKind: 'arrhes' });
    const stay = await cancelled(c.places[2], day(50), day(54));
    const deposit = await postOk(t.admin, `/rest/booking/${stay.id}/bill`, { kind: 'deposit', amount: 3000 });
    await cancel(stay.id);
    expect((await t.admin.post(`/rest/booking/${stay.id}/bill`, { kind: 'cancellation' })).body.code).toBe(
      'BILL_DEPOSIT_STANDS',
    );
    await postOk(t.admin, `/rest/bill/${deposit.id}/credit-note`, { reason: 'Séjour annulé' });
    const bill = await postOk(t.admin, `/rest/booking/${stay.id}/bill`, { kind: 'cancellation' });
    expect(bill.lines[0]).toMatchObject({ lineType: 20, vatRateBp: null, vatAmount: 0 });
    expect(bill.totalVat).toBe(0);
  });
});

describe('§8 « … already exists » and the unknown document (messages audit)', () => {
  it('a month, a price period, a tourist tax tariff, a commission period given twice', async () => {
    const cash = await postOk(t.admin, '/rest/payment-method', { label: unique('Espèces '), kind: 'cash' });
    const base = { yearMonth: '2031-01', paymentMethodId: cash.id, amount: 10000 };
    await postOk(t.admin, '/rest/starting-base', base);
    const month = await t.admin.post('/rest/starting-base', base);
    expect(month.body).toMatchObject({ code: 'MONTH_EXISTS', errors: { yearMonth: 'Ce mois existe déjà' } });

    const grid = await t.knex('price_grid').where('placeTypeId', c.type).first('id');
    const period = { priceGridId: grid.id, label: 'Été', startDate: '2031-06-01', endDate: '2031-09-01' };
    const again = await t.admin.post('/rest/price-grid-period', { ...period, pricePerNight: 3500 });
    expect(again.body).toMatchObject({ code: 'PRICE_PERIOD_EXISTS' });
    const overlap = await t.admin.post('/rest/price-grid-period', {
      ...period,
      startDate: '2031-08-01',
      endDate: '2031-10-01',
    });
    expect(overlap.body.code).toBe('OVERLAPPING_PERIODS');

    const tariff = { label: 'Camping 3★', classification: 3, amount: 80, startDate: '2030-01-01' };
    expect((await t.admin.post('/rest/tourist-tax-tariff', tariff)).body.code).toBe('TAX_PRICE_EXISTS');
    expect((await t.admin.post('/rest/tourist-tax-tariff', { ...tariff, startDate: '2030-06-01' })).body.code).toBe(
      'OVERLAPPING_PERIODS',
    );

    const partnerTypeId =
      (await t.knex('partner_type').first('id'))?.id ??
      (await postOk(t.admin, '/rest/partner-type', { label: unique('Type ') })).id;
    const partner = await postOk(t.admin, '/rest/partner', { name: unique('Agence '), partnerTypeId });
    const commission = { partnerId: partner.id, startDate: '2030-01-01', endDate: '2031-01-01', commissionRate: 1000 };
    await postOk(t.admin, '/rest/partner-commission-period', commission);
    expect((await t.admin.post('/rest/partner-commission-period', commission)).body.code).toBe('COMMISSION_EXISTS');
  });

  it('a document for a kind of record that has none', async () => {
    const r = await t.admin.get('/rest/printing/0/customer/1/0');
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('DOCUMENT_ENTITY_UNKNOWN');
  });
});

describe('the « Devis » module: validityDays is read (issue 30)', () => {
  it("a quote's letter says until when it holds, after the module's setting", async () => {
    const quote = await postOk(t.admin, '/rest/booking/create', {
      kind: 'quote',
      customerId: c.customer,
      occupancies: [occ(c.places[0], '2031-07-10', '2031-07-14')],
    });
    const preview = async () =>
      (
        await postOk(t.admin, '/rest/mailing-configuration/preview', {
          subject: 'Valable jusqu’au {{stay.validUntil}}',
          body: 'Devis',
          bookingId: quote.booking.id,
        })
      ).subject as string;
    expect(await preview()).toBe('Valable jusqu’au ');
    const mod = await postOk(t.admin, '/rest/establishment/module', {
      kind: 'quotation',
      label: 'Devis',
      isActive: true,
      settings: { validityDays: 20 },
    });
    const fr = (d: string) => d.split('-').reverse().join('/');
    expect(await preview()).toBe(`Valable jusqu’au ${fr(addDays(todayParis(), 20))}`);
    await t.admin.put(`/rest/establishment/module/${mod.id}`, { ...mod, settings: { validityDays: 30 } });
    expect(await preview()).toBe(`Valable jusqu’au ${fr(addDays(todayParis(), 30))}`);
  });
});
