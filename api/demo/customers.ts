// Demo customers: French families from the regions around the campsite and foreign
// guests (Belgium, Germany, the Netherlands, the United Kingdom, Switzerland, Spain,
// Italy) with their addresses, phones, e-mails, birth dates, attendants, animals and
// vehicles with licence plates. Bulk inserts only.
import type { Knex } from 'knex';
import { addDays } from '../../common/dates';
import { Random, bulkInsert } from './stays-random';

type Row = Record<string, any>;

const FR_LAST = [
  'Martin',
  'Bernard',
  'Thomas',
  'Petit',
  'Robert',
  'Richard',
  'Durand',
  'Dubois',
  'Moreau',
  'Laurent',
  'Simon',
  'Michel',
  'Lefebvre',
  'Leroy',
  'Roux',
  'David',
  'Bertrand',
  'Morel',
  'Fournier',
  'Girard',
  'Bonnet',
  'Dupont',
  'Lambert',
  'Fontaine',
  'Rousseau',
  'Vincent',
  'Muller',
  'Lefèvre',
  'Faure',
  'André',
  'Mercier',
  'Blanc',
  'Guérin',
  'Boyer',
  'Garnier',
  'Chevalier',
  'François',
  'Legrand',
  'Gauthier',
  'Garcia',
  'Le Gall',
  'Le Bihan',
  'Kerhervé',
  'Le Goff',
  'Tanguy',
  'Quéré',
  'Le Floch',
  'Guillou',
  'Cariou',
  'Jaouen',
  'Hénaff',
  'Le Roux',
  'Prigent',
  'Le Meur',
  'Caradec',
];
const FR_FIRST_M = [
  'Jean',
  'Pierre',
  'Michel',
  'Philippe',
  'Nicolas',
  'Christophe',
  'Stéphane',
  'Julien',
  'Thomas',
  'Yann',
  'Erwan',
  'Loïc',
  'Gwenaël',
  'Mathieu',
  'Antoine',
  'François',
  'Olivier',
  'Sébastien',
];
const FR_FIRST_F = [
  'Marie',
  'Nathalie',
  'Isabelle',
  'Sylvie',
  'Catherine',
  'Sophie',
  'Céline',
  'Aurélie',
  'Julie',
  'Camille',
  'Anne',
  'Gaëlle',
  'Nolwenn',
  'Maëlle',
  'Émilie',
  'Hélène',
  'Laure',
  'Solène',
];
const KIDS = [
  'Léo',
  'Emma',
  'Lucas',
  'Jade',
  'Louis',
  'Louise',
  'Gabriel',
  'Alice',
  'Raphaël',
  'Chloé',
  'Arthur',
  'Lina',
  'Hugo',
  'Rose',
  'Jules',
  'Mila',
  'Nathan',
  'Inès',
  'Tom',
  'Léna',
];
const STREETS = [
  'rue de la Gare',
  'avenue de la République',
  'rue Jean Jaurès',
  'rue des Écoles',
  "place de l'Église",
  'chemin du Moulin',
  'rue du Port',
  'allée des Chênes',
  'boulevard Victor Hugo',
  'impasse des Mouettes',
];

interface Foreign {
  iso: string;
  last: string[];
  first: string[];
  street: (r: Random) => string;
  phone: (r: Random) => string;
  plate: (r: Random) => string;
  mail: string;
}
const L = 'ABCDEFGHJKLMNPRSTVWXYZ';
const letters = (r: Random, n: number) => Array.from({ length: n }, () => L[r.int(0, L.length - 1)]).join('');
const digits = (r: Random, n: number) => Array.from({ length: n }, () => r.int(0, 9)).join('');

