// The VAT returns a year's statement is declared on, by the regime of the module
// « Déclaration de TVA » (preference-tva-statement.regime, Admin › Modules):
// - réel normal: one CA3 (formulaire 3310-CA3) per month, due the following month;
// - réel simplifié: one CA12 (3517-S-CA12) for the calendar year, due in May of the
//   next year; the two instalments (July 55 %, December 40 %) follow the previous
//   year's VAT, which the accountant computes from the CA12 filed — not shown here.
// The amounts are those of the statement (vat.ts): each month's VAT with its corrections.
import type { Knex } from 'knex';
import { moduleSettings } from '../establishment/module-settings';

export type VatRegime = 'normal' | 'simplified';

export interface VatReturn {
  form: 'CA3' | 'CA12';
  /** the months it covers, first and last (YYYY-MM) */
  from: string;
  to: string;
  vat: number;
  /** the month it is filed in (YYYY-MM) */
  dueMonth: string;
}

export async function vatRegime(db: Knex): Promise<VatRegime> {
  const s = await moduleSettings(db, 'preference-tva-statement');
  return s.regime === 'simplified' ? 'simplified' : 'normal';
}

const nextMonth = (m: string) => {
  const [y, mm] = [Number(m.slice(0, 4)), Number(m.slice(5, 7))];
  return mm === 12 ? `${y + 1}-01` : `${y}-${String(mm + 1).padStart(2, '0')}`;
};

/** The returns of a year, from its months' VAT (pure). */
export function vatReturns(
  regime: VatRegime,
  year: number,
  months: readonly { month: string; vatTotal: number }[],
): VatReturn[] {
  if (regime === 'simplified')
    return [
      {
        form: 'CA12',
        from: `${year}-01`,
        to: `${year}-12`,
        vat: months.reduce((s, m) => s + m.vatTotal, 0),
        dueMonth: `${year + 1}-05`,
      },
    ];
  return months.map((m) => ({
    form: 'CA3',
    from: m.month,
    to: m.month,
    vat: m.vatTotal,
    dueMonth: nextMonth(m.month),
  }));
}
