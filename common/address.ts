// Address rules by country (issue 24 point 12, docs/statements.md): a French address (France, Monaco) has a
// 5-digit postcode, needed to bill it; elsewhere the postcode is the country's business
// (none in Ireland or Hong Kong, letters in the United Kingdom…): optional, kept as typed.
// An address whose country is not known is held to the French rule (the default country).

const FRENCH_POSTAL = new Set(['FR', 'MC']);

/** Whether a bill to this country needs a postcode. */
export function postcodeRequired(countryIso: string | null | undefined): boolean {
  return countryIso == null || FRENCH_POSTAL.has(countryIso);
}

/** Whether the postcode typed is well-formed for the country (a blank one always is). */
export function postcodeValid(countryIso: string | null | undefined, postcode: string | null | undefined): boolean {
  const p = (postcode ?? '').trim();
  if (!p) return true;
  return countryIso != null && FRENCH_POSTAL.has(countryIso) ? /^\d{5}$/.test(p) : p.length <= 10;
}

/** « 56340 Carnac », or « Dingle » for an address without postcode. */
export const postcodeAndTown = (postcode: string | null | undefined, town: string | null | undefined) =>
  [postcode, town].filter((s) => s != null && String(s).trim() !== '').join(' ');
