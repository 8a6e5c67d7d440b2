// Demo customers: French families from the regions around the campsite and foreign
// guests (Belgium, Germany, the Netherlands, the United Kingdom, Switzerland, Spain,
// Italy) with their addresses, phones, e-mails, birth dates, attendants, animals and
// vehicles with licence plates. Bulk inserts only.
import type { Knex } from 'knex';
import { addDays } from '../../common/dates';
import { Random, bulkInsert } from './stays-random';
import { FR_LAST, FR_FIRST_M, FR_FIRST_F, KIDS, STREETS, letters, digits, FOREIGN, fold } from './customer-names';
import type {
  Attendant,
  AttendantRecord,
  CivilityRecord,
  CountryRecord,
  Customer,
  CustomerAnimal,
  CustomerAnimalRecord,
  CustomerRecord,
  CustomerVehicle,
  CustomerVehicleRecord,
  TownRecord,
} from '../../common/generated/types';

type CountryRow = Pick<CountryRecord, 'id' | 'isoCode' | 'languageId'>;
/** What the inserts return: every seeded attendant has a birth date, every vehicle a type. */
type SavedAttendant = Pick<AttendantRecord, 'id' | 'customerId'> & { birthDate: string };
type SavedVehicle = Pick<CustomerVehicleRecord, 'id' | 'customerId' | 'licencePlate'> & { vehicleTypeId: number };

export interface DemoCustomer {
  id: number;
  /** null for a legal entity */
  birthDate: string | null;
  attendants: { id: number; birthDate: string }[];
  vehicles: { id: number; vehicleTypeId: number; licencePlate: string }[];
  animals: { id: number; animalTypeId: number }[];
}

export async function seedDemoCustomers(knex: Knex, count: number, today: string): Promise<DemoCustomer[]> {
  const rnd = new Random(7);
  const countries = new Map<string, CountryRow>(
    (await knex('country').select('id', 'isoCode', 'languageId')).map((c: CountryRow) => [c.isoCode, c]),
  );
  const civ = new Map<string, number>(
    (await knex('civility').select('id', 'shortLabel')).map((c: Pick<CivilityRecord, 'id' | 'shortLabel'>) => [
      c.shortLabel,
      c.id,
    ]),
  );
  const towns: (Pick<TownRecord, 'name' | 'postalCode'> & Pick<CountryRecord, 'isoCode'>)[] = await knex('town as t')
    .join('country as c', 'c.id', 't.countryId')
    .select('t.name', 't.postalCode', 'c.isoCode');
  const frTowns = towns.filter((t) => t.isoCode === 'FR');
  // A category's plain type, the first (« Voiture », not « Voiture supplémentaire »).
  const vehicleTypes = new Map<string, number>();
  for (const v of await knex('vehicle_type').orderBy('id').select('id', 'category'))
    if (!vehicleTypes.has(v.category)) vehicleTypes.set(v.category, v.id);
  const brands: number[] = (await knex('vehicle_brand').select('id')).map((b: { id: number }) => b.id);
  const animalTypes: number[] = (await knex('animal_type').select('id').orderBy('id')).map((a: { id: number }) => a.id);
  const year = Number(today.slice(0, 4));
  const birth = (minAge: number, maxAge: number) => addDays(`${year - rnd.int(minAge, maxAge)}-01-01`, rnd.int(0, 364));

  const customers: Partial<Customer>[] = [];
  const plans: {
    attendants: Partial<Attendant>[];
    vehicle: Partial<CustomerVehicle> | null;
    animal: Partial<CustomerAnimal> | null;
  }[] = [];
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
    const attendants: Partial<Attendant>[] = [];
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
  const saved = await bulkInsert<Pick<CustomerRecord, 'id' | 'birthDate'>>(knex, 'customer', customers, [
    'id',
    'birthDate',
  ]);
  await knex.raw(`SELECT setval('bv_customer_code_seq', ?)`, [count]);
  const attendantRows: Partial<Attendant>[] = [];
  const vehicleRows: Partial<CustomerVehicle>[] = [];
  const animalRows: Partial<CustomerAnimal>[] = [];
  saved.forEach((c, i) => {
    for (const a of plans[i].attendants) attendantRows.push({ ...a, customerId: c.id });
    if (plans[i].vehicle) vehicleRows.push({ ...plans[i].vehicle, customerId: c.id });
    if (plans[i].animal) animalRows.push({ ...plans[i].animal, customerId: c.id });
  });
  const atts = await bulkInsert<SavedAttendant>(knex, 'attendant', attendantRows, ['id', 'customerId', 'birthDate']);
  const vehs = await bulkInsert<SavedVehicle>(knex, 'customer_vehicle', vehicleRows, [
    'id',
    'customerId',
    'vehicleTypeId',
    'licencePlate',
  ]);
  const anis = await bulkInsert<Pick<CustomerAnimalRecord, 'id' | 'customerId' | 'animalTypeId'>>(
    knex,
    'customer_animal',
    animalRows,
    ['id', 'customerId', 'animalTypeId'],
  );
  const group = <T extends { customerId: number }>(rows: T[]) => {
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
