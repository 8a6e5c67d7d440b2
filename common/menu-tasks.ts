// The main menu by task (issue 29 §4, docs/history.md#issue-29): sections as a receptionist, an accountant and a
// manager think, most frequent screens first. A screen's registry (or its schema's
// x-menu) says where it belongs by subject ("Fichiers/Géographie"); this table says
// where the menu shows it. Screens not named here follow their subject's section (the
// reference data of « Fichiers » go to « Paramètres »), so a new screen always has a
// place. Menu keys (the route) do not change.

/** The sections, in menu order. */
export const TASK_SECTIONS = [
  'Réception',
  'Séjours',
  'Caisse et ventes',
  'Facturation et encaissements',
  'Clôtures et déclarations',
  'Résidentiel',
  'Statistiques',
  'Relation client',
  'Paramètres',
  'Admin',
] as const;

/** Screens placed by task, most frequent first; `Section/Header` groups them below the section's own screens. */
const PLACES: [section: string, routes: string[]][] = [
  [
    'Réception',
    [
      '/booking-arrival-list',
      '/booking-departure-list',
      '/new-booking',
      '/planning',
      '/plan',
      '/search-availability',
      '/occupation-list',
      '/booking-departure-cleanning',
      '/cleanning-planning',
      '/extra-planning',
      '/police-note-book',
      '/occupants-birthday',
    ],
  ],
  [
    'Séjours',
    [
      '/booking-list/0',
      '/booking-import-list',
      '/booking-cancelled-list/0',
      '/partner-booking-list/0',
      '/customer-list',
      '/customer-resume',
      '/unavailability-list',
      '/assurance-list',
      '/transfer-customers',
    ],
  ],
  [
    'Caisse et ventes',
    [
      '/sale-cash-register-list',
      '/vente-annexe-list',
      '/gift-list',
      '/add-customer-to-sales',
      '/cash-fund/0/today',
      '/expenses-list/current',
      '/injections-list/current',
      '/starting-base/current',
      '/sale-gift-import-list',
    ],
  ],
  [
    'Facturation et encaissements',
    [
      '/bill-list',
      '/payment-list',
      '/unbill-document-list',
      '/create-deposit/0',
      '/bank-deposit-list',
      '/deposit-list/current',
      '/cash-and-bank-journal',
      '/surety-list',
      '/guarantee-list',
      '/vacaf-list',
      '/result-credit-list',
      '/balance',
    ],
  ],
  [
    'Clôtures et déclarations',
    [
      '/closure',
      '/daily-operations',
      '/tva-statement-list',
      '/tax-statement-list',
      '/tax-list',
      '/insee-statement',
      '/accounting-export',
      '/result',
      '/result-detail',
      '/closure/verify',
      '/jet',
    ],
  ],
  [
    'Relation client',
    [
      '/grc-list',
      '/grc-history-list',
      '/campaign-email',
      '/mailing-criteria-list',
      '/survey-results',
      '/survey-question-list',
    ],
  ],
];

/** Where the screens of a subject go when the table does not name them. */
const SUBJECTS: Record<string, string> = {
  Réservations: 'Séjours',
  'Autres séjours': 'Séjours',
  Planning: 'Réception',
  Plan: 'Réception',
  Ventes: 'Caisse et ventes',
  'Ventes annexes': 'Caisse et ventes',
  Facturation: 'Facturation et encaissements',
  'Facturation/Clôtures': 'Clôtures et déclarations',
  'Facturation/Déclarations': 'Clôtures et déclarations',
  'Facturation/Comptabilité': 'Clôtures et déclarations/Comptabilité',
  'Facturation/Contrôles': 'Facturation et encaissements/Contrôles',
  Résultats: 'Clôtures et déclarations',
  'Fichiers/Résidentiel': 'Résidentiel/Paramètres',
  Mailing: 'Relation client',
  Fichiers: 'Paramètres',
};

const RANK = new Map<string, { section: string; rank: number }>(
  PLACES.flatMap(([section, routes]) => routes.map((r, rank) => [r, { section, rank }] as const)),
);
/** Screens the table does not rank come after the ranked ones, in alphabetical order. */
export const UNRANKED = 1_000;

/** A screen's place in the task menu: its path (section, header) and its rank in it. */
export function taskPlace(leaf: { to: string; path: string }): { path: string; rank: number } {
  const placed = RANK.get(leaf.to);
  if (placed) return { path: placed.section, rank: placed.rank };
  const parts = leaf.path.split('/');
  // The longest subject prefix decides: "Facturation/Comptabilité" before "Facturation".
  for (let n = parts.length; n > 0; n--) {
    const subject = parts.slice(0, n).join('/');
    const to = SUBJECTS[subject];
    if (to !== undefined) return { path: [to, ...parts.slice(n)].join('/'), rank: UNRANKED };
  }
  return { path: leaf.path, rank: UNRANKED };
}

/** A section's place in the menu (unknown sections just before « Paramètres »). */
export function sectionRank(name: string): number {
  const i = (TASK_SECTIONS as readonly string[]).indexOf(name);
  return i < 0 ? TASK_SECTIONS.indexOf('Paramètres') - 0.5 : i;
}
