// /customer-resume: everything one customer has — stays with their places and
// status, and the rows of every other entity that references the customer
// (attendants, animals, vehicles, and bills or payments once those modules exist).
import type { Knex } from 'knex';
import { allEntities, entityMeta } from '../../rest/entities';
import type { EntityMeta } from '../../../common/entity-meta';
import { readableColumns } from '../../rest/query';
import { notFound } from '../../http/errors';
import { stayPreferences } from '../stays/preferences';
import { RELEASING } from '../stays/status';

type Row = Record<string, unknown>;

/** Adds `<field>Label` (the referenced row's representation) beside each reference. */
async function labelReferences(knex: Knex, fields: EntityMeta['fields'], rows: Row[]): Promise<void> {
  for (const f of fields) {
    const ids = [...new Set(rows.map((r) => r[f.name]).filter((v) => v != null))];
    if (!ids.length) continue;
    const target = entityMeta(f.ref!.entity);
    const rep = target.fields.find((x) => x.name === target.representation)!;
    const labels = new Map(
      (await knex(target.table).whereIn('id', ids).select('id', `${rep.column} as label`)).map((r: Row) => [
        r.id,
        r.label,
      ]),
    );
    for (const r of rows) if (r[f.name] != null) r[`${f.name}Label`] = labels.get(r[f.name]) ?? null;
  }
}

export interface ResumeSection {
  entity: string;
  label: string;
  total: number;
  columns: { field: string; label: string }[];
  rows: Row[];
}

export async function customerResume(
  knex: Knex,
  customerId: number,
): Promise<{ customer: Row; stays: Row[]; sections: ResumeSection[] }> {
  const meta = entityMeta('customer');
  const customer = await knex('customer').select(readableColumns(meta)).where('id', customerId).first();
  if (!customer) throw notFound();
  // Preference « customerResume »: cancelled and deleted stays shown or left out.
  const withCancelled = (await stayPreferences(knex)).customerResumeCancelledStays;
  const stays = await knex('booking as b')
    .where('b.customerId', customerId)
    .modify((q) => {
      if (!withCancelled) q.whereNotIn('b.statusId', RELEASING).whereNot('b.cancellation', 'cancelled');
    })
    .select(
      'b.id',
      'b.code',
      'b.kind',
      'b.statusId',
      'b.cancellation',
      'b.startDate',
      'b.endDate',
      'b.persons',
      'b.totalAmount',
      'b.createdAt',
    )
    .select(
      knex.raw(
        `(SELECT string_agg(DISTINCT p.code, ', ') FROM occupancy o JOIN place p ON p.id = o.place_id WHERE ` +
          `o.booking_id = b.id AND NOT o.is_cancelled) AS places`,
      ),
    )
    .orderBy('b.startDate', 'desc')
    .orderBy('b.id', 'desc')
    .limit(1000);
  const sections: ResumeSection[] = [];
  for (const m of allEntities()) {
    if (m.name === 'booking') continue;
    for (const f of m.fields.filter((x) => x.ref?.entity === 'customer')) {
      const [{ n }] = await knex(m.table).where(f.column, customerId).count({ n: '*' });
      const columns = m.listFields
        .filter((c) => c !== f.name)
        .map((c) => ({ field: c, label: m.fields.find((x) => x.name === c)!.label }));
      const rows = Number(n)
        ? await knex(m.table).select(readableColumns(m)).where(f.column, customerId).orderBy('id', 'desc').limit(200)
        : [];
      await labelReferences(
        knex,
        m.fields.filter((x) => x.ref && columns.some((c) => c.field === x.name)),
        rows,
      );
      sections.push({ entity: m.name, label: m.label.many, total: Number(n), columns, rows });
    }
  }
  return { customer, stays, sections };
}
