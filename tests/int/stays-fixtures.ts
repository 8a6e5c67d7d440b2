// Shared helpers of the stays integration tests: places, customers and bookings made
// through the API, each test file with its own names.
import { expect } from 'vitest';
import { startTestServer, type Client, type TestServer } from './harness';

export interface Ref {
  placeTypes: Record<string, number>;
  equipment: Record<string, number>;
  ages: Record<string, number>;
  partners: number[];
  layouts: number[];
}

export async function reference(t: TestServer): Promise<Ref> {
  const k = t.knex;
  const byCode = async (table: string) =>
    Object.fromEntries((await k(table).select('id', 'code')).map((r: any) => [r.code, r.id]));
  const ages = Object.fromEntries(
    (await k('age_category').select('id', 'channelCategory', 'minAge').orderBy('order')).map((r: any) => [
      r.minAge === 18 ? 'adult' : r.minAge === 0 ? 'baby' : r.minAge === 13 ? 'teen' : 'child',
      r.id,
    ]),
  );
  return {
    placeTypes: await byCode('place_type'),
    equipment: await byCode('equipment'),
    ages,
    partners: (await k('partner').orderBy('id').select('id')).map((r: any) => r.id),
    layouts: (await k('layout').orderBy('id').select('id')).map((r: any) => r.id),
  };
}

let seq = 0;
export const unique = (prefix: string) => `${prefix}${++seq}`;

export async function makePlace(c: Client, ref: Ref, fields: Record<string, unknown> = {}): Promise<any> {
  const r = await c.post('/rest/place', {
    code: unique('P'),
    placeTypeId: ref.placeTypes.CONF,
    capacity: 6,
    ...fields,
  });
  expect(r.status, r.text).toBe(200);
  return r.body;
}

export async function makeCustomer(c: Client, fields: Record<string, unknown> = {}): Promise<any> {
  const r = await c.post('/rest/customer', { lastName: unique('Client'), firstName: 'Test', ...fields });
  expect(r.status, r.text).toBe(200);
  return r.body;
}

export interface BookArgs {
  placeId?: number | null;
  startDate?: string;
  endDate?: string;
  kind?: string;
  temporary?: boolean;
  customerId?: number | null;
  partnerId?: number | null;
  adults?: number;
  equipmentId?: number | null;
  extra?: Record<string, unknown>;
}

export function bookingBody(ref: Ref, a: BookArgs): Record<string, unknown> {
  return {
    kind: a.kind ?? 'booking',
    temporary: a.temporary ?? false,
    customerId: a.customerId ?? null,
    partnerId: a.partnerId ?? null,
    ...(a.extra ?? {}),
    occupancies: [
      {
        placeId: a.placeId ?? null,
        startDate: a.startDate ?? '2031-07-01',
        endDate: a.endDate ?? '2031-07-08',
        equipmentId: a.equipmentId ?? null,
        details: [{ ageCategoryId: ref.ages.adult, quantity: a.adults ?? 2 }],
      },
    ],
  };
}

/** Creates a booking through POST /rest/booking/create and answers its summary. */
export async function book(c: Client, ref: Ref, a: BookArgs): Promise<any> {
  const r = await c.post('/rest/booking/create', bookingBody(ref, a));
  expect(r.status, r.text).toBe(200);
  return r.body;
}

export async function act(c: Client, bookingId: number, action: string, body: Record<string, unknown> = {}) {
  return c.post(`/rest/booking/${bookingId}/${action}`, body);
}

/** A file's server with the stays reference data and one customer (each file starts its own, in its beforeAll). */
export async function staysServer(): Promise<{ t: TestServer; ref: Ref; customerId: number }> {
  const t = await startTestServer();
  const ref = await reference(t);
  return { t, ref, customerId: (await makeCustomer(t.admin)).id };
}
