// The answers of the surety provider's routes (routes.ts), named for /rest/openapi.json
// and the screens' generated types.
import { defineSchemas } from '../../http/define-route';

const str = { type: 'string' };
const int = { type: 'integer' };
const bool = { type: 'boolean' };
const date = { type: 'string', format: 'date' };
const list = (items: object) => ({ type: 'array', items });
const obj = (properties: Record<string, object>) => ({
  type: 'object',
  additionalProperties: false,
  required: Object.keys(properties),
  properties,
});
const state = { type: 'string', enum: ['none', 'requested', 'held', 'released', 'cashed'] };

defineSchemas({
  SuretyModule: obj({
    module: { anyOf: [obj({ id: int, label: str, isActive: bool }), { type: 'null' }] },
    settings: obj({
      calcul: { type: 'integer', enum: [1, 2, 3] },
      nbdaySurety: int,
      nbdaySuretyReminder: int,
      depositAmount: int,
    }),
    provider: obj({ name: str, configured: bool, host: { type: ['string', 'null'] } }),
  }),
  SuretyBooking: obj({
    bookingId: int,
    bookingCode: str,
    customerId: { type: ['integer', 'null'] },
    customerName: str,
    startDate: date,
    endDate: date,
    depositAmount: int,
    state,
    guaranteeId: { type: ['integer', 'null'] },
  }),
  SuretyDepositsSent: obj({ sent: list(obj({ bookingId: int, state })) }),
  SuretyCalcul: obj({
    bookings: list(obj({ bookingId: int, bookingCode: str, depositAmount: int })),
    total: int,
  }),
});
