// Demo of the documents and e-mail: one model per function a campsite sends, with its
// French e-mail and the English translation (the demo has British and Irish guests),
// the document settings of the PDFs, and the satisfaction survey questions. The models
// are configuration (kept by a demo reset), so they are written once. The automatic
// ones — surveys and balance reminders, sent by the scheduler on their dates — are
// seeded inactive: activating them is the campsite's decision, not the demo's.
import type { Knex } from 'knex';

interface Model {
  functionCode: string;
  label: string;
  isActive?: boolean;
  attach: boolean;
  fr: [string, string];
  en: [string, string];
}

const SIGN_FR = '<p>À bientôt,<br>{{establishment.name}} — {{establishment.phone}}</p>';
const SIGN_EN = '<p>See you soon,<br>{{establishment.name}} — {{establishment.phone}}</p>';
const STAY_FR =
  '<ul><li>Arrivée : {{stay.arrival}}</li><li>Départ : {{stay.departure}} ({{stay.nights}} ' +
  'nuits)</li><li>Hébergement : {{stay.places}}</li><li>Occupants : {{stay.occupants}}</li></ul>';
const STAY_EN =
  '<ul><li>Arrival: {{stay.arrival}}</li><li>Departure: {{stay.departure}} ({{stay.nights}} ' +
  'nights)</li><li>Accommodation: {{stay.places}}</li><li>Guests: {{stay.occupants}}</li></ul>';

