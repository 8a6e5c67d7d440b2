// The customer's child lists (attendants, animals, vehicles, other addresses): what each
// tab shows and asks, and the row a new child is saved as.
import { records, type EntityName, type Row } from '../../admin/src/ui';

export interface ChildField {
  name: string;
  label: string;
  type?: 'text' | 'date' | 'select';
  options?: () => Promise<Row[]>;
  optionLabel?: (r: Row) => string;
  required?: boolean;
}

/** The entities a customer's child tab lists. */
export type ChildEntity = 'attendant' | 'customer-animal' | 'customer-vehicle' | 'customer-address';

export interface ChildTabDef {
  /** the child entity, listed by its customer (`/attendant/customer/{customerId}`) */
  base: ChildEntity;
  title: string;
  fields: ChildField[];
}

/** The row sent for a new child: empty fields as null, chosen references as numbers. */
export function childBody(customerId: number, fields: ChildField[], typed: Row): Row {
  const body: Row = { customerId };
  for (const f of fields)
    body[f.name] =
      typed[f.name] === '' || typed[f.name] === undefined
        ? null
        : f.type === 'select'
          ? Number(typed[f.name])
          : typed[f.name];
  return body;
}

/** An error of the server as one line: its message, then each refused field by its label. */
export function childError(e: { message: string; body?: { errors?: Record<string, unknown> } }, fields: ChildField[]) {
  return [
    e.message,
    ...Object.entries(e.body?.errors ?? {}).map(([k, v]) => `${fields.find((f) => f.name === k)?.label ?? k} : ${v}`),
  ].join(' — ');
}

const list = (entity: EntityName) => () => records.list(entity);

/** The child tabs by route tab id. */
export const CHILD_TABS: Record<string, ChildTabDef> = {
  attendants: {
    base: 'attendant',
    title: 'Accompagnants',
    fields: [
      { name: 'lastName', label: 'Nom', required: true },
      { name: 'firstName', label: 'Prénom' },
      { name: 'birthDate', label: 'Date de naissance', type: 'date' },
      { name: 'birthPlace', label: 'Lieu de naissance' },
      {
        name: 'nationalityId',
        label: 'Nationalité',
        type: 'select',
        options: list('country'),
        optionLabel: (o) => o.nationality ?? o.name,
      },
    ],
  },
  animals: {
    base: 'customer-animal',
    title: 'Animaux',
    fields: [
      {
        name: 'animalTypeId',
        label: "Type d'animal",
        type: 'select',
        options: list('animal-type'),
        optionLabel: (o) => o.label,
        required: true,
      },
      { name: 'name', label: 'Nom' },
      { name: 'breed', label: 'Race' },
      { name: 'identification', label: 'N° de puce ou de tatouage' },
    ],
  },
  vehicles: {
    base: 'customer-vehicle',
    title: 'Véhicules',
    fields: [
      { name: 'licencePlate', label: 'Immatriculation', required: true },
      {
        name: 'vehicleTypeId',
        label: 'Type de véhicule',
        type: 'select',
        options: list('vehicle-type'),
        optionLabel: (o) => o.label,
      },
      {
        name: 'vehicleBrandId',
        label: 'Marque',
        type: 'select',
        options: list('vehicle-brand'),
        optionLabel: (o) => o.label,
      },
      { name: 'model', label: 'Modèle' },
    ],
  },
  addresses: {
    base: 'customer-address',
    title: 'Autres adresses',
    fields: [
      { name: 'label', label: 'Libellé', required: true },
      { name: 'address1', label: 'Adresse' },
      { name: 'postalCode', label: 'Code postal' },
      { name: 'town', label: 'Ville' },
      { name: 'countryId', label: 'Pays', type: 'select', options: list('country'), optionLabel: (o) => o.name },
    ],
  },
};
