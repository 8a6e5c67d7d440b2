// The establishment (one per installation; the first row is "the" establishment)
// and its company data. Other modules call `requireCompanyData` before producing
// legal documents (bills, closures): a missing item answers the §8 (docs/errors.md#messages) message
// "… obligatoire (renseignez Établissement > Informations)".
import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';
import type { MessageCode } from '../../../common/messages';
import type { EstablishmentRecord } from '../../../common/generated/types';

/** The establishment row as stored (its schema: schemas/establishment.schema.json). */
export type Establishment = EstablishmentRecord;

export async function currentEstablishment(knex: Knex | Knex.Transaction): Promise<Establishment | undefined> {
  return knex<EstablishmentRecord>('establishment').orderBy('id').first();
}

export type CompanyItem =
  | 'corporateName'
  | 'legalForm'
  | 'capital'
  | 'siren'
  | 'siret'
  | 'rcs'
  | 'tradeRegisterNumber'
  | 'address1'
  | 'postalCode'
  | 'town'
  | 'vatNumber';

export const COMPANY_MESSAGES: Record<CompanyItem, MessageCode> = {
  corporateName: 'COMPANY_CORPORATE_NAME_REQUIRED',
  legalForm: 'COMPANY_LEGAL_FORM_REQUIRED',
  capital: 'COMPANY_CAPITAL_REQUIRED',
  siren: 'COMPANY_SIREN_REQUIRED',
  siret: 'COMPANY_SIRET_REQUIRED',
  rcs: 'COMPANY_RCS_REQUIRED',
  tradeRegisterNumber: 'COMPANY_REGISTRATION_REQUIRED',
  address1: 'COMPANY_ADDRESS_REQUIRED',
  postalCode: 'COMPANY_POSTCODE_REQUIRED',
  town: 'COMPANY_TOWN_REQUIRED',
  vatNumber: 'COMPANY_VAT_REQUIRED',
};

/** What §8 (docs/errors.md#messages) names for legal documents: legal form, capital, SIREN, RCS, registration, postal
 * code, town. */
export const LEGAL_MENTIONS: CompanyItem[] = [
  'legalForm',
  'capital',
  'siren',
  'rcs',
  'tradeRegisterNumber',
  'postalCode',
  'town',
];

const missing = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** The items of `need` the establishment lacks, in order. */
export function missingCompanyData(
  est: Partial<Establishment> | undefined,
  need: CompanyItem[] = LEGAL_MENTIONS,
): CompanyItem[] {
  return need.filter((k) => missing(est?.[k]));
}

/**
 * The establishment, once it holds every item of `need` (default: the legal
 * mentions of a bill); otherwise a 400 with the first missing item's message.
 */
export async function requireCompanyData(
  knex: Knex | Knex.Transaction,
  need: CompanyItem[] = LEGAL_MENTIONS,
): Promise<Establishment> {
  return companyDataOf(await currentEstablishment(knex), need);
}

/** The same check on an establishment row already read. */
export function companyDataOf(est: Establishment | undefined, need: CompanyItem[] = LEGAL_MENTIONS): Establishment {
  const lacking = missingCompanyData(est, need);
  if (lacking.length) {
    const code = COMPANY_MESSAGES[lacking[0]];
    throw badRequest(code, Object.fromEntries(lacking.map((k) => [k, 'Champ obligatoire'])));
  }
  return est!;
}
