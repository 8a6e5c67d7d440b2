// Named schemas of the hand-written stay and customer routes (registered by ./routes.ts
// with defineSchemas) and the documentation of the state machine's actions. Pure data.
import { date, str } from '../../http/schema-parts';
import type { Action } from './state-machine';
import { READ_SCHEMAS } from './openapi-reads';
import { WRITE_SCHEMAS } from './openapi-writes';
import { DAY_SCHEMAS } from './openapi-days';

/** The state machine's actions as routes: summary and body properties (the module checks them and says why). */
export const ACTION_DOCS: Record<Action, { summary: string; body?: Record<string, object> }> = {
  confirm: { summary: 'Confirme un séjour temporaire (client et emplacements requis)' },
  'set-in-progress': { summary: 'Marque un séjour temporaire en cours de traitement' },
  abandon: { summary: 'Abandonne un séjour temporaire (libère les emplacements)' },
  validate: { summary: 'Valide une réservation ou un passage' },
  cancel: {
    summary: 'Annule le séjour (motif obligatoire ; refusé avec une occupation partenaire)',
    body: { reason: str },
  },
  'mark-cancelling': { summary: "Marque le séjour « en cours d'annulation »", body: { reason: str } },
  'withdraw-cancelling': { summary: "Retire la demande d'annulation" },
  refuse: { summary: 'Refuse le séjour, avec ou sans contre-proposition', body: { reason: str, counterProposal: str } },
  arrive: {
    summary:
      "Coche le client arrivé, à partir du jour d'arrivée moins la tolérance des préférences (ARRIVAL_TOO_EARLY, " +
      'ALREADY_ARRIVED, ALREADY_GONE)',
  },
  depart: {
    summary:
      'Coche le client parti (NOT_ARRIVED avant son arrivée, ALREADY_GONE ensuite) ; avec un solde dû, 409 ' +
      'BALANCE_DUE_CONFIRM et le montant (due) sauf acceptBalance: true',
    body: { acceptBalance: { type: 'boolean' } },
  },
  'early-departure': {
    summary:
      'Départ anticipé : les nuits à partir de date sont libérées ; avec un solde dû, 409 BALANCE_DUE_CONFIRM ' +
      'sauf acceptBalance: true',
    body: { date, acceptBalance: { type: 'boolean' } },
  },
  convert: {
    summary: 'Convertit la nature : option ↔ réservation, devis → option, réservation ou passage',
    body: {
      kind: { enum: ['quote', 'option', 'booking', 'passage'] },
      date: { ...date, description: "échéance d'une option" },
    },
  },
  reset: {
    summary:
      'Réinitialisation DELETED : le séjour garde son numéro, ses occupations sont supprimées (droit de suppression)',
    body: { reason: str },
  },
  expire: { summary: 'Expire une option (libère les emplacements)' },
  'undo-arrival': {
    summary: "Annule l'arrivée enregistrée, le jour même (motif obligatoire ; droit de suppression)",
    body: { reason: str },
  },
  'undo-departure': {
    summary:
      'Annule le départ (ou le départ anticipé : ses nuits reviennent au séjour) enregistré, le jour même (motif ' +
      'obligatoire ; droit de suppression)',
    body: { reason: str },
  },
};

export const STAYS_SCHEMAS: Record<string, object> = { ...READ_SCHEMAS, ...DAY_SCHEMAS, ...WRITE_SCHEMAS };
