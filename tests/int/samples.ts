// Valid sample records built from the schemas alone, for the contract matrix:
// `examples` first, then values derived from type, format and bounds. `n`
// makes unique fields and dated periods distinct between samples.
import type { EntityMeta, FieldMeta } from '../../common/entity-meta';
import { ENTITY_METAS } from '../../common/generated/meta/index';
import { addDays } from '../../common/dates';
import type { Client } from './harness';
import { isBirthDateField } from '../../common/date-sanity';

const metaByName = new Map(ENTITY_METAS.map((m) => [m.name, m]));

function schemaOf(meta: EntityMeta, f: FieldMeta): any {
  return meta.schema.properties[f.name];
}

function numberFor(f: FieldMeta, n: number): number {
  let v = 1 + (n % 5);
  if (f.minimum !== undefined) v = Math.max(v, f.minimum);
  if (f.exclusiveMinimum !== undefined) v = Math.max(v, f.exclusiveMinimum + 1);
  if (f.maximum !== undefined) v = Math.min(v, f.maximum);
  return f.kind === 'number' ? v + 0.5 : v;
}

function textFor(meta: EntityMeta, f: FieldMeta, n: number): string {
  const min = schemaOf(meta, f).minLength ?? 1;
  const max = f.maxLength ?? 60;
  let s = `Éch ${f.name} ${n}`;
  if (s.length > max) s = `${n}${f.name}`.slice(-max);
  while (s.length < min) s += 'x';
  return s;
}

/** Date fields: periods start at a date depending on n so that samples never overlap. */
function dateFor(meta: EntityMeta, f: FieldMeta, n: number): string {
  // A birth date is in the past, stay dates at most five years ahead (common/date-sanity.ts):
  // rows made to be referenced (n from 900) come after the samples, as they always did.
  if (isBirthDateField(f.name)) return addDays('1980-01-01', (n % 250) * 40);
  const start = n >= 900 ? addDays('2031-01-01', (n - 900) * 40) : addDays('2027-01-01', (n % 56) * 32);
  if (f.after) return addDays(start, 30);
  return start;
}

export function isUniqueField(meta: EntityMeta, f: FieldMeta): boolean {
  return meta.uniques.some((u) => u.includes(f.name));
}

export function sampleValue(meta: EntityMeta, f: FieldMeta, n: number): unknown {
  const s = schemaOf(meta, f);
  if (Array.isArray(s.examples) && s.examples.length) return s.examples[n % s.examples.length];
  if (s.pattern) throw new Error(`${meta.name}.${f.name} has a pattern: give it "examples" in its schema`);
  switch (f.kind) {
    case 'enum':
      return f.enum![n % f.enum!.length];
    case 'boolean':
      return false;
    case 'integer':
    case 'number':
    case 'money':
    case 'rate':
      return numberFor(f, n) + (isUniqueField(meta, f) ? 10 * n : 0);
    case 'date':
      return dateFor(meta, f, n);
    case 'datetime':
      return `${dateFor(meta, f, n)}T10:00:00.000Z`;
    case 'email':
      return `echantillon${n}@example.com`;
    case 'color':
      return '#336699';
    case 'json':
      return s.type === 'array' || (Array.isArray(s.type) && s.type.includes('array')) ? [] : {};
    case 'password':
      return 'mot-de-passe-test';
  }
  switch (f.format) {
    case 'phone':
      return '06 12 34 56 78';
    case 'uri':
      return 'https://example.com';
    case 'time':
      return '10:00';
  }
  return textFor(meta, f, n);
}

/** Fresh referenced rows by `entity#n`, for the whole test file (one database). */
const freshRows = new Map<string, number>();

/**
 * Finds or creates a row of `entity` to reference. With `fresh`, a new row is
 * made for this sample number, so that unique tuples made only of references
 * differ between samples.
 */
