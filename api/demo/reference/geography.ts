// Languages, countries, civilities, and the French regions, departments and towns
// of the demo campsite (Carnac, Morbihan) and its neighbour south Finistère, plus a few
// other holiday areas.
import type { Knex } from 'knex';
import { id, insertIds, type Ids } from './ids';

export interface Geography {
  countries: Ids;
}

const REGIONS: [code: string, name: string][] = [
  ['53', 'Bretagne'],
  ['52', 'Pays de la Loire'],
  ['75', 'Nouvelle-Aquitaine'],
  ['28', 'Normandie'],
  ['11', 'Île-de-France'],
  ['84', 'Auvergne-Rhône-Alpes'],
  ['76', 'Occitanie'],
  ['93', "Provence-Alpes-Côte d'Azur"],
];

const DEPARTMENTS: [code: string, name: string, region: string][] = [
  ['22', "Côtes-d'Armor", '53'],
  ['29', 'Finistère', '53'],
  ['35', 'Ille-et-Vilaine', '53'],
  ['56', 'Morbihan', '53'],
  ['44', 'Loire-Atlantique', '52'],
  ['49', 'Maine-et-Loire', '52'],
  ['85', 'Vendée', '52'],
  ['17', 'Charente-Maritime', '75'],
  ['33', 'Gironde', '75'],
  ['14', 'Calvados', '28'],
  ['50', 'Manche', '28'],
  ['75', 'Paris', '11'],
  ['69', 'Rhône', '84'],
  ['34', 'Hérault', '76'],
  ['83', 'Var', '93'],
];

// [postal code, name, INSEE code, department]
const TOWNS: [string, string, string, string][] = [
  ['29170', 'Fouesnant', '29058', '29'],
  ['29950', 'Bénodet', '29006', '29'],
  ['29900', 'Concarneau', '29039', '29'],
  ['29000', 'Quimper', '29232', '29'],
  ['29120', "Pont-l'Abbé", '29220', '29'],
  ['29120', 'Combrit', '29037', '29'],
  ['29750', 'Loctudy', '29135', '29'],
  ['29200', 'Brest', '29019', '29'],
  ['29160', 'Crozon', '29042', '29'],
  ['29600', 'Morlaix', '29151', '29'],
  ['56000', 'Vannes', '56260', '56'],
  ['56340', 'Carnac', '56034', '56'],
  ['56170', 'Quiberon', '56186', '56'],
  ['56100', 'Lorient', '56121', '56'],
  ['35000', 'Rennes', '35238', '35'],
  ['35400', 'Saint-Malo', '35288', '35'],
  ['22000', 'Saint-Brieuc', '22278', '22'],
  ['22700', 'Perros-Guirec', '22168', '22'],
  ['44000', 'Nantes', '44109', '44'],
  ['44500', 'La Baule-Escoublac', '44055', '44'],
  ['85000', 'La Roche-sur-Yon', '85191', '85'],
  ['85100', "Les Sables-d'Olonne", '85194', '85'],
  ['85160', 'Saint-Jean-de-Monts', '85234', '85'],
  ['75001', 'Paris', '75056', '75'],
  ['69001', 'Lyon', '69123', '69'],
];

// Foreign towns of regular guests: no department.
const FOREIGN_TOWNS: [string, string, string][] = [
  ['1000', 'Bruxelles', 'BE'],
  ['50667', 'Köln', 'DE'],
  ['1012', 'Amsterdam', 'NL'],
  ['SW1A 1AA', 'London', 'GB'],
];

export async function seedGeography(knex: Knex): Promise<Geography> {
  const languages = await insertIds(
    knex,
    'language',
    [
      { code: 'fr', name: 'Français', isDefault: true },
      { code: 'en', name: 'Anglais' },
      { code: 'de', name: 'Allemand' },
      { code: 'nl', name: 'Néerlandais' },
      { code: 'es', name: 'Espagnol' },
      { code: 'it', name: 'Italien' },
    ],
    'code',
  );
  const lang = (code: string) => id(languages, code);
  const countries = await insertIds(
    knex,
    'country',
    [
      { isoCode: 'FR', name: 'France', nationality: 'Française', languageId: lang('fr'), isEu: true, isDefault: true },
      { isoCode: 'BE', name: 'Belgique', nationality: 'Belge', languageId: lang('fr'), isEu: true },
      { isoCode: 'CH', name: 'Suisse', nationality: 'Suisse', languageId: lang('fr') },
      { isoCode: 'DE', name: 'Allemagne', nationality: 'Allemande', languageId: lang('de'), isEu: true },
      { isoCode: 'NL', name: 'Pays-Bas', nationality: 'Néerlandaise', languageId: lang('nl'), isEu: true },
      { isoCode: 'GB', name: 'Royaume-Uni', nationality: 'Britannique', languageId: lang('en') },
      { isoCode: 'ES', name: 'Espagne', nationality: 'Espagnole', languageId: lang('es'), isEu: true },
      { isoCode: 'IT', name: 'Italie', nationality: 'Italienne', languageId: lang('it'), isEu: true },
    ],
    'isoCode',
  );
  await knex('civility').insert([
    { shortLabel: 'M.', label: 'Monsieur', isDefault: true },
    { shortLabel: 'Mme', label: 'Madame' },
    { shortLabel: 'M. et Mme', label: 'Monsieur et Madame' },
    { shortLabel: 'Sté', label: 'Société', isLegalEntity: true },
  ]);

  const fr = id(countries, 'FR');
  const regions = await insertIds(
    knex,
    'region',
    REGIONS.map(([code, name]) => ({ code, name, countryId: fr })),
    'code',
  );
  const departments = await insertIds(
    knex,
    'department',
    DEPARTMENTS.map(([code, name, region]) => ({ code, name, regionId: id(regions, region), countryId: fr })),
    'code',
  );
  await knex('town').insert([
    ...TOWNS.map(([postalCode, name, inseeCode, dep]) => ({
      postalCode,
      name,
      inseeCode,
      departmentId: id(departments, dep),
      countryId: fr,
    })),
    ...FOREIGN_TOWNS.map(([postalCode, name, iso]) => ({ postalCode, name, countryId: id(countries, iso) })),
  ]);
  return { countries };
}
