// Schema pieces and checks shared by the statement routes (JSON and CSV).
import { badRequest } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { checkTaxPeriod } from './tourist-tax';

export const tag = 'statements';

export const ACC = 'invoice.accounting';

export const RESULTS = 'results.results';

export const day = { type: 'string', format: 'date', 'x-message': 'INCORRECT_DATES' };

export const year = { type: 'integer', minimum: 2000, maximum: 2100, 'x-message': 'INCORRECT_DATES' };

export const period = { type: 'object', required: ['from', 'to'], properties: { from: day, to: day } };

export const csv = { description: 'CSV', content: { 'text/csv': { schema: { type: 'string' } } } };

export type Period = { from: string; to: string };

export type Year = { year: number; from?: string; to?: string };

export const yearQuery = { type: 'object', required: ['year'], properties: { year, from: day, to: day } };

/** A period of results may span years; its start comes first. */
export const ordered = (q: Period) => {
  if (q.from > q.to) throw badRequest('INCORRECT_DATES', { to: formatMessage('INCORRECT_DATES') });
};

export const range = (q: Year) =>
  q.from && q.to ? (checkTaxPeriod(q.from, q.to), { from: q.from, to: q.to }) : undefined;
