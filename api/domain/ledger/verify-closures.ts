// The closures' totals against what they cover, as the verifier walks the fiscal chain:
// a day the transactions dated up to its day that no earlier Z covers, a month the
// transactions dated in it, a year its months; each level's perpetual total; nothing
// dated in a closed financial year after its closure.
import type { LedgerBreak } from './breaks';
import { PAYMENT_KINDS, SALE_KINDS } from './append';
import { addEntry, emptyTotals, sameTotals, sumTotals, totalsOf, type ClosureTotals } from './totals';
import type { EntryBody } from './verify-state';

const TRANSACTIONS = new Set<string>([...SALE_KINDS, ...PAYMENT_KINDS]);

export class ClosureCheck {
  /** the transactions no Z covers yet, by business date */
  private readonly unclosed = new Map<string, ClosureTotals>();
  /** every transaction by month */
  private readonly byMonth = new Map<string, ClosureTotals>();
  /** the months closed, for their years */
  private readonly months: { date: string; totals: ClosureTotals }[] = [];
  private readonly years: { seq: number; date: string; periodEnd: string; totals: ClosureTotals }[] = [];
  private readonly perpetual: Record<string, number> = {};

  constructor(private readonly add: (b: LedgerBreak) => void) {}

  private static into(m: Map<string, ClosureTotals>, k: string): ClosureTotals {
    if (!m.has(k)) m.set(k, emptyTotals());
    return m.get(k)!;
  }

  /** One entry of the fiscal chain whose body could be read. */
  entry(seq: number, kind: string, amount: number, body: EntryBody): void {
    const data = body.data ?? {};
    const entry = { seq, kind, amount, data };
    const date = String(body.date ?? '');
    const closedYear = this.years.find((y) => date >= y.date && date <= y.periodEnd);
    if (closedYear && (TRANSACTIONS.has(kind) || kind === 'closure-day' || kind === 'closure-month'))
      this.add({
        seq,
        kind: 'closure',
        reason: `Opération datée dans l'exercice clos par l'écriture ${closedYear.seq}`,
      });
    if (TRANSACTIONS.has(kind)) {
      addEntry(ClosureCheck.into(this.unclosed, date), entry);
      addEntry(ClosureCheck.into(this.byMonth, date.slice(0, 7)), entry);
    } else if (kind.startsWith('closure-')) this.closure(seq, kind.slice('closure-'.length), body, data);
  }

  private closure(seq: number, level: string, body: EntryBody, data: Record<string, unknown>): void {
    const claimed = totalsOf(data);
    let computed: ClosureTotals;
    if (level === 'day') {
      const covered = [...this.unclosed.keys()].filter((d) => d <= body.date);
      computed = sumTotals(covered.map((d) => this.unclosed.get(d)!));
      for (const d of covered) this.unclosed.delete(d);
    } else if (level === 'month')
      computed = sumTotals([this.byMonth.get(String(body.date ?? '').slice(0, 7)) ?? emptyTotals()]);
    else computed = sumTotals(this.monthsOf(body.date, body.periodEnd ?? ''));
    if (!sameTotals(claimed, computed))
      this.add({ seq, kind: 'closure', reason: `Totaux de clôture (${level}) différents des écritures couvertes` });
    if (data.perpetual !== (this.perpetual[level] ?? 0) + claimed.sales)
      this.add({ seq, kind: 'closure', reason: `Grand total perpétuel (${level}) incorrect` });
    this.perpetual[level] = data.perpetual as number;
    if (level === 'month') this.months.push({ date: body.date, totals: claimed });
    if (level === 'year') this.years.push({ seq, date: body.date, periodEnd: body.periodEnd ?? '', totals: claimed });
  }

  private monthsOf(from: string, to: string): ClosureTotals[] {
    return this.months.filter((p) => p.date >= from && p.date <= to).map((p) => p.totals);
  }

  /** After the walk: a year closure equals its months, also those closed after it (which must not exist). */
  finish(): void {
    for (const y of this.years)
      if (!sameTotals(y.totals, sumTotals(this.monthsOf(y.date, y.periodEnd))))
        this.add({ seq: y.seq, kind: 'closure', reason: 'Clôture de l’exercice différente de la somme de ses mois' });
  }
}
