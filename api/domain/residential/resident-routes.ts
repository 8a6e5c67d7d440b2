// Residential routes on residents: their list, the totals per bill line type and the
// contract's PDF.
import { defineRoute } from '../../http/define-route';
import { parseId } from '../../rest/records';
import { todayParis } from '../../../common/dates';
import { billTypeTotals, residentRows } from './views';
import { renderContractPdf } from './contract-pdf';
import { RES, tag, date, int, str, day, nday, bool, money } from './route-parts';

export const RESIDENT_ROUTES = [
  defineRoute<unknown, { date?: string }>({
    method: 'GET',
    path: '/rest/resident/list',
    right: [RES, 'read'],
    tag,
    summary: 'Résidents : leurs affectations, emplacement, dernier contrat, facturé et payé',
    query: { type: 'object', properties: { date } },
    response: {
      type: 'object',
      required: ['rows'],
      properties: {
        rows: {
          type: 'array',
          items: {
            type: 'object',
            required: ['placeAffectationId', 'customerId', 'placeCode', 'residentName', 'billed', 'paid'],
            properties: {
              placeAffectationId: int,
              customerId: int,
              placeCode: str,
              residentName: str,
              startDate: day,
              endDate: nday,
              isIndefinite: bool,
              isCurrent: bool,
              email: { type: ['string', 'null'] },
              phone1: { type: ['string', 'null'] },
              contractNumber: { type: ['string', 'null'] },
              billed: money,
              paid: money,
            },
          },
        },
      },
    },
    handler: async ({ query, knex }) => ({ rows: await residentRows(knex, query.date ?? todayParis()) }),
  }),

  defineRoute<unknown, { from: string; to: string }>({
    method: 'GET',
    path: '/rest/resident/bill-types',
    example: { query: { from: '2031-01-01', to: '2032-01-01' } },
    right: [RES, 'read'],
    tag,
    summary:
      'Quittances facturées sur [from, to) : totaux par type de ligne (18 échéance, 19 redevances, 22 compteurs…)',
    query: { type: 'object', required: ['from', 'to'], properties: { from: date, to: date } },
    response: {
      type: 'object',
      required: ['rows'],
      properties: {
        rows: {
          type: 'array',
          items: {
            type: 'object',
            required: ['lineType', 'lines', 'amountInclVat'],
            properties: { lineType: int, lines: int, amountExclVat: money, vatAmount: money, amountInclVat: money },
          },
        },
      },
    },
    handler: async ({ query, knex }) => ({ rows: await billTypeTotals(knex, query.from, query.to) }),
  }),

  defineRoute({
    method: 'GET',
    path: '/rest/residential-contract/document/:residentialContractId',
    example: { params: { residentialContractId: 'residentialContract' } },
    right: [RES, 'read'],
    tag,
    summary: 'Le contrat résidentiel en PDF, avec la notice d’information et son récépissé',
    response: { description: 'PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
    handler: async ({ ctx, params, knex }) => {
      const { data, number } = await renderContractPdf(knex, parseId(params.residentialContractId));
      ctx.type = 'application/pdf';
      ctx.set('Content-Disposition', `inline; filename="contrat-${number}.pdf"`);
      ctx.body = data;
      return undefined;
    },
  }),
];
