// The documents module: models rendered and printed, bills and sureties sent by mail,
// reminders, campaigns and surveys (the queue itself is the mail module's).
import type { DomainModule } from '../module';
import { DOCUMENT_ROUTES } from './routes';
import { SURETY_ROUTES } from './surety-routes';
import { CAMPAIGN_ROUTES, UNSUBSCRIBE_ROUTES } from './campaign-routes';
import { SURVEY_ROUTES } from './survey-routes';
import { BILL_MAIL_ROUTES } from './bill-mail';

export const documentsModule: DomainModule = {
  name: 'documents',
  routes: () => [...DOCUMENT_ROUTES, ...SURETY_ROUTES, ...CAMPAIGN_ROUTES, ...SURVEY_ROUTES, ...BILL_MAIL_ROUTES],
  // Unsubscribing and answering a survey: the link in the mail carries its own key.
  publicRoutes: () => UNSUBSCRIBE_ROUTES,
};
