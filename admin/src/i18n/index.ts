// French only (§1): react-admin's French messages plus ours.
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
    auth: { username: 'Identifiant', sign_in: 'Se connecter', sign_in_error: 'Identifiant ou mot de passe incorrect' },
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
  },
};

export const i18nProvider = polyglotI18nProvider(
  () => mergeTranslations(frenchMessages, bivouac),
  'fr',
  [{ locale: 'fr', name: 'Français' }],
  { allowMissing: true },
);
