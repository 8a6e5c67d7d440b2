// The modules of §2 Admin as configuration records (entity `module`: kind, label,
// provider, active flag, settings JSON). This catalogue gives each kind its
// screens (routes exactly as §2 writes them) and the settings it accepts; the API
// refuses unknown settings and wrong types, the screens build their forms from it.
import { MESSAGES } from './messages';

export type ModuleFieldType = 'string' | 'integer' | 'boolean' | 'enum' | 'email' | 'uri' | 'rate';

export interface ModuleField {
  name: string;
  label: string;
  type: ModuleFieldType;
  choices?: { id: string | number; name: string }[];
  min?: number;
  max?: number;
  default?: string | number | boolean;
  /** a secret (API key, token, webhook secret): answered masked, « •••• » + its last 4 characters */
  secret?: boolean;
}

export interface ModuleKind {
  kind: string;
  label: string;
  /** grid: several records, a grid and an edit screen by id; single: one record, one screen */
  screen: 'grid' | 'single';
  /** the grid's route (grid) or the screen's route (single) */
  route: string;
  /** edit route of a grid kind, e.g. /admin/module/insurance/:insuranceId */
  editRoute?: string;
  /** suggested providers (free text is allowed) */
  providers?: string[];
  fields: ModuleField[];
}

const s = (name: string, label: string, extra: Partial<ModuleField> = {}): ModuleField => ({
  name,
  label,
  type: 'string',
  ...extra,
});
const i = (name: string, label: string, extra: Partial<ModuleField> = {}): ModuleField => ({
  name,
  label,
  type: 'integer',
  min: 0,
  ...extra,
});
const b = (name: string, label: string, dflt = false): ModuleField => ({ name, label, type: 'boolean', default: dflt });
const e = (name: string, label: string, choices: [string | number, string][], dflt?: string | number): ModuleField => ({
  name,
  label,
  type: 'enum',
  choices: choices.map(([id, n]) => ({ id, name: n })),
  default: dflt,
});

const grid = (
  kind: string,
  label: string,
  idParam: string | null,
  fields: ModuleField[],
  providers?: string[],
): ModuleKind => ({
  kind,
  label,
  screen: 'grid',
  route: `/admin/module/${kind}-grid`,
  editRoute: idParam ? `/admin/module/${kind}/:${idParam}` : undefined,
  providers,
  fields,
});
const single = (kind: string, label: string, fields: ModuleField[], providers?: string[]): ModuleKind => ({
  kind,
  label,
  screen: 'single',
  route: `/admin/module/${kind}`,
  providers,
  fields,
});

const api = [
  s('apiUrl', "Adresse de l'API", { type: 'uri' }),
  s('apiLogin', "Identifiant d'API"),
  s('siteId', 'Identifiant du site'),
];

