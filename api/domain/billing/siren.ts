// The SIREN inside a French intra-community VAT number (FR + 2 key characters + SIREN).

/** SIREN of a French VAT number (FR + 2 key characters + SIREN). */
export function sirenOfVat(vat: string | null | undefined): string | null {
  const m = /^FR[0-9A-Z]{2}(\d{9})$/.exec((vat ?? '').replace(/\s/g, '').toUpperCase());
  return m ? m[1] : null;
}
