// What the closure buttons ask before closing (issue 29 §7, docs/history.md#issue-29): what will be done and what
// it means — a closure is signed into the inalterable journal and cannot be undone.
import { dateFr } from '../../admin/src/ui';

export interface Confirmation {
  title: string;
  text: string;
  confirmLabel: string;
  keepLabel: string;
}

export function closureConfirmation(what: 'day' | 'month', day: string, month: string): Confirmation {
  if (what === 'day')
    return {
      title: `Clôturer la journée du ${dateFr(day)} ?`,
      text:
        'Le Z de la journée (les ventes, factures et paiements datés de ce jour ou avant et pas encore clôturés, ' +
        'par taux de TVA et par mode de paiement) est calculé et signé dans le journal inaltérable. ' +
        'Cette clôture est définitive : ce qu’elle contient ne peut plus être modifié, seulement corrigé par un ' +
        'avoir ou une opération inverse datée d’un jour suivant.',
      confirmLabel: 'Clôturer la journée',
      keepLabel: 'Ne pas clôturer',
    };
  return {
    title: `Clôturer le mois de ${month} ?`,
    text:
      'La clôture mensuelle additionne les clôtures journalières du mois et les signe dans le journal ' +
      'inaltérable, avec le grand total perpétuel. Elle est définitive : le mois ne pourra plus être rouvert.',
    confirmLabel: 'Clôturer le mois',
    keepLabel: 'Ne pas clôturer',
  };
}
