// The channel layer's pure parts: a stay priced as the channel sold it, Pitchup's booking
// record, occupants by the age mapping, the runs of equal rates, the scheduler's decision
// (availability within a minute), the back-off, the webhook signature, Retry-After, the
// iCal parser — with property tests (fast-check) on the engines.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { channelStoredPrice, type ChannelLine } from '../../../api/domain/stays/channel-price';
import { cents, mapPitchupBooking } from '../../../api/domain/channels/pitchup/map';
import { runsOf } from '../../../api/domain/channels/pitchup/connector';
import { occupantsByAge } from '../../../api/domain/channels/integration';
import { placeOf } from '../../../api/domain/channels/receive';
import { dueOperations, MAX_DELAY_MS, QUIET_MS } from '../../../api/domain/channels/scheduler';
import { backoffMs } from '../../../api/domain/channels/runner';
import { sign, signatureValid } from '../../../api/domain/channels/webhook';
import { retryAfterMs } from '../../../api/domain/channels/http';
import { parseFeed } from '../../../api/domain/channels/ical/import';
import { ratesFromPeriods } from '../../../api/domain/channels/rates';
import { channelOf } from '../../../api/domain/channels/config';
import type { RateRow } from '../../../api/domain/channels/types';

const STAY = { startDate: '2031-07-01', endDate: '2031-07-05', placeTypeId: 3 };

describe('channelStoredPrice', () => {
  const line = fc.record({
    kind: fc.constantFrom<ChannelLine['kind']>('accommodation', 'extra', 'fee', 'tourist-tax', 'discount'),
    label: fc.constant('Ligne'),
    quantity: fc.integer({ min: 1, max: 9 }),
    amount: fc.integer({ min: -50_000, max: 500_000 }),
  });
  it('keeps every line the channel sold: the total is their sum, VAT per rate adds up to the cent', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), (lines) => {
        const p = channelStoredPrice(null, lines, STAY, '2031-01-01');
        const q = p.quote!;
        expect(q.total).toBe(lines.reduce((s, l) => s + l.amount, 0));
        expect(q.lines.map((l) => l.amount)).toEqual(lines.map((l) => l.amount));
        for (const l of q.lines) expect(l.quantity * l.unitPrice).toBe(l.amount);
        const taxed = q.lines.filter((l) => l.vatRateBp != null).reduce((s, l) => s + l.amount, 0);
        expect(q.vatTotals.reduce((s, v) => s + v.totalInclVat, 0)).toBe(taxed);
        expect(q.totalExclVat + q.totalVat).toBe(q.total);
        expect(q.warnings.map((w) => w.code)).toEqual(['CHANNEL_PRICE_KEPT']);
      }),
    );
  });
  it('takes the VAT of the stay at 10 % without a grid; the tourist tax is outside VAT', () => {
    const q = channelStoredPrice(
      null,
      [
        { kind: 'accommodation', label: 'Séjour', quantity: 1, amount: 11000 },
        { kind: 'tourist-tax', label: 'Taxe de séjour', quantity: 1, amount: 264 },
      ],
      STAY,
      '2031-01-01',
    ).quote!;
    expect(q.vatTotals).toEqual([{ vatRateBp: 1000, totalExclVat: 10000, vatAmount: 1000, totalInclVat: 11000 }]);
    expect(q.touristTaxTotal).toBe(264);
  });
});

