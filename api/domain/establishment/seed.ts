// What every installation starts with, seeded once by bootstrap (kept by /init-demo):
// the establishment of the demo campsite with its company data, the settings row,
// the civil financial years and activity periods of this year and the next, the
// module records of §2 (docs/screens.md#admin) (inactive).
import type { Knex } from 'knex';
import { todayParis } from '../../../common/dates';
import { civilYear } from '../../../common/periods';
import { MODULE_KINDS, defaultSettings } from '../../../common/modules';

export async function seedEstablishment(knex: Knex | Knex.Transaction): Promise<void> {
  if (!(await knex('establishment').first('id'))) {
    await knex('establishment').insert({
      name: 'Camping Les Pins Bleus',
      shortName: 'Les Pins Bleus',
      corporateName: 'SARL Les Pins Bleus',
      address1: '12 route de la Plage',
      postalCode: '56340',
      town: 'Carnac',
      country: 'France',
      phone: '02 97 00 00 00',
      email: 'contact@pins-bleus.example',
      website: 'https://pins-bleus.example',
      nafCode: '55.30Z',
      siren: '412345670',
      siret: '41234567000019',
      vatNumber: 'FR96412345670',
      legalForm: 'SARL',
      capital: 5_000_000,
      rcs: 'RCS Lorient',
      tradeRegisterNumber: '412 345 670 R.C.S. Lorient',
      currency: 'EUR',
      classification: 4,
    });
  }
  if (!(await knex('setting').first('id'))) await knex('setting').insert({});
  const year = Number(todayParis().slice(0, 4));
  if (!(await knex('financial_year').first('id'))) {
    await knex('financial_year').insert([year, year + 1].map((y) => ({ label: `Exercice ${y}`, ...civilYear(y) })));
  }
  if (!(await knex('activity_period').first('id'))) {
    await knex('activity_period').insert([year, year + 1].map((y) => ({ label: `Année ${y}`, ...civilYear(y) })));
  }
  if (!(await knex('module_config').first('id'))) {
    await knex('module_config').insert(
      MODULE_KINDS.map((k) => ({
        kind: k.kind,
        label: k.label,
        isActive: false,
        settings: JSON.stringify(defaultSettings(k.kind)),
      })),
    );
  }
}