const MODELS: Model[] = [
  {
    functionCode: 'booking-confirmation',
    label: 'Confirmation de réservation',
    attach: true,
    fr: [
      'Confirmation de votre séjour {{stay.code}}',
      `<p>Bonjour {{customer.civility}} {{customer.lastName}},</p><p>Nous avons le plaisir de confirmer votre ` +
        `réservation :</p>${STAY_FR}<p>Total du séjour : <b>{{price.total}}</b>. Acompte : {{price.downPayment}} ` +
        `avant le {{price.downPaymentDueDate}} ; solde de {{price.balance}} avant le {{price.balanceDueDate}}.</p>`,
    ],
    en: [
      'Your stay {{stay.code}} is confirmed',
      `<p>Dear {{customer.firstName}} {{customer.lastName}},</p><p>We are pleased to confirm your booking:</p>` +
        `${STAY_EN}<p>Total: <b>{{price.total}}</b>. Deposit: {{price.downPayment}} by ` +
        `{{price.downPaymentDueDate}}; balance of {{price.balance}} by {{price.balanceDueDate}}.</p>`,
    ],
  },
  {
    functionCode: 'quote',
    label: 'Devis',
    attach: true,
    fr: [
      'Votre devis {{stay.code}}',
      `<p>Bonjour {{customer.civility}} {{customer.lastName}},</p><p>Voici notre proposition pour votre séjour ` +
        `:</p>${STAY_FR}<p>Montant : <b>{{price.total}}</b>.</p>`,
    ],
    en: [
      'Your quote {{stay.code}}',
      `<p>Dear {{customer.firstName}} {{customer.lastName}},</p><p>Here is our offer for your stay:</p>${STAY_EN}` +
        `<p>Amount: <b>{{price.total}}</b>.</p>`,
    ],
  },
  {
    functionCode: 'option',
    label: 'Option',
    attach: true,
    fr: [
      'Option sur votre séjour {{stay.code}}',
      `<p>Bonjour {{customer.civility}} {{customer.lastName}},</p><p>Nous avons posé une option pour vous :</p>` +
        `${STAY_FR}<p>Pour la confirmer, merci de régler l’acompte de {{price.downPayment}} avant le ` +
        `{{price.downPaymentDueDate}}.</p>`,
    ],
    en: [
      'Option on your stay {{stay.code}}',
      `<p>Dear {{customer.firstName}} {{customer.lastName}},</p><p>We are holding this stay for you:</p>` +
        `${STAY_EN}<p>To confirm it, please pay the deposit of {{price.downPayment}} by ` +
        `{{price.downPaymentDueDate}}.</p>`,
    ],
  },
  {
    functionCode: 'bill',
    label: 'Facture',
    attach: true,
    fr: [
      'Facture {{bill.number}}',
      '<p>Bonjour {{customer.civility}} {{customer.lastName}},</p><p>Veuillez trouver ci-joint la facture ' +
        '{{bill.number}} du {{bill.date}}, d’un montant de {{bill.total}}.</p>',
    ],
    en: [
      'Invoice {{bill.number}}',
      '<p>Dear {{customer.firstName}} {{customer.lastName}},</p><p>Please find attached invoice {{bill.number}} ' +
        'of {{bill.date}}, for {{bill.total}}.</p>',
    ],
  },
  {
    functionCode: 'credit-note',
    label: 'Avoir',
    attach: true,
    fr: [
      'Avoir {{bill.number}}',
      '<p>Bonjour {{customer.civility}} {{customer.lastName}},</p><p>Veuillez trouver ci-joint l’avoir ' +
        '{{bill.number}} du {{bill.date}}, d’un montant de {{bill.total}}.</p>',
    ],
    en: [
      'Credit note {{bill.number}}',
      '<p>Dear {{customer.firstName}} {{customer.lastName}},</p><p>Please find attached credit note ' +
        '{{bill.number}} of {{bill.date}}, for {{bill.total}}.</p>',
    ],
  },
  {
    functionCode: 'surety-reminder',
    label: 'Relance de caution',
    attach: false,
    fr: [
      'Acompte de votre séjour {{stay.code}}',
      '<p>Bonjour {{customer.civility}} {{customer.lastName}},</p><p>Sauf erreur de notre part, l’acompte de ' +
        '{{price.downPayment}} de votre séjour du {{stay.arrival}} au {{stay.departure}} n’a pas encore été ' +
        'réglé.</p>',
    ],
    en: [
      'Deposit for your stay {{stay.code}}',
      '<p>Dear {{customer.firstName}} {{customer.lastName}},</p><p>Unless we are mistaken, the deposit of ' +
        '{{price.downPayment}} for your stay from {{stay.arrival}} to {{stay.departure}} has not been paid yet.</p>',
    ],
  },
  {
    functionCode: 'balance-reminder',
    label: 'Relance de solde',
    isActive: false,
    attach: false,
    fr: [
      'Solde de votre séjour {{stay.code}}',
      '<p>Bonjour {{customer.civility}} {{customer.lastName}},</p><p>Votre arrivée approche : il reste ' +
        '{{price.balance}} à régler avant le {{price.balanceDueDate}}.</p>',
    ],
    en: [
      'Balance of your stay {{stay.code}}',
      '<p>Dear {{customer.firstName}} {{customer.lastName}},</p><p>Your arrival is near: {{price.balance}} ' +
        'remains to be paid by {{price.balanceDueDate}}.</p>',
    ],
  },
  {
    functionCode: 'rent-reminder',
    label: 'Relance de quittance',
    attach: true,
    fr: [
      'Quittance {{bill.number}} : {{rent.due}} restent à régler',
      '<p>Bonjour {{customer.civility}} {{customer.lastName}},</p><p>Sauf erreur de notre part, la quittance ' +
        '{{bill.number}} de votre emplacement résidentiel, {{rent.period}}, échue le {{bill.dueDate}}, n’est pas ' +
        'entièrement réglée : il reste <b>{{rent.due}}</b> à payer. Vous la trouverez en pièce jointe.</p>' +
        '<p>Si vous avez réglé entre-temps, merci de ne pas tenir compte de ce message.</p>',
    ],
    en: [
      'Rent receipt {{bill.number}}: {{rent.due}} left to pay',
      '<p>Dear {{customer.firstName}} {{customer.lastName}},</p><p>Unless we are mistaken, rent receipt ' +
        '{{bill.number}} for your residential plot, {{rent.period}}, due on {{bill.dueDate}}, is not fully paid: ' +
        '<b>{{rent.due}}</b> remains to be paid. Please find it attached.</p>' +
        '<p>If you have paid meanwhile, please disregard this message.</p>',
    ],
  },
  {
    functionCode: 'pre-stay-survey',
    label: 'Questionnaire avant séjour',
    isActive: false,
    attach: false,
    fr: [
      'Préparez votre arrivée, {{customer.firstName}}',
      '<p>Bonjour {{customer.firstName}},</p><p>Votre séjour commence le {{stay.arrival}}. Quelques questions ' +
        'pour bien vous accueillir :</p>',
    ],
    en: [
      'Getting ready for your arrival, {{customer.firstName}}',
      '<p>Hello {{customer.firstName}},</p><p>Your stay starts on {{stay.arrival}}. A few questions so we can ' +
        'welcome you well:</p>',
    ],
  },
  {
    functionCode: 'post-stay-survey',
    label: 'Questionnaire après séjour',
    isActive: false,
    attach: false,
    fr: [
      'Votre avis sur votre séjour',
      '<p>Bonjour {{customer.firstName}},</p><p>Merci d’avoir séjourné chez nous. Votre avis nous aide à ' +
        'progresser :</p>',
    ],
    en: [
      'How was your stay?',
      '<p>Hello {{customer.firstName}},</p><p>Thank you for staying with us. Your opinion helps us improve:</p>',
    ],
  },
];

