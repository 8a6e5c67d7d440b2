// The body of a credit note, from what the « Avoir » dialog holds: all that remains of the
// bill, an amount off the whole bill, or amounts off chosen lines; a French message
// instead when something is missing or wrong.
import { parseEurosToCents } from '../../common/money';
import type { RestBody } from '../../admin/src/ui/client';

export type CreditNoteMode = 'all' | 'lines' | 'amount';
export type CreditNoteBody = RestBody<'/bill/{billId}/credit-note', 'post'>;

export function creditNoteBody(
  mode: CreditNoteMode,
  reason: string,
  amount: string,
  byLine: Record<number, string>,
): CreditNoteBody | string {
  if (!reason.trim()) return "Le motif de l'avoir est obligatoire";
  if (mode === 'all') return { reason };
  if (mode === 'amount') {
    const cents = parseEurosToCents(amount);
    return cents != null && cents > 0 ? { reason, amount: cents } : 'Montant invalide';
  }
  const picked = Object.entries(byLine).filter(([, v]) => v.trim() !== '');
  if (!picked.length) return 'Indiquez le montant à créditer sur au moins une ligne';
  const lines: { billLineId: number; amount: number }[] = [];
  for (const [id, v] of picked) {
    const cents = parseEurosToCents(v);
    // NaN (not a number) fails `> 0` too.
    if (!(cents != null && cents > 0)) return 'Montant invalide';
    lines.push({ billLineId: Number(id), amount: cents });
  }
  return { reason, lines };
}
