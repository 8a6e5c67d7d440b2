// The screens' calls that were the last typed by hand (issue 23 §2, docs/history.md#issue-23): the wizard's price
// preview, the stay actions of the booking screen, the session's user and rights, and answers whose schemas now
// mark their fields required (the till, the X/Z, a bill, a ticket among them). `tsc` (npm run typecheck)
// refuses a body its route refuses and a read of what the answer does not declare; the `@ts-expect-error`
// lines fail the type check the day they compile.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RestAnswer, RestBody } from '../../../admin/src/rest';
import { previewBody, EMPTY_DRAFT } from '../../../custom-screens/new-booking/wizardModel';
import { isStayAction, runStayAction, type ActionBody } from '../../../custom-screens/bookings/booking/runAction';

type Preview = RestBody<'/occupancy/{id}/quote', 'post'>;

// The wizard's body is the route's.
const wizard: Preview = previewBody({ ...EMPTY_DRAFT, placeId: 3, startDate: '2026-07-01', endDate: '2026-07-08' });
const occupants: Preview = { occupancy: { details: [{ ageCategoryId: 1, quantity: 2, exemptQuantity: 0 }] } };
// @ts-expect-error an occupant row's field misspelled
const misspelled: Preview = { occupancy: { details: [{ ageCategoryId: 1, quantty: 2 }] } };
// @ts-expect-error an occupant row without its quantity
const noQuantity: Preview = { occupancy: { details: [{ ageCategoryId: 1 }] } };
// @ts-expect-error an animal type given as text
const animalText: Preview = { occupancy: { animals: [{ animalTypeId: '2' }] } };
// @ts-expect-error a vehicle row without its type
const noVehicleType: Preview = { occupancy: { vehicles: [{ licencePlate: 'AB-123-CD' }] } };

const cancel: ActionBody['cancel'] = { reason: 'Doublon', version: 3 };
// @ts-expect-error a field the cancel route does not take
const cancelDate: ActionBody['cancel'] = { reason: 'Doublon', date: '2026-07-01' };
// @ts-expect-error a conversion to a kind that does not exist
const holiday: ActionBody['convert'] = { kind: 'holiday' };

function readAnswers(
  price: RestAnswer<'/occupancy/{id}/quote', 'post'>,
  me: RestAnswer<'/security/me', 'get'>,
  rights: RestAnswer<'/security/user/get_right/{userId}', 'get'>,
  meters: RestAnswer<'/meter-reading/creation', 'get'>,
  sync: RestAnswer<'/planning/cleaning/sync', 'post'>,
  charged: RestAnswer<'/sales/check/charged', 'get'>,
): number[] {
  // Required fields read as present: a number, not number | undefined.
  const total: number = price.quote ? price.quote.total + price.quote.balance.amount : 0;
  const read: boolean = me.rights ? me.rights['camp.pitch'].canRead : me.admin;
  const write: boolean = rights.rights['camp.pitch'].canWrite;
  const meter: number = meters.rows[0].meterId + (meters.rows[0].lastReading?.quantity ?? 0);
  const made: number = sync.inserted + sync.updated + sync.deleted;
  const amount: number = charged[0].amount;
  // @ts-expect-error the quote has no such field
  void price.quote?.totl;
  // @ts-expect-error rights flags are canRead, canWrite, canDelete, canExport
  void me.rights?.['camp.pitch'].canSelect;
  // @ts-expect-error the session user's menu entries are typed: no such field
  void me.menus[0].href;
  return [total, Number(read), Number(write), meter, made, amount];
}

// Answers the screens cast by hand until their routes declared every field (the till, the X/Z, a bill, a ticket).
function readTypedAnswers(
  till: RestAnswer<'/sales/till/{cashRegisterId}', 'get'>,
  z: RestAnswer<'/sales/window/{windowId}/z', 'get'>,
  bill: RestAnswer<'/bill/view/{billId}', 'get'>,
  sale: RestAnswer<'/sales/view/{saleId}', 'get'>,
): number[] {
  const price: number = till.articles[0].price + till.register.id;
  const float: number = z.openingFloat + z.byKind[0].expected;
  const left: number = bill.remaining + bill.creditNotes[0].totalInclVat;
  const back: number = sale.lines[0].returnedQuantity + sale.printCount;
  // @ts-expect-error the session may be closed: window is null then
  void till.window.openingFloat;
  // @ts-expect-error an article has a price, no unitPrice
  void till.articles[0].unitPrice;
  // @ts-expect-error the X/Z names its register by registerLabel
  void z.register;
  // @ts-expect-error a credit note of the bill gives its totalInclVat, no amount
  void bill.creditNotes[0].amount;
  return [price, float, left, back];
}

describe('screen contract', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the type checks in the build', () => {
    const checks = [wizard, occupants, misspelled, noQuantity, animalText, noVehicleType, cancel, cancelDate, holiday];
    expect([...checks, readAnswers, readTypedAnswers].length).toBe(11);
  });

  it('runs a stay action on its own route with the body its dialog gives, at the version shown', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response('{}'));
    vi.stubGlobal('fetch', fetch);
    const stay = { id: 7, version: 4 };
    await runStayAction(stay, 'refuse', { reason: 'Complet', counterProposal: '' }, false);
    await runStayAction(stay, 'depart', {}, true);
    await runStayAction(stay, 'arrive', {}, true);
    await runStayAction(stay, 'convert', { date: '2026-07-01', kind: 'option' }, false);
    const sent = fetch.mock.calls.map(([url, init]) => [url, init?.method, JSON.parse(String(init?.body))]);
    expect(sent).toEqual([
      ['/rest/booking/7/refuse', 'POST', { reason: 'Complet', version: 4 }],
      ['/rest/booking/7/depart', 'POST', { acceptBalance: true, version: 4 }],
      ['/rest/booking/7/arrive', 'POST', { version: 4 }],
      ['/rest/booking/7/convert', 'POST', { date: '2026-07-01', kind: 'option', version: 4 }],
    ]);
  });

  it('knows the actions it runs, and only those', () => {
    expect(['cancel', 'undo-arrival', 'convert'].every(isStayAction)).toBe(true);
    expect(isStayAction('convert:option')).toBe(false);
    expect(isStayAction('toString')).toBe(false);
  });
});
