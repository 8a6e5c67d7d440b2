// Routes of the VACAF module (issue 30, docs/history.md#issue-30): the aid on a stay, the claims to the CAF
// (screen /vacaf-list), their file and the CAF's payment.
import { defineRoute } from '../../http/define-route';
import { notFound } from '../../http/errors';
import { parseId } from '../../rest/records';
import { aidOfStay, removeAid, setAid } from './aid';
import { aidRows, createClaim, listClaims, recordClaimPayment, vacafModule } from './claim';
import { bool, dateInput as day, int, intOrNull, str, strOrNull } from '../../http/schema-parts';

const tag = 'vacaf';
const PAY = 'invoice.payment';
const id = { type: 'integer', minimum: 1, maximum: 999_999_999, 'x-message': 'INVALID_ID' };
const aid = {
  type: 'object',
  properties: {
    id: int,
    bookingId: int,
    cafNumber: str,
    amount: int,
    claimId: intOrNull,
    billId: intOrNull,
    claimFrom: strOrNull,
    paid: int,
    due: int,
    billed: bool,
  },
};
const aidRow = {
  type: 'object',
  properties: {
    id: int,
    bookingId: int,
    code: strOrNull,
    customerName: strOrNull,
    cafNumber: str,
    startDate: str,
    endDate: str,
    nights: int,
    totalAmount: int,
    amount: int,
    paid: int,
    claimId: intOrNull,
  },
};
const claim = {
  type: 'object',
  properties: {
    id: int,
    agreementNumber: str,
    startDate: str,
    endDate: str,
    aidCount: int,
    totalAmount: int,
    paid: int,
    fileName: str,
    paidOn: strOrNull,
    createdAt: str,
    createdBy: strOrNull,
  },
};
type Period = { from: string; to: string };