export const MODULE_KINDS: ModuleKind[] = [
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
    // §9 send modes: manual (never by the scheduler), on date (its first run of the day), at time (from that hour)
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
  // No Clicamp, Easycamp or Todocamp screens (§2 lists them): these outside booking
  // channels publish no API to connect to, and their three settings (address, login, site)
  // would be saved and read by nothing. A campsite that sells through one of them declares
  // it as an online-booking channel (its provider in free text) with the webhook or iCal
  // connector, which the channel layer runs (api/domain/channels). Migration 0510 removed
  // their records.
  single('police-note-book', 'Registre de police', [
    b('autoSend', 'Envoi automatique'),
    s('recipientEmail', 'E-mail du destinataire', { type: 'email' }),
  ]),
  single('check-in', 'Enregistrement (check-in)', [
    i('preStayDays', 'Pré-séjour (jours avant l’arrivée)', { default: 10, max: 60 }),
    b('postStay', 'Post-séjour (le lendemain du départ)', true),
  ]),
  single('planning', 'Planning', [
    i('defaultDays', 'Jours affichés', { min: 7, max: 400, default: 31 }),
    b('showWeekNumbers', 'Numéros de semaine', true),
  ]),
  single('plan', 'Plan', [b('showLegend', 'Afficher la légende', true)]),
  single('vacaf', 'VACAF', [s('agreementNumber', "N° d'agrément")]),
  single('quotation', 'Devis', [i('validityDays', 'Validité des devis (jours)', { min: 1, max: 365, default: 15 })]),
  single('statistics-intern', 'Statistiques internes', [
    b('regenerateNightly', 'Régénération chaque nuit', true),
    i('referenceYears', 'Années de référence', { min: 1, max: 3, default: 3 }),
    // §9 « statistics sources (3) »: what the screens count unless the user picks another
    e(
      'defaultSource',
      'Séjours comptés par défaut',
      [
        ['all', 'Tous les séjours'],
        ['direct', 'Séjours directs'],
        ['channel', 'Séjours des canaux'],
      ],
      'all',
    ),
  ]),
  single('preference-tax-statement', 'Déclaration de taxe de séjour', [
    e(
      'period',
      'Périodicité',
      [
        ['monthly', 'Mensuelle'],
        ['quarterly', 'Trimestrielle'],
        ['yearly', 'Annuelle'],
      ],
      'quarterly',
    ),
    s('collectivity', 'Collectivité'),
    s('communeCode', 'Code INSEE de la commune'),
    s('operatorNumber', "N° d'enregistrement de l'hébergeur"),
  ]),
  single('preference-tva-statement', 'Déclaration de TVA', [
    e(
      'regime',
      'Régime',
      [
        ['normal', 'Réel normal'],
        ['simplified', 'Réel simplifié'],
      ],
      'normal',
    ),
  ]),
  {
    kind: 'preference-group',
    label: 'Paramètres de groupe',
    screen: 'grid',
    route: '/admin/module/preference-group-grid',
    editRoute: '/admin/module/preference-group/:providerId',
    fields: [
      s('providerId', 'Identifiant du prestataire'),
      b('isClientSyncActive', 'Synchronisation des clients'),
      e('type', 'Type', [['GROUPE', 'Groupe']], 'GROUPE'),
    ],
  },
  single('residential-preference', 'Préférences résidentiel', [
    b('autoSendOn5th', 'Envoi automatique le 5 du mois'),
    i('dueDay', "Jour d'échéance", { min: 1, max: 28, default: 5 }),
  ]),
];

export const moduleKind = (kind: string): ModuleKind | undefined => MODULE_KINDS.find((k) => k.kind === kind);

/** Settings of a kind with its defaults. */
export function defaultSettings(kind: string): Record<string, unknown> {
  const k = moduleKind(kind);
  return Object.fromEntries((k?.fields ?? []).filter((f) => f.default !== undefined).map((f) => [f.name, f.default]));
}

/** Field errors of a settings object (unknown names, wrong types, bounds); empty when valid. */
/** Names of the secret settings of a kind (declared, or named like a key, token, secret or password). */
export function secretSettings(kind: string): string[] {
  const k = moduleKind(kind);
  return (k?.fields ?? [])
    .filter((f) => f.secret || /(apikey|secret|token|password)$/i.test(f.name))
    .map((f) => f.name);
}

export function settingsErrors(kind: string, settings: unknown): Record<string, string> {
  const k = moduleKind(kind);
  if (!k) return { kind: 'Module inconnu' };
  if (settings === null || typeof settings !== 'object' || Array.isArray(settings))
    return { settings: 'Paramètres invalides' };
  const out: Record<string, string> = {};
  for (const [name, v] of Object.entries(settings as Record<string, unknown>)) {
    const f = k.fields.find((x) => x.name === name);
    const at = `settings.${name}`;
    if (!f) {
      out[at] = MESSAGES.MODULE_SETTING_UNKNOWN;
      continue;
    }
    if (v === null || v === '') continue;
    switch (f.type) {
      case 'boolean':
        if (typeof v !== 'boolean') out[at] = 'Valeur oui/non attendue';
        break;
      case 'integer':
      case 'rate':
        if (!Number.isInteger(v)) out[at] = 'Nombre entier attendu';
        else if (f.min !== undefined && (v as number) < f.min) out[at] = `La valeur doit être au moins ${f.min}`;
        else if (f.max !== undefined && (v as number) > f.max) out[at] = `La valeur doit être au plus ${f.max}`;
        break;
      case 'enum':
        if (!f.choices!.some((c) => c.id === v)) out[at] = 'Valeur non autorisée';
        break;
      case 'email':
        if (typeof v !== 'string' || !/^[^\s@]+@[^\s@]+\.[A-Za-z]{2,25}$/.test(v)) out[at] = 'E-mail invalide';
        break;
      case 'uri':
        if (typeof v !== 'string' || !/^https?:\/\/[^\s]+$/.test(v)) out[at] = 'Adresse web invalide';
        break;
      default:
        if (typeof v !== 'string' || v.length > 200) out[at] = 'Texte attendu (200 caractères au plus)';
    }
  }
  return out;
}
