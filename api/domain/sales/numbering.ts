// Gap-free ticket and Z numbers, one series per register, from the register's counter
// row (cash_register_counter, migration 0035) locked inside the issuing transaction: a
// rollback gives the number back, concurrent tickets queue on the row and get
// consecutive numbers in commit order. Never a sequence (a rollback would leave a gap).
// One statement takes the number: an upsert that creates the row at the register's first
// ticket, else increments it, which locks the row until commit (migration 0035's trigger
// still refuses a counter going back).
import type { Knex } from 'knex';

export const formatTicketNumber = (prefix: string, sequence: number) =>
  `${prefix}-${String(sequence).padStart(6, '0')}`;

async function increment(
  trx: Knex.Transaction,
  cashRegisterId: number,
  column: 'last_ticket' | 'last_z',
): Promise<number> {
  const { rows } = await trx.raw(
    `INSERT INTO cash_register_counter AS c (cash_register_id, ${column}) VALUES (?, 1)
       ON CONFLICT (cash_register_id) DO UPDATE SET ${column} = c.${column} + 1
     RETURNING c.${column} AS n`,
    [cashRegisterId],
  );
  return Number(rows[0].n);
}

export async function nextTicketNumber(
  trx: Knex.Transaction,
  register: { id: number; code: string; ticketPrefix: string | null },
): Promise<{ sequence: number; number: string }> {
  const sequence = await increment(trx, register.id, 'last_ticket');
  return { sequence, number: formatTicketNumber(register.ticketPrefix || register.code, sequence) };
}

export async function nextZNumber(trx: Knex.Transaction, cashRegisterId: number): Promise<number> {
  return increment(trx, cashRegisterId, 'last_z');
}
