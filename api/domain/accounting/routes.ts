// The accounting export routes: the FEC of a financial year.
import { defineRoute } from '../../http/define-route';
import { fecOfYear } from './fec';

export const ACCOUNTING_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/rest/accounting/fec/:year',
    right: ['invoice.accounting', 'export'],
    tag: 'accounting',
    params: { year: { type: 'integer', minimum: 2000, maximum: 2100, 'x-message': 'INCORRECT_DATES' } },
    summary: "Le FEC de l'exercice (fichier <SIREN>FEC<AAAAMMJJ>.txt, 18 colonnes séparées par des tabulations)",
    response: { description: 'Fichier texte', content: { 'text/plain': { schema: { type: 'string' } } } },
    handler: async ({ ctx, params, knex }) => {
      const { fileName, text } = await fecOfYear(knex, Number(params.year));
      ctx.type = 'text/plain; charset=utf-8';
      ctx.set('Content-Disposition', `attachment; filename="${fileName}"`);
      ctx.body = text;
      return undefined;
    },
  }),
];
