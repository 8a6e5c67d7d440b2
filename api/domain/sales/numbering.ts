// Gap-free ticket and Z numbers, one series per register, from the register's counter
// row (cash_register_counter, migration 0035) locked FOR UPDATE inside the issuing
// transaction: a rollback gives the number back, concurrent tickets queue on the row
// and get consecutive numbers in commit order. Never a sequence (a rollback would leave
// a gap).
import type { Knex } from 'knex';

export const formatTicketNumber = (prefix: string, sequence: number) =>
  `${prefix}-${String(sequence).padStart(6, '0')}`;

async function lockCounter(
  trx: Knex.Transaction,
  cashRegisterId: number,
): Promise<{ lastTicket: number; lastZ: number }> {
  await trx('cash_register_counter').insert({ cashRegisterId }).onConflict('cashRegisterId').ignore();
  return trx('cash_register_counter').where({ cashRegisterId }).forUpdate().first('lastTicket', 'lastZ');
}

export async function nextTicketNumber(
  trx: Knex.Transaction,
  register: { id: number; code: string; ticketPrefix: string | null },
): Promise<{ sequence: number; number: string }> {
  const c = await lockCounter(trx, register.id);
  const sequence = Number(c.lastTicket) + 1;
  await trx('cash_register_counter').where({ cashRegisterId: register.id }).update({ lastTicket: sequence });
  return { sequence, number: formatTicketNumber(register.ticketPrefix || register.code, sequence) };
}

export async function nextZNumber(trx: Knex.Transaction, cashRegisterId: number): Promise<number> {
  const c = await lockCounter(trx, cashRegisterId);
  const z = Number(c.lastZ) + 1;
  await trx('cash_register_counter').where({ cashRegisterId }).update({ lastZ: z });
  return z;
}
