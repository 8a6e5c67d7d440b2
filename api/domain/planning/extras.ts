// Extras planning (/extra-planning): what the stays use day by day — the extras
// (sheets, cots, electricity…, with their stock) and the equipment the campsite rents
// (lodge tents…). Rows are the extras and rental equipment; a bar is one stay's use
// over its dates, with its quantity.
import { independent } from '../../db/queries';
import type { Knex } from 'knex';
import { RELEASING } from '../stays/status';
import { statusCategory, type StatusCategory } from '../../../common/planning';
import type { EquipmentRecord, ExtraRecord } from '../../../common/generated/types';

type Db = Knex | Knex.Transaction;

type ExtraRow = Pick<ExtraRecord, 'id' | 'label' | 'unit' | 'stock' | 'color'> & { typeLabel: string | null };
type EquipmentRow = Pick<EquipmentRecord, 'id' | 'code' | 'label' | 'capacity'>;
/** A stay's use of an extra or a rented equipment, with its booking, customer and place. */
interface UseRow {
  id: number;
  bookingId: number;
  code: string;
  kind: string;
  statusId: number;
  placeCode: string | null;
  customer: string | null;
}
type ExtraUseRow = UseRow & { extraId: number; quantity: number; useStart: string; useEnd: string };
type EquipmentUseRow = UseRow & { equipmentId: number; startDate: string; endDate: string };

export const USE_FIELDS = [
  'id',
  'rowId',
  'startDate',
  'endDate',
  'quantity',
  'bookingId',
  'code',
  'customer',
  'placeCode',
  'category',
] as const;

/** A use on the board, in the order of USE_FIELDS. */
type Use = [string, string, string, string, number, number, string, string, string | null, StatusCategory];

interface ExtrasWindow {
  from: string;
  to: string;
  rows: {
    id: string;
    kind: 'equipment' | 'extra';
    label: string;
    sublabel: string;
    stock: number | null;
    color?: string | null;
    group: string;
  }[];
  useFields: typeof USE_FIELDS;
  uses: Use[];
}

export async function extrasWindow(db: Db, from: string, to: string): Promise<ExtrasWindow> {
  const customer = db.raw(`trim(concat_ws(' ', c.last_name, c.first_name)) AS customer`);
  const [extras, equipment, extraUses, equipmentUses] = await independent<
    [ExtraRow[], EquipmentRow[], ExtraUseRow[], EquipmentUseRow[]]
  >(db, [
    () =>
      db('extra as x')
        .leftJoin('extra_type as t', 't.id', 'x.extraTypeId')
        .where('x.isActive', true)
        .orderBy('x.order')
        .orderBy('x.label')
        .select('x.id', 'x.label', 'x.unit', 'x.stock', 'x.color', 't.label as typeLabel'),
    () =>
      db('equipment')
        .where({ isRental: true, isActive: true })
        .orderBy('order')
        .select('id', 'code', 'label', 'capacity'),
    () =>
      db('occupancy_extra as e')
        .join('occupancy as o', 'o.id', 'e.occupancyId')
        .join('booking as b', 'b.id', 'o.bookingId')
        .leftJoin('customer as c', 'c.id', 'b.customerId')
        .leftJoin('place as p', 'p.id', 'o.placeId')
        .where('o.isCancelled', false)
        .whereNot('b.kind', 'quote')
        .whereNotIn('b.statusId', RELEASING as number[])
        .whereRaw('coalesce(e.start_date, o.start_date) < ?::date AND coalesce(e.end_date, o.end_date) > ?::date', [
          to,
          from,
        ])
        .select(
          'e.id',
          'e.extraId',
          'e.quantity',
          'o.bookingId',
          'b.code',
          'b.kind',
          'b.statusId',
          'p.code as placeCode',
          customer,
        )
        .select(
          db.raw('coalesce(e.start_date, o.start_date)::text AS use_start'),
          db.raw('coalesce(e.end_date, o.end_date)::text AS use_end'),
        ),
    () =>
      db('occupancy as o')
        .join('equipment as q', 'q.id', 'o.equipmentId')
        .join('booking as b', 'b.id', 'o.bookingId')
        .leftJoin('customer as c', 'c.id', 'b.customerId')
        .leftJoin('place as p', 'p.id', 'o.placeId')
        .where('q.isRental', true)
        .where('o.isCancelled', false)
        .whereNot('b.kind', 'quote')
        .whereNotIn('b.statusId', RELEASING as number[])
        .where('o.startDate', '<', to)
        .where('o.endDate', '>', from)
        .select(
          'o.id',
          'o.equipmentId',
          'o.startDate',
          'o.endDate',
          'o.bookingId',
          'b.code',
          'b.kind',
          'b.statusId',
          'p.code as placeCode',
          customer,
        ),
  ]);
  const rows: ExtrasWindow['rows'] = [
    ...equipment.map((e) => ({
      id: `q${e.id}`,
      kind: 'equipment' as const,
      label: e.label,
      sublabel: `Équipement loué · ${e.capacity} pers.`,
      stock: null,
      group: 'Équipements loués',
    })),
    ...extras.map((x) => ({
      id: `x${x.id}`,
      kind: 'extra' as const,
      label: x.label,
      sublabel: x.stock != null ? `Stock : ${x.stock}` : (x.typeLabel ?? ''),
      stock: x.stock,
      color: x.color,
      group: x.typeLabel ?? 'Extras',
    })),
  ];
  const uses = [
    ...equipmentUses.map((u): Use => [
      `q-${u.id}`,
      `q${u.equipmentId}`,
      u.startDate,
      u.endDate,
      1,
      u.bookingId,
      u.code,
      u.customer || '',
      u.placeCode,
      statusCategory(u.kind, u.statusId),
    ]),
    ...extraUses.map((u): Use => [
      `x-${u.id}`,
      `x${u.extraId}`,
      u.useStart,
      u.useEnd,
      u.quantity,
      u.bookingId,
      u.code,
      u.customer || '',
      u.placeCode,
      statusCategory(u.kind, u.statusId),
    ]),
  ];
  return { from, to, rows, useFields: USE_FIELDS, uses };
}
