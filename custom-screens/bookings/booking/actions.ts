// The stay's summary as the server answers it, and how each action it allows is offered:
// its button, what its dialog asks, and the buttons of that dialog.
import { STATUS } from '../../../common/stay-status';
import { convertKey, convertTarget } from '../../../common/stay-actions';
import { euros, type AskField, type RestAnswer, type Row } from '../../../admin/src/ui';
import { kindLabel } from '../status';
import type { MoneyWarnings } from '../../billing/stay-money';

/** GET /rest/booking/{id}/summary (and every stay action's answer), as the route declares it. */
export type Summary = RestAnswer<'/booking/{id}/summary', 'get'>;

/** How each action is offered: its button, what it asks, and its confirmation. */
// `confirm`/`keep`: the dialog's buttons, saying what each does (§8 (docs/errors.md#messages): never a bare « Confirmer
// » / « Annuler »).
const ACTION_UI: Record<
  string,
  {
    label: string;
    title: string;
    confirm?: string;
    keep?: string;
    text?: string;
    fields?: AskField[];
    danger?: boolean;
    body?: (v: Record<string, string>) => Row;
  }
> = {
  confirm: {
    label: 'Confirmer',
    title: 'Confirmer le séjour ?',
    confirm: 'Confirmer le séjour',
    text: 'Le séjour devient définitif.',
  },
  'set-in-progress': {
    label: 'En cours de traitement',
    title: 'Marquer le séjour en cours de traitement ?',
    confirm: 'Marquer en cours de traitement',
    keep: 'Laisser le séjour tel quel',
    text: 'Le séjour reste temporaire et garde ses emplacements ; il apparaît comme en cours de traitement.',
  },
  validate: {
    label: 'Valider',
    title: 'Valider le séjour ?',
    confirm: 'Valider le séjour',
    keep: 'Ne pas valider',
    text: 'Le séjour passe à l’état « Validé » : sa prise en charge est terminée.',
  },
  arrive: {
    label: 'Arrivé',
    title: 'Enregistrer l’arrivée du client ?',
    confirm: 'Enregistrer l’arrivée',
    keep: 'Ne pas enregistrer',
    text: 'Le client est noté arrivé maintenant ; cette arrivée ne peut être annulée que le jour même.',
  },
  depart: {
    label: 'Parti',
    title: 'Enregistrer le départ du client ?',
    confirm: 'Enregistrer le départ',
    keep: 'Ne pas enregistrer',
    text: 'Le client est noté parti maintenant ; ce départ ne peut être annulé que le jour même.',
  },
  'undo-arrival': {
    label: 'Annuler l’arrivée',
    title: 'Annuler l’arrivée enregistrée ?',
    confirm: 'Annuler l’arrivée',
    keep: 'Garder l’arrivée',
    text: 'Possible le jour même seulement.',
    fields: [{ name: 'reason', label: 'Motif', required: true }],
    danger: true,
  },
  'undo-departure': {
    label: 'Annuler le départ',
    title: 'Annuler le départ enregistré ?',
    confirm: 'Annuler le départ',
    keep: 'Garder le départ',
    text: 'Possible le jour même seulement.',
    fields: [{ name: 'reason', label: 'Motif', required: true }],
    danger: true,
  },
  'early-departure': {
    label: 'Départ anticipé',
    title: 'Départ anticipé',
    confirm: 'Enregistrer le départ anticipé',
    keep: 'Ne pas enregistrer',
    text: 'Les nuits à partir de ce jour sont libérées.',
    fields: [{ name: 'date', label: 'Jour du départ', type: 'date', required: true }],
  },
  'mark-cancelling': {
    label: 'Annulation en cours',
    title: 'Demande d’annulation',
    confirm: 'Enregistrer la demande',
    keep: 'Ne pas enregistrer',
    text: 'Le séjour passe « en cours d’annulation » ; ses emplacements restent réservés jusqu’à l’annulation.',
    fields: [{ name: 'reason', label: 'Motif', required: true }],
    danger: true,
  },
  'withdraw-cancelling': {
    label: 'Retirer la demande d’annulation',
    title: 'Retirer la demande d’annulation ?',
    confirm: 'Retirer la demande',
    keep: 'Garder la demande',
    text: 'Le séjour reprend son état d’avant la demande d’annulation.',
  },
  cancel: {
    label: 'Annuler',
    title: 'Annuler le séjour ?',
    confirm: 'Annuler le séjour',
    keep: 'Garder le séjour',
    text: 'Les emplacements sont libérés.',
    fields: [{ name: 'reason', label: "Motif d'annulation", required: true }],
    danger: true,
  },
  refuse: {
    label: 'Refuser',
    title: 'Refuser le séjour',
    confirm: 'Refuser le séjour',
    keep: 'Ne pas refuser',
    text: 'Le séjour est refusé et ses emplacements sont libérés.',
    fields: [
      { name: 'reason', label: 'Motif du refus' },
      { name: 'counterProposal', label: 'Contre-proposition (facultative)', multiline: true },
    ],
    danger: true,
  },
  expire: {
    label: 'Expirer l’option',
    title: 'Expirer l’option ?',
    confirm: 'Expirer l’option',
    keep: 'Garder l’option',
    text: 'Les emplacements sont libérés.',
    danger: true,
  },
  abandon: {
    label: 'Abandonner',
    title: 'Abandonner ce séjour temporaire ?',
    confirm: 'Abandonner le séjour',
    keep: 'Garder le séjour',
    text: 'Le séjour temporaire est abandonné et ses emplacements sont libérés.',
    danger: true,
  },
  reset: {
    label: 'Supprimer',
    title: 'Supprimer le séjour ?',
    confirm: 'Supprimer le séjour',
    keep: 'Garder le séjour',
    text: 'Le séjour garde son numéro, ses occupations sont supprimées.',
    fields: [{ name: 'reason', label: 'Motif de la suppression', required: true }],
    danger: true,
  },
};

