// The answers of the documents routes (routes.ts, surety-routes.ts, survey-routes.ts,
// campaign-routes.ts, bill-mail.ts), named for /rest/openapi.json and the screens' types.
import { defineSchemas } from '../../http/define-route';
import { str, int, bool, date, strOrNull, intOrNull, list, closed as obj } from '../../http/schema-parts';

const mailStatus = { type: 'string', enum: ['queued', 'sending', 'sent', 'failed'] };
const sentMail = { id: int, status: mailStatus, error: strOrNull, to: str, subject: str, translated: bool };
const suretyRow = obj({
  bookingId: int,
  bookingCode: str,
  customerId: intOrNull,
  customerName: str,
  startDate: date,
  endDate: date,
  statusId: int,
  suretyAmount: int,
  balanceAmount: int,
  isSuretySend: bool,
  isSuretyReminderSend: bool,
  isBalanceSend: bool,
  isBalanceSendReminder: bool,
  error: strOrNull,
});

defineSchemas({
  StayDocumentSent: obj(sentMail),
  BillMailSent: obj({ ...sentMail, duplicate: bool }),
  TemplatePreview: obj({ subject: str, html: str }),
  SuretyConfig: obj({ calcul: { type: 'integer', enum: [1, 2, 3] }, nbdaySurety: int, nbdaySuretyReminder: int }),
  SuretyLists: obj({
    calcul: { type: 'integer', enum: [1, 2, 3] },
    suretyList: list(suretyRow),
    suretyReminderList: list(suretyRow),
  }),
  SuretySent: obj({ sent: int, errors: list(obj({ bookingId: int, error: str })) }),
  SurveyResults: obj({
    survey: { type: 'string', enum: ['pre-stay', 'post-stay'] },
    respondents: int,
    questions: list(
      obj({
        id: int,
        question: str,
        answerType: { type: 'string', enum: ['rating', 'yes-no', 'text'] },
        answers: int,
        averageRating: intOrNull,
        ratings: list(int),
        yes: int,
        no: int,
        texts: list(obj({ text: str, bookingCode: str })),
      }),
    ),
  }),
  CampaignPreview: obj({
    count: int,
    sample: list(obj({ id: int, lastName: str, firstName: strOrNull, email: strOrNull, phone1: strOrNull })),
  }),
  CampaignHistoryRow: obj({
    channel: { type: 'string', enum: ['email', 'sms'] },
    mailingConfigurationId: int,
    modelLabel: strOrNull,
    mailingCriteriaId: int,
    criteriaLabel: strOrNull,
    criteriaSummary: str,
    firstSentAt: str,
    lastSentAt: str,
    recipients: int,
    sent: int,
    failed: int,
    pending: int,
  }),
  CampaignQueued: obj({ queued: int, selected: int }),
});
