// Module kinds configured on a grid of records (one per provider or account): part of the
// catalogue of common/modules.ts.
import { type ModuleKind, grid, s, i, e, b, api } from './module-fields';

export const GRID_MODULE_KINDS: ModuleKind[] = [
  // A connector to the accountant's program (api/domain/accounting/connector.ts reads it).
  grid(
    'accounting',
    'Comptabilité',
    'accountingId',
    [
      s('journalCode', 'Code journal des ventes'),
      i('accountLength', 'Longueur des comptes', { min: 4, max: 20, default: 8 }),
      e(
        'exportFormat',
        "Format d'export",
        [
          ['csv', 'CSV'],
          ['fec', 'FEC'],
          ['quadratus', 'Quadratus (ASCII)'],
          ['ximport', 'Ciel / Sage 50 (XIMPORT)'],
          ['ebp', 'EBP (ASCII)'],
        ],
        'csv',
      ),
      e(
        'protocol',
        'Envoi du fichier',
        [
          ['none', 'Aucun (téléchargement)'],
          ['ftp', 'FTP'],
          ['ftps', 'FTPS (FTP sur TLS)'],
          ['sftp', 'SFTP'],
        ],
        'none',
      ),
      s('host', 'Serveur'),
      i('port', 'Port (vide : celui du protocole)', { min: 1, max: 65535 }),
      s('user', 'Utilisateur'),
      s('password', 'Mot de passe', { secret: true }),
      s('directory', 'Dossier de dépôt'),
    ],
    ['Quadratus', 'Ciel', 'Sage 50', 'EBP'],
  ),
  // Read by api/domain/insurance: the contract number goes on the declaration, the rate is the
  // campsite's commission on the premiums it collects (the premium itself is priced by the
  // tariff's « Assurance annulation »), « proposée par défaut » ticks it in the booking wizard.
  grid('insurance', 'Assurance annulation', 'insuranceId', [
    s('contractNumber', 'N° de contrat'),
    { name: 'rate', label: 'Taux de commission du camping (sur les primes)', type: 'rate', min: 0, max: 10000 },
    b('mandatory', 'Proposée par défaut'),
    s('insurerEmail', "E-mail de l'assureur (déclarations)", { type: 'email' }),
  ]),
  grid('emailing', 'E-mailing', 'emailingId', [
    s('senderName', "Nom de l'expéditeur"),
    s('senderEmail', "E-mail de l'expéditeur", { type: 'email' }),
    s('replyTo', 'E-mail de réponse', { type: 'email' }),
  ]),
  grid('satisfaction-survey', 'Enquête de satisfaction', 'satisfactionSurveyId', [
    i('daysAfterDeparture', 'Envoi (jours après le départ)', { default: 1, max: 60 }),
    i('daysBeforeArrival', 'Questionnaire avant séjour (jours avant l’arrivée)', { default: 10, max: 60 }),
    // §9 (docs/constants.md) send modes: manual (never by the scheduler), on date (its first run of the day), at time
    // (from that hour)
    e(
      'sendMode',
      "Mode d'envoi",
      [
        ['on-date', 'À la date'],
        ['at-time', "À l'heure"],
        ['manual', 'Manuel'],
      ],
      'on-date',
    ),
    s('sendTime', "Heure d'envoi (HH:MM)"),
    b('monthlyOn5th', 'Envoi automatique le 5 du mois (séjours du mois précédent)'),
    s('surveyUrl', "Adresse de l'enquête", { type: 'uri' }),
  ]),
  grid('access-control', "Contrôle d'accès", 'accessControlId', [
    ...api,
    b('createBadgeOnArrival', "Badge créé à l'arrivée", true),
    // the barrier system polls GET /rest/access-control/credentials with it (header X-Access-Token)
    s('pullToken', 'Jeton de relève des accès', { secret: true }),
  ]),
  grid('statistics', 'Statistiques', 'statisticsId', [
    s('exportUrl', "Adresse d'envoi", { type: 'uri' }),
    i('referenceYears', 'Années de référence', { min: 1, max: 3, default: 3 }),
  ]),
  grid('yield-management', 'Yield management', 'yieldManagementId', [
    ...api,
    b('autoApplyPrices', 'Appliquer les prix automatiquement'),
  ]),
  // Read by the PDF of the stay documents (api/domain/documents/pdf.ts); bills keep their
  // embedded PDF/A font.
  grid('doc-editor', 'Éditeur de documents', 'docEditorId', [
    e(
      'defaultFont',
      'Police par défaut',
      [
        ['Roboto', 'Roboto'],
        ['Helvetica', 'Helvetica'],
        ['Times', 'Times'],
        ['Courier', 'Courier'],
      ],
      'Roboto',
    ),
    e(
      'pageSize',
      'Format de page',
      [
        ['A4', 'A4'],
        ['A5', 'A5'],
        ['LETTER', 'Lettre US'],
      ],
      'A4',
    ),
  ]),
  grid('gift', 'Bons cadeaux', 'giftId', [
    s('articleCode', 'Article bon cadeau'),
    i('validityMonths', 'Validité (mois)', { min: 1, max: 60, default: 12 }),
  ]),
  grid(
    'online-booking',
    'Réservation en ligne',
    'onlineBookingId',
    [
      // No login: a channel's connector authenticates with its API key (Pitchup's token) or
      // its webhook secret, and an iCal feed with its address (api/domain/channels).
      ...api.filter((f) => f.name !== 'apiLogin'),
      b('autoIntegrate', 'Intégration automatique des réservations'),
      // The channel layer (api/domain/channels, docs/channels.md) reads these.
      e(
        'connector',
        'Connecteur',
        [
          ['webhook', 'Réservations poussées par le canal (webhook signé)'],
          ['pitchup', 'API Pitchup'],
          ['ical', 'Calendriers iCal'],
        ],
        'webhook',
      ),
      s('apiKey', "Clé d'API", { secret: true }),
      s('apiVersion', "Version de l'API"),
      s('webhookSecret', 'Secret de signature des webhooks', { secret: true }),
      i('accessChannelId', 'Canal de vente (n°)', { min: 1 }),
      i('paymentMethodId', 'Mode de paiement des sommes encaissées par le canal (n°)', { min: 1 }),
      i('partnerId', 'Gestionnaire partenaire (n°)', { min: 1 }),
      { name: 'commissionRate', label: 'Commission du canal', type: 'rate', min: 0, max: 10000 },
      i('pollMinutes', 'Relève des réservations (minutes)', { min: 1, max: 1440, default: 5 }),
      b('pushAvailability', 'Envoyer les disponibilités', true),
      b('pushRates', 'Envoyer les tarifs et règles de séjour'),
      i('maxChildAge', 'Âge maximal des enfants', { max: 25, default: 15 }),
      i('maxInfantAge', 'Âge maximal des bébés', { max: 10, default: 2 }),
    ],
    ['Secure Holiday', 'O-Cell', 'Elloha', 'D-Edge', 'Pitchup', 'Giloo'],
  ),
  grid('concierge-service', 'Conciergerie', 'conciergeServiceId', [
    s('contactEmail', 'E-mail du service', { type: 'email' }),
  ]),
  grid(
    'surety',
    'Caution',
    'suretyId',
    [
      e(
        'calcul',
        'Calcul',
        [
          [1, 'Caution'],
          [2, 'Solde'],
          [3, 'Caution et solde'],
        ],
        1,
      ),
      i('nbdaySurety', 'Rappel de caution (jours avant le séjour)', { default: 10, max: 90 }),
      i('nbdaySuretyReminder', 'Relance (jours avant le séjour)', { default: 5, max: 90 }),
      s('apiLogin', "Identifiant d'API"),
      // whole euros in the form (the API answers cents): a deposit is a round sum
      i('depositEuros', 'Montant de la caution demandée (€)', { max: 100000 }),
    ],
    ['Swikly'],
  ),
  grid('cleanning', 'Ménage', 'cleanningId', [
    e(
      'mode',
      'Mode',
      [
        ['free', 'Libre'],
        ['ready', 'Prêt'],
      ],
      'free',
    ),
    b('controlAfterCleaning', 'Contrôle après ménage', true),
  ]),
];
