// Deterministic synthetic campsite: 2 000 places × 365 days, 60 000 bars
// (exactly 30 per place, never overlapping on a place), seeded PRNG.
import type { BoardBar, BoardRow, PaymentState, PricePeriod } from '../../../custom-screens/planning/board/types';
import { toDay, toIso } from '../../../custom-screens/planning/board/dates';

export const START = '2026-01-01';
export const END = '2027-01-01';
export const TODAY = '2026-07-14';
export const PLACES = 2000;
export const BARS_PER_PLACE = 30;

/** mulberry32: small, fast, good enough for test data. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LAYOUTS = ['Secteur Les Pins', 'Secteur La Rivière', 'Secteur Les Dunes', 'Secteur Le Lac'];
const TYPES = [
  { family: 'Emplacements', type: 'Emplacement nu', capacity: 6 },
  { family: 'Emplacements', type: 'Emplacement confort', capacity: 6 },
  { family: 'Locatifs', type: 'Mobil-home 4 pers.', capacity: 4 },
  { family: 'Locatifs', type: 'Mobil-home 6 pers.', capacity: 6 },
  { family: 'Locatifs', type: 'Chalet', capacity: 5 },
  { family: 'Insolites', type: 'Tente lodge', capacity: 4 },
  { family: 'Insolites', type: 'Cabane', capacity: 2 },
];
const NAMES = [
  'Martin',
  'Bernard',
  'Thomas',
  'Petit',
  'Robert',
  'Richard',
  'Durand',
  'Dubois',
  'Moreau',
  'Laurent',
  'Simon',
  'Michel',
  'Lefebvre',
  'Leroy',
  'Roux',
  'David',
  'Bertrand',
  'Morel',
  'Fournier',
  'Girard',
  'Bonnet',
  'Dupont',
  'Lambert',
  'Fontaine',
  'Rousseau',
  'Vincent',
  'Muller',
  'Lefèvre',
  'Faure',
  'André',
  'Mercier',
  'Blanc',
  'Guérin',
  'Boyer',
  'Garnier',
];

export interface Synthetic {
  rows: BoardRow[];
  bars: BoardBar[];
  freeCounts: Record<string, number>;
  pricePeriods: PricePeriod[];
}

export function generate(seed = 20260714): Synthetic {
  const rnd = prng(seed);
  const int = (n: number) => Math.floor(rnd() * n);
  const rows: BoardRow[] = [];
  const perLayout = PLACES / LAYOUTS.length;
  LAYOUTS.forEach((layout, li) => {
    for (let i = 0; i < perLayout; i++) {
      const ti = Math.floor((i / perLayout) * TYPES.length);
      const t = TYPES[ti];
      const n = li * perLayout + i + 1;
      rows.push({
        id: n,
        label: `${String.fromCharCode(65 + li)}${String(i + 1).padStart(3, '0')}`,
        sublabel: `${t.capacity} pers.`,
        layoutId: li + 1,
        layoutLabel: layout,
        familyId: t.family,
        familyLabel: t.family,
        typeId: ti + 1,
        typeLabel: t.type,
        capacity: t.capacity,
      });
    }
  });

  const origin = toDay(START);
  const today = toDay(TODAY);
  const days = toDay(END) - origin;
  const occupied = new Int32Array(days + 1);
  const bars: BoardBar[] = [];
  let code = 1;
  const slot = Math.floor(days / BARS_PER_PLACE); // 12 days
  for (const row of rows) {
    for (let s = 0; s < BARS_PER_PLACE; s++) {
      const offset = int(4);
      const len = 1 + int(slot - offset);
      const start = origin + s * slot + offset;
      const end = start + len;
      const unavailable = rnd() < 0.02;
      let statusId: string;
      let paymentState: PaymentState;
      if (unavailable) {
        statusId = 'unavailability';
        paymentState = 'paid';
      } else if (end <= today) {
        statusId = rnd() < 0.04 ? 'cancelled' : 'gone';
        paymentState = 'paid';
      } else if (start <= today) {
        statusId = 'arrived';
        paymentState = rnd() < 0.6 ? 'paid' : 'deposit';
      } else {
        const r = rnd();
        statusId = r < 0.08 ? 'quote' : r < 0.22 ? 'option' : r < 0.25 ? 'cancelled' : 'booking';
        const q = rnd();
        paymentState = q < 0.35 ? 'unpaid' : q < 0.8 ? 'deposit' : 'paid';
      }
      bars.push({
        id: `b${code}`,
        rowId: row.id,
        startDate: toIso(start),
        endDate: toIso(end),
        kind: unavailable ? 'unavailability' : 'occupancy',
        statusId,
        paymentState,
        label: unavailable ? 'Travaux' : `${NAMES[int(NAMES.length)]} ${String.fromCharCode(65 + int(26))}.`,
        code: unavailable ? `I26-${String(code).padStart(5, '0')}` : `R26-${String(code).padStart(5, '0')}`,
      });
      code++;
      if (statusId !== 'cancelled') {
        occupied[start - origin]++;
        occupied[end - origin]--;
      }
    }
  }
  const freeCounts: Record<string, number> = {};
  let running = 0;
  for (let d = 0; d < days; d++) {
    running += occupied[d];
    freeCounts[toIso(origin + d)] = PLACES - running;
  }
  const pricePeriods: PricePeriod[] = [
    ['2026-01-01', '2026-04-01', 'Basse saison'],
    ['2026-04-01', '2026-07-01', 'Moyenne saison'],
    ['2026-07-01', '2026-08-01', 'Haute saison'],
    ['2026-08-01', '2026-08-22', 'Très haute saison'],
    ['2026-08-22', '2026-09-01', 'Haute saison'],
    ['2026-09-01', '2026-10-01', 'Moyenne saison'],
    ['2026-10-01', '2027-01-01', 'Basse saison'],
  ].map(([startDate, endDate, label], i) => ({ id: i + 1, startDate, endDate, label }));
  return { rows, bars, freeCounts, pricePeriods };
}