const QUESTIONS: { survey: string; question: string; answerType: string }[] = [
  { survey: 'pre-stay', question: 'À quelle heure pensez-vous arriver ?', answerType: 'text' },
  { survey: 'pre-stay', question: 'Voyagez-vous avec un animal ?', answerType: 'yes-no' },
  { survey: 'post-stay', question: 'Accueil', answerType: 'rating' },
  { survey: 'post-stay', question: 'Propreté des sanitaires', answerType: 'rating' },
  { survey: 'post-stay', question: 'Emplacement ou hébergement', answerType: 'rating' },
  { survey: 'post-stay', question: 'Reviendrez-vous ?', answerType: 'yes-no' },
  { survey: 'post-stay', question: 'Un mot pour l’équipe ?', answerType: 'text' },
];

export async function seedDocumentsDemo(knex: Knex): Promise<void> {
  // per function: a model added by a later version reaches an installation seeded before it
  const present = new Set((await knex('document_function_model').select('functionCode')).map((r) => r.functionCode));
  const en = (await knex('language').where('code', 'en').first('id'))?.id ?? null;
  for (const m of MODELS) {
    if (present.has(m.functionCode)) continue;
    const [model] = await knex('document_function_model')
      .insert({ functionCode: m.functionCode, label: m.label, isActive: m.isActive ?? true })
      .returning('id');
    const [mc] = await knex('mailing_configuration')
      .insert({
        documentFunctionModelId: model.id,
        label: 'Standard',
        isDefault: true,
        attachDocument: m.attach,
        subject: m.fr[0],
        body: m.fr[1],
        signature: SIGN_FR,
      })
      .returning('id');
    if (en)
      await knex('mailing_configuration_translation').insert({
        mailingConfigurationId: mc.id,
        languageId: en,
        subject: m.en[0],
        body: m.en[1],
        signature: SIGN_EN,
      });
  }
  if (!(await knex('document_setting_target').first('id'))) {
    const legal =
      'Conditions générales de vente disponibles à l’accueil et sur notre site. Médiateur de la consommation : ' +
      'voir nos conditions générales.';
    const [booking] = await knex('document_setting_target')
      .insert([
        {
          target: 'booking',
          label: 'Confirmation',
          headerText: 'Confirmation de réservation',
          footerText: 'Merci de votre confiance',
          legalMentions: legal,
        },
        {
          target: 'quote',
          label: 'Devis',
          headerText: 'Devis valable 15 jours',
          footerText: 'Merci de votre confiance',
          legalMentions: legal,
        },
        { target: 'option', label: 'Option', footerText: 'Merci de votre confiance', legalMentions: legal },
        { target: 'reminder', label: 'Relances', footerText: 'Merci de votre confiance' },
      ])
      .returning('id');
    if (en)
      await knex('document_setting_translation').insert({
        documentSettingTargetId: booking.id,
        languageId: en,
        headerText: 'Booking confirmation',
        footerText: 'Thank you for your trust',
        legalMentions: 'Terms and conditions available at the reception and on our website.',
      });
  }
  if (!(await knex('survey_question').first('id'))) {
    await knex('survey_question').insert(QUESTIONS.map((q, i) => ({ ...q, position: i + 1 })));
  }
}
