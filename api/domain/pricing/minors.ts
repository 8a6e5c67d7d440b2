// Minors are exempt from the tourist tax by law (rules-fr §1 (docs/statements.md#tourist-tax), CGCT L2333-31): the
// exemption follows from an age category's range, not only from its tick. A category
// whose ages are all under 18 is exempt (minors-rule.ts refuses one saved with the tick off).

export const MAJORITY_AGE = 18;

/** Every age of the category is under 18 (an open upper bound is not). */
export function isMinorsCategory<T extends { maxAge?: number | null }>(c: T): c is T & { maxAge: number } {
  return c.maxAge != null && c.maxAge < MAJORITY_AGE;
}

/** Exempt from the tourist tax: by the range (minors) or by the tick (council decision). */
export function isTouristTaxExemptCategory(c: {
  maxAge?: number | null;
  isTouristTaxExempt?: boolean | null;
}): boolean {
  return !!c.isTouristTaxExempt || isMinorsCategory(c);
}
