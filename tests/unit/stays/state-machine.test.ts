// The stay life cycle (§4, docs/stays.md#states-and-transitions), every action from every status and kind: what is
// allowed, what is refused and with which message, and what an allowed action writes.
import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  availableActions,
  decide,
  decideIntegration,
  TransitionError,
  type Action,
  type ActionParams,
  type BookingFacts,
} from '../../../api/domain/stays/state-machine';
import { STATUS, holdsPlaces } from '../../../api/domain/stays/status';

const S = STATUS;
const ALL_STATUSES = Object.values(S);
const KINDS = ['quote', 'option', 'booking', 'passage'] as const;
const clock = { today: '2031-06-15', now: '2031-06-15T10:00:00.000Z' };

const facts = (over: Partial<BookingFacts> = {}): BookingFacts => ({
  kind: 'booking',
  statusId: S.CONFIRMED,
  cancellation: 'none',
  customerId: 1,
  optionExpiryDate: null,
  startDate: '2031-06-15',
  endDate: '2031-06-22',
  activeOccupancies: 1,
  occupanciesWithoutPlace: 0,
  partnerOccupancies: 0,
  ...over,
});
const params = (a: Action, kind: string) => ({
  reason: 'Motif',
  counterProposal: null,
  date: a === 'early-departure' ? '2031-06-18' : null,
  kind:
    a === 'convert'
      ? ({ quote: 'booking', option: 'booking', booking: 'option', passage: 'booking' } as Record<string, string>)[kind]
      : undefined,
});
const attempt = (b: BookingFacts, a: Action, p: ActionParams = params(a, b.kind)) => {
  try {
    return { ok: true as const, d: decide(b, a, p, clock) };
  } catch (e) {
    if (!(e instanceof TransitionError)) throw e;
    return { ok: false as const, code: e.code };
  }
};

/**
 * The expected table, written from §4 (docs/stays.md#states-and-transitions) independently of the implementation. No
 * stay is "Acceptée" (4) or "À intégrer" (12): those are statuses of the online booking before
 * integration; "Intégrée" (13) is a firm online booking, which stays a booking.
 */
const OPEN = [S.TEMPORARY, S.IN_PROGRESS, S.CONFIRMED, S.VALIDATED, S.INTEGRATED];
const FIRM = [S.CONFIRMED, S.VALIDATED, S.INTEGRATED];
function expected(a: Action, kind: string, status: number): { ok: true; to?: number } | { ok: false; code: string } {
  const refuse = (code = 'INVALID_TRANSITION') => ({ ok: false as const, code });
  const gone = status === S.GONE || status === S.EARLY_DEPARTURE;
  const released = [S.CANCELLED, S.REFUSED, S.REFUSED_COUNTER, S.EXPIRED, S.ABANDONED, S.DELETED].includes(status as 9);
  switch (a) {
    case 'confirm':
      return [S.TEMPORARY, S.IN_PROGRESS].includes(status as 1) ? { ok: true, to: S.CONFIRMED } : refuse();
    case 'set-in-progress':
      return status === S.TEMPORARY ? { ok: true, to: S.IN_PROGRESS } : refuse();
    case 'abandon':
      return [S.TEMPORARY, S.IN_PROGRESS].includes(status as 1) ? { ok: true, to: S.ABANDONED } : refuse();
    case 'validate':
      if (![S.TEMPORARY, S.IN_PROGRESS, S.CONFIRMED, S.INTEGRATED].includes(status as 1)) return refuse();
      return kind === 'booking' || kind === 'passage' ? { ok: true, to: S.VALIDATED } : refuse();
    case 'cancel':
      return OPEN.includes(status as 1) ? { ok: true, to: S.CANCELLED } : refuse();
    case 'mark-cancelling':
      return FIRM.includes(status as 2) ? { ok: true } : refuse();
    case 'withdraw-cancelling':
      return refuse(); // nothing is "cancelling" in this table
    case 'refuse':
      return [S.TEMPORARY, S.IN_PROGRESS, S.CONFIRMED, S.INTEGRATED].includes(status as 1)
        ? { ok: true, to: S.REFUSED }
        : refuse();
    case 'arrive':
      if (status === S.ARRIVED) return refuse('ALREADY_ARRIVED');
      if (gone) return refuse('ALREADY_GONE');
      if (!FIRM.includes(status as 2)) return refuse();
      return kind === 'booking' || kind === 'passage' ? { ok: true, to: S.ARRIVED } : refuse();
    case 'depart':
    case 'early-departure':
      if (status === S.ARRIVED) return { ok: true, to: a === 'depart' ? S.GONE : S.EARLY_DEPARTURE };
      if (gone) return refuse('ALREADY_GONE');
      return released ? refuse() : refuse('NOT_ARRIVED');
    case 'convert':
      if (!OPEN.includes(status as 1) || status === S.INTEGRATED) return refuse();
      return kind === 'passage' ? refuse() : { ok: true };
    case 'reset':
      return status === S.DELETED || status === S.ARRIVED || gone || status === S.TO_INTEGRATE || status === S.ACCEPTED
        ? refuse()
        : { ok: true, to: S.DELETED };
    case 'expire':
      if (![S.TEMPORARY, S.IN_PROGRESS, S.CONFIRMED].includes(status as 1)) return refuse();
      return kind === 'option' ? { ok: true, to: S.EXPIRED } : refuse();
    case 'undo-arrival':
      return status === S.ARRIVED ? { ok: true, to: S.CONFIRMED } : refuse();
    case 'undo-departure':
      return status === S.GONE || status === S.EARLY_DEPARTURE ? { ok: true, to: S.ARRIVED } : refuse();
  }
}

