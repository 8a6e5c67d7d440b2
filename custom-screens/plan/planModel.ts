// The site plan as the screen reads it (GET /rest/planning/plan and its occupancy) and
// what it derives: where each place stands (moved or stored), the canvas size, the
// place's label in French.
import type { RestAnswer } from '../../admin/src/ui';

export type PlanAnswer = RestAnswer<'/planning/plan', 'get'>;
export type PlanPlace = PlanAnswer['places'][number];
export type Occupancy = RestAnswer<'/planning/plan/occupancy', 'get'>;
export type PlaceState = Occupancy['places'][number];
export interface Position {
  planX: number | null;
  planY: number | null;
}

export const STATE_LABEL = {
  free: 'libre',
  occupied: 'occupé',
  partial: 'partiellement occupé',
  unavailable: 'indisponible',
};
export const rateText = (r: number | null) => (r === null ? 'indisponible' : `${String(r).replace('.', ',')} %`);

/** The places on the map and off it, and the canvas size (the image's, or what holds every place). */
export function layoutOf(data: PlanAnswer, moved: Map<number, Position>) {
  const pos = (p: PlanPlace): Position => moved.get(p.id) ?? { planX: p.planX, planY: p.planY };
  const placed = data.places.filter((p) => pos(p).planX != null && pos(p).planY != null);
  const unplaced = data.places.filter((p) => pos(p).planX == null || pos(p).planY == null);
  const width = data.plan?.imageWidth ?? Math.max(600, ...placed.map((p) => pos(p).planX! + 60));
  const height = data.plan?.imageHeight ?? Math.max(400, ...placed.map((p) => pos(p).planY! + 60));
  return { pos, placed, unplaced, width, height };
}

/** A place's marker label: its code, state, rate and the stay holding it. */
export function placeLabel(p: PlanPlace, s: PlaceState | undefined): string {
  const who = s?.stay ? ` — ${s.stay.code}${s.stay.customer ? ` ${s.stay.customer}` : ''}` : '';
  return `${p.code} : ${s ? STATE_LABEL[s.state] : '…'}${s ? ` (${rateText(s.rate)})` : ''}${who}`;
}
