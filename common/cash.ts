// The arithmetic of a cash fund (till) for one day, shared by the server and the screen:
// what should be in the drawer = the opening amount (the last count of the month before
// that day, else the month's starting base) + cash received + money put in − expenses −
// cash taken to the bank, over the days since that opening.

export interface CashFlows {
  opening: number;
  receipts: number;
  injections: number;
  expenses: number;
  deposits: number;
}

export function expectedCash(f: CashFlows): number {
  return f.opening + f.receipts + f.injections - f.expenses - f.deposits;
}

/** Counted minus expected (positive: more in the drawer than expected), and whether it is within the tolerance. */
export function cashDifference(
  counted: number,
  expected: number,
  tolerance: number,
): { difference: number; withinTolerance: boolean } {
  const difference = counted - expected;
  return { difference, withinTolerance: Math.abs(difference) <= tolerance };
}

export const isYearMonth = (s: string): boolean => /^20\d{2}-(0[1-9]|1[0-2])$/.test(s);

/** First day of the month and first day of the next, as YYYY-MM-DD (half-open). */
export function monthRange(yearMonth: string): { from: string; to: string } {
  const [y, m] = yearMonth.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from: `${yearMonth}-01`, to: `${next}-01` };
}
