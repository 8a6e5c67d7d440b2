// Concierge (issue 30, docs/history.md#issue-30): services ordered as stay extras with their date and time, and the
// provider's daily list (screen, CSV, e-mail each morning and on demand).
import type { DomainModule } from '../module';
import { CONCIERGE_ROUTES } from './routes';

export const conciergeModule: DomainModule = {
  name: 'concierge',
  routes: () => CONCIERGE_ROUTES,
};

export { sendDailyConciergeList } from './daily';
