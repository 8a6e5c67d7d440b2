// Labels of the bill screens.
import { dateFr, type Row } from '../../admin/src/ui';

export type { Row };

export const rateLabel = (bp: number | null | undefined) =>
  bp == null ? 'hors TVA' : `${(bp / 100).toLocaleString('fr-FR', { maximumFractionDigits: 2 })} %`;
/** A deposit bill is named for what it bills: arrhes or acompte
 * (rules-fr §2, docs/billing.md#vat-and-invoice-mentions). */
export const billKindLabel = (b: Row) =>
  b.kind === 'credit-note'
    ? 'Avoir'
    : b.isDeposit
      ? b.depositNature === 'arrhes'
        ? "Facture d'arrhes"
        : "Facture d'acompte"
      : b.isCancellation || b.invoiceKind === 'cancellation-invoice'
        ? "Facture d'annulation"
        : 'Facture';
export const billStateLabel: Record<string, string> = {
  issued: 'Émise',
  'partly-credited': 'Partiellement annulée par avoir',
  cancelled: 'Annulée par avoir',
};
export { dateFr };
/** The bill's PDF to look at (GET: a copy marked DUPLICATA); printing is a POST (PrintButton). */
export const pdfUrl = (billId: number) => `/rest/bill/document/${billId}`;
