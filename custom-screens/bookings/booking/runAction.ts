// A stay action run from the booking screen's buttons: POST /rest/booking/{id}/<action>,
// with the body its route declares. The action is a button's, known at run time only;
// each one turns the answers of its dialog (text, '' when left empty) into its own
// route's body here, so a field a route does not take, or a value of the wrong type, is a
// type error.
import { rest, type MethodOf, type RestBody, type RestPath } from '../../../admin/src/ui';
import type { Summary } from './actions';

/** The JSON body of a stay action's route (`'post' & MethodOf<P>`: 'post', checked once P is known). */
type Body<P extends RestPath> = NonNullable<RestBody<P, 'post' & MethodOf<P>>>;

/** The body each action's route takes, by action (a conversion is `convert`, its target kind in the body). */
export interface ActionBody {
  confirm: Body<'/booking/{id}/confirm'>;
  'set-in-progress': Body<'/booking/{id}/set-in-progress'>;
  validate: Body<'/booking/{id}/validate'>;
  arrive: Body<'/booking/{id}/arrive'>;
  depart: Body<'/booking/{id}/depart'>;
  'undo-arrival': Body<'/booking/{id}/undo-arrival'>;
  'undo-departure': Body<'/booking/{id}/undo-departure'>;
  'early-departure': Body<'/booking/{id}/early-departure'>;
  'mark-cancelling': Body<'/booking/{id}/mark-cancelling'>;
  'withdraw-cancelling': Body<'/booking/{id}/withdraw-cancelling'>;
  cancel: Body<'/booking/{id}/cancel'>;
  refuse: Body<'/booking/{id}/refuse'>;
  expire: Body<'/booking/{id}/expire'>;
  abandon: Body<'/booking/{id}/abandon'>;
  reset: Body<'/booking/{id}/reset'>;
  convert: Body<'/booking/{id}/convert'>;
}
/** The actions the screen runs. */
export type StayAction = keyof ActionBody;

/** The answers of an action's dialog, by field name. */
export type DialogValues = Partial<Record<string, string>>;

type Kind = NonNullable<ActionBody['convert']['kind']>;
const KINDS: readonly Kind[] = ['quote', 'option', 'booking', 'passage'];

/** A field left empty is not sent. */
const given = (v: string | undefined) => (v ? v : undefined);

/**
 * Each action's body from its dialog's answers; `balanceDue`: the dialog showed a balance due, which confirming a
 * departure accepts.
 */
const BODIES: { [A in StayAction]: (v: DialogValues, balanceDue: boolean) => ActionBody[A] } = {
  confirm: (): ActionBody['confirm'] => ({}),
  'set-in-progress': (): ActionBody['set-in-progress'] => ({}),
  validate: (): ActionBody['validate'] => ({}),
  arrive: (): ActionBody['arrive'] => ({}),
  depart: (_v, balanceDue): ActionBody['depart'] => (balanceDue ? { acceptBalance: true } : {}),
  'undo-arrival': (v): ActionBody['undo-arrival'] => ({ reason: given(v.reason) }),
  'undo-departure': (v): ActionBody['undo-departure'] => ({ reason: given(v.reason) }),
  'early-departure': (v, balanceDue): ActionBody['early-departure'] => ({
    date: given(v.date),
    ...(balanceDue ? { acceptBalance: true } : {}),
  }),
  'mark-cancelling': (v): ActionBody['mark-cancelling'] => ({ reason: given(v.reason) }),
  'withdraw-cancelling': (): ActionBody['withdraw-cancelling'] => ({}),
  cancel: (v): ActionBody['cancel'] => ({ reason: given(v.reason) }),
  refuse: (v): ActionBody['refuse'] => ({ reason: given(v.reason), counterProposal: given(v.counterProposal) }),
  expire: (): ActionBody['expire'] => ({}),
  abandon: (): ActionBody['abandon'] => ({}),
  reset: (v): ActionBody['reset'] => ({ reason: given(v.reason) }),
  convert: (v): ActionBody['convert'] => ({ date: given(v.date), kind: KINDS.find((k) => k === v.kind) }),
};

export const isStayAction = (key: string): key is StayAction => Object.hasOwn(BODIES, key);

/** Runs `action` on the stay at the version the screen showed (a stale one is a 409); the stay's new summary. */
export function runStayAction(
  stay: { id: number; version: number },
  action: StayAction,
  values: DialogValues,
  balanceDue: boolean,
): Promise<Summary> {
  const body: ActionBody[StayAction] = { ...BODIES[action](values, balanceDue), version: stay.version };
  return rest('post', `/booking/{id}/${action}`, { path: { id: stay.id }, body });
}
