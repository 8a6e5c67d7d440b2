import { describe, expect, it } from 'vitest';
import {
  barsOf,
  EMPTY_FILTERS,
  newBookingUrl,
  placeRows,
  visibleBars,
  type Setup,
} from '../../../custom-screens/planning/shared/model';
import { toCsv } from '../../../custom-screens/planning/shared/csv';
import { maxOverlap, usageRunsPerDay } from '../../../custom-screens/planning/shared/usage';

const setup: Setup = {
  today: '2026-07-01',
  range: { startDate: '2026-01-01', endDate: '2028-01-01' },
  places: [
    {
      id: 1,
      code: 'A01',
      label: null,
      capacity: 6,
      layoutId: 10,
      placeTypeId: 100,
      placeFamilyId: 1000,
      isRental: false,
      isResidential: false,
      featureIds: [7, 8],
    },
    {
      id: 2,
      code: 'A02',
      label: 'Le grand',
      capacity: 4,
      layoutId: 10,
      placeTypeId: 101,
      placeFamilyId: 1000,
      isRental: false,
      isResidential: false,
      featureIds: [7],
    },
    {
      id: 3,
      code: 'L01',
      label: 'Cottage 1',
      capacity: 4,
      layoutId: null,
      placeTypeId: 200,
      placeFamilyId: 2000,
      isRental: true,
      isResidential: false,
      featureIds: [],
    },
  ],
  layouts: [{ id: 10, label: 'Les Pins', color: null, order: 0 }],
  families: [
    { id: 1000, label: 'Nus', kind: 'pitch', order: 0 },
    { id: 2000, label: 'Locatifs', kind: 'rental', order: 1 },
  ],
  types: [
    { id: 100, label: 'Confort', placeFamilyId: 1000, maxPersons: 6, color: null, isRental: false },
    { id: 101, label: 'Tente', placeFamilyId: 1000, maxPersons: 4, color: null, isRental: false },
    { id: 200, label: 'Mobil-home', placeFamilyId: 2000, maxPersons: 4, color: null, isRental: true },
  ],
  features: [
    { id: 7, label: 'Électricité' },
    { id: 8, label: 'Ombragé' },
  ],
  paymentsTracked: true,
  display: { defaultDays: 31, showWeekNumbers: true },
};

describe('placeRows', () => {
  it('gives every place its groups and labels', () => {
    const rows = placeRows(setup, EMPTY_FILTERS);
    expect(rows.map((r) => [r.id, r.label, r.sublabel, r.layoutLabel, r.familyLabel, r.typeLabel])).toEqual([
      [1, 'A01', '6 pers.', 'Les Pins', 'Nus', 'Confort'],
      [2, 'A02', 'Le grand', 'Les Pins', 'Nus', 'Tente'],
      [3, 'L01', 'Cottage 1', 'Sans zone', 'Locatifs', 'Mobil-home'],
    ]);
  });
  it('filters: any choice within a filter, every filter, every feature', () => {
    const ids = (f: Partial<typeof EMPTY_FILTERS>) => placeRows(setup, { ...EMPTY_FILTERS, ...f }).map((r) => r.id);
    expect(ids({ layoutIds: [10] })).toEqual([1, 2]);
    expect(ids({ familyIds: [2000] })).toEqual([3]);
    expect(ids({ typeIds: [100, 200] })).toEqual([1, 3]);
    expect(ids({ layoutIds: [10], typeIds: [200] })).toEqual([]);
    expect(ids({ featureIds: [7] })).toEqual([1, 2]);
    expect(ids({ featureIds: [7, 8] })).toEqual([1]);
  });
});

