// What the booking summary allows (api/domain/stays/allowed.ts): the rules the booking
// screen used to derive for itself — kept identical for a stay not billed (the former
// screen's code is the oracle below) — plus rights per action and the billed freeze.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decideAllowed, type AllowedInput } from '../../../api/domain/stays/allowed';
import { ACTIONS, type Action } from '../../../api/domain/stays/state-machine';
import { STATUS } from '../../../common/stay-status';

const KINDS = ['quote', 'option', 'booking', 'passage'] as const;
const STATUSES = Object.values(STATUS);

// The booking screen's former rules (custom-screens/bookings/BookingScreen.tsx before the server decided).
const OLD = { UNCONFIRMED: [1, 5], CLOSED: [7, 8, 9, 10, 11, 14, 15, 16], KEPT: [6, 7, 8, 9, 10, 11, 14, 15, 16] };
const OLD_CONVERT: Record<string, string[]> = {
  quote: ['option', 'booking', 'passage'],
  option: ['booking'],
  booking: ['option'],
  passage: [],
};
const OLD_DELETE_ACTIONS = ['undo-arrival', 'undo-departure', 'reset'];
function oldScreen(i: AllowedInput) {
  const b = i.booking;
  const active = i.occupancies.filter((x) => !x.isCancelled).length;
  const removable = (o: AllowedInput['occupancies'][number]) => {
    if (OLD.KEPT.includes(b.statusId)) return { cancel: false, remove: false };
    const spare = !o.isCancelled && (OLD.UNCONFIRMED.includes(b.statusId) || active > 1);
    return { cancel: spare || (!o.isCancelled && !!o.partnerAllotmentId), remove: spare || o.isCancelled };
  };
  return {
    actions: i.canWrite
      ? i.available.flatMap((a) =>
          a === 'convert'
            ? OLD_CONVERT[b.kind].map((k) => `convert:${k}`)
            : !OLD_DELETE_ACTIONS.includes(a) || i.canDelete
              ? [a]
              : [],
        )
      : [],
    merge: i.canWrite && i.canDelete && !!b.customerId && !OLD.KEPT.includes(b.statusId),
    addOccupancy: i.canWrite && !OLD.CLOSED.includes(b.statusId),
    changeCustomer: i.canWrite,
    editNotes: i.canWrite,
    editPrice: i.canWrite && !OLD.CLOSED.includes(b.statusId),
    billable: b.kind !== 'quote' && ![1, 5, 9, 10, 11, 14, 15, 16].includes(b.statusId),
    occupancies: Object.fromEntries(
      i.occupancies.map((o) => [
        o.id,
        {
          lock: i.canWrite && !o.isCancelled,
          edit: i.canWrite && !o.isCancelled && !OLD.CLOSED.includes(b.statusId),
          cancel: i.canWrite && !o.isCancelled && removable(o).cancel,
          remove: i.canDelete && removable(o).remove,
        },
      ]),
    ),
  };
}

const input = fc.record({
  booking: fc.record({
    kind: fc.constantFrom(...KINDS),
    statusId: fc.constantFrom(...STATUSES),
    customerId: fc.option(fc.integer({ min: 1, max: 9 }), { nil: null }),
  }),
  available: fc.subarray([...ACTIONS] as Action[]),
  occupancies: fc.uniqueArray(
    fc.record({
      id: fc.integer({ min: 1, max: 50 }),
      isCancelled: fc.boolean(),
      partnerAllotmentId: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
    }),
    { selector: (o) => o.id, maxLength: 4 },
  ),
  canWrite: fc.boolean(),
  canDelete: fc.boolean(),
  billed: fc.constant(false),
});

describe('what a user may do on a stay', () => {
  it('is what the booking screen derived, for a stay not billed', () => {
    fc.assert(
      fc.property(input, (i) => {
        expect(decideAllowed(i)).toEqual(oldScreen(i));
      }),
      { numRuns: 500 },
    );
  });

  it('a billed stay keeps its occupancies, customer and price; notes, locks and the actions stay', () => {
    fc.assert(
      fc.property(input, (raw) => {
        const i = { ...raw, billed: true };
        const a = decideAllowed(i);
        expect([a.merge, a.addOccupancy, a.changeCustomer, a.editPrice]).toEqual([false, false, false, false]);
        for (const o of Object.values(a.occupancies))
          expect([o.edit, o.cancel, o.remove]).toEqual([false, false, false]);
        const free = decideAllowed({ ...i, billed: false });
        expect(a.actions).toEqual(free.actions);
        expect(a.editNotes).toBe(free.editNotes);
        expect(Object.values(a.occupancies).map((o) => o.lock)).toEqual(
          Object.values(free.occupancies).map((o) => o.lock),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('offers a reset or an undo only with the delete right, and nothing without the write right', () => {
    const base: AllowedInput = {
      booking: { kind: 'booking', statusId: STATUS.ARRIVED, customerId: 1 },
      available: ['depart', 'early-departure', 'undo-arrival'],
      occupancies: [{ id: 1, isCancelled: false }],
      canWrite: true,
      canDelete: false,
      billed: false,
    };
    expect(decideAllowed(base).actions).toEqual(['depart', 'early-departure']);
    expect(decideAllowed({ ...base, canDelete: true }).actions).toEqual(['depart', 'early-departure', 'undo-arrival']);
    expect(decideAllowed({ ...base, canWrite: false, canDelete: true }).actions).toEqual([]);
  });

  it('spells conversions out by target kind', () => {
    const a = decideAllowed({
      booking: { kind: 'quote', statusId: STATUS.CONFIRMED, customerId: 1 },
      available: ['convert'],
      occupancies: [],
      canWrite: true,
      canDelete: true,
      billed: false,
    });
    expect(a.actions).toEqual(['convert:option', 'convert:booking', 'convert:passage']);
  });
});
