// Documents and e-mail: the SMTP setting, the mail history, the surety and balance
// reminders, e-mail campaigns and satisfaction surveys' results, the e-mail of a document model with its rich-text body
// (the model and translation lists are generated).
import { withRight, type ScreenArea } from '../../admin/src/ui/registry';

export const documentsArea: ScreenArea = {
  name: 'documents',
  screens: [
    ...withRight('documents.smtp', [
      {
        path: '/email-configuration',
        load: () => import('./EmailConfiguration'),
        menu: { label: "Paramètres d'e-mail", path: 'Admin/Documents' },
      },
      {
        path: '/email-history-list-page/:entityId',
        load: () => import('./MailHistory'),
        menu: { label: 'Historique des e-mails', path: 'Admin/Documents', to: '/email-history-list-page/0' },
      },
    ]),
    ...withRight('customer.surety', [
      {
        path: '/surety-list',
        load: () => import('./SuretyList'),
        menu: { label: 'Relance des cautions et soldes', path: 'Facturation' },
      },
    ]),
    ...withRight('campaign.campaigns', [
      {
        path: '/campaign-email',
        load: () => import('./Campaigns'),
        menu: { label: "Campagne d'e-mails", path: 'Fichiers/Clients' },
      },
      { path: '/campaign-history', load: () => import('./CampaignHistory') },
      {
        path: '/survey-results',
        load: () => import('./SurveyResults'),
        menu: { label: 'Résultats des questionnaires', path: 'Mailing/Satisfaction' },
      },
      // The generated GRC form with the record's follow-ups (takes the generated edit route).
      { path: '/grc/:grcId', load: () => import('./GrcEdit') },
      // The criteria edited field by field with their reach (takes the generated edit route).
      { path: '/mailing-criteria/:mailingCriteriaId', load: () => import('./MailingCriteriaEdit') },
    ]),
    ...withRight('documents.model', [
      {
        path: '/mailing-configuration/:documentFunctionModelId/:mailingConfigurationId',
        load: () => import('./MailingConfigurationEdit'),
      },
    ]),
  ],
};