describe('Pitchup booking record', () => {
  it('reads decimal strings as cents, never through a float', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (c) => {
        const s = `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
        expect(cents({ amount: s, currency: 'EUR' })).toBe(c);
      }),
    );
    expect(cents('96.5')).toBe(9650);
  });
  it('maps party, child ages, links and status', () => {
    const b = mapPitchupBooking({
      id: 7,
      pretty_id: 'TESTBK01',
      status: 'cancelled',
      arrive: '2031-07-10',
      depart: '2031-07-13',
      pitchtype: 'https://www.pitchup.com/rest/api/pitchtype/101/',
      pitch: 'https://www.pitchup.com/rest/api/pitch/5001/',
      last_name: 'Evans',
      party: { adults: 2, children: 1, infants: 1, dogs: 1 },
      child_ages: '4,1',
      currency: 'EUR',
      price: { amount: '105.00' },
      accommodation_cost: { amount: '96.00' },
      total_paid: { amount: '9.60' },
      extras: [{ extra: 'Dog', quantity: 1, price: { amount: '9.00' } }],
      modified: '2031-01-02T08:00:00Z',
    });
    expect(b).toMatchObject({
      externalRef: 'TESTBK01',
      status: 'cancelled',
      roomType: '101',
      unit: '5001',
      adults: 2,
      children: 1,
      infants: 1,
      childAges: [4, 1],
      animals: 1,
      total: 10500,
      collected: 960,
    });
  });
});

describe('occupants by the age mapping', () => {
  const maps = [
    { kind: 'age-category' as const, channelAge: 'adult' as const, maxAge: null, ageCategoryId: 1 },
    { kind: 'age-category' as const, channelAge: 'child' as const, maxAge: 6, ageCategoryId: 2 },
    { kind: 'age-category' as const, channelAge: 'child' as const, maxAge: 15, ageCategoryId: 3 },
  ];
  it('places children by their ages, infants on the fallback', () => {
    expect(occupantsByAge(maps, { infant: 9 }, { adults: 2, children: 3, infants: 1, childAges: [4, 12] })).toEqual([
      { ageCategoryId: 1, quantity: 2 },
      { ageCategoryId: 2, quantity: 1 },
      { ageCategoryId: 3, quantity: 2 },
      { ageCategoryId: 9, quantity: 1 },
    ]);
  });
  it('answers the §8 message when an age has no category', () => {
    expect(() => occupantsByAge([], { adult: 1 }, { adults: 1, children: 1, infants: 0, childAges: [] })).toThrow(
      "Correspondance de catégorie d'âge manquante",
    );
  });
  it('never loses or adds an occupant', () => {
    fc.assert(
      fc.property(fc.nat(10), fc.nat(10), fc.nat(5), fc.array(fc.nat(17), { maxLength: 10 }), (a, c, i, ages) => {
        const out = occupantsByAge(maps, { infant: 9 }, { adults: a, children: c, infants: i, childAges: ages });
        expect(out.reduce((s, o) => s + o.quantity, 0)).toBe(a + c + i);
      }),
    );
  });
});

describe('placeOf', () => {
  const maps = [{ kind: 'place-type' as const, externalCode: '101', placeTypeId: 4, placeId: null }];
  it('maps the room type, refuses another currency or an unknown room type with a French reason', () => {
    const b = { roomType: '101', unit: null, currency: 'EUR', children: 0, infants: 0 };
    expect(placeOf(maps, b)).toEqual({ placeTypeId: 4, placeId: null, problem: null });
    expect(placeOf(maps, { ...b, currency: 'GBP' }).problem).toContain('en GBP');
    expect(placeOf(maps, { ...b, roomType: '999' }).problem).toBe(
      "Hébergement du canal « 999 » sans correspondance avec un type d'emplacement",
    );
  });
});

describe('runs of equal rates', () => {
  it('cover every night once, in runs of equal price and rules', () => {
    const row = fc.record({
      price: fc.constantFrom(null, 2000, 2500),
      minNights: fc.constantFrom(null, 2, 7),
      closedToArrival: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 60 }), (rows) => {
        const dated: RateRow[] = rows.map((r, i) => ({
          ...r,
          roomType: '101',
          ratePlan: '1001',
          maxNights: null,
          date: new Date(Date.UTC(2031, 0, 1 + i)).toISOString().slice(0, 10),
        }));
        const runs = runsOf(dated);
        const nights = runs.reduce((s, r) => s + (Date.parse(r.end) - Date.parse(r.start)) / 86_400_000 + 1, 0);
        expect(nights).toBe(rows.length);
        for (let i = 1; i < runs.length; i++) {
          const same = runs[i].price === runs[i - 1].price && runs[i].minNights === runs[i - 1].minNights;
          expect(same && runs[i].closedToArrival === runs[i - 1].closedToArrival).toBe(false);
        }
      }),
    );
  });
  it('reads the grid periods: price per night, minimum nights, arrival days', () => {
    const rows = ratesFromPeriods(
      '1001',
      '101',
      [
        {
          priceGridId: 1,
          startDate: '2031-07-01',
          endDate: '2031-07-08',
          arrivalDays: [6],
          minNights: 7,
          pricePerNight: 5000,
        },
      ],
      '2031-06-30',
      '2031-07-06',
    );
    expect(rows.map((r) => [r.date, r.price, r.minNights, r.closedToArrival])).toEqual([
      ['2031-06-30', null, null, false],
      ['2031-07-01', 5000, 7, true],
      ['2031-07-02', 5000, 7, true],
      ['2031-07-03', 5000, 7, true],
      ['2031-07-04', 5000, 7, true],
      ['2031-07-05', 5000, 7, false],
    ]);
  });
});

describe('scheduler', () => {
  const ch = channelOf({ id: 1, label: 'P', isActive: true, settings: { connector: 'pitchup', pollMinutes: 5 } });
  const base = { lastPullAt: new Date(), lastRatesAt: new Date(), nextAttemptAt: null };
  it('pushes availability once quiet, and always within a minute of the first change', () => {
    fc.assert(
      fc.property(fc.nat(120_000), fc.nat(120_000), (sinceFirst, sinceLast) => {
        const now = new Date(1_900_000_000_000);
        const first = new Date(now.getTime() - Math.max(sinceFirst, sinceLast));
        const last = new Date(now.getTime() - Math.min(sinceFirst, sinceLast));
        const due = dueOperations(ch, { ...base, lastPullAt: now, firstDirtyAt: first, lastDirtyAt: last }, now);
        const pushed = due.includes('push-availability');
        const age = now.getTime() - first.getTime();
        const quiet = now.getTime() - last.getTime();
        expect(pushed).toBe(quiet >= QUIET_MS || age >= MAX_DELAY_MS);
        expect(MAX_DELAY_MS).toBeLessThanOrEqual(60_000);
      }),
    );
  });
  it('waits for the back-off after a failure; polls every pollMinutes', () => {
    const now = new Date();
    const later = new Date(now.getTime() + 1000);
    expect(dueOperations(ch, { ...base, firstDirtyAt: null, lastDirtyAt: null, nextAttemptAt: later }, now)).toEqual(
      [],
    );
    const old = new Date(now.getTime() - 6 * 60_000);
    expect(dueOperations(ch, { ...base, lastPullAt: old, firstDirtyAt: null, lastDirtyAt: null }, now)).toEqual([
      'pull',
    ]);
  });
  it('backs off 30 s doubling up to 30 min', () => {
    expect([1, 2, 3, 10].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 1_800_000]);
  });
});

describe('webhook signature and Retry-After', () => {
  it('accepts the signature of the body as sent only, within 5 minutes', () => {
    const now = 2_000_000_000;
    const body = '{"booking":{"id":"A"}}';
    const sig = sign('s3cret', String(now), body);
    expect(signatureValid('s3cret', String(now), sig, body, now)).toBe(true);
    expect(signatureValid('s3cret', String(now), sig, body.replace('A', 'B'), now)).toBe(false);
    expect(signatureValid('other', String(now), sig, body, now)).toBe(false);
    expect(signatureValid('s3cret', String(now), sig, body, now + 301)).toBe(false);
    expect(signatureValid(null, String(now), sig, body, now)).toBe(false);
  });
  it('reads Retry-After in seconds or as an HTTP date', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(retryAfterMs('soon')).toBeNull();
  });
});

describe('iCal import parser', () => {
  it('reads all-day and timed events as half-open nights, skipping past ones', () => {
    const text = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Test//EN',
      'BEGIN:VEVENT',
      'UID:a',
      'DTSTART;VALUE=DATE:20310701',
      'DTEND;VALUE=DATE:20310705',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:b',
      'DTSTART;VALUE=DATE:20200101',
      'DTEND;VALUE=DATE:20200102',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:c',
      'DTSTART;VALUE=DATE:20310801',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    expect(parseFeed(text, '2030-01-01')).toEqual([
      { uid: 'a', start: '2031-07-01', end: '2031-07-05' },
      { uid: 'c', start: '2031-08-01', end: '2031-08-02' },
    ]);
    expect(() => parseFeed('not a calendar', '2030-01-01')).toThrow('Réponse du canal illisible');
  });
});
