// The named answer schemas of the till routes (components/schemas of /rest/openapi.json),
// registered on import: a ticket, a window's Z.
import { defineSchemas } from '../../http/define-route';

defineSchemas({
  SaleTicket: {
    type: 'object',
    description:
      'Un ticket de caisse émis (ou de retour) : numéro sans trou de sa caisse, lignes, règlements, totaux par ' +
      'taux de TVA',
    properties: {
      id: { type: 'integer' },
      number: { type: 'string' },
      kind: { enum: ['sale', 'return'] },
      totalInclVat: { type: 'integer' },
      changeGiven: { type: 'integer' },
      lines: { type: 'array', items: { type: 'object' } },
      payments: { type: 'array', items: { type: 'object' } },
      vatTotals: { type: 'array', items: { type: 'object' } },
    },
  },
  CashRegisterZ: {
    type: 'object',
    description:
      "Le Z d'une session de caisse : attendu, compté et écart par nature de règlement, totaux par taux de TVA, " +
      'nombre de tickets',
    properties: {
      windowId: { type: 'integer' },
      zNumber: { type: ['integer', 'null'] },
      ticketCount: { type: 'integer' },
      totalInclVat: { type: 'integer' },
      byKind: { type: 'array', items: { type: 'object' } },
      vatTotals: { type: 'array', items: { type: 'object' } },
    },
  },
});
