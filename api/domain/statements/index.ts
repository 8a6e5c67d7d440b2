// The statements module: VAT, tourist tax, results and the CSV exports read from the
// ledger. It gives the ledger's month closure the VAT statement to freeze.
import type { DomainModule } from '../module';
import { registerVatToFreeze } from '../ledger/month-freeze';
import { STATEMENT_ROUTES } from './routes';
import { vatToFreeze } from './vat';

export const statementsModule: DomainModule = {
  name: 'statements',
  register() {
    registerVatToFreeze(vatToFreeze);
  },
  routes: () => STATEMENT_ROUTES,
};
