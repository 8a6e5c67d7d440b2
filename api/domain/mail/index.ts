// The mail module (api/domain/mail/README.md): SMTP setting, queue, history; and the
// documents module's routes (models rendered, printing, reminders, campaigns).
import type Router from '@koa/router';
import type { Knex } from 'knex';
import { routerOf } from '../../http/define-route';
import { MAIL_ROUTES } from './routes';
import { DOCUMENT_ROUTES } from '../documents/routes';
import { SURETY_ROUTES } from '../documents/surety-routes';
import { SURETY_MODULE_ROUTES } from '../surety/routes';
import { CAMPAIGN_ROUTES } from '../documents/campaign-routes';
import { SURVEY_ROUTES } from '../documents/survey-routes';
import { BILL_MAIL_ROUTES } from '../documents/bill-mail';
import { keepOnDemoReset } from '../establishment/demo-reset';

export function registerMailModule(): void {
  // Document models are configuration: a demo reset keeps them (their translations go
  // with the languages they name; the history goes with the customers).
  keepOnDemoReset('document-function-model');
  keepOnDemoReset('mailing-configuration');
  keepOnDemoReset('document-setting-target');
  keepOnDemoReset('survey-question');
}

export function mailRouters(knex: () => Knex): Router[] {
  return [
    routerOf(
      [
        ...MAIL_ROUTES,
        ...DOCUMENT_ROUTES,
        ...SURETY_ROUTES,
        ...SURETY_MODULE_ROUTES,
        ...CAMPAIGN_ROUTES,
        ...SURVEY_ROUTES,
        ...BILL_MAIL_ROUTES,
      ],
      knex,
    ),
  ];
}
