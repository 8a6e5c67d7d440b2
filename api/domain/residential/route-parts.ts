// Schema pieces and constants shared by the residential route declarations.
export const tag = 'residential';

export const RES = 'resident.contract';

export const int = { type: 'integer' };

export const str = { type: 'string' };

export const bool = { type: 'boolean' };

export const money = { type: 'integer', description: 'centimes' };

export const day = { type: 'string', format: 'date' };

export const nday = { type: ['string', 'null'], format: 'date' };

export const date = { type: 'string', format: 'date', 'x-message': 'INCORRECT_DATES' };

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
  billId: { type: ['integer', 'null'] },
  billNumber: { type: ['string', 'null'] },
  lastReminderOn: nday,
  version: int,
  placeCode: str,
  residentName: str,
  paid: money,
};

/** Every column of a receipt row is in each answer (null when empty). */
export const receiptRequired = Object.keys(receiptRow);

export const receiptRef = { $ref: '#/components/schemas/RentReceiptView' };

export const email = {
  type: 'string',
  maxLength: 254,
  pattern: '^[^\\s@]+@[^\\s@]+\\.[A-Za-z]{2,25}$',
  'x-message': 'INVALID_EMAIL',
};

export const reminderResult = {
  type: 'object',
  additionalProperties: false,
  required: ['rentReceiptId', 'mailId', 'status', 'error', 'to', 'subject'],
  properties: {
    rentReceiptId: int,
    mailId: int,
    status: { enum: ['queued', 'sending', 'sent', 'failed'] },
    error: { type: ['string', 'null'] },
    to: str,
    subject: str,
  },
};
