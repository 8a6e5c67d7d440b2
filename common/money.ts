// Money is integer cents; rates are integer basis points (10 % = 1000).
// Display follows fr-FR: "1 234,50 €", "5,5 %".
const euros = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const plain = new Intl.NumberFormat('fr-FR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: false,
});
const rate = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** Integer-exact: 123456 → "1 234,56 €" (the number is built from its digits, not divided). */
export function formatCents(cents: number, withSymbol = true): string {
  const value = Number(
    `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`,
  );
  return withSymbol ? euros.format(value) : plain.format(value);
}

export function formatRate(bp: number): string {
  return rate.format(
    Number(`${bp < 0 ? '-' : ''}${Math.floor(Math.abs(bp) / 100)}.${String(Math.abs(bp) % 100).padStart(2, '0')}`),
  );
}

/**
 * Parses what a French user types: "1 234,5 €", "12.30", "-3" → cents, by string
 * manipulation (no float rounding). Returns null for empty input, NaN when invalid.
 */
export function parseEurosToCents(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  return parseDecimal(String(input), 2);
}

/** "5,5 %" → 550 basis points. */
export function parsePercentToBp(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  return parseDecimal(String(input), 2, '%');
}

/**
 * A decimal with at most `scale` fraction digits, as an integer scaled by 10^scale.
 * Spaces (also the non-breaking ones fr-FR formatting puts in) and the `unit`
 * symbol are ignored: "1 234,50 €" for amounts, "5,5 %" for rates.
 */
export function parseDecimal(text: string, scale: number, unit: '€' | '%' = '€'): number | null {
  const s = text
    .replace(/[\s\u00a0\u202f]/g, '')
    .split(unit)
    .join('')
    .replace(',', '.');
  if (s === '') return null;
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(s);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return Number.NaN;
  const frac = (m[3] ?? '').padEnd(scale, '0');
  if (frac.length > scale && /[1-9]/.test(frac.slice(scale))) return Number.NaN;
  const n = Number(m[2] || '0') * 10 ** scale + Number(frac.slice(0, scale) || '0');
  return m[1] === '-' ? -n : n;
}
