// Gap-free ticket and Z numbers, one series per register, from the register's counter
// row (cash_register_counter, migration 0035) locked inside the issuing transaction: a
// rollback gives the number back, concurrent tickets queue on the row and get
// consecutive numbers in commit order. Never a sequence (a rollback would leave a gap).
// One statement takes the number: an upsert that creates the row at the register's first
// ticket, else increments it, which locks the row until commit (migration 0035's trigger
// still refuses a counter going back); a ticket's is a CTE of the ticket's own insert.
import type { Knex } from 'knex';

export const formatTicketNumber = (prefix: string, sequence: number) =>
  `${prefix}-${String(sequence).padStart(6, '0')}`;
/** formatTicketNumber in SQL, of the sequence `n` (lpad would cut a longer one). */
const TICKET_NUMBER_SQL = `? || '-' || CASE WHEN length(n::text) >= 6 THEN n::text ELSE lpad(n::text, 6, '0') END`;

const upsert = (column: 'last_ticket' | 'last_z') =>
  `INSERT INTO cash_register_counter AS c (cash_register_id, ${column}) VALUES (?, 1)
     ON CONFLICT (cash_register_id) DO UPDATE SET ${column} = c.${column} + 1
   RETURNING c.${column} AS n`;

async function increment(
  trx: Knex.Transaction,
  cashRegisterId: number,
  column: 'last_ticket' | 'last_z',
): Promise<number> {
  const { rows } = await trx.raw(upsert(column), [cashRegisterId]);
  return Number(rows[0].n);
}

/**
 * The next ticket number taken in the statement that inserts the ticket, one round trip
 * less (issue 31 (docs/history.md#issue-31)): the counter's upsert as a CTE `n`, and the
 * ticket's `sequence` and `number` columns reading it.
 */
export function ticketNumberInInsert(
  trx: Knex.Transaction,
  register: { id: number; code: string; ticketPrefix: string | null },
) {
  return {
    cte: trx.raw(upsert('last_ticket'), [register.id]),
    sequence: trx.raw('(SELECT n FROM n)'),
    number: trx.raw(`(SELECT ${TICKET_NUMBER_SQL} FROM n)`, [register.ticketPrefix || register.code]),
  };
}

export async function nextZNumber(trx: Knex.Transaction, cashRegisterId: number): Promise<number> {
  return increment(trx, cashRegisterId, 'last_z');
}