describe('every action from every status and kind', () => {
  for (const kind of KINDS) {
    for (const status of ALL_STATUSES) {
      for (const action of ACTIONS) {
        it(`${action} on a ${kind} in status ${status}`, () => {
          const got = attempt(
            facts({ kind, statusId: status, cancellation: status === S.CANCELLED ? 'cancelled' : 'none' }),
            action,
          );
          const want = expected(action, kind, status);
          if (want.ok) {
            expect(got.ok, `refused with ${!got.ok && got.code}`).toBe(true);
            if (got.ok && want.to) expect(got.d.patch.statusId).toBe(want.to);
          } else {
            expect(got.ok).toBe(false);
            if (!got.ok) expect(got.code).toBe(want.code);
          }
          // The buttons offered are exactly the actions accepted (with valid parameters).
          const offered = availableActions(facts({ kind, statusId: status }), clock.today).includes(action);
          expect(offered, 'availableActions').toBe(got.ok);
        });
      }
    }
  }
});

describe('the rules inside the transitions', () => {
  it('arrived before gone; gone cannot be ticked again', () => {
    expect(attempt(facts({ statusId: S.CONFIRMED }), 'depart')).toEqual({ ok: false, code: 'NOT_ARRIVED' });
    const arrived = attempt(facts({ statusId: S.CONFIRMED }), 'arrive');
    expect(arrived.ok && arrived.d.patch).toMatchObject({ statusId: S.ARRIVED, arrivedAt: clock.now });
    const gone = attempt(facts({ statusId: S.ARRIVED }), 'depart');
    expect(gone.ok && gone.d.patch).toMatchObject({ statusId: S.GONE, goneAt: clock.now });
    expect(attempt(facts({ statusId: S.GONE }), 'depart')).toEqual({ ok: false, code: 'ALREADY_GONE' });
    expect(attempt(facts({ statusId: S.GONE }), 'arrive')).toEqual({ ok: false, code: 'ALREADY_GONE' });
    expect(attempt(facts({ statusId: S.ARRIVED }), 'arrive')).toEqual({ ok: false, code: 'ALREADY_ARRIVED' });
  });

  it('cancel needs a reason and no partner occupancy', () => {
    expect(attempt(facts(), 'cancel', { reason: '  ' })).toEqual({ ok: false, code: 'CANCEL_REASON_REQUIRED' });
    expect(attempt(facts({ partnerOccupancies: 1 }), 'cancel', { reason: 'x' })).toEqual({
      ok: false,
      code: 'CANNOT_CANCEL_PARTNER_OCCUPANCY',
    });
    const ok = attempt(facts(), 'cancel', { reason: ' Client malade ' });
    expect(ok.ok && ok.d.patch).toEqual({
      statusId: S.CANCELLED,
      cancellation: 'cancelled',
      cancelReason: 'Client malade',
      cancelledAt: clock.now,
      cancellationFee: null, // no fee without preferences; kept for the cancellation invoice otherwise
    });
    expect(ok.ok && ok.d.detail).toBe('Annulation : Client malade');
  });

  it('the cancellation marker: cancelling, then withdrawn', () => {
    const marked = attempt(facts(), 'mark-cancelling', { reason: 'Demande du client' });
    expect(marked.ok && marked.d.patch).toEqual({ cancellation: 'cancelling', cancelReason: 'Demande du client' });
    expect(attempt(facts({ cancellation: 'cancelling' }), 'mark-cancelling', { reason: 'x' })).toEqual({
      ok: false,
      code: 'INVALID_TRANSITION',
    });
    expect(attempt(facts({ cancellation: 'cancelling' }), 'arrive')).toEqual({ ok: false, code: 'INVALID_TRANSITION' });
    const back = attempt(facts({ cancellation: 'cancelling' }), 'withdraw-cancelling');
    expect(back.ok && back.d.patch).toEqual({ cancellation: 'none', cancelReason: null });
    expect(availableActions(facts({ cancellation: 'cancelling' }))).toContain('withdraw-cancelling');
  });

  it('refuse, with or without a counter-proposal', () => {
    const plain = attempt(facts(), 'refuse', { reason: 'Complet' });
    expect(plain.ok && plain.d.patch).toEqual({ statusId: S.REFUSED, refusalReason: 'Complet' });
    const counter = attempt(facts(), 'refuse', { reason: 'Complet', counterProposal: 'Un chalet aux mêmes dates' });
    expect(counter.ok && counter.d.patch).toEqual({
      statusId: S.REFUSED_COUNTER,
      refusalReason: 'Complet',
      counterProposal: 'Un chalet aux mêmes dates',
    });
  });

  it('confirm, validate and arrive need a customer and a place for every occupancy', () => {
    for (const a of ['arrive', 'validate'] as const) {
      expect(attempt(facts({ customerId: null }), a)).toEqual({ ok: false, code: 'CUSTOMER_NOT_INITIALISED' });
      expect(attempt(facts({ occupanciesWithoutPlace: 1 }), a)).toEqual({ ok: false, code: 'BOOKING_NEEDS_OCCUPANCY' });
      expect(attempt(facts({ activeOccupancies: 0 }), a)).toEqual({ ok: false, code: 'BOOKING_NEEDS_OCCUPANCY' });
    }
    expect(attempt(facts({ statusId: S.TEMPORARY, customerId: null }), 'confirm')).toEqual({
      ok: false,
      code: 'CUSTOMER_NOT_INITIALISED',
    });
  });

  it('arrival from the arrival day less the early-arrival tolerance; undo the same day, with a reason', () => {
    const ahead = facts({ startDate: '2032-07-10', endDate: '2032-07-17' });
    expect(attempt(ahead, 'arrive')).toEqual({ ok: false, code: 'ARRIVAL_TOO_EARLY' });
    expect(availableActions(ahead, clock.today)).not.toContain('arrive');
    const tomorrow = facts({ startDate: '2031-06-16', endDate: '2031-06-20' });
    expect(attempt(tomorrow, 'arrive')).toEqual({ ok: false, code: 'ARRIVAL_TOO_EARLY' });
    expect(attempt({ ...tomorrow, earlyArrivalDays: 1 }, 'arrive').ok).toBe(true);
    const arrived = facts({ statusId: S.ARRIVED, arrivedOn: clock.today, statusBeforeArrival: S.VALIDATED });
    expect(attempt(arrived, 'undo-arrival', { reason: ' ' })).toEqual({ ok: false, code: 'UNDO_REASON_REQUIRED' });
    const undone = attempt(arrived, 'undo-arrival', { reason: 'Mauvais client coché' });
    expect(undone.ok && undone.d.patch).toEqual({ statusId: S.VALIDATED, arrivedAt: null });
    expect(attempt({ ...arrived, arrivedOn: '2031-06-14' }, 'undo-arrival', { reason: 'x' })).toEqual({
      ok: false,
      code: 'UNDO_NOT_SAME_DAY',
    });
    expect(availableActions({ ...arrived, arrivedOn: '2031-06-14' }, clock.today)).not.toContain('undo-arrival');
    const gone = facts({ statusId: S.GONE, goneOn: clock.today });
    const back = attempt(gone, 'undo-departure', { reason: 'Parti demain' });
    expect(back.ok && back.d.patch).toEqual({ statusId: S.ARRIVED, goneAt: null });
    expect(attempt({ ...gone, goneOn: '2031-06-01' }, 'undo-departure', { reason: 'x' })).toEqual({
      ok: false,
      code: 'UNDO_NOT_SAME_DAY',
    });
  });

  it('early departure: between the first night and the departure, freeing the nights after', () => {
    const b = facts({ statusId: S.ARRIVED, startDate: '2031-07-01', endDate: '2031-07-08' });
    for (const date of ['2031-07-01', '2031-07-08', '2031-06-30', '2031-07-09'])
      expect(attempt(b, 'early-departure', { date })).toEqual({ ok: false, code: 'INCORRECT_DATES' });
    expect(attempt(b, 'early-departure', {})).toEqual({ ok: false, code: 'DATES_REQUIRED' });
    const ok = attempt(b, 'early-departure', { date: '2031-07-05' });
    expect(ok.ok && ok.d.effects).toEqual([{ type: 'end-occupancies', date: '2031-07-05', reprice: false }]);
    expect(ok.ok && ok.d.patch).toMatchObject({ statusId: S.EARLY_DEPARTURE, earlyDepartureDate: '2031-07-05' });
  });

  it('conversions: option ↔ booking, a quote to any other kind, nothing back to a quote', () => {
    const ok = (kind: string, to: string) => attempt(facts({ kind: kind as 'quote' }), 'convert', { kind: to });
    expect(ok('option', 'booking').ok).toBe(true);
    expect(ok('booking', 'option').ok).toBe(true);
    for (const to of ['option', 'booking', 'passage']) expect(ok('quote', to).ok).toBe(true);
    for (const [k, to] of [
      ['booking', 'quote'],
      ['option', 'quote'],
      ['passage', 'booking'],
      ['booking', 'booking'],
      ['booking', 'nothing'],
      ['option', 'passage'],
    ]) {
      expect(ok(k, to)).toEqual({ ok: false, code: 'INVALID_TRANSITION' });
    }
    const down = ok('booking', 'option');
    expect(down.ok && down.d.patch).toEqual({ kind: 'option', optionExpiryDate: '2031-06-22' });
    expect(down.ok && down.d.activates).toBe(false);
    const fromQuote = ok('quote', 'booking');
    expect(fromQuote.ok && fromQuote.d.activates).toBe(true);
  });

  it('the DELETED reset needs a reason and deletes the occupancies', () => {
    expect(attempt(facts(), 'reset', { reason: '' })).toEqual({ ok: false, code: 'DELETE_REASON_REQUIRED' });
    const ok = attempt(facts(), 'reset', { reason: 'Doublon' });
    expect(ok.ok && ok.d.effects).toEqual([{ type: 'delete-occupancies' }]);
    expect(ok.ok && ok.d.patch).toEqual({ statusId: S.DELETED, deleteReason: 'Doublon' });
  });

  it('an online booking is integrated from a temporary stay with its customer and places, once', () => {
    const draft = facts({ statusId: S.TEMPORARY });
    const d = decideIntegration(draft, 'WEB-2031-1001');
    expect(d.patch).toEqual({ statusId: S.INTEGRATED });
    expect(d.detail).toBe('Réservation en ligne WEB-2031-1001 intégrée');
    const refused = (b: BookingFacts) => {
      try {
        decideIntegration(b, 'X');
        return null;
      } catch (e) {
        return (e as TransitionError).code;
      }
    };
    expect(refused({ ...draft, customerId: null })).toBe('CUSTOMER_NOT_INITIALISED');
    expect(refused({ ...draft, occupanciesWithoutPlace: 1 })).toBe('BOOKING_NEEDS_OCCUPANCY');
    expect(refused({ ...draft, kind: 'option' })).toBe('INVALID_TRANSITION');
    for (const s of ALL_STATUSES.filter((x) => x !== S.TEMPORARY))
      expect(refused({ ...draft, statusId: s })).toBe('INVALID_TRANSITION');
    // Then the life of a firm booking: validated, arrived, cancelled, refused (not transmitted to the channel), reset.
    expect(availableActions(facts({ statusId: S.INTEGRATED }), clock.today)).toEqual([
      'validate',
      'cancel',
      'mark-cancelling',
      'refuse',
      'arrive',
      'reset',
    ]);
    // No action starts from, or leads to, the statuses of the online booking before integration.
    for (const s of [S.ACCEPTED, S.TO_INTEGRATE]) expect(availableActions(facts({ statusId: s }))).toEqual([]);
    for (const status of ALL_STATUSES) {
      for (const action of ACTIONS) {
        const got = attempt(facts({ statusId: status }), action);
        if (got.ok) expect([S.ACCEPTED, S.TO_INTEGRATE, S.INTEGRATED]).not.toContain(got.d.patch.statusId);
      }
    }
  });

  it('which kinds and statuses hold places', () => {
    for (const s of ALL_STATUSES) {
      expect(holdsPlaces('quote', s)).toBe(false);
      expect(holdsPlaces('booking', s)).toBe(![9, 10, 11, 14, 15, 16].includes(s));
    }
  });
});
