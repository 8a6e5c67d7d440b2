// The words of a meter tariff on a rent receipt's line: its price, its slices
// (« 1,50 € jusqu'à 30 m³, 2,10 € au-delà ») when the line's 250 characters hold them.
import type { Slice } from './engine';

export const euros = (c: number) => (c / 100).toLocaleString('fr-FR', { minimumFractionDigits: 2 }) + ' €';

/** « 1,50 € jusqu'à 30 m³, 2,10 € au-delà » */
function sliceWords(unitPrice: number, slices: Slice[], unit: string): string {
  const parts = [`${euros(unitPrice)} jusqu'à ${slices[0].fromQuantity.toLocaleString('fr-FR')} ${unit}`];
  slices.forEach((s, i) => {
    const next = slices[i + 1];
    parts.push(
      next
        ? `${euros(s.unitPrice)} jusqu'à ${next.fromQuantity.toLocaleString('fr-FR')} ${unit}`
        : `${euros(s.unitPrice)} au-delà`,
    );
  });
  return parts.join(', ');
}

/** The slices in words when the line's 250 characters hold them, else named only. */
export function slicedLabel(head: string, unitPrice: number, slices: Slice[], unit: string): string {
  const long = `${head}, tarif par tranches (${sliceWords(unitPrice, slices, unit)})`;
  return long.length <= 250 ? long : `${head}, tarif par tranches`.slice(0, 250);
}
