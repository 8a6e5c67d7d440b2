// Custom string formats shared by the API and the forms.

/** local@domain with a 2 to 25 letter suffix (spec §5, docs/entities.md#validation). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,25}$/;

export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (iban.length < 15 || iban.length > 34 || !/^[A-Z]{2}[0-9]{2}[A-Z0-9]+$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  // mod 97 computed piecewise: the number has up to 68 digits
  let rest = 0;
  for (const ch of rearranged) {
    const code = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of code) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

export function isValidDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

export const FORMATS: Record<string, (v: string) => boolean> = {
  date: isValidDate,
  'date-time': (v) =>
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(v) && !Number.isNaN(Date.parse(v)),
  time: (v) => /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(v),
  email: (v) => EMAIL_PATTERN.test(v),
  color: (v) => /^#[0-9a-fA-F]{6}$/.test(v),
  iban: isValidIban,
  bic: (v) => /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(v),
  siren: (v) => /^\d{9}$/.test(v),
  siret: (v) => /^\d{14}$/.test(v),
  phone: (v) => /^\+?[0-9 .\-()]{6,20}$/.test(v),
  uri: (v) => /^https?:\/\/[^\s]+$/.test(v),
};
