// French company identifiers (§3 (docs/entities.md) Establishment, §9, docs/constants.md): SIREN 9 digits and SIRET 14
// digits, both with a Luhn check digit (La Poste's establishments excepted: their
// SIRET digits sum to a multiple of 5), and the French VAT number's key.

const luhn = (digits: string): boolean => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
};

const LA_POSTE = '356000000';

export function isValidSiren(v: string): boolean {
  return /^\d{9}$/.test(v) && luhn(v);
}

export function isValidSiret(v: string): boolean {
  if (!/^\d{14}$/.test(v)) return false;
  if (v.startsWith(LA_POSTE)) return [...v].reduce((s, c) => s + Number(c), 0) % 5 === 0;
  return luhn(v);
}

/** Key of a French intra-community VAT number: FR + key + SIREN. */
export function frenchVatKey(siren: string): string {
  return String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, '0');
}

export function isValidFrenchVat(v: string): boolean {
  const m = /^FR([0-9]{2})([0-9]{9})$/.exec(v);
  return !!m && frenchVatKey(m[2]) === m[1];
}

/** Usual legal forms, offered by the establishment screen (free text is allowed). */
export const LEGAL_FORMS = [
  'Entreprise individuelle',
  'EIRL',
  'EURL',
  'SARL',
  'SAS',
  'SASU',
  'SA',
  'SNC',
  'SCI',
  'SCOP',
  'SCEA',
  'GAEC',
  'Association',
  'Régie municipale',
  'SPL',
  'SEM',
];
