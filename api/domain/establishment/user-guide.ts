// The user guide (documentation PDF of the user menu and of /home), written in
// French and rendered by the small PDF writer at each request (a few ms).
import { readFileSync } from 'node:fs';
import { renderPdf, type Block } from './pdf';

const VERSION: string = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')).version;

const t = (text: string): Block => ({ kind: 'title', text });
const h = (text: string): Block => ({ kind: 'heading', text });
const p = (text: string): Block => ({ kind: 'paragraph', text });
const li = (text: string): Block => ({ kind: 'bullet', text });

export function userGuideBlocks(establishment?: string): Block[] {
  return [
    t('Bivouac — guide de l’utilisateur'),
    p(
      `Version ${VERSION}${establishment ? ` — ${establishment}` : ''}. Bivouac est le logiciel de gestion de ` +
        `votre camping : séjours, clients, emplacements, tarifs, facturation et clôtures.`,
    ),
    h('1. Connexion et déconnexion'),
    p(
      'Ouvrez l’adresse de Bivouac dans votre navigateur et saisissez votre identifiant et votre mot de passe. ' +
        'Après plusieurs erreurs, les tentatives sont suspendues quelques minutes : attendez puis réessayez, ou ' +
        'demandez à un administrateur de vérifier votre compte.',
    ),
    p(
      'Une session se ferme d’elle-même après une période d’inactivité (30 minutes par défaut) et, en tout cas, ' +
        'après une durée maximale (12 heures par défaut). Ces durées se règlent dans Admin › Établissement › ' +
        'Paramètres généraux.',
    ),
    p('Pour vous déconnecter, ouvrez le menu utilisateur (votre nom, en haut à droite) et choisissez « Déconnexion ».'),
    h('2. Le menu principal'),
    p(
      'Le menu de gauche regroupe les écrans par rubrique : Fichiers, Réservations, Autres séjours, Planning, ' +
        'Plan, Ventes annexes, Résultats, Statistiques, Mailing et Admin. Vous ne voyez que les écrans auxquels ' +
        'vos droits donnent accès.',
    ),
    p(
      'Un clic sur un en-tête de rubrique ouvre l’accueil sur ce contexte : un tableau de bord des écrans de la ' +
        'rubrique. « Accueil » revient au tableau de bord général. Les administrateurs peuvent renommer les ' +
        'en-têtes (Admin › Établissement › Noms d’en-têtes du menu).',
    ),
    p('Le bouton en forme de flèche, dans la barre du haut, ouvre l’accueil dans un nouvel onglet.'),
    h('3. L’accueil'),
    p(
      'L’accueil affiche des tuiles avec des compteurs à jour (options expirées, réservations internet à ' +
        'intégrer, anniversaires, résidents…), la version du logiciel et ce guide. Cliquez sur une tuile pour ' +
        'ouvrir l’écran correspondant.',
    ),
    p(
      'Pour choisir vos tuiles, cliquez sur « Déverrouiller » : vous pouvez alors masquer, afficher et déplacer ' +
        'les tuiles, puis « Enregistrer ». Quitter l’accueil déverrouillé demande une confirmation : les ' +
        'changements non enregistrés seraient perdus.',
    ),
    h('4. Listes et fiches'),
    p(
      'Les listes se trient par colonne, se filtrent par la recherche (3 caractères au moins) et s’exportent en ' +
        'CSV (fichier export.csv). Bivouac se souvient du tri, de la page et de la ligne choisie pour chaque liste.',
    ),
    p('Raccourcis clavier :'),
    li('F3 : créer un nouvel élément ;'),
    li('F4 : modifier la ligne choisie ;'),
    li('F8 : export CSV et impression ;'),
    li('F9 : supprimer (après confirmation) ;'),
    li('F12 : valider la fiche ;'),
    li('Échap : revenir à la liste.'),
    h('5. Utilisateurs, groupes et droits'),
    p(
      'Chaque utilisateur appartient à un ou plusieurs groupes de droits, ou détient des droits spécifiques. ' +
        'Pour chaque fonction (par exemple Camping › Emplacements), le niveau est 000 (aucun accès), 001 (lecture ' +
        'seule), 011 (création et modification) ou 111 (création, modification et suppression) ; l’export CSV est ' +
        'un droit à part.',
    ),
    p(
      'Modifier les droits spécifiques d’un utilisateur le retire de tous ses groupes, en conservant les droits ' +
        'qu’il avait. Les administrateurs détiennent tous les droits ; l’utilisateur technique est réservé à ' +
        'l’assistance (sauvegarde, clôture d’exercice).',
    ),
    p(
      'Un écran auquel vous n’avez pas accès vous ramène à l’accueil ; les boutons d’action que vos droits ' +
        'n’autorisent pas n’apparaissent pas.',
    ),
    h('6. Établissement'),
    p(
      'Admin › Établissement › Établissement regroupe les informations légales : raison sociale, forme ' +
        'juridique, capital, SIREN (9 chiffres), SIRET (14 chiffres), TVA intracommunautaire, RCS, code NAF, ' +
        'adresse et classement. Elles figurent sur les factures : tant qu’elles manquent, Bivouac demande de les ' +
        'renseigner.',
    ),
    p(
      'Le logo (formats .jpg, .jpeg, .png, .gif) s’affiche dans l’application et sur les documents ; en mode ' +
        'groupe, le logo du groupe s’affiche à côté.',
    ),
    h('7. Exercices et périodes d’activité'),
    p(
      'Un exercice couvre des mois entiers (du 1er d’un mois au dernier jour d’un mois) et ne chevauche aucun ' +
        'autre. Facturer ou clôturer à une date sans exercice ouvert affiche « Exercice absent ou clos ». La ' +
        'clôture d’un exercice est réservée à l’utilisateur technique.',
    ),
    h('8. Historique'),
    p(
      'Toute création, modification ou suppression est enregistrée dans l’historique (menu utilisateur › ' +
        'Historique) : qui, quand, quel élément et quels changements. L’historique ne peut être ni modifié ni ' +
        'effacé.',
    ),
    h('9. Assistance'),
    p(
      'Le menu utilisateur propose le téléchargement de l’outil d’assistance à distance lorsque votre ' +
        'prestataire l’a configuré.',
    ),
  ];
}

export function userGuidePdf(establishment?: string): Buffer {
  return renderPdf(userGuideBlocks(establishment), {
    title: 'Bivouac — guide de l’utilisateur',
    footer: `Bivouac ${VERSION} — guide de l’utilisateur`,
  });
}

export const APP_VERSION = VERSION;
