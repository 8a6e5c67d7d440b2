// Routes of the cash and the bank's months (the payments' routes are in
// money-routes.ts): deposits of a month, the cash fund of a day, expenses and
// injections of a month, starting bases, the cash and bank journal, the finance
// preferences. One declaration each, thin handlers.
import { defineRoute } from '../../http/define-route';
import { parseId } from '../../rest/records';
import { entityMeta } from '../../rest/entities';
import { saveRecord } from '../../rest/records';
import { badRequest } from '../../http/errors';
import { isYearMonth } from '../../../common/cash';
import { cashFund, movementsOfMonth, startingBases } from './cash';
import { cashAndBankJournal } from './cash-journal';
import { depositsOfMonth } from './deposits';
import { financePreferences } from './preferences';
import { dateInput as date, ref } from '../../http/schema-parts';
import { CASH_AND_BANK_JOURNAL, CASH_FUND, CASH_MOVEMENTS, DEPOSITS_OF_MONTH, STARTING_BASES } from './finance-schemas';

const tag = 'billing';
const BANK = 'invoice.bank';
const text = (n: number) => ({ type: ['string', 'null'], maxLength: n });

function yearMonthOf(raw: string): string {
  if (!isYearMonth(raw)) throw badRequest('INCORRECT_DATES');
  return raw;
}
function dateOf(raw: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw) || Number.isNaN(Date.parse(`${raw}T00:00:00Z`)))
    throw badRequest('INCORRECT_DATES');
  return raw;
}

export const CASH_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/rest/bank-deposit/month/:yearMonth',
    example: { params: { yearMonth: { value: '2031-07' } } },
    right: [BANK, 'read'],
    tag,
    summary: 'Les remises en banque d’un mois (écran /deposit-list/{yearMonth}) et leur total',
    response: DEPOSITS_OF_MONTH,
    handler: ({ params, knex }) => depositsOfMonth(knex, yearMonthOf(params.yearMonth)),
  }),

  defineRoute({
    method: 'GET',
    path: '/rest/cash-fund/:paymentMethodId/:date',
    example: { params: { paymentMethodId: 'cash', date: { value: '2031-07-01' } } },
    right: [BANK, 'read'],
    tag,
    summary:
      'Le fond de caisse d’un mode espèces un jour : ouverture, encaissements, apports, dépenses, remises, ' +
      'attendu, comptage et écart',
    response: CASH_FUND,
    handler: ({ params, knex }) => cashFund(knex, parseId(params.paymentMethodId), dateOf(params.date)),
  }),

  defineRoute<{ countedAmount: number; notes?: string | null; version?: number }>({
    method: 'POST',
    path: '/rest/cash-fund/:paymentMethodId/:date',
    example: {
      params: { paymentMethodId: 'cash', date: { value: '2031-07-02' } },
      body: { countedAmount: 1234 },
      unchanged: { table: 'cash_count', where: { paymentMethodId: { record: 'cash' }, date: '2031-07-02' } },
    },
    right: [BANK, 'write'],
    tag,
    summary:
      'Enregistre (ou corrige) le comptage de la caisse ce jour ; le montant attendu y est gardé tel qu’il était',
    body: {
      type: 'object',
      required: ['countedAmount'],
      additionalProperties: false,
      properties: {
        countedAmount: { type: 'integer', minimum: 0, maximum: 100_000_000 },
        notes: text(500),
        version: { type: 'integer', minimum: 1 },
      },
    },
    response: CASH_FUND,
    handler: async ({ params, body, user, knex }) => {
      const paymentMethodId = parseId(params.paymentMethodId);
      const day = dateOf(params.date);
      const existing = await knex('cash_count').where({ paymentMethodId, date: day }).first('id');
      await saveRecord(
        knex,
        entityMeta('cash-count'),
        { ...body, id: existing?.id ?? 0, paymentMethodId, date: day },
        user?.id ?? null,
      );
      return cashFund(knex, paymentMethodId, day);
    },
  }),

  defineRoute({
    method: 'GET',
    path: '/rest/cash-movement/month/:kind/:yearMonth',
    example: { params: { kind: { value: 'expense' }, yearMonth: { value: '2031-07' } } },
    right: [BANK, 'read'],
    tag,
    summary: 'Les dépenses (kind expense) ou les apports (kind injection) de caisse d’un mois et leur total',
    response: CASH_MOVEMENTS,
    handler: ({ params, knex }) => {
      if (params.kind !== 'expense' && params.kind !== 'injection') throw badRequest('INVALID_CHOICE');
      return movementsOfMonth(knex, params.kind, yearMonthOf(params.yearMonth));
    },
  }),

  defineRoute({
    method: 'GET',
    path: '/rest/starting-base/month/:yearMonth',
    example: { params: { yearMonth: { value: '2031-07' } } },
    right: [BANK, 'read'],
    tag,
    summary: 'Les modes espèces et leur fond de caisse de début de mois (null quand il n’est pas encore saisi)',
    response: STARTING_BASES,
    handler: ({ params, knex }) => startingBases(knex, yearMonthOf(params.yearMonth)),
  }),

  defineRoute<unknown, { from: string; to: string; paymentMethodId?: number }>({
    method: 'GET',
    path: '/rest/cash-and-bank-journal',
    example: { query: { from: '2031-07-01', to: '2031-07-31' } },
    right: [BANK, 'read'],
    tag,
    summary:
      'Journal de caisse et de banque : encaissements par mode, dépenses, apports et remises d’espèces sur une ' +
      'période, avec les totaux par mode',
    query: {
      type: 'object',
      required: ['from', 'to'],
      properties: { from: date, to: date, paymentMethodId: { type: 'integer', minimum: 1, maximum: 999_999_999 } },
    },
    response: CASH_AND_BANK_JOURNAL,
    handler: ({ query, knex }) => {
      if (query.to < query.from) throw badRequest('INCORRECT_DATES');
      return cashAndBankJournal(knex, query);
    },
  }),

  defineRoute({
    method: 'GET',
    path: '/rest/finance-preference/current',
    right: ['establishment.settings', 'read'],
    tag,
    summary:
      'Les préférences des sections résultat, frais, mode d’impression et vente (les valeurs par défaut, id 0, ' +
      'tant qu’elles n’ont pas été enregistrées)',
    response: ref('FinancePreference'),
    handler: ({ knex }) => financePreferences(knex),
  }),
];
