// /transfer-customers: two records of one person become one. Everything that names
// the removed customer — in every entity with a reference to customer, so that bills
// and payments of later modules follow too — moves onto the kept one; the kept
// record's empty fields take the removed one's values; the removed record is deleted.
// One transaction; both rows are locked first.
import type { Knex } from 'knex';
import { allEntities, entityMeta } from '../../rest/entities';
import { saveRecord } from '../../rest/records';
import { recordHistory } from '../../rest/history';
import { readableColumns } from '../../rest/query';
import { badRequest, notFound } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import type { CustomerRecord } from '../../../common/generated/types';

type Row = Record<string, unknown>;

/** Every (entity, field) that references a customer. */
export function customerLinks(): { entity: string; table: string; field: string; column: string; label: string }[] {
  return allEntities().flatMap((m) =>
    m.fields
      .filter((f) => f.ref?.entity === 'customer')
      .map((f) => ({ entity: m.name, table: m.table, field: f.name, column: f.column, label: m.label.many })),
  );
}

/** How many rows of each linked entity name this customer. */
export async function linkCounts(
  db: Knex | Knex.Transaction,
  customerId: number,
): Promise<{ entity: string; label: string; count: number }[]> {
  const out = [];
  for (const l of customerLinks()) {
    const [{ n }] = await db(l.table).where(l.column, customerId).count({ n: '*' });
    out.push({ entity: l.entity, label: l.label, count: Number(n) });
  }
  return out;
}

const EMPTY = (v: unknown) => v === null || v === undefined || v === '';

export async function transferCustomer(
  knex: Knex,
  fromId: unknown,
  toId: unknown,
  userId: number | null,
): Promise<{ customer: Row; moved: { entity: string; label: string; count: number }[] }> {
  for (const [name, v] of [
    ['fromCustomerId', fromId],
    ['toCustomerId', toId],
  ] as const) {
    if (!Number.isInteger(v) || (v as number) <= 0)
      throw badRequest('VALIDATION_FAILED', { [name]: formatMessage('REQUIRED') });
  }
  if (fromId === toId)
    throw badRequest('TRANSFER_SAME_CUSTOMER', { toCustomerId: formatMessage('TRANSFER_SAME_CUSTOMER') });
  const meta = entityMeta('customer');
  return knex.transaction(async (trx) => {
    const rows: CustomerRecord[] = await trx('customer')
      .select(readableColumns(meta))
      .whereIn('id', [fromId as number, toId as number])
      .orderBy('id')
      .forUpdate();
    const from = rows.find((r) => r.id === fromId);
    const to = rows.find((r) => r.id === toId);
    if (!from || !to) throw notFound();
    const moved = [];
    // Issued bills and other append-only records keep the customer they name (the law
    // forbids rewriting them): a customer who has any cannot be the one removed.
    for (const l of customerLinks().filter((x) => entityMeta(x.entity).appendOnly)) {
      if (await trx(l.table).where(l.column, from.id).first('id')) {
        throw badRequest('TRANSFER_KEPT_RECORDS', { fromCustomerId: formatMessage('TRANSFER_KEPT_RECORDS') });
      }
    }
    for (const l of customerLinks().filter((x) => !entityMeta(x.entity).appendOnly)) {
      const count = await trx(l.table)
        .where(l.column, from.id)
        .update({ [l.field]: to.id });
      if (count) moved.push({ entity: l.entity, label: l.label, count: Number(count) });
    }
    const fill: Row = {};
    const [kept, removed]: Row[] = [to, from];
    for (const f of meta.fields) {
      if (f.system || f.readOnly || f.kind === 'password') continue;
      if (EMPTY(kept[f.name]) && !EMPTY(removed[f.name])) fill[f.name] = removed[f.name];
    }
    if (from.newsletterConsent && !to.newsletterConsent) delete fill.newsletterConsent;
    await trx('customer').where('id', from.id).delete();
    await recordHistory(trx, {
      userId,
      entity: meta,
      recordId: from.id,
      action: 'delete',
      before: from,
      detail: `Fusionné dans le client ${to.code}`,
    });
    const customer = Object.keys(fill).length ? await saveRecord(trx, meta, fill, userId, to.id) : to;
    const what = moved.map((m) => `${m.count} ${m.label.toLowerCase()}`).join(', ') || 'aucun élément';
    await recordHistory(trx, {
      userId,
      entity: meta,
      recordId: to.id,
      action: 'action',
      detail: `Fusion du client ${from.code} (${from.lastName}) : ${what}`.slice(0, 200),
    });
    return { customer, moved };
  });
}
