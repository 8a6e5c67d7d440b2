// The definitions shown on each statistics screen (« Définitions ») and gathered on
// /stats/informations; docs/statistics.md says the same in English with the SQL.
export const COMMON_HELP = [
  'Séjours comptés : réservations et passages confirmés, validés, arrivés, partis (départ anticipé compris) ou ' +
    'intégrés depuis un canal, non annulés. Devis, options, séjours temporaires ou en cours de saisie ne comptent ' +
    'pas.',
  "Nuitée d'emplacement : un emplacement occupé une nuit ; un séjour du 1er au 8 compte 7 nuitées (le jour du " +
    'départ est libre).',
  'Nuitées disponibles : pour chaque nuit, les emplacements en service (dates de mise en service et de retrait) ' +
    "pendant une période d'activité, moins leurs indisponibilités ; une nuit vendue hors de ces périodes compte " +
    'aussi comme disponible.',
  'Chiffre d’affaires : hors TVA, tiré des lignes du prix de chaque séjour (celles que reprend sa facture), ' +
    'réparti également sur les nuits de chaque ligne ; la taxe de séjour est à part, hors TVA. Les ventes annexes ' +
    'sont les tickets de caisse du jour, hors TVA, retours déduits.',
  'Séjours comptés (source) : tous, directs seulement, ou ceux des canaux (vendus par un partenaire ou par un ' +
    'canal d’accès « en ligne »).',
  'Années de référence : les mêmes dates, une, deux ou trois années plus tôt (le 29 février devient le 28).',
  'Les emplacements résidentiels sont comptés à part (choix « Parc »).',
];

export const HELP: Record<string, string[]> = {
  'daily-activity': [
    'Arrivées et départs : séjours comptés qui arrivent ou partent ce jour-là.',
    'Emplacements occupés : nuitées de la nuit qui commence ce jour ; personnes présentes : leurs occupants.',
    'CA de la nuit : part de la nuit dans le prix des séjours, hors TVA, hors taxe de séjour.',
  ],
  revenue: [
    'Par date de séjour : le chiffre d’affaires des nuits du mois. Par date de réservation : le prix entier des ' +
      'séjours réservés dans le mois.',
    'Hébergement : emplacement, personnes, offres et remises ; suppléments : animaux, véhicules, extras ; autres : ' +
      'frais de dossier, assurance annulation.',
  ],
  'layout-filling': [
    'Remplissage : nuitées occupées ÷ nuitées disponibles de la zone.',
    'Remplissage en personnes : nuitées-personnes ÷ capacité en personnes des nuitées disponibles.',
  ],
  details: [
    'Séjours comptés arrivés dans la période, par durée, taille du groupe, catégorie d’âge des occupants, pays ou ' +
      'département du client (code postal), nouveaux clients (premier séjour compté) ou clients déjà venus.',
    'Impossible quand les emplacements choisis n’ont aucune capacité sur la période.',
  ],
  'nights-per-place': [
    "Par emplacement : nuitées disponibles, occupées, taux d'occupation, séjours arrivés, CA hébergement HT et " +
      'prix moyen par nuitée.',
  ],
  revpar: [
    "Taux d'occupation = nuitées occupées ÷ nuitées disponibles.",
    'ADR (prix moyen par nuitée) = CA hébergement HT ÷ nuitées occupées.',
    'RevPAR (revenu par emplacement disponible) = CA hébergement HT ÷ nuitées disponibles.',
    'Par canal : les nuitées du canal sur toutes les nuitées disponibles.',
  ],
  'booking-lead-time': [
    'Délai : jours entre la date de réservation (création du séjour) et l’arrivée, pour les séjours comptés ' +
      'arrivés dans la période.',
    'Rythme : nuitées de la période déjà réservées chaque semaine avant son premier jour, comparées au même jour ' +
      'des années de référence ; un séjour annulé depuis compte jusqu’à son annulation.',
  ],
  map: [
    'Séjours comptés arrivés dans la période, par département (clients résidant en France, d’après le code postal) ' +
      'ou par pays du client.',
    'Couleurs : moins de 0 %, 0 %, puis tranches de 10 points jusqu’à 100 % — part des nuitées, ou évolution ' +
      'par rapport à la première année de référence.',
  ],
  'manager-sales': [
    'Ventes par date de réservation : séjours comptés, nuitées et prix hors TVA (hors taxe de séjour).',
    'Vendeur : le partenaire (gestionnaire, tour-opérateur) qui a vendu le séjour, sinon l’utilisateur qui l’a ' +
      'créé, sinon « non renseigné » (imports et reprises).',
  ],
};