/** §8 (docs/errors.md#confirmations) confirmations on an integrated online booking (status 13): what the channel will
 * not know. */
function onlineWarning(action: string, statusId: number): string | undefined {
  if (statusId !== STATUS.INTEGRATED) return undefined;
  if (action === 'validate' || action === 'refuse')
    return 'Réservation en ligne : ce choix n’est pas transmis au fournisseur externe.';
  if (action === 'reset')
    return (
      'Réservation en ligne : une fois supprimée, elle ne pourra pas être réimportée. Le séjour garde son numéro, ' +
      'ses occupations sont supprimées.'
    );
  return undefined;
}

/** A button of the stay's actions bar and the dialog it opens. */
export type ButtonUi = {
  key: string;
  label: string;
  title: string;
  confirm?: string;
  keep?: string;
  text?: string;
  fields?: AskField[];
  danger?: boolean;
};

/** « une option », « une réservation », « un devis », « un passage ». */
const kindArticle = (kind: string) =>
  `${kind === 'option' || kind === 'booking' ? 'une' : 'un'} ${kindLabel(kind).toLowerCase()}`;

const convertUi = (kind: string): ButtonUi => ({
  key: convertKey(kind),
  label: `Convertir en ${kindLabel(kind).toLowerCase()}`,
  title: `Convertir en ${kindLabel(kind).toLowerCase()} ?`,
  confirm: `Convertir en ${kindLabel(kind).toLowerCase()}`,
  keep: 'Garder la nature actuelle',
  text: `Le séjour devient ${kindArticle(kind)} ; son numéro, ses emplacements et son prix sont gardés.`,
  fields:
    kind === 'option' ? [{ name: 'date', label: "Échéance de l'option (vide : dans 7 jours)", type: 'date' }] : [],
});

/** What an action's dialog says about the money: due or owed back, at arrival and at departure. */
function moneyText(action: string, money: MoneyWarnings | null): string | null {
  if (!money) return null;
  if (action === 'arrive') return money.arrival;
  if (action === 'depart' || action === 'early-departure') return money.departure;
  return null;
}

/**
 * The buttons of the actions the server allows on this stay, with what each dialog says (cancellation fee, balance
 * due or owed back). Never « undefined »: a dialog without text has none.
 */
export function actionButtons(s: Summary, money: MoneyWarnings | null): ButtonUi[] {
  const b = s.booking;
  return s.allowed.actions.flatMap((a): ButtonUi[] => {
    const kind = convertTarget(a);
    if (kind) return [convertUi(kind)];
    const x = ACTION_UI[a];
    const fee = a === 'cancel' && s.cancellationFee ? ` Frais d'annulation : ${euros(s.cancellationFee)}.` : '';
    return x
      ? [
          {
            key: a,
            ...x,
            text:
              onlineWarning(a, b.statusId) ??
              ([x.text, fee.trim(), moneyText(a, money)].filter(Boolean).join(' ') || undefined),
          },
        ]
      : [];
  });
}
