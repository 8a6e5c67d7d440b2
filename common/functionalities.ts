// The functional areas and sub-functions of §6 (docs/rights.md): the keys rights are granted on.
// Every entity names one in x-functionality (checked by the generator).
export interface FunctionalArea {
  key: string;
  label: string;
  subs: { key: string; label: string }[];
}

export const FUNCTIONAL_AREAS: FunctionalArea[] = [
  {
    key: 'establishment',
    label: 'Établissement / accès',
    subs: [
      { key: 'users', label: 'Utilisateurs et groupes' },
      { key: 'company', label: 'Données société' },
      { key: 'settings', label: 'Paramètres' },
      { key: 'gateways', label: 'Passerelles' },
    ],
  },
  {
    key: 'invoice',
    label: 'Paiement / facture',
    subs: [
      { key: 'bill', label: 'Factures' },
      { key: 'payment', label: 'Paiements' },
      { key: 'accounting', label: 'Comptabilité' },
      { key: 'bank', label: 'Banque' },
      { key: 'closures', label: 'Clôtures' },
      { key: 'journal', label: 'Journal NF525' },
    ],
  },
  {
    key: 'camp',
    label: 'Camping',
    subs: [
      { key: 'pitch', label: 'Emplacements' },
      { key: 'plan', label: 'Plan' },
      { key: 'planning', label: 'Planning' },
      { key: 'meter', label: 'Compteurs' },
    ],
  },
  {
    key: 'stay',
    label: 'Occupants / extras',
    subs: [
      { key: 'price', label: 'Tarifs' },
      { key: 'extra', label: 'Compléments de séjour' },
    ],
  },
  {
    key: 'documents',
    label: 'Documents / e-mails',
    subs: [
      { key: 'model', label: 'Modèles de documents' },
      { key: 'smtp', label: 'SMTP' },
    ],
  },
  {
    key: 'customer',
    label: 'Clients / partenaires',
    subs: [
      { key: 'customer', label: 'Clients' },
      { key: 'partner', label: 'Partenaires' },
      { key: 'surety', label: 'Cautions' },
    ],
  },
  { key: 'resident', label: 'Résidentiel', subs: [{ key: 'contract', label: 'Contrats' }] },
  {
    key: 'booking',
    label: 'Réservations',
    subs: [
      { key: 'booking', label: 'Réservations' },
      { key: 'unavailability', label: 'Indisponibilités' },
    ],
  },
  { key: 'sale', label: 'Ventes', subs: [{ key: 'sale', label: 'Ventes annexes' }] },
  { key: 'results', label: 'Résultats', subs: [{ key: 'results', label: 'Résultats' }] },
  { key: 'stats', label: 'Statistiques', subs: [{ key: 'stats', label: 'Statistiques' }] },
  { key: 'campaign', label: 'Campagnes / GRC', subs: [{ key: 'campaigns', label: 'Campagnes' }] },
  { key: 'group', label: 'Paramètres de groupe', subs: [{ key: 'settings', label: 'Paramètres de groupe' }] },
];

export const FUNCTIONALITY_KEYS: string[] = FUNCTIONAL_AREAS.flatMap((a) => a.subs.map((s) => `${a.key}.${s.key}`));