const FOREIGN: Foreign[] = [
  {
    iso: 'BE',
    last: ['Peeters', 'Janssens', 'Maes', 'Jacobs', 'Dubois', 'Lambert', 'Dupont'],
    first: ['Luc', 'Marc', 'Annick', 'Sofie', 'Wim', 'Els'],
    street: (r) => `Rue Royale ${r.int(1, 200)}`,
    phone: (r) => `+32 4${digits(r, 2)} ${digits(r, 2)} ${digits(r, 2)} ${digits(r, 2)}`,
    plate: (r) => `1-${letters(r, 3)}-${digits(r, 3)}`,
    mail: 'be',
  },
  {
    iso: 'DE',
    last: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner'],
    first: ['Stefan', 'Andreas', 'Sabine', 'Katrin', 'Jürgen', 'Claudia'],
    street: (r) => `Hauptstraße ${r.int(1, 150)}`,
    phone: (r) => `+49 17${digits(r, 1)} ${digits(r, 7)}`,
    plate: (r) => `K-${letters(r, 2)} ${digits(r, 4)}`,
    mail: 'de',
  },
  {
    iso: 'NL',
    last: ['de Jong', 'Jansen', 'de Vries', 'van den Berg', 'Bakker', 'Visser', 'Smit'],
    first: ['Jan', 'Pieter', 'Anouk', 'Sanne', 'Bram', 'Femke'],
    street: (r) => `Keizersgracht ${r.int(1, 300)}`,
    phone: (r) => `+31 6 ${digits(r, 8)}`,
    plate: (r) => `${digits(r, 2)}-${letters(r, 3)}-${digits(r, 1)}`,
    mail: 'nl',
  },
  {
    iso: 'GB',
    last: ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Evans'],
    first: ['James', 'Oliver', 'Emily', 'Sarah', 'David', 'Charlotte'],
    street: (r) => `${r.int(1, 99)} High Street`,
    phone: (r) => `+44 7${digits(r, 3)} ${digits(r, 6)}`,
    plate: (r) => `${letters(r, 2)}${digits(r, 2)} ${letters(r, 3)}`,
    mail: 'co.uk',
  },
  {
    iso: 'CH',
    last: ['Meier', 'Keller', 'Favre', 'Rochat', 'Gerber'],
    first: ['Urs', 'Beat', 'Nicole', 'Sandra'],
    street: (r) => `Rue du Lac ${r.int(1, 80)}`,
    phone: (r) => `+41 79 ${digits(r, 3)} ${digits(r, 2)} ${digits(r, 2)}`,
    plate: (r) => `VD ${digits(r, 6)}`,
    mail: 'ch',
  },
  {
    iso: 'ES',
    last: ['García', 'Fernández', 'López', 'Martínez'],
    first: ['Javier', 'Carmen', 'Lucía', 'Pablo'],
    street: (r) => `Calle Mayor ${r.int(1, 120)}`,
    phone: (r) => `+34 6${digits(r, 2)} ${digits(r, 3)} ${digits(r, 3)}`,
    plate: (r) => `${digits(r, 4)} ${letters(r, 3)}`,
    mail: 'es',
  },
  {
    iso: 'IT',
    last: ['Rossi', 'Russo', 'Ferrari', 'Esposito'],
    first: ['Marco', 'Giulia', 'Luca', 'Francesca'],
    street: (r) => `Via Roma ${r.int(1, 150)}`,
    phone: (r) => `+39 3${digits(r, 2)} ${digits(r, 7)}`,
    plate: (r) => `${letters(r, 2)} ${digits(r, 3)}${letters(r, 2)}`,
    mail: 'it',
  },
];

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '');

export interface DemoCustomer {
  id: number;
  birthDate: string;
  attendants: { id: number; birthDate: string }[];
  vehicles: { id: number; vehicleTypeId: number; licencePlate: string }[];
  animals: { id: number; animalTypeId: number }[];
}