describe('barsOf / visibleBars', () => {
  const w = {
    occupancyFields: [
      'id',
      'placeId',
      'startDate',
      'endDate',
      'bookingId',
      'code',
      'customer',
      'category',
      'statusId',
      'statusLabel',
      'kind',
      'payment',
      'locked',
      'persons',
      'totalAmount',
      'version',
    ],
    unavailabilityFields: ['id', 'placeId', 'startDate', 'endDate', 'reason', 'version'],
    occupancies: [
      [
        5,
        1,
        '2026-07-01',
        '2026-07-08',
        50,
        'R000050',
        'Dupont Jean',
        'booking',
        2,
        'Réservation · Confirmée',
        'booking',
        'deposit',
        0,
        2,
        45000,
        3,
      ],
      [
        6,
        2,
        '2026-07-01',
        '2026-07-03',
        51,
        'R000051',
        '',
        'cancelled',
        9,
        'Réservation · Annulée',
        'booking',
        'unpaid',
        0,
        2,
        null,
        1,
      ],
      [
        7,
        2,
        '2026-07-04',
        '2026-07-06',
        52,
        'R000052',
        'Martin',
        'option',
        2,
        'Option · Confirmée',
        'option',
        'unpaid',
        1,
        3,
        null,
        1,
      ],
    ],
    unavailabilities: [[9, 3, '2026-07-02', '2026-07-05', 'Travaux', 2]],
  };
  it('decodes the compact answer into bars', () => {
    const bars = barsOf(w);
    expect(bars[0]).toMatchObject({
      id: 'o5',
      rowId: 1,
      statusId: 'booking',
      paymentState: 'deposit',
      label: 'Dupont Jean',
      code: 'R000050',
      locked: false,
      data: { kind: 'occupancy', recordId: 5, bookingId: 50, totalAmount: 45000, version: 3 },
    });
    expect(bars[1]).toMatchObject({ id: 'o6', label: undefined, locked: true });
    expect(bars[2].locked).toBe(true);
    expect(bars[3]).toMatchObject({
      id: 'u9',
      rowId: 3,
      kind: 'unavailability',
      label: 'Travaux',
      data: { kind: 'unavailability', recordId: 9 },
    });
  });
  it('hides released stays unless asked, filters by category', () => {
    const bars = barsOf(w);
    expect(visibleBars(bars, []).map((b) => b.id)).toEqual(['o5', 'o7', 'u9']);
    expect(visibleBars(bars, ['cancelled', 'unavailability']).map((b) => b.id)).toEqual(['o6', 'u9']);
  });
  it('builds the wizard address from a selection', () => {
    expect(newBookingUrl(12, '2026-07-01', '2026-07-05')).toBe(
      '/new-booking/1/0/0/0/0/0/0?placeId=12&startDate=2026-07-01&endDate=2026-07-05',
    );
    expect(newBookingUrl()).toBe('/new-booking/1/0/0/0/0/0/0');
  });
});

describe('extras usage', () => {
  const b = (s: string, e: string, quantity = 1) => ({ startDate: s, endDate: e, data: { quantity } });
  it('measures the busiest night', () => {
    expect(
      maxOverlap([b('2026-07-01', '2026-07-03'), b('2026-07-03', '2026-07-05'), b('2026-07-02', '2026-07-04')]),
    ).toBe(2);
    expect(maxOverlap([])).toBe(0);
  });
  it('turns a busy row into runs of equal use, levelled against the stock', () => {
    const runs = usageRunsPerDay('x1', 4, [
      b('2026-07-01', '2026-07-03', 2),
      b('2026-07-02', '2026-07-04', 2),
      b('2026-07-06', '2026-07-07', 5),
    ]);
    expect(runs.map((r) => [r.startDate, r.endDate, r.quantity, r.statusId, r.label])).toEqual([
      ['2026-07-01', '2026-07-02', 2, 'use-ok', '2 utilisés / 4'],
      ['2026-07-02', '2026-07-03', 4, 'use-high', '4 utilisés / 4'],
      ['2026-07-03', '2026-07-04', 2, 'use-ok', '2 utilisés / 4'],
      ['2026-07-06', '2026-07-07', 5, 'use-over', '5 utilisés / 4'],
    ]);
  });
});

describe('CSV (F8)', () => {
  it('writes export.csv as French spreadsheets read it', () => {
    expect(
      toCsv(
        ['Client', 'Séjour'],
        [
          ['Dupont; Jean', 'R1'],
          ['Le "Grand"', null],
        ],
      ),
    ).toBe('\uFEFFClient;Séjour\r\n"Dupont; Jean";R1\r\n"Le ""Grand""";\r\n');
  });
});
