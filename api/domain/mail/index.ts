// The mail module (api/domain/mail/README.md): SMTP setting, queue, history.
import type { DomainModule } from '../module';
import { MAIL_ROUTES } from './routes';
import { keepOnDemoReset } from '../establishment/demo-reset';

function registerMailModule(): void {
  // Document models are configuration: a demo reset keeps them (their translations go
  // with the languages they name; the history goes with the customers).
  keepOnDemoReset('document-function-model');
  keepOnDemoReset('mailing-configuration');
  keepOnDemoReset('document-setting-target');
  keepOnDemoReset('survey-question');
}

export const mailModule: DomainModule = {
  name: 'mail',
  register: registerMailModule,
  routes: () => MAIL_ROUTES,
};
