// A sublet by the resident themselves: the campsite sells nothing, it records the sublet
// and bills the resident, on the receipt whose end follows the sublet's, what its
// occupants owe the campsite: the contract's visitor fee per person and night (line 19,
// at the stays' 10 %) and, when the contract bills the tourist tax and the campsite
// collects it au réel, the tax per person and night at the tariff in force on arrival
// (line 2, outside VAT). Every person counts as taxable: the sublet records no ages.
// A sublet is billed on one receipt only (its lines carry its id).
import type { Knex } from 'knex';
import { formatDateFr, nightsBetween } from '../../../common/dates';
import { DEFAULT_STAY_VAT_BP } from '../stays/channel-price';
import type { PlaceAffectationRecord, SubletRecord } from '../../../common/generated/types/index';

type Db = Knex | Knex.Transaction;

/** A receipt line (lines.ts ReceiptLine) of a resident's sublet. */
export interface SubletFeeLine {
  lineType: 2 | 19;
  label: string;
  quantity: number;
  amountInclVat: number;
  vatRateBp: number | null;
  subletId: number;
}

/** The tourist tax per person-night on `date` (null: none, or collected au forfait). */
async function touristTaxRate(db: Db, date: string): Promise<{ rate: number; label: string } | null> {
  const settings = await db('pricing_settings')
    .where('validFrom', '<=', date)
    .orderBy('validFrom', 'desc')
    .first('touristTaxMode', 'touristTaxLabel', 'classification');
  if (settings && settings.touristTaxMode !== 'real') return null;
  const inForce = (q: Knex.QueryBuilder) =>
    q.where('startDate', '<=', date).where((w) => w.whereNull('endDate').orWhere('endDate', '>', date));
  const tariff = await inForce(db('tourist_tax_tariff').where('classification', settings?.classification ?? 3))
    .orderBy('startDate', 'desc')
    .first('amount');
  if (!tariff) return null;
  const [{ bp }] = await inForce(db('tourist_tax_surcharge')).sum({ bp: 'rate' });
  // round half up, as the stays' pricing (pricing/tourist-tax.ts)
  const rate = Math.floor((tariff.amount * (10_000 + Number(bp ?? 0)) + 5_000) / 10_000);
  return { rate, label: settings?.touristTaxLabel ?? 'Taxe de séjour' };
}

/** Lines of the resident's own sublets ended by `endDate` and billed on no other receipt. */
export async function residentSubletLines(
  db: Db,
  aff: Pick<PlaceAffectationRecord, 'id' | 'visitorFee' | 'touristTaxMode'>,
  receiptId: number,
  endDate: string,
): Promise<SubletFeeLine[]> {
  const sublets: Pick<SubletRecord, 'id' | 'startDate' | 'endDate' | 'persons' | 'occupantName'>[] = await db(
    'sublet as s',
  )
    .where({ 's.placeAffectationId': aff.id, 's.mode': 'resident' })
    .whereNot('s.statusId', 3)
    .where('s.endDate', '<=', endDate)
    .whereNotExists((q) =>
      q
        .select(db.raw('1'))
        .from('rent_receipt_line as l')
        .whereRaw('l.sublet_id = s.id')
        .whereNot('l.rentReceiptId', receiptId),
    )
    .orderBy('s.startDate')
    .select('s.id', 's.startDate', 's.endDate', 's.persons', 's.occupantName');
  const lines: SubletFeeLine[] = [];
  for (const s of sublets) {
    const nights = nightsBetween(s.startDate, s.endDate);
    const count = s.persons * nights;
    const dates = `du ${formatDateFr(s.startDate)} au ${formatDateFr(s.endDate)}`;
    const what = `sous-location ${dates} (${s.occupantName}), ${s.persons} × ${nights} nuit${nights > 1 ? 's' : ''}`;
    if (aff.visitorFee > 0)
      lines.push({
        lineType: 19,
        label: `Redevance visiteurs : ${what}`,
        quantity: count,
        amountInclVat: aff.visitorFee * count,
        vatRateBp: DEFAULT_STAY_VAT_BP,
        subletId: s.id,
      });
    const tax = aff.touristTaxMode === 'none' ? null : await touristTaxRate(db, s.startDate);
    if (tax && tax.rate > 0)
      lines.push({
        lineType: 2,
        label: `${tax.label} : ${what}`,
        quantity: count,
        amountInclVat: tax.rate * count,
        vatRateBp: null,
        subletId: s.id,
      });
  }
  return lines;
}
