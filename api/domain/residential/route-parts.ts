// Schema pieces and constants shared by the residential route declarations (the common
// pieces come from api/http/schema-parts.ts).
import { bool, closed, date as day, dateOrNull, int, intOrNull, money, str, strOrNull } from '../../http/schema-parts';

export { bool, date as day, dateInput as date, email, int, money, str } from '../../http/schema-parts';

export const tag = 'residential';

export const RES = 'resident.contract';

export const nday = dateOrNull;

export const id = { type: 'integer', minimum: 1, maximum: 999_999_999, 'x-message': 'INVALID_ID' };

export const year = { type: 'integer', minimum: 2000, maximum: 2100, 'x-message': 'INCORRECT_DATES' };

export const receiptRow = {
  id: int,
  placeAffectationId: int,
  customerId: int,
  startDate: day,
  endDate: day,
  deadline: int,
  dueDate: day,
  stateId: { enum: [1, 2, 3] },
  totalInclVat: money,
  isBilled: bool,
  billId: intOrNull,
  billNumber: strOrNull,
  lastReminderOn: nday,
  version: int,
  placeCode: str,
  residentName: str,
  paid: money,
};

/** Every column of a receipt row is in each answer (null when empty). */
export const receiptRequired = Object.keys(receiptRow);

export const receiptRef = { $ref: '#/components/schemas/RentReceiptView' };

export const reminderResult = closed({
  rentReceiptId: int,
  mailId: int,
  status: { enum: ['queued', 'sending', 'sent', 'failed'] },
  error: strOrNull,
  to: str,
  subject: str,
});
