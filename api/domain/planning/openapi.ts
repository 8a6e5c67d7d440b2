// Named schemas of the hand-written planning routes (/planning, /extra-planning,
// /cleanning-planning, /plan, /new-booking), registered by ./routes.ts with
// defineSchemas and served in /rest/openapi.json. Pure data.
import { bool, closed, date, int, intOrNull, list, ref, str, strOrNull, tuple } from '../../http/schema-parts';
import { STATUS_CATEGORIES } from '../../../common/planning';
import { MOVE_SCHEMAS, span } from './move-schemas';

const category = { enum: [...STATUS_CATEGORIES] };
const fieldNames = (description: string) => ({ ...list(str), description });

const named = (more: Record<string, object> = {}) => ({
  type: 'object',
  required: ['id', 'label', ...Object.keys(more)],
  properties: { id: int, code: strOrNull, label: str, ...more },
});

export const PLANNING_SCHEMAS: Record<string, object> = {
  PlanningSetup: {
    type: 'object',
    description: 'Les lignes du planning (emplacements actifs dans l’ordre du tableau), les listes des filtres.',
    required: ['today', 'range', 'places', 'layouts', 'families', 'types', 'features', 'paymentsTracked', 'display'],
    properties: {
      today: date,
      range: span,
      places: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'code', 'label', 'capacity', 'layoutId', 'placeTypeId', 'placeFamilyId', 'featureIds'],
          properties: {
            id: int,
            code: str,
            label: strOrNull,
            capacity: int,
            layoutId: intOrNull,
            placeTypeId: int,
            placeFamilyId: int,
            isRental: bool,
            isResidential: bool,
            featureIds: { type: 'array', items: int },
          },
        },
      },
      layouts: { type: 'array', items: named({ color: strOrNull, order: int }) },
      families: { type: 'array', items: named({ kind: str, order: int }) },
      types: {
        type: 'array',
        items: named({ placeFamilyId: int, color: strOrNull, maxPersons: int, isRental: bool }),
      },
      features: { type: 'array', items: named() },
      paymentsTracked: { ...bool, description: 'false tant qu’aucun module ne dit ce que chaque séjour a reçu' },
      display: {
        type: 'object',
        required: ['defaultDays', 'showWeekNumbers'],
        properties: { defaultDays: int, showWeekNumbers: bool },
      },
    },
  },
  PlanningPeriod: {
    type: 'object',
    description: 'Une période tarifaire de l’en-tête (les grilles actives fusionnées en une bande).',
    required: ['id', 'label', 'startDate', 'endDate', 'color', 'grids'],
    properties: { id: int, label: str, startDate: date, endDate: date, color: str, grids: int },
  },
  WizardDraft: {
    type: 'object',
    description: 'Ce que l’assistant enregistre ; aucun montant : le prix est calculé par le serveur.',
    properties: {
      customerId: intOrNull,
      accessChannelId: intOrNull,
      partnerId: intOrNull,
      notes: strOrNull,
      promoCode: strOrNull,
      discountIds: { type: 'array', items: int },
      withCancellationInsurance: bool,
      occupancy: ref('OccupancyInput'),
      version: {
        ...int,
        description:
          'modification d’une occupation (PUT /rest/planning/occupancy/{id}) : la version de l’occupation lue ' +
          '(ou If-Match) ; périmée, 409 RECORD_CHANGED',
      },
      bookingVersion: {
        ...int,
        description: 'modification d’une occupation : la version de son séjour lue ; périmée, 409 RECORD_CHANGED',
      },
    },
  },
  ...MOVE_SCHEMAS,
  PlanningOffer: {
    type: 'object',
    description:
      'Les emplacements libres du séjour demandé, chacun avec le prix de son type ; types : un devis par type ' +
      '(ou la raison pour laquelle il n’a pas de prix).',
    required: ['startDate', 'endDate', 'persons', 'places', 'types'],
    properties: {
      startDate: date,
      endDate: date,
      persons: int,
      places: {
        type: 'array',
        items: {
          allOf: [
            ref('AvailablePlace'),
            {
              type: 'object',
              required: ['total', 'priceError'],
              properties: {
                total: { ...intOrNull, description: 'centimes' },
                priceError: strOrNull,
                heldByDraft: { ...bool, description: 'tenu par le séjour temporaire (ou l’occupation) modifié' },
              },
            },
          ],
        },
      },
      types: {
        type: 'array',
        items: {
          type: 'object',
          required: ['placeTypeId', 'label', 'total', 'touristTaxTotal', 'warnings', 'priceError'],
          properties: {
            placeTypeId: int,
            label: str,
            total: { ...intOrNull, description: 'centimes' },
            touristTaxTotal: intOrNull,
            warnings: { type: 'array', items: ref('PricingWarning') },
            priceError: strOrNull,
          },
        },
      },
    },
  },
  PlanningWindow: {
    type: 'object',
    description: 'Les barres d’une fenêtre de dates : occupations (statut, paiement, client) et indisponibilités.',
    properties: {
      from: date,
      to: date,
      occupancyFields: { type: 'array', items: str },
      unavailabilityFields: { type: 'array', items: str },
      residentialFields: { type: 'array', items: str },
      occupancies: { type: 'array', items: { type: 'array' } },
      unavailabilities: { type: 'array', items: { type: 'array' } },
      residentials: {
        type: 'array',
        description:
          'contrats résidentiels (« Résidentiel — résident », coupés autour des sous-locations par le camping) ' +
          'et sous-locations par le camping sans séjour, dans l’ordre de residentialFields',
        items: { type: 'array' },
      },
    },
  },
  PlanningSearchHit: closed({
    id: int,
    placeId: int,
    placeCode: str,
    startDate: date,
    endDate: date,
    bookingId: int,
    code: strOrNull,
    kind: { enum: ['quote', 'option', 'booking', 'passage'] },
    statusId: int,
    isCancelled: bool,
    customer: str,
    licencePlates: { ...strOrNull, description: 'les immatriculations de l’occupation, séparées par des virgules' },
    category,
    statusLabel: str,
  }),
  ExtrasWindow: closed({
    from: date,
    to: date,
    rows: list(
      closed(
        {
          id: { ...str, description: 'q<id> : un équipement loué, x<id> : un extra' },
          kind: { enum: ['equipment', 'extra'] },
          label: str,
          sublabel: str,
          stock: intOrNull,
          color: str,
          group: str,
        },
        ['color'],
      ),
    ),
    useFields: fieldNames('les champs de chaque utilisation, dans l’ordre'),
    uses: list(tuple(str, str, date, date, int, int, strOrNull, str, strOrNull, category)),
  }),
  CleaningWindow: closed({
    from: date,
    to: date,
    users: list(
      closed({
        id: int,
        lastName: str,
        firstName: strOrNull,
        team: { enum: ['cleaning', 'technical'] },
        color: strOrNull,
        phone: strOrNull,
      }),
    ),
    taskFields: fieldNames('les champs de chaque tâche, dans l’ordre'),
    tasks: list(
      tuple(
        int,
        date,
        int,
        str,
        { enum: ['cleaning', 'control', 'inter'] },
        { enum: ['taken', 'todo', 'in-progress', 'done'] },
        { enum: ['free', 'ready'] },
        intOrNull,
        { enum: ['departure', 'manual'] },
        intOrNull,
        intOrNull,
        strOrNull,
        str,
        strOrNull,
        intOrNull,
      ),
    ),
    synced: {
      ...closed({ inserted: int, updated: int, deleted: int }),
      type: ['object', 'null'],
      description: 'ce que l’affichage a mis à jour (null : rien synchronisé)',
    },
  }),
};
