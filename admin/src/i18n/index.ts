// French only (§1, docs/README.md#what-bivouac-does): react-admin's French messages plus ours.
import polyglotI18nProvider from 'ra-i18n-polyglot';
import frenchMessages from 'ra-language-french';
import { mergeTranslations } from 'react-admin';

const bivouac = {
  ra: {
    page: { not_found: 'Page non trouvée', loading: 'Chargement', dashboard: 'Accueil' },
    message: { not_found: "Cette page n'existe pas.", loading: 'Veuillez patienter…' },
    notification: {
      logged_out: "401/403 Vous n'êtes pas connecté",
      http_error: 'Une erreur est survenue',
    },
    auth: {
      username: 'Identifiant',
      sign_in: 'Se connecter',
      sign_in_error: 'Identifiant ou mot de passe incorrect',
      email: 'Adresse e-mail',
    },
  },
  bivouac: {
    search_hint: '3 caractères minimum',
    saved: 'Enregistrement effectué',
    deleted: 'Suppression effectuée',
    logout_success: 'Vous êtes déconnecté',
    export: 'Export CSV',
    new: 'Nouveau',
    new_f: 'Nouvelle',
    open_home_tab: "Ouvrir l'accueil dans un nouvel onglet",
    // Counts agree with their number (polyglot's French rule: 0 and 1 singular), as
    // common/french.ts's countFr does for texts built outside react-admin.
    count: {
      stay: '%{smart_count} séjour |||| %{smart_count} séjours',
      night: '%{smart_count} nuit |||| %{smart_count} nuits',
      occupant: '%{smart_count} occupant |||| %{smart_count} occupants',
      person: '%{smart_count} personne |||| %{smart_count} personnes',
      place: '%{smart_count} emplacement |||| %{smart_count} emplacements',
      row: '%{smart_count} ligne |||| %{smart_count} lignes',
      selected: '%{smart_count} élément sélectionné |||| %{smart_count} éléments sélectionnés',
    },
  },
};

export const i18nProvider = polyglotI18nProvider(
  () => mergeTranslations(frenchMessages, bivouac),
  'fr',
  [{ locale: 'fr', name: 'Français' }],
  { allowMissing: true },
);
