// The statistics screens' titles by their API name (menu, definitions page).
export const SCREEN_TITLES: Record<string, string> = {
  'daily-activity': 'Activité journalière',
  revenue: "Évolution du chiffre d'affaires",
  'layout-filling': 'Remplissage par zone',
  details: 'Détails statistiques',
  'nights-per-place': 'Nuitées par emplacement',
  revpar: 'RevPAR et occupation',
  'booking-lead-time': 'Délai de réservation et rythme',
  map: 'Cartes géographiques',
  'manager-sales': 'Ventes par gestionnaire',
};
