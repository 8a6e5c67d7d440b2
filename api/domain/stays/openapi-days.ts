// Named schemas of what the day lists (arrivals, departures, cleaning, occupation,
// birthdays), the availability search and the online bookings answer (part of ./openapi.ts).
// A row may carry more columns than listed; those listed are what the screens read.
import { bool, date, int, ref, str } from '../../http/schema-parts';

const text = { type: ['string', 'null'] };
const id = { type: ['integer', 'null'] };
const day = { ...date, type: ['string', 'null'] };

/** One active occupancy of the day lists (lists.ts occupancyRows). */
const occupancyRow = {
  occupancyId: int,
  bookingId: int,
  code: str,
  kind: { enum: ['quote', 'option', 'booking', 'passage'] },
  statusId: int,
  cancellation: str,
  customerId: id,
  placeId: id,
  placeCode: text,
  placeTypeLabel: text,
  isRental: { type: ['boolean', 'null'] },
  startDate: date,
  endDate: date,
  equipmentLabel: text,
  arrivedAt: text,
  goneAt: text,
  phone1: text,
  phone2: text,
  customerName: text,
  persons: int,
  licencePlates: { ...text, description: 'plaques des véhicules, séparées par des virgules' },
};
const occupancyRequired = ['occupancyId', 'bookingId', 'code', 'kind', 'statusId', 'startDate', 'endDate', 'persons'];

export const DAY_SCHEMAS: Record<string, object> = {
  DayOccupancy: {
    type: 'object',
    description: 'Une occupation des listes du jour (qui est sur place).',
    required: occupancyRequired,
    properties: occupancyRow,
  },
  DayMovement: {
    type: 'object',
    description: 'Une arrivée ou un départ du jour, avec le reste dû du séjour et l’heure prévue (préférences).',
    required: [...occupancyRequired, 'balanceDue'],
    properties: {
      ...occupancyRow,
      balanceDue: { type: 'integer', description: 'reste dû, centimes (négatif : à rembourser)' },
      expectedTime: text,
    },
  },
  DepartureCleaning: {
    type: 'object',
    description: 'Un départ à nettoyer, la prochaine arrivée sur la place et la tâche de ménage.',
    required: [...occupancyRequired, 'urgent'],
    properties: {
      ...occupancyRow,
      nextArrival: day,
      taskId: id,
      taskType: text,
      taskStatus: text,
      taskMode: text,
      cleaner: text,
      urgent: { type: 'boolean', description: 'une arrivée le jour même sur la place' },
    },
  },
  Birthday: {
    type: 'object',
    description: 'Un anniversaire d’un client ou d’un accompagnant présent ce jour-là.',
    required: ['occupancyId', 'bookingId', 'code', 'personKind', 'personId', 'lastName', 'birthday', 'age'],
    properties: {
      occupancyId: int,
      bookingId: int,
      code: str,
      customerId: id,
      placeCode: text,
      startDate: date,
      endDate: date,
      personKind: { enum: ['customer', 'attendant'] },
      personId: int,
      lastName: str,
      firstName: text,
      birthDate: date,
      birthday: date,
      age: int,
      inStay: bool,
    },
  },
  AvailablePlace: {
    type: 'object',
    description: 'Un emplacement libre pour la recherche, avec son prix quand withPrices est demandé.',
    required: ['placeId', 'code', 'placeTypeId', 'features'],
    properties: {
      placeId: int,
      code: str,
      label: text,
      capacity: int,
      surface: { type: ['number', 'null'] },
      sleepingCapacity: id,
      placeTypeId: int,
      placeTypeLabel: str,
      placeFamilyId: int,
      placeFamilyLabel: str,
      layoutId: id,
      layoutLabel: text,
      features: {
        type: 'array',
        items: { type: 'object', required: ['id', 'label'], properties: { id: int, label: str } },
      },
      price: {
        type: 'object',
        required: ['total', 'warnings', 'error'],
        properties: {
          total: { type: ['integer', 'null'], description: 'centimes' },
          warnings: { type: 'array', items: str },
          error: text,
        },
      },
    },
  },
  BookingImportList: {
    type: 'object',
    required: ['items', 'total'],
    properties: {
      items: {
        type: 'array',
        items: {
          type: 'object',
          description: 'Une réservation en ligne, avec le canal et le séjour qu’elle a donné.',
          required: ['id', 'externalRef', 'statusId', 'channelCancelled', 'lastName', 'startDate', 'endDate'],
          properties: {
            id: int,
            externalRef: str,
            statusId: int,
            channelCancelled: bool,
            lastName: str,
            firstName: text,
            startDate: date,
            endDate: date,
            adults: int,
            children: int,
            babies: int,
            amount: { type: ['integer', 'null'], description: 'centimes' },
            bookingId: id,
            channelLabel: text,
            bookingCode: text,
          },
        },
      },
      total: int,
    },
  },
  BookingImportIntegrated: {
    type: 'object',
    description: 'La réservation en ligne intégrée et le séjour créé.',
    required: ['id', 'statusId', 'bookingId', 'booking'],
    properties: {
      id: int,
      statusId: int,
      bookingId: int,
      externalRef: str,
      booking: ref('Booking'),
    },
  },
};
