// Who a bill is from and to, frozen on the bill at issue (a later change of the
// customer's address or of the company data never alters an issued bill). The §8 (docs/errors.md#messages)
// messages answer when the establishment or the customer lacks what
// rules-fr §2 (docs/billing.md#vat-and-invoice-mentions) asks.
import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';
import { formatMessage, type MessageCode } from '../../../common/messages';
import { sirenOfVat } from './siren';
import { formatDateFr } from '../../../common/dates';
import { postcodeRequired } from '../../../common/address';
import {
  companyDataOf,
  currentEstablishment,
  LEGAL_MENTIONS,
  type CompanyItem,
  type Establishment,
} from '../establishment/company';

type Db = Knex | Knex.Transaction;

export interface SellerSnapshot {
  corporateName: string;
  name: string;
  address1: string;
  address2: string | null;
  postalCode: string;
  town: string;
  country: string | null;
  siren: string;
  siret: string;
  vatNumber: string;
  legalForm: string;
  capital: number;
  rcs: string;
  tradeRegisterNumber: string;
  nafCode: string | null;
  phone: string | null;
  email: string | null;
}

export interface CustomerSnapshot {
  name: string;
  companyName: string | null;
  isLegalEntity: boolean;
  address1: string;
  address2: string | null;
  /** null for an address abroad without postcode */
  postalCode: string | null;
  town: string;
  country: string | null;
  countryIso: string | null;
  vatNumber: string | null;
  /** a business customer's SIREN (typed, else read from its French VAT number) */
  siren?: string | null;
  email: string | null;
}

/** Company items every bill prints (rules-fr §2 (docs/billing.md#vat-and-invoice-mentions): identity, SIREN/SIRET, VAT
 * number, legal form and capital). */
export const BILL_COMPANY_ITEMS: CompanyItem[] = ['corporateName', 'address1', ...LEGAL_MENTIONS, 'siret', 'vatNumber'];

export async function sellerSnapshot(db: Db): Promise<SellerSnapshot> {
  return sellerSnapshotOf(await currentEstablishment(db));
}

/** The seller of an establishment row already read; 400 with the first §8 (docs/errors.md#messages) message when it
 * lacks an item. */
export function sellerSnapshotOf(est: Establishment | undefined): SellerSnapshot {
  const e = companyDataOf(est, BILL_COMPANY_ITEMS);
  return {
    corporateName: e.corporateName!,
    name: e.name,
    address1: e.address1!,
    address2: e.address2 ?? null,
    postalCode: e.postalCode!,
    town: e.town!,
    country: e.country ?? null,
    siren: e.siren!,
    siret: e.siret!,
    vatNumber: e.vatNumber!,
    legalForm: e.legalForm!,
    capital: Number(e.capital),
    rcs: e.rcs!,
    tradeRegisterNumber: e.tradeRegisterNumber!,
    nafCode: e.nafCode ?? null,
    phone: e.phone ?? null,
    email: e.email ?? null,
  };
}

const blank = (v: unknown) => v == null || (typeof v === 'string' && v.trim() === '');

/** The customer's billing identity; 400 with the first §8 (docs/errors.md#messages) message when something is
 * missing. */
export async function customerSnapshot(db: Db, customerId: number | null): Promise<CustomerSnapshot> {
  const c =
    customerId == null
      ? undefined
      : await db('customer as c')
          .leftJoin('country as k', 'k.id', 'c.countryId')
          .where('c.id', customerId)
          .first('c.*', 'k.name as countryName', 'k.isoCode as countryIso');
  if (!c) throw badRequest('CUSTOMER_NOT_INITIALISED', { customerId: formatMessage('CUSTOMER_NOT_INITIALISED') });
  const lacking: [string, MessageCode][] = [];
  if (blank(c.lastName) && blank(c.companyName)) lacking.push(['lastName', 'CUSTOMER_NAME_REQUIRED']);
  if (blank(c.address1)) lacking.push(['address1', 'CUSTOMER_ADDRESS_REQUIRED']);
  // The postcode as the country has it: required for a French address, optional abroad.
  if (blank(c.postalCode) && postcodeRequired(c.countryIso)) lacking.push(['postalCode', 'CUSTOMER_POSTCODE_REQUIRED']);
  if (blank(c.town)) lacking.push(['town', 'CUSTOMER_TOWN_REQUIRED']);
  // A business customer's country decides whether the bill is intra-community (§8 (docs/errors.md#messages) « country
  // required »).
  if (c.isLegalEntity && c.countryId == null) lacking.push(['countryId', 'CUSTOMER_COUNTRY_REQUIRED']);
  // An intra-community business customer (EU, not France) is billed with its VAT number.
  if (c.isLegalEntity && c.countryIso && c.countryIso !== 'FR' && blank(c.vatNumber))
    lacking.push(['vatNumber', 'CUSTOMER_VAT_REQUIRED']);
  if (lacking.length)
    throw badRequest(lacking[0][1], Object.fromEntries(lacking.map(([f, m]) => [f, formatMessage(m)])));
  const person = [c.firstName, c.lastName].filter((s) => !blank(s)).join(' ');
  return {
    name: c.isLegalEntity && !blank(c.companyName) ? c.companyName : person || c.companyName,
    companyName: c.companyName ?? null,
    isLegalEntity: !!c.isLegalEntity,
    address1: c.address1,
    address2: c.address2 ?? null,
    postalCode: blank(c.postalCode) ? null : c.postalCode,
    town: c.town,
    country: c.countryName ?? null,
    countryIso: c.countryIso ?? null,
    vatNumber: c.vatNumber ?? null,
    siren: c.isLegalEntity ? (c.siren ?? sirenOfVat(c.vatNumber)) : null,
    email: c.email ?? null,
  };
}

/** Payment terms printed on the bill (rules-fr §2 (docs/billing.md#vat-and-invoice-mentions); the 40 € indemnity
 * concerns business customers only). */
export function paymentTermsText(customer: CustomerSnapshot, dueDate: string | null): string {
  const due = dueDate
    ? `Règlement à réception, au plus tard le ${dueDate.split('-').reverse().join('/')}.`
    : 'Règlement à réception.';
  const penalties = " Pas d'escompte pour paiement anticipé. Pénalités de retard : trois fois le taux d'intérêt légal.";
  const indemnity = customer.isLegalEntity ? ' Indemnité forfaitaire pour frais de recouvrement : 40 €.' : '';
  return `${due}${penalties}${indemnity}`;
}

/** The terms of a bill issued for money already received (a deposit bill of a payment). */
export function paidTermsText(customer: CustomerSnapshot, paid: { date: string; method: string }): string {
  return `Acquittée le ${formatDateFr(paid.date)} (${paid.method}). ${paymentTermsText(customer, null).replace(
    /^Règlement à réception\. /,
    '',
  )}`;
}
