// Module kinds configured on one settings record (and the partner groups' preferences):
// part of the catalogue of common/modules.ts.
import { type ModuleKind, single, b, s, i, e } from './module-fields';

export const SINGLE_MODULE_KINDS: ModuleKind[] = [
  // No Clicamp, Easycamp or Todocamp screens (§2 (docs/screens.md#admin) lists them): these outside booking
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
    // §9 (docs/constants.md) « statistics sources (3) »: what the screens count unless the user picks another
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
