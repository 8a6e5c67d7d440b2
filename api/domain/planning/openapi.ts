// OpenAPI path items and schemas of the hand-written planning routes (/planning,
// /extra-planning, /cleanning-planning, /plan, /new-booking), merged into
// api/openapi-domain.ts and from there into api/generated/openapi.json. Pure data.
import { body, bool, date, error, int, json, obj, ok, ref, refused, str } from '../../openapi-parts';

const idList = (name: string) => ({ name, in: 'query', required: false, schema: str, description: 'identifiants séparés par des virgules' });
const q = (name: string, schema: object, description: string, required = false) => ({ name, in: 'query', required, schema, description });
const range = [q('from', date, 'premier jour (inclus)', true), q('to', date, 'dernier jour (exclu)', true)];
const tags = ['planning'];

const position = { type: 'object', required: ['placeId', 'startDate', 'endDate'], properties: { placeId: int, startDate: date, endDate: date } };

export const PLANNING_SCHEMAS: Record<string, object> = {
  WizardDraft: {
    type: 'object',
    description: 'Ce que l’assistant enregistre ; aucun montant : le prix est calculé par le serveur.',
    properties: {
      customerId: int, accessChannelId: int, partnerId: int, notes: str, promoCode: str, discountIds: { type: 'array', items: int }, withCancellationInsurance: bool,
      occupancy: ref('OccupancyInput'),
    },
  },
  MoveInput: {
    type: 'object',
    required: ['kind', 'id', 'placeId', 'startDate', 'endDate'],
    description: 'Une barre déposée sur un autre emplacement ou d’autres dates, ou l’un de ses bords tiré.',
    properties: {
      kind: { enum: ['occupancy', 'unavailability'] }, id: int, placeId: int, startDate: date, endDate: date,
      from: { ...position, type: ['object', 'null'], description: 'où l’écran voyait la barre : refusé si elle a bougé entre-temps' },
      force: { ...bool, description: 'l’utilisateur passe outre les avertissements (séjour minimum, jour d’arrivée ou de départ)' },
    },
  },
  MoveCheck: {
    type: 'object',
    properties: {
      ok: bool, code: str, message: { ...str, description: 'le refus, en français' },
      warnings: { type: 'array', items: { type: 'object', properties: { code: str, message: str, blocking: bool } } },
      needsForce: bool,
      price: {
        type: ['object', 'null'],
        description: 'montants en centimes : before = le prix enregistré de l’occupation, after = son prix aux nouvelles place et dates (prix manuels et conditions convenues gardés), bookingTotalAfter = le total du séjour qui en résulte',
        properties: { before: int, after: int, difference: int, bookingTotalBefore: { type: ['integer', 'null'] }, bookingTotalAfter: int },
      },
      priceMessage: str,
      alternatives: { type: 'array', items: { type: 'object', properties: { id: int, code: str } } },
      summary: obj,
    },
  },
  PlanningWindow: {
    type: 'object',
    description: 'Les barres d’une fenêtre de dates : occupations (statut, paiement, client) et indisponibilités.',
    properties: { from: date, to: date, bars: { type: 'array', items: obj } },
  },
};

