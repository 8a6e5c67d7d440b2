// Menu entries of hand-written screens (custom routes), beside the generated resources.
// Pure data shared by the server, which builds each user's menu tree from it (api/domain/security/menu.ts), and the admin.
export interface MenuLeaf {
  label: string;
  to: string;
  functionality?: string;
  /** the right the screen needs on its functionality (default read): a screen that creates asks write */
  access?: 'read' | 'write';
  /** place in the menu: "Section" or "Section/Header" */
  path: string;
  /** shown to administrators only */
  adminOnly?: boolean;
  /** shown to the technical (system) user only */
  systemOnly?: boolean;
}

export const EXTRA_MENU: MenuLeaf[] = [
  { label: 'Données de démonstration', to: '/init-demo', functionality: 'establishment.settings', path: 'Admin', adminOnly: true },
  { label: 'Établissement', to: '/admin/establishment', functionality: 'establishment.company', path: 'Admin/Établissement' },
  { label: 'Modules', to: '/admin/module-grid', functionality: 'establishment.gateways', path: 'Admin/Établissement' },
  { label: 'Paramètres généraux', to: '/admin/setting', functionality: 'establishment.users', path: 'Admin/Établissement' },
  { label: "Noms d'en-têtes du menu", to: '/admin/header-custom-name-list', functionality: 'establishment.settings', path: 'Admin/Établissement' },
  { label: 'Utilisateurs', to: '/admin/user-list', functionality: 'establishment.users', path: 'Admin/Accès' },
  { label: 'Groupes de droits', to: '/admin/group-list', functionality: 'establishment.users', path: 'Admin/Accès' },
  { label: 'Historique des modifications', to: '/post-history', functionality: 'establishment.users', path: 'Admin/Accès' },
  { label: 'Grilles tarifaires', to: '/price/grid-list', functionality: 'stay.price', path: 'Fichiers/Tarifs' },
  { label: 'Offres spéciales', to: '/special-offer-list', functionality: 'stay.price', path: 'Fichiers/Tarifs' },
  { label: 'Offres de dernière minute', to: '/last-minute-offer-list', functionality: 'stay.price', path: 'Fichiers/Tarifs' },
  { label: 'Frais de dossier', to: '/booking-fee-list', functionality: 'stay.price', path: 'Fichiers/Tarifs' },
  { label: 'Planning', to: '/planning', functionality: 'camp.planning', path: 'Planning' },
  { label: 'Planning des extras', to: '/extra-planning', functionality: 'camp.planning', path: 'Planning' },
  { label: 'Planning ménage', to: '/cleanning-planning', functionality: 'camp.planning', path: 'Planning' },
  { label: 'Plan du camping', to: '/plan', functionality: 'camp.plan', path: 'Plan' },
  { label: 'Nouvelle réservation', to: '/new-booking', functionality: 'booking.booking', access: 'write', path: 'Réservations' },
  { label: 'Emplacements', to: '/place-list', functionality: 'camp.pitch', path: 'Fichiers/Hébergements' },
  { label: "Historique des types d'emplacement", to: '/place-type-history-list/0', functionality: 'camp.pitch', path: 'Fichiers/Hébergements' },
  { label: 'Clients', to: '/customer-list', functionality: 'customer.customer', path: 'Fichiers/Clients' },
  { label: 'Fiche récapitulative client', to: '/customer-resume', functionality: 'customer.customer', path: 'Fichiers/Clients' },
  { label: 'Fusion de clients en double', to: '/transfer-customers', functionality: 'customer.customer', access: 'write', path: 'Fichiers/Clients' },
  { label: 'Recherche de disponibilités', to: '/search-availability', functionality: 'booking.booking', path: 'Réservations' },
  { label: 'Séjours', to: '/booking-list/0', functionality: 'booking.booking', path: 'Réservations' },
  { label: 'Séjours annulés', to: '/booking-cancelled-list/0', functionality: 'booking.booking', path: 'Réservations' },
  { label: 'Séjours des partenaires', to: '/partner-booking-list/0', functionality: 'booking.booking', path: 'Réservations' },
  { label: 'Arrivées', to: '/booking-arrival-list', functionality: 'booking.booking', path: 'Réservations' },
  { label: 'Départs', to: '/booking-departure-list', functionality: 'booking.booking', path: 'Réservations' },
  { label: 'Ménage des départs', to: '/booking-departure-cleanning', functionality: 'booking.booking', path: 'Réservations' },
  { label: 'Occupation', to: '/occupation-list', functionality: 'booking.booking', path: 'Réservations' },
  { label: 'Anniversaires des occupants', to: '/occupants-birthday', functionality: 'booking.booking', path: 'Réservations' },
  { label: 'Réservations en ligne', to: '/booking-import-list', functionality: 'booking.booking', path: 'Réservations' },
  // Meter readings (§2 "Other stays (unavailability, insurances, meter reading)").
  { label: 'Saisie des relevés', to: '/meter-reading-creation', functionality: 'camp.meter', access: 'write', path: 'Autres séjours/Relevés de compteur' },
  { label: 'Liste des relevés', to: '/meter-reading-list', functionality: 'camp.meter', path: 'Autres séjours/Relevés de compteur' },
  { label: 'Nouveau relevé', to: '/meter-reading-form/0', functionality: 'camp.meter', access: 'write', path: 'Autres séjours/Relevés de compteur' },
];