export async function seedDemoCustomers(knex: Knex, count: number, today: string): Promise<DemoCustomer[]> {
  const rnd = new Random(7);
  const countries = new Map<string, Row>(
    (await knex('country').select('id', 'isoCode', 'languageId')).map((c: Row) => [c.isoCode, c]),
  );
  const civ = new Map<string, number>(
    (await knex('civility').select('id', 'shortLabel')).map((c: Row) => [c.shortLabel, c.id]),
  );
  const towns: Row[] = await knex('town as t')
    .join('country as c', 'c.id', 't.countryId')
    .select('t.name', 't.postalCode', 'c.isoCode');
  const frTowns = towns.filter((t) => t.isoCode === 'FR');
  // A category's plain type, the first (« Voiture », not « Voiture supplémentaire »).
  const vehicleTypes = new Map<string, number>();
  for (const v of await knex('vehicle_type').orderBy('id').select('id', 'category'))
    if (!vehicleTypes.has(v.category)) vehicleTypes.set(v.category, v.id);
  const brands: number[] = (await knex('vehicle_brand').select('id')).map((b: Row) => b.id);
  const animalTypes: number[] = (await knex('animal_type').select('id').orderBy('id')).map((a: Row) => a.id);
  const year = Number(today.slice(0, 4));
  const birth = (minAge: number, maxAge: number) => addDays(`${year - rnd.int(minAge, maxAge)}-01-01`, rnd.int(0, 364));

  const customers: Row[] = [];
  const plans: { attendants: Row[]; vehicle: Row | null; animal: Row | null }[] = [];
  for (let i = 0; i < count; i++) {
    const foreign = rnd.chance(0.3) ? rnd.pick(FOREIGN) : null;
    const country = countries.get(foreign?.iso ?? 'FR')!;
    const woman = rnd.chance(0.45);
    const last = foreign ? rnd.pick(foreign.last) : rnd.pick(FR_LAST);
    const drawn = foreign ? rnd.pick(foreign.first) : rnd.pick(woman ? FR_FIRST_F : FR_FIRST_M);
    // Never « Thomas Thomas »: another name, without another draw (the rest of the demo stays as it was).
    const first = drawn === last ? (woman ? FR_FIRST_F : FR_FIRST_M).find((n) => n !== last)! : drawn;
    const town = foreign ? towns.find((t) => t.isoCode === foreign.iso) : rnd.pick(frTowns);
    const couple = rnd.chance(0.6);
    const legal = !foreign && rnd.chance(0.02);
    customers.push({
      code: `C${String(i + 1).padStart(6, '0')}`,
      civilityId: legal
        ? civ.get('Sté')
        : couple && rnd.chance(0.3)
          ? civ.get('M. et Mme')
          : civ.get(woman ? 'Mme' : 'M.'),
      lastName: legal ? `${last} Travaux` : last,
      firstName: legal ? null : first,
      isLegalEntity: legal,
      companyName: legal ? `SARL ${last} Travaux` : null,
      address1: foreign ? foreign.street(rnd) : `${rnd.int(1, 120)} ${rnd.pick(STREETS)}`,
      postalCode: town?.postalCode ?? null,
      town: town?.name ?? null,
      countryId: country.id,
      phone1: foreign
        ? foreign.phone(rnd)
        : `0${rnd.pick(['2', '6', '7'])} ${digits(rnd, 2)} ${digits(rnd, 2)} ${digits(rnd, 2)} ${digits(rnd, 2)}`,
      phone2:
        !foreign && rnd.chance(0.3)
          ? `06 ${digits(rnd, 2)} ${digits(rnd, 2)} ${digits(rnd, 2)} ${digits(rnd, 2)}`
          : null,
      email: `${fold(first)}.${fold(last)}${i}@exemple.${foreign?.mail ?? 'fr'}`,
      birthDate: legal ? null : birth(25, 78),
      birthPlace: foreign ? (town?.name ?? null) : rnd.pick(frTowns).name,
      nationalityId: country.id,
      languageId: country.languageId,
      vatNumber: legal ? `FR${digits(rnd, 11)}` : null,
      newsletterConsent: rnd.chance(0.4),
    });
    const attendants: Row[] = [];
    if (couple && !legal)
      attendants.push({
        lastName: last,
        firstName: foreign ? rnd.pick(foreign.first) : rnd.pick(woman ? FR_FIRST_M : FR_FIRST_F),
        birthDate: birth(25, 75),
        countryId: country.id,
        nationalityId: country.id,
        languageId: country.languageId,
      });
    if (!legal && rnd.chance(0.5)) {
      for (let k = rnd.int(1, 3); k > 0; k--)
        attendants.push({
          lastName: last,
          firstName: rnd.pick(KIDS),
          birthDate: birth(1, 17),
          countryId: country.id,
          nationalityId: country.id,
          languageId: country.languageId,
        });
    }
    const vehicle = rnd.chance(0.85)
      ? {
          vehicleTypeId: vehicleTypes.get(
            rnd.weighted([
              ['car', 8],
              ['camper-van', 2],
              ['motorbike', 1],
            ] as const),
          ),
          vehicleBrandId: rnd.pick(brands),
          licencePlate: foreign ? foreign.plate(rnd) : `${letters(rnd, 2)}-${digits(rnd, 3)}-${letters(rnd, 2)}`,
        }
      : null;
    const animal = rnd.chance(0.2)
      ? {
          animalTypeId: rnd.pick(animalTypes),
          name: rnd.pick(['Rex', 'Filou', 'Noisette', 'Moka', 'Pixel', 'Gribouille', 'Oscar']),
        }
      : null;
    plans.push({ attendants, vehicle, animal });
  }
  const saved = await bulkInsert<Row>(knex, 'customer', customers, ['id', 'birthDate']);
  await knex.raw(`SELECT setval('bv_customer_code_seq', ?)`, [count]);
  const attendantRows: Row[] = [];
  const vehicleRows: Row[] = [];
  const animalRows: Row[] = [];
  saved.forEach((c, i) => {
    for (const a of plans[i].attendants) attendantRows.push({ ...a, customerId: c.id });
    if (plans[i].vehicle) vehicleRows.push({ ...plans[i].vehicle, customerId: c.id });
    if (plans[i].animal) animalRows.push({ ...plans[i].animal, customerId: c.id });
  });
  const atts = await bulkInsert<Row>(knex, 'attendant', attendantRows, ['id', 'customerId', 'birthDate']);
  const vehs = await bulkInsert<Row>(knex, 'customer_vehicle', vehicleRows, [
    'id',
    'customerId',
    'vehicleTypeId',
    'licencePlate',
  ]);
  const anis = await bulkInsert<Row>(knex, 'customer_animal', animalRows, ['id', 'customerId', 'animalTypeId']);
  const group = <T extends Row>(rows: T[]) => {
    const m = new Map<number, T[]>();
    for (const r of rows) m.set(r.customerId, [...(m.get(r.customerId) ?? []), r]);
    return m;
  };
  const ga = group(atts),
    gv = group(vehs),
    gn = group(anis);
  return saved.map((c) => ({
    id: c.id,
    birthDate: c.birthDate,
    attendants: (ga.get(c.id) ?? []).map((a) => ({ id: a.id, birthDate: a.birthDate })),
    vehicles: (gv.get(c.id) ?? []).map((v) => ({
      id: v.id,
      vehicleTypeId: v.vehicleTypeId,
      licencePlate: v.licencePlate,
    })),
    animals: (gn.get(c.id) ?? []).map((a) => ({ id: a.id, animalTypeId: a.animalTypeId })),
  }));
}