export const VACAF_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/rest/booking/:bookingId/holiday-aid',
    example: { params: { bookingId: 'booking' } },
    right: ['booking.booking', 'read'],
    tag,
    summary: "L'aide VACAF du séjour (montant accordé, n° d'allocataire, demande, payé par la CAF), ou null",
    response: { oneOf: [aid, { type: 'null' }] },
    handler: async ({ params, knex }) => aidOfStay(knex, parseId(params.bookingId)),
  }),
  defineRoute<{ cafNumber: string; amount: number }>({
    method: 'POST',
    path: '/rest/booking/:bookingId/holiday-aid',
    example: {
      params: { bookingId: { fresh: 'billableBooking' } },
      body: { cafNumber: '1234567', amount: 100 },
      unchanged: { table: 'holiday_aid', where: { bookingId: { param: 'bookingId' } } },
    },
    right: [PAY, 'write'],
    tag,
    summary:
      "Accorde ou modifie l'aide VACAF du séjour (n° d'allocataire CAF de la famille, montant) ; refusée une fois " +
      'demandée à la CAF (VACAF_AID_CLAIMED) ou déduite par une facture (BILLED_ITEMS_UNCHANGEABLE)',
    body: {
      type: 'object',
      required: ['cafNumber', 'amount'],
      additionalProperties: false,
      properties: {
        cafNumber: { type: 'string', pattern: '^[0-9A-Za-z]{1,20}$', 'x-message': 'INCORRECT_FORM' },
        amount: { type: 'integer', minimum: 1, maximum: 100_000_000, 'x-message': 'INCORRECT_FORM' },
      },
    },
    response: { oneOf: [aid, { type: 'null' }] },
    handler: async ({ params, body, knex }) => {
      const bookingId = parseId(params.bookingId);
      await setAid(knex, bookingId, body);
      return aidOfStay(knex, bookingId);
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/booking/:bookingId/holiday-aid/delete',
    example: {
      params: { bookingId: { fresh: 'holidayAid' } },
      unchanged: { table: 'holiday_aid', where: { bookingId: { param: 'bookingId' } } },
    },
    right: [PAY, 'delete'],
    tag,
    summary: "Retire l'aide VACAF du séjour (mêmes refus qu'une modification)",
    response: { type: 'object', properties: { bookingId: int } },
    handler: async ({ params, knex }) => {
      const bookingId = parseId(params.bookingId);
      await removeAid(knex, bookingId);
      return { bookingId };
    },
  }),
  defineRoute<unknown, Partial<Period>>({
    method: 'GET',
    path: '/rest/vacaf-claim/list',
    example: { query: { from: '2031-07-01', to: '2031-08-01' } },
    right: [PAY, 'read'],
    tag,
    summary:
      'Les demandes à la CAF (période, aides, montant, payé) et, pour une période, les aides pas encore ' +
      'demandées des séjours qui finissent dedans (aperçu de la demande)',
    query: { type: 'object', additionalProperties: false, properties: { from: day, to: day } },
    response: {
      type: 'object',
      properties: {
        claims: { type: 'array', items: claim },
        pending: { type: 'array', items: aidRow },
        agreementNumber: strOrNull,
      },
    },
    handler: async ({ query, knex }) => ({
      claims: await listClaims(knex),
      pending: query.from && query.to && query.from < query.to ? await aidRows(knex, query) : [],
      agreementNumber: await vacafModule(knex).then(
        (m) => m.agreementNumber,
        () => null,
      ),
    }),
  }),
  defineRoute<Period>({
    method: 'POST',
    path: '/rest/vacaf-claim/create',
    example: {
      body: { from: '2031-07-01', to: '2031-08-01' },
      unchanged: { table: 'vacaf_claim', count: true },
      ok: { status: 400, why: 'no VACAF module: past the right, VACAF_MODULE_REQUIRED' },
    },
    right: [PAY, 'write'],
    tag,
    summary:
      'Fait la demande à la CAF de la période : les aides pas encore demandées des séjours qui finissent dedans, ' +
      "avec le numéro d'agrément ; une période déjà demandée est refusée (VACAF_PERIOD_CLAIMED)",
    body: {
      type: 'object',
      required: ['from', 'to'],
      additionalProperties: false,
      properties: { from: day, to: day },
    },
    response: { type: 'object', properties: { id: int } },
    handler: async ({ body, user, knex }) => ({ id: await createClaim(knex, body, user?.id ?? null) }),
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/vacaf-claim/:claimId/file',
    example: { params: { claimId: { value: 999999 } }, ok: { status: 404, why: 'no such claim: past the right, 404' } },
    right: [PAY, 'read'],
    tag,
    summary: 'Le fichier CSV de la demande à la CAF',
    response: { description: 'CSV', content: { 'text/csv': { schema: { type: 'string' } } } },
    handler: async ({ ctx, params, knex }) => {
      const c = await knex('vacaf_claim').where('id', parseId(params.claimId)).first('fileName', 'csv');
      if (!c) throw notFound();
      ctx.set('Content-Type', 'text/csv; charset=utf-8');
      ctx.set('Content-Disposition', `attachment; filename="${c.fileName}"`);
      ctx.body = c.csv;
      return undefined;
    },
  }),
  defineRoute<{ paymentMethodId: number; date?: string }>({
    method: 'POST',
    path: '/rest/vacaf-claim/:claimId/payment',
    example: {
      params: { claimId: { value: 999999 } },
      body: { paymentMethodId: { record: 'cheque' } },
      ok: { status: 404, why: 'no such claim: past the right, 404' },
    },
    right: [PAY, 'write'],
    tag,
    summary:
      'La CAF a payé la demande : un paiement (payeur aide aux vacances) par séjour pour ce que la CAF doit ' +
      'encore ; la demande est marquée payée (une seule fois : VACAF_CLAIM_PAID)',
    body: {
      type: 'object',
      required: ['paymentMethodId'],
      additionalProperties: false,
      properties: { paymentMethodId: id, date: day },
    },
    response: { type: 'object', properties: { payments: int, amount: int } },
    handler: async ({ params, body, user, knex }) =>
      recordClaimPayment(knex, parseId(params.claimId), body, user?.id ?? null),
  }),
];
