// Phone numbers as the spec shows them (§5, docs/entities.md#validation): a French number in pairs of two digits
// ("06 12 34 56 78"), an international one kept international ("+44 20 7946 0958").
// Pure: shared by the API (stored form) and the admin (display).

/** The stored form of a phone number typed by a user. */
export function normalizePhone(raw: string): string {
  const text = raw.trim();
  const digits = text.replace(/[^\d+]/g, '');
  if (/^0\d{9}$/.test(digits)) return pairs(digits);
  // +33 6 12 34 56 78 (the French number with its country code)
  const fr = /^(?:\+|00)33(\d{9})$/.exec(digits);
  if (fr) return `+33 ${fr[1][0]} ${pairs(fr[1].slice(1))}`;
  if (/^00\d{6,}$/.test(digits)) return `+${digits.slice(2)}`.replace(/^(\+\d{2})(\d+)$/, '$1 $2');
  return text.replace(/\s+/g, ' ');
}

function pairs(digits: string): string {
  return digits.replace(/(\d{2})(?=\d)/g, '$1 ');
}

/** Display form (older data may be stored unformatted). */
export function formatPhone(value: string | null | undefined): string {
  return value ? normalizePhone(value) : '';
}
