// Labels of the bill screens.
import { dateFr, type Row } from '../../admin/src/ui';

export type { Row };

export const rateLabel = (bp: number | null | undefined) =>
  bp == null ? 'hors TVA' : `${(bp / 100).toLocaleString('fr-FR', { maximumFractionDigits: 2 })} %`;
export const billKindLabel = (b: Row) =>
  b.kind === 'credit-note'
    ? 'Avoir'
    : b.isDeposit
      ? "Facture d'acompte"
      : b.isCancellation || b.invoiceKind === 'cancellation-invoice'
        ? "Facture d'annulation"
        : 'Facture';
export const billStateLabel: Record<string, string> = {
  issued: 'Émise',
  'partly-credited': 'Partiellement annulée par avoir',
  cancelled: 'Annulée par avoir',
};
export { dateFr };
/** Opens the bill's PDF (the original the first time, the DUPLICATA after) in a new tab. */
export const pdfUrl = (billId: number) => `/rest/bill/document/${billId}`;
