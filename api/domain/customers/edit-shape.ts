// The §3 (docs/entities.md#customers-and-attendants) shape of a customer and of an attendant in the spec's edit calls
// (`GET customer/edit/{id}`, `POST customer/edit`, the same for attendant): the
// record's own fields (civilityId, languageId… — id 0 answers the defaults of
// §4, docs/stays.md#defaults-of-a-new-record) plus
//   - addressList: the customer's other addresses (`customer-address` rows, each
//     with its countryId); an attendant has one address, its own fields, as the
//     single entry of the list;
//   - availableCivility and availableCountry: the choices, each with isDefault.
// On save, addressList (when given) is the whole set: a customer's rows are
// updated (id), created (no id or 0) or deleted (left out), each through the generic
// write path; an attendant's single entry is written onto its own address fields.
// availableCivility and availableCountry are read-only and ignored. The react-admin
// shape (`GET/PUT customer/{id}`) stays the plain record.
import type { Knex } from 'knex';
import { entityMeta } from '../../rest/entities';
import { deleteRecord, loadRecord, newRecord, saveRecord } from '../../rest/records';
import { readableColumns } from '../../rest/query';
import { badRequest, HttpError } from '../../http/errors';
import { formatMessage } from '../../../common/messages';

type Row = Record<string, unknown>;
export type EditEntity = 'customer' | 'attendant';

/** Keys of the edit shape that are not fields of the record. */
export const EDIT_EXTRAS = ['addressList', 'availableCivility', 'availableCountry'] as const;

const ADDRESS_FIELDS = ['address1', 'postalCode', 'town', 'countryId'] as const;

async function choices(knex: Knex | Knex.Transaction): Promise<{ availableCivility: Row[]; availableCountry: Row[] }> {
  const [availableCivility, availableCountry] = [
    await knex('civility').orderBy('label').select('id', 'shortLabel', 'label', 'isLegalEntity', 'isDefault'),
    await knex('country').orderBy('name').select('id', 'isoCode', 'name', 'languageId', 'isDefault'),
  ];
  return { availableCivility, availableCountry };
}

async function customerAddresses(knex: Knex | Knex.Transaction, customerId: number): Promise<Row[]> {
  if (!customerId) return [];
  return knex('customer_address')
    .select(readableColumns(entityMeta('customer-address')))
    .where('customerId', customerId)
    .orderBy('id');
}

/** `GET {customer|attendant}/edit/{id}`: the record (its defaults for id 0) in the
 * §3 (docs/entities.md#customers-and-attendants) shape. */
export async function editShape(knex: Knex | Knex.Transaction, entity: EditEntity, id: number): Promise<Row> {
  const meta = entityMeta(entity);
  const record: Row = id === 0 ? await newRecord(knex, meta) : await loadRecord(knex, meta, id);
  const addressList =
    entity === 'customer'
      ? await customerAddresses(knex, id)
      : [Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, record[f] ?? null]))];
  return { ...record, addressList, ...(await choices(knex)) };
}

/** Field errors of one address, named after its place in the list. */
function inList(e: unknown, i: number): never {
  if (e instanceof HttpError && e.errors) {
    throw new HttpError(
      e.status,
      e.code,
      Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [`addressList.${i}.${k}`, v])),
      e.params,
    );
  }
  throw e;
}

function parseList(v: unknown): Row[] | undefined {
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || v.length > 50 || !v.every((a) => a && typeof a === 'object' && !Array.isArray(a))) {
    throw badRequest('VALIDATION_FAILED', { addressList: formatMessage('INCORRECT_FORM') });
  }
  return v as Row[];
}

async function saveCustomerAddresses(
  trx: Knex.Transaction,
  customerId: number,
  list: Row[],
  userId: number | null,
): Promise<void> {
  const meta = entityMeta('customer-address');
  const existing = new Set<number>(
    (await trx('customer_address').where('customerId', customerId).forUpdate().select('id')).map(
      (r: { id: number }) => r.id,
    ),
  );
  const kept = new Set<number>();
  for (const [i, a] of list.entries()) {
    const { id, customerId: _ignored, createdAt: _c, updatedAt: _u, ...fields } = a;
    const rowId = id === undefined || id === null || id === 0 ? 0 : Number(id);
    if (rowId && !existing.has(rowId))
      throw badRequest('VALIDATION_FAILED', { [`addressList.${i}.id`]: formatMessage('REFERENCE_NOT_FOUND') });
    try {
      const saved = await saveRecord(trx, meta, { ...fields, customerId }, userId, rowId);
      kept.add(saved.id);
    } catch (e) {
      inList(e, i);
    }
  }
  for (const id of existing) if (!kept.has(id)) await deleteRecord(trx, meta, id, userId);
}

function attendantAddress(list: Row[]): Row {
  if (list.length > 1) throw badRequest('VALIDATION_FAILED', { addressList: formatMessage('INCORRECT_FORM') });
  const a = list[0] ?? {};
  return Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, a[f] ?? null]));
}

/**
 * `POST {customer|attendant}/edit`: saves the record and, for a customer, its
 * addresses, in one transaction; answers the saved record in the §3 (docs/entities.md#customers-and-attendants) shape.
 */
export async function saveEditShape(
  knex: Knex,
  entity: EditEntity,
  body: unknown,
  userId: number | null,
  ifMatch?: string | null,
): Promise<Row> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('INCORRECT_FORM');
  const { addressList, availableCivility: _c, availableCountry: _a, ...fields } = body as Row;
  const list = parseList(addressList);
  return knex.transaction(async (trx) => {
    const own = entity === 'attendant' && list ? { ...fields, ...attendantAddress(list) } : fields;
    // The version read (body or If-Match): a stale one is the 409 of the one write path.
    const saved = await saveRecord(trx, entityMeta(entity), own, userId, undefined, { ifMatch });
    if (entity === 'customer' && list) await saveCustomerAddresses(trx, saved.id, list, userId);
    return editShape(trx, entity, saved.id);
  });
}
