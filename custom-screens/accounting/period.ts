// The period the accounting screens start on: the previous month (an export usually
// follows the month's end).
import { addDays, todayParis } from '../../common/dates';

export function previousMonth(): { from: string; to: string } {
  const firstOfThis = `${todayParis().slice(0, 7)}-01`;
  const last = addDays(firstOfThis, -1);
  return { from: `${last.slice(0, 7)}-01`, to: last };
}

export const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;
