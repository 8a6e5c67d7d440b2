// What the tourist tax statement (tourist-tax.ts) reads and answers: the module's settings,
// the register's rows with their rate runs and exemptions, a statement period's totals.

/** The module preference-tax-statement's settings the statement reads. */
export interface TaxSettings {
  period?: string;
  collectivity?: string;
  communeCode?: string | null;
  operatorNumber?: string | null;
}

export interface TaxRun {
  rate: number;
  taxablePersons: number;
  nights: number;
  personNights: number;
  amount: number;
}
export interface Exemption {
  reason: string;
  persons: number;
  personNights: number;
}
export interface TaxRegisterRow {
  occupancyId: number;
  bookingId: number;
  bookingCode: string;
  customer: string;
  place: string | null;
  arrival: string;
  departure: string;
  nights: number;
  persons: number;
  exemptPersons: number;
  exemptions: Exemption[];
  taxablePersonNights: number;
  runs: TaxRun[];
  amountDue: number;
  amountBilled: number;
}

export interface TaxStatementPeriod {
  from: string;
  to: string;
  stays: number;
  nights: number;
  personNights: number;
  taxablePersonNights: number;
  rates: { rate: number; personNights: number; amount: number }[];
  exemptions: { reason: string; personNights: number }[];
  amountDue: number;
  amountBilled: number;
}
