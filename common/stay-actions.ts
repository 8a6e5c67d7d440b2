// What the booking summary (GET /rest/booking/{id}/summary and every stay action's
// answer) says this user may do on this stay and on each of its occupancies, decided by
// the server (api/domain/stays/allowed.ts) from the stay's status and kind, the user's
// rights on booking.booking and the freeze of a billed stay. Screens show these and
// derive nothing.

/**
 * A stay action the user may run now: a state-machine action (`confirm`, `cancel`,
 * `undo-arrival`…) or a conversion spelled out with its target kind (`convert:option`).
 */
export type StayActionKey = string;

export interface OccupancyAllowed {
  /** lock or unlock its place */
  lock: boolean;
  /** change its dates, place, occupants or price (the new-booking wizard) */
  edit: boolean;
  /** cancel it (its place is freed) */
  cancel: boolean;
  /** delete it with its occupants, animals, vehicles and extras */
  remove: boolean;
}

export interface StayAllowed {
  /** the actions offered, in the state machine's order */
  actions: StayActionKey[];
  /** take over another stay of the same customer (« Fusionner avec… ») */
  merge: boolean;
  addOccupancy: boolean;
  changeCustomer: boolean;
  editNotes: boolean;
  /** manual prices and re-pricing */
  editPrice: boolean;
  /** bills may be issued for the stay (not a quote, confirmed and not released) */
  billable: boolean;
  /** by occupancy id */
  occupancies: Record<number, OccupancyAllowed>;
}

/** The key of a conversion to this kind. */
export const convertKey = (kind: string): StayActionKey => `convert:${kind}`;
/** The target kind of a conversion key, or null for another action. */
export const convertTarget = (key: StayActionKey): string | null =>
  key.startsWith('convert:') ? key.slice('convert:'.length) : null;
