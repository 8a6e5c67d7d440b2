// Routes of the ledger: verification, signing key, technical event journal, closures
// (day, month, year), their PDF, and the day's operations. Thin: parse, call.
import { FISCAL_ROUTES } from './fiscal-routes';
import { CLOSURE_ROUTES } from './closure-routes';

export const LEDGER_ROUTES = [...FISCAL_ROUTES, ...CLOSURE_ROUTES];
