// The X or Z of a register's window as the close dialog shows it (the routes' CashRegisterZ), and the
// amounts counted as the close route takes them.
import type { RestAnswer, RestBody } from '../../admin/src/ui/client';

/** The X (GET …/z) or the Z (POST …/close) of a window: the same answer. */
export type ZReportView = RestAnswer<'/sales/window/{windowId}/z', 'get'>;

type Counted = RestBody<'/sales/window/{windowId}/close', 'post'>['counted'];

/** The amounts counted per kind, as typed in euros (a field left empty counts 0). */
export const countedCents = (typed: Record<string, string>, parse: (s: string) => number | null): Counted =>
  Object.fromEntries(Object.entries(typed).map(([k, v]) => [k, parse(v) ?? 0])) as Counted;
