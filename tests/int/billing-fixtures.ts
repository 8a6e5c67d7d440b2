// The campsite of the billing tests: a place type priced 30 €/night in summer 2031 at
// 10 % VAT, a 3★ tourist tax of 0,66 € per adult-night (outside VAT), booking fees of
// 15 €, an acompte of 30 %; the establishment's legal data; a customer with an address.
import { issueStayBill } from '../../api/domain/billing/issue';
import { issueCreditNote } from '../../api/domain/billing/credit-note';
import { loadBill } from '../../api/domain/billing/view';
import { createdThroughEdit, postOk, unique } from './http-helpers';
import type { TestServer } from './harness';

export interface Campsite {
  places: number[];
  type: number;
  adult: number;
  customer: number;
  card: number;
  cheque: number;
}

export const COMPANY = {
  corporateName: 'SARL Les Pins Bleus',
  address1: '12 route de la Plage',
  postalCode: '40200',
  town: 'Mimizan',
  siren: '732829320',
  siret: '73282932000074',
  vatNumber: 'FR44732829320',
  legalForm: 'SARL',
  capital: 5000000,
  rcs: 'Mont-de-Marsan',
  tradeRegisterNumber: 'RCS 732 829 320',
  nafCode: '5530Z',
};

export async function campsite(t: TestServer, placeCount = 4): Promise<Campsite> {
  const post = (path: string, body: unknown) => postOk(t.admin, path, body);
  const adult = (await t.knex('age_category').where('minAge', 18).first('id')).id;
  const tva10 =
    (await t.knex('tva').where('rate', 1000).first('id'))?.id ??
    (await post('/rest/tva', { label: unique('TVA 10 % '), rate: 1000 })).id;
  const family = (
    await post('/rest/place-family', { code: unique('FB'), label: unique('Famille facture '), kind: 'pitch' })
  ).id;
  const type = (
    await post('/rest/place-type', {
      code: unique('TB'),
      label: unique('Type facture '),
      placeFamilyId: family,
      maxPersons: 8,
      tvaId: tva10,
    })
  ).id;
  const places: number[] = [];
  for (let i = 0; i < placeCount; i++)
    places.push((await post('/rest/place', { code: unique('B'), placeTypeId: type, capacity: 8 })).id);
  const grid = (
    await post('/rest/price-grid', { label: unique('Grille facture '), placeTypeId: type, priceModel: 1, tvaId: tva10 })
  ).id;
  await post('/rest/price-grid-period', {
    priceGridId: grid,
    label: 'Été',
    startDate: '2031-06-01',
    endDate: '2031-09-01',
    pricePerNight: 3000,
  });
  await createdThroughEdit(t.admin, 'booking-fee', { label: 'Frais de dossier', amount: 1500, priceGridIds: [grid] });
  const terms = await createdThroughEdit(t.admin, 'payment-terms', {
    label: unique('Acompte 30 % '),
    downPaymentKind: 'acompte',
    downPaymentRate: 3000,
    balanceDaysBeforeArrival: 30,
  });
  await createdThroughEdit(t.admin, 'pricing-settings', {
    validFrom: '2020-01-01',
    touristTaxMode: 'real',
    classification: 3,
    paymentTermsId: terms.id,
    downPaymentDueDays: 8,
  });
  await createdThroughEdit(t.admin, 'tourist-tax-tariff', {
    label: 'Camping 3★',
    classification: 3,
    amount: 60,
    startDate: '2030-01-01',
  });
  await createdThroughEdit(t.admin, 'tourist-tax-surcharge', {
    label: 'Taxe additionnelle départementale',
    kind: 'departmental',
    rate: 1000,
    startDate: '2030-01-01',
  });
  const customer = (
    await post('/rest/customer', {
      lastName: 'Martin',
      firstName: 'Claire',
      address1: '5 rue des Lilas',
      postalCode: '33000',
      town: 'Bordeaux',
    })
  ).id;
  const card = (await post('/rest/payment-method', { label: unique('Carte '), kind: 'card' })).id;
  const cheque = (await post('/rest/payment-method', { label: unique('Chèque '), kind: 'cheque', isBankable: true }))
    .id;
  await t.knex('establishment').update(COMPANY);
  return { places, type, adult, customer, card, cheque };
}

/** A business customer with a VAT number and an address: its bills carry a Factur-X. */
export async function businessCustomer(t: TestServer): Promise<number> {
  const firm = await postOk(t.admin, '/rest/customer', {
    lastName: 'Durand',
    isLegalEntity: true,
    companyName: 'Comité d’entreprise Acme',
    vatNumber: 'FR40303265045',
    address1: '8 avenue des Ormes',
    postalCode: '69003',
    town: 'Lyon',
    email: 'ce@acme.example',
  });
  return firm.id;
}

export async function bookStay(
  t: TestServer,
  c: Campsite,
  placeId: number,
  startDate: string,
  endDate: string,
  customerId = c.customer,
): Promise<{ bookingId: number; occupancyId: number; total: number }> {
  const s = await postOk(t.admin, '/rest/booking/create', {
    kind: 'booking',
    customerId,
    occupancies: [{ placeId, startDate, endDate, details: [{ ageCategoryId: c.adult, quantity: 2 }] }],
  });
  return { bookingId: s.booking.id, occupancyId: s.occupancies[0].id, total: s.booking.totalAmount };
}

/**
 * A stay's bill issued as on `date` (a past day of the history a test needs: a closed
 * month, an export period). Routes only issue bills dated today (issue 25 point 5, docs/history.md#issue-25), so
 * this calls the domain with `date` as its today, then answers what the route would.
 */
export async function billOn(
  t: TestServer,
  bookingId: number,
  body: { kind: 'deposit' | 'final'; amount?: number },
  date: string,
): Promise<any> {
  const id = await issueStayBill(t.knex, bookingId, { ...body, date }, null, date);
  return loadBill(t.knex, id);
}

/** A credit note issued as on `date` (see billOn). */
export async function creditOn(
  t: TestServer,
  billId: number,
  body: { reason: string; lines?: { billLineId: number; quantity?: number }[] },
  date: string,
): Promise<any> {
  const id = await issueCreditNote(t.knex, billId, { ...body, date }, null, date);
  return loadBill(t.knex, id);
}