async function referenceId(
  client: Client,
  entity: string,
  cache: Map<string, number>,
  fresh?: number,
): Promise<number> {
  const key = fresh === undefined ? entity : `${entity}#${fresh}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const meta = metaByName.get(entity)!;
  // A fresh row made by an earlier sample of this file is reused while it exists
  // (a second one would repeat its unique values and its dates).
  const earlier = fresh === undefined ? undefined : freshRows.get(key);
  if (earlier && (await client.get(`/rest/${meta.base}/${earlier}`)).status === 200) {
    cache.set(key, earlier);
    return earlier;
  }
  const r = fresh === undefined ? await client.get(`/rest/${meta.base}?range=[0,0]`) : undefined;
  let id: number | undefined = r?.body?.[0]?.id;
  if (!id) {
    const rec = await sampleRecord(client, meta, fresh === undefined ? 900 : 900 + fresh, cache);
    const saved = await client.post(`/rest/${meta.base}`, rec);
    if (saved.status !== 200) throw new Error(`cannot create a ${entity} to reference: ${saved.text}`);
    id = saved.body.id;
  }
  cache.set(key, id!);
  if (fresh !== undefined) freshRows.set(key, id!);
  return id!;
}

/**
 * References made fresh for each sample where a unique tuple holds only
 * references (an option has one price per period of its grid), or where samples
 * sharing the first row would collide: an unavailability on a place another sample
 * occupies then, occupants beyond the capacity of the first occupancy.
 */
const FRESH_REFS: Record<string, string[]> = {
  'option-price': ['priceGridPeriodId'],
  unavailability: ['placeId'],
  'occupancy-detail': ['occupancyId'],
  // One translation per (model or target, language); one answer per (stay, question).
  'document-setting-translation': ['documentSettingTargetId'],
  'mailing-configuration-translation': ['mailingConfigurationId'],
  'survey-answer': ['surveyQuestionId'],
  // One payment plan row per payment method.
  'accounting-payment-plan': ['paymentMethodId'],
  // One contract per residential place at a time; one contract, sublet, price period per affectation and dates.
  'place-affectation': ['placeId'],
  'residential-contract': ['placeAffectationId'],
  'place-affectation-price-period': ['placeAffectationId'],
  sublet: ['placeAffectationId'],
  'rent-receipt': ['placeAffectationId'],
};

/**
 * Business rules no schema keyword states, applied to samples so that they are
 * valid: a grid option names exactly one item (`OPTION_ITEM_REQUIRED`); a place
 * holds the occupants of the sample occupancy (the smaller of the place's and the
 * equipment's capacity is the limit, `QUANTITY_ABOVE_CAPACITY`).
 */
const DOMAIN_RULES: Record<string, (rec: Record<string, unknown>, n: number) => void> = {
  // Whole civil years inside the window of business dates (the schema's examples, 2041 on,
  // are past it), after the activity periods' years (2001–2020) and before the seeded ones.
  'financial-year': (rec, n) => {
    const y = 2021 + (n % 5);
    Object.assign(rec, { startDate: `${y}-01-01`, endDate: `${y}-12-31` });
  },
  place: (rec, n) => {
    rec.capacity = 20 + (n % 5);
    // In service from before it is withdrawn (ck_place__in_service_order): left open.
    rec.inServiceFrom = null;
    rec.inServiceUntil = null;
  },
  // Residential (api/domain/residential): an open-ended contract from 2005, no billed meter
  // type (PITCH_NO_METER), price periods, sublets and receipts inside it.
  'place-affectation': (rec) => {
    Object.assign(rec, { startDate: '2005-01-01', endDate: null, isIndefinite: true, meterTypeIds: [] });
  },
  'residential-contract': (rec) => {
    Object.assign(rec, { startDate: '2005-01-01', endDate: null, isIndefinite: true, renewedFromId: null });
  },
  'place-affectation-price-period': (rec, n) => {
    Object.assign(rec, { startDate: `${2006 + (n % 10)}-01-01`, endDate: `${2007 + (n % 10)}-01-01` });
  },
  sublet: (rec, n) => {
    Object.assign(rec, { startDate: `${2006 + (n % 10)}-07-01`, endDate: `${2006 + (n % 10)}-07-15`, statusId: 1 });
  },
  'rent-receipt': (rec, n) => {
    Object.assign(rec, { startDate: `${2006 + (n % 10)}-01-01`, endDate: `${2007 + (n % 10)}-01-01`, deadline: 1 });
  },
  'rent-receipt-line': (rec) => {
    Object.assign(rec, { meterReadingId: null, subletId: null });
  },
  // Minors are exempt from the tourist tax: a category of minors says so (MINORS_EXEMPTION_INCONSISTENT).
  'age-category': (rec) => {
    if (typeof rec.maxAge === 'number' && rec.maxAge < 18) rec.isTouristTaxExempt = true;
  },
  'price-grid-option': (rec, n) => {
    const items = ['ageCategoryId', 'extraId', 'animalTypeId', 'vehicleTypeId'];
    items.forEach((name, i) => {
      if (i !== n % items.length) rec[name] = null;
    });
  },
  // A label unique within its model: the schema's three examples repeat every third sample.
  'mailing-configuration': (rec, n) => {
    rec.label = `${rec.label} ${n}`;
  },
  // Unique labels: the payment plan's samples make payment methods of their own.
  'payment-method': (rec, n) => {
    rec.label = `${rec.label} ${n}`;
  },
  'survey-question': (rec, n) => {
    rec.question = `${rec.question} ${n}`;
  },
  // One row per line type and rate in the detail plan and the discounts: a rate per sample.
  'accounting-detail-plan': (rec, n) => {
    rec.vatRateBp = n;
  },
  'accounting-discount': (rec, n) => {
    rec.vatRateBp = n;
  },
  // The first account (411000 Clients) is no payment account: the default one instead.
  'accounting-payment-plan': (rec) => {
    rec.accountId = null;
  },
  // An expense type is for expenses only (EXPENSE_TYPE_ONLY_FOR_EXPENSES).
  'cash-movement': (rec) => {
    if (rec.kind !== 'expense') rec.expenseTypeId = null;
  },
  // A plain payment: nothing of a credit note, a gift voucher or a grouped payment; of no stay
  // (a sample stay owes nothing: its payment would need the overpayment confirmation).
  payment: (rec) => {
    Object.assign(rec, {
      bookingId: null,
      category: 'down-payment',
      payerType: 'customer',
      creditNoteBillId: null,
      giftVoucherCode: null,
      commissionAmount: 0,
    });
  },
};

/** The id of a payment method of `kind` labelled `label`, made when missing. */
async function methodOfKind(client: Client, kind: string, label: string): Promise<number> {
  const found = await client.get(`/rest/payment-method?filter=${encodeURIComponent(JSON.stringify({ label }))}`);
  if (found.body?.[0]?.id) return found.body[0].id;
  const made = await client.post('/rest/payment-method', { label, kind, isBankable: true });
  if (made.status !== 200) throw new Error(`cannot create the ${kind} method of a sample: ${made.text}`);
  return made.body.id;
}

/**
 * Rules that need other records: an activity period lies inside an open financial
 * year ("Exercice absent ou clos"). Its samples take a civil year of their own, far
 * from the financial-year samples' years (2027 on), and that year is made when missing.
 */
const PREREQUISITES: Record<string, (client: Client, rec: Record<string, unknown>, n: number) => Promise<void>> = {
  // The detail plan and the discounts name a sales account (or one of nature « Autre »), not 411000 Clients.
  'accounting-detail-plan': (client, rec) => otherAccount(client, rec),
  'accounting-discount': (client, rec) => otherAccount(client, rec),
  // A payment by cheque keeps every field a sample fills (other kinds clear the cheque's).
  payment: async (client, rec) => {
    rec.paymentMethodId = await methodOfKind(client, 'cheque', 'Chèque des échantillons');
  },
  // A month's starting base, a till count and a cash movement are of cash (CASH_METHOD_REQUIRED).
  'starting-base': async (client, rec) => {
    rec.paymentMethodId = await methodOfKind(client, 'cash', 'Espèces des échantillons');
  },
  'cash-count': async (client, rec) => {
    rec.paymentMethodId = await methodOfKind(client, 'cash', 'Espèces des échantillons');
  },
  'cash-movement': async (client, rec) => {
    rec.paymentMethodId = await methodOfKind(client, 'cash', 'Espèces des échantillons');
  },
  // An option's price is for a period of the option's own grid (OPTION_PERIOD_OTHER_GRID):
  // when the fresh period is of another grid, an option of that grid is made.
  'option-price': async (client, rec, n) => {
    const base = (e: string) => `/rest/${metaByName.get(e)!.base}`;
    const period = (await client.get(`${base('price-grid-period')}/${rec.priceGridPeriodId}`)).body;
    const option = (await client.get(`${base('price-grid-option')}/${rec.priceGridOptionId}`)).body;
    if (option?.priceGridId === period?.priceGridId) return;
    const o = await sampleRecord(client, metaByName.get('price-grid-option')!, 900 + n);
    const made = await client.post(base('price-grid-option'), { ...o, priceGridId: period.priceGridId });
    if (made.status !== 200) throw new Error(`cannot create the grid option of an option price sample: ${made.text}`);
    rec.priceGridOptionId = made.body.id;
  },
  'activity-period': async (client, rec, n) => {
    // Past years inside the window (2000 to five ahead) that no other sample's dates reach.
    const year = 2001 + (n % 20);
    Object.assign(rec, { startDate: `${year}-01-01`, endDate: `${year}-12-31` });
    const label = `Exercice des échantillons ${year}`;
    const found = await client.get(
      `/rest/establishment/financial-year?filter=${encodeURIComponent(JSON.stringify({ label }))}`,
    );
    if (found.body?.length) return;
    const made = await client.post('/rest/establishment/financial-year', {
      label,
      startDate: `${year}-01-01`,
      endDate: `${year}-12-31`,
    });
    if (made.status !== 200)
      throw new Error(`cannot create the financial year of an activity period sample: ${made.text}`);
  },
};

async function otherAccount(client: Client, rec: Record<string, unknown>): Promise<void> {
  const filter = encodeURIComponent(JSON.stringify({ code: '758000' }));
  const found = await client.get(`/rest/accounting-account?filter=${filter}`);
  if (found.body?.length) {
    rec.accountId = found.body[0].id;
    return;
  }
  const made = await client.post('/rest/accounting-account', {
    code: '758000',
    label: 'Produits divers',
    kind: 'other',
  });
  if (made.status !== 200) throw new Error(`cannot create the sample's account: ${made.text}`);
  rec.accountId = made.body.id;
}