export const PLANNING_PATHS: Record<string, object> = {
  // /planning
  '/rest/planning/setup': {
    get: { tags, summary: 'Lignes du planning : emplacements groupés par disposition, famille et type ; filtres, statuts, légende', responses: ok('Configuration du planning', obj) },
  },
  '/rest/planning/window': {
    get: {
      tags, summary: 'Barres d’une fenêtre visible (chargement par fenêtre)',
      parameters: [...range, idList('placeIds'), q('released', str, '1 : inclure les séjours libérés (annulés, partis)')],
      responses: ok('Barres', ref('PlanningWindow')),
    },
  },
  '/rest/planning/free': {
    get: {
      tags, summary: 'Emplacements libres par jour, selon les filtres',
      parameters: [...range, idList('layoutIds'), idList('familyIds'), idList('typeIds'), idList('featureIds'), idList('placeIds')],
      responses: ok('Total et libres par jour', { type: 'object', properties: { total: int, days: { type: 'object', additionalProperties: int } } }),
    },
  },
  '/rest/planning/periods': {
    get: { tags, summary: 'Périodes tarifaires affichées dans l’en-tête', parameters: range, responses: ok('Périodes', { type: 'array', items: obj }) },
  },
  '/rest/planning/search': {
    get: {
      tags, summary: 'Recherche par nom du client, numéro de séjour ou immatriculation (3 caractères min.)',
      parameters: [q('q', str, 'texte cherché', true), q('released', str, '1 : inclure les séjours libérés')],
      responses: ok('Occupations trouvées', { type: 'array', items: obj }),
    },
  },
  '/rest/planning/move/check': {
    post: { tags, summary: 'Vérifie un déplacement sans rien écrire : refus, avertissements et écart de prix', requestBody: body(ref('MoveInput')), responses: ok('Résultat de la vérification', ref('MoveCheck')) },
  },
  '/rest/planning/move': {
    post: {
      tags, summary: 'Enregistre un déplacement (mêmes vérifications dans la transaction ; la contrainte d’exclusion a le dernier mot)',
      requestBody: body(ref('MoveInput')),
      responses: ok('Enregistré', { type: 'object', properties: { status: { const: 'SAVED' }, check: ref('MoveCheck'), record: obj } }),
    },
  },
  // /extra-planning
  '/rest/planning/extras/window': {
    get: { tags, summary: 'Équipements et extras loués par jour', parameters: range, responses: ok('Lignes et barres', obj) },
  },
  // /cleanning-planning
  '/rest/planning/cleaning/window': {
    post: {
      tags, summary: 'Tâches de ménage d’une période (les départs mettent la liste à jour pour qui peut écrire)',
      requestBody: body({ type: 'object', required: ['from', 'to'], properties: { from: date, to: date, sync: { ...bool, description: 'false : ne pas synchroniser' } } }),
      responses: ok('Tâches, personnel et synchronisation', obj),
    },
  },
  '/rest/planning/cleaning/sync': {
    post: {
      tags, summary: 'Crée, met à jour ou supprime les tâches de ménage des départs d’une période',
      requestBody: body({ type: 'object', required: ['from', 'to'], properties: { from: date, to: date } }),
      responses: ok('Compte des changements', { type: 'object', properties: { status: { const: 'SAVED' }, from: date, to: date, inserted: int, updated: int, deleted: int } }),
    },
  },
  // /plan
  '/rest/planning/plan': {
    get: { tags, summary: 'Le plan du site : image, dimensions et position des emplacements', responses: ok('Plan', obj) },
  },
  '/rest/planning/plan/occupancy': {
    get: {
      tags, summary: 'État de chaque emplacement pour une date (libre, occupé, indisponible) et bande de légende',
      parameters: [q('date', date, 'date observée', true), q('nights', int, 'nombre de nuits (1 à 366)')],
      responses: ok('États', obj),
    },
  },
  '/rest/planning/plan/image': {
    get: { tags, summary: 'L’image du plan', responses: { 200: { description: 'Image', content: { 'image/*': { schema: { type: 'string', format: 'binary' } } } }, 404: { description: 'Aucun plan', content: json(error) }, ...refused } },
    post: {
      tags, summary: 'Dépose l’image du plan (champ multipart uploadfile ; PNG, JPEG, GIF ou WebP)',
      requestBody: { required: true, content: { 'multipart/form-data': { schema: { type: 'object', required: ['uploadfile'], properties: { uploadfile: { type: 'string', format: 'binary' } } } } } },
      responses: ok('Enregistré', { type: 'object', properties: { status: { const: 'SAVED' }, plan: obj } }),
    },
  },
  '/rest/planning/plan/positions': {
    put: {
      tags, summary: 'Positionne les emplacements sur le plan (mode édition)',
      requestBody: body({ type: 'object', required: ['positions'], properties: { positions: { type: 'array', items: { type: 'object', required: ['placeId'], properties: { placeId: int, planX: { type: ['number', 'null'] }, planY: { type: ['number', 'null'] } } } } } }),
      responses: ok('Enregistré', { type: 'object', properties: { status: { const: 'SAVED' }, changed: int } }),
    },
  },
  // /new-booking
  '/rest/planning/offer': {
    post: {
      tags, summary: 'Emplacements libres pour un séjour, avec leur prix (moteur de tarification)',
      requestBody: body({
        type: 'object', required: ['startDate', 'endDate', 'occupants'],
        properties: {
          startDate: date, endDate: date, occupants: { type: 'array', items: { type: 'object', properties: { ageCategoryId: int, quantity: int } } },
          placeTypeId: int, layoutId: int, featureIds: { type: 'array', items: int }, tempBookingId: { ...int, description: 'le séjour temporaire de l’assistant : ses emplacements comptent comme libres' },
        },
      }),
      responses: ok('Emplacements et prix par type', { type: 'object', properties: { places: { type: 'array', items: obj }, types: { type: 'array', items: obj } } }),
    },
  },
  '/rest/planning/draft/{id}': {
    put: {
      tags, summary: 'Met à jour le séjour temporaire de l’assistant (client, choix de prix, occupation, prix manuels, occupants, animaux, véhicules, extras) ; le serveur calcule le prix',
      parameters: [{ name: 'id', in: 'path', required: true, schema: int }],
      requestBody: body(ref('WizardDraft')),
      responses: ok('Le séjour', ref('BookingSummary')),
    },
  },
  '/rest/planning/occupancy/{id}': {
    put: {
      tags, summary: 'L’assistant modifie une occupation existante (dates, emplacement, occupants…) : enregistrée sur son séjour en une transaction, prix recalculé (prix manuels gardés)',
      parameters: [{ name: 'id', in: 'path', required: true, schema: int }],
      requestBody: body(ref('WizardDraft')),
      responses: ok('Enregistré : le séjour', ref('BookingSummary')),
    },
  },
  '/rest/planning/draft/{id}/release': {
    post: {
      tags, summary: 'L’assistant est fermé (onglet fermé, rechargé ou quitté) : le séjour temporaire est abandonné et ses emplacements libérés aussitôt (released false s’il n’était plus en cours de saisie)',
      parameters: [{ name: 'id', in: 'path', required: true, schema: int }],
      responses: ok('Libéré', { type: 'object', properties: { status: { const: 'SAVED' }, released: { type: 'boolean' } } }),
    },
  },
  '/rest/planning/draft/{id}/touch': {
    post: {
      tags, summary: 'L’assistant est toujours utilisé sur ce séjour temporaire : il n’est pas abandonné pour inactivité (délai des paramètres généraux)',
      parameters: [{ name: 'id', in: 'path', required: true, schema: int }],
      responses: ok('Noté', { type: 'object', properties: { status: { const: 'SAVED' } } }),
    },
  },
  '/rest/planning/draft/{id}/finalize': {
    post: {
      tags, summary: 'Enregistre le séjour temporaire comme devis, option ou réservation, ou le fusionne dans un séjour existant',
      parameters: [{ name: 'id', in: 'path', required: true, schema: int }],
      requestBody: body({ type: 'object', properties: { kind: { enum: ['quote', 'option', 'booking'] }, optionExpiryDate: date, intoBookingId: int } }),
      responses: ok('Enregistré', { type: 'object', properties: { status: { const: 'SAVED' } } }),
    },
  },
};