export async function sampleRecord(
  client: Client,
  meta: EntityMeta,
  n: number,
  cache = new Map<string, number>(),
): Promise<Record<string, unknown>> {
  const rec: Record<string, unknown> = {};
  const fresh = new Set(FRESH_REFS[meta.name] ?? []);
  for (const f of meta.fields) {
    if (f.system || f.readOnly) continue;
    // Rows of append-only entities (bills) are made by domain code only, never through the
    // API: a nullable reference to one stays empty; so does a nullable reference to the
    // entity itself (a contract renewing another), which would need a sample of itself first.
    if (f.kind === 'ref' && f.nullable && (metaByName.get(f.ref!.entity)?.appendOnly || f.ref!.entity === meta.name)) {
      rec[f.name] = null;
      continue;
    }
    rec[f.name] =
      f.kind === 'ref'
        ? await referenceId(client, f.ref!.entity, cache, fresh.has(f.name) ? n : undefined)
        : sampleValue(meta, f, n);
  }
  DOMAIN_RULES[meta.name]?.(rec, n);
  await PREREQUISITES[meta.name]?.(client, rec, n);
  return rec;
}

export { metaByName };

// Made by their domain with what they gather, never typed on the generic path (each
// refuses it with its message): a bank deposit is made from the deposit screen with its payments.
export const DOMAIN_CREATED: Record<string, string> = {
  'bank-deposit': 'DEPOSIT_CREATE_THROUGH_SCREEN',
  // An accounting export is made by POST /rest/accounting/exports from the period's ledger entries.
  'accounting-export': 'NOT_AUTHORISED',
  // Holiday voucher lines are written with their payment (POST /rest/payment/vouchers).
  'payment-voucher': 'ANCV_VOUCHERS_THROUGH_PAYMENT',
};

/** One row at most: a unique key made of a single-valued enum (a preference section). */
export const singleRow = (m: EntityMeta) =>
  m.uniques.some((u) => u.every((n) => m.fields.find((f) => f.name === n)?.enum?.length === 1));
