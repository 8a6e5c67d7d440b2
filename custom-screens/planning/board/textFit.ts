// Bar texts are cut to their bar's width in JS (measured with a 2D canvas,
// cached) instead of `overflow: hidden; text-overflow: ellipsis`: a clip per
// bar costs the browser a paint chunk per bar, and Chromium's layerization
// time grows with the number of chunks (measured in the benchmark).

export type Measure = (text: string) => number;

/** Rough width for tests and environments without canvas: 6,2 px per character at 11 px. */
export const estimate: Measure = (t) => t.length * 6.2;

let measureFn: Measure | null = null;
/** Caches per measuring function: text → width, and `max|text` → cut text. */
const caches = new WeakMap<Measure, { widths: Map<string, number>; cuts: Map<string, string> }>();
function cacheOf(m: Measure) {
  let c = caches.get(m);
  if (!c) caches.set(m, (c = { widths: new Map(), cuts: new Map() }));
  return c;
}

/** The measuring function for `font` (CSS shorthand), canvas-based when available. */
export function setMeasureFont(font: string): void {
  const ctx = typeof document !== 'undefined' ? document.createElement('canvas').getContext('2d') : null;
  if (!ctx) {
    measureFn = estimate;
    return;
  }
  ctx.font = font;
  measureFn = (t) => ctx.measureText(t).width;
}

function width(text: string, measure: Measure): number {
  const { widths } = cacheOf(measure);
  let w = widths.get(text);
  if (w === undefined) {
    w = measure(text);
    if (widths.size > 50_000) widths.clear();
    widths.set(text, w);
  }
  return w;
}

/** The font of bar texts; keep in step with `.pb-root` in board.css and `.pb-bar` in board-body.css. */
export const BAR_FONT = "11px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

function defaultMeasure(): Measure {
  if (!measureFn) setMeasureFont(BAR_FONT);
  return measureFn!;
}

/** `text`, or its longest prefix followed by '…' that fits in `max` pixels ('' if nothing fits). */
export function fitText(text: string, max: number, measure: Measure = defaultMeasure()): string {
  if (max <= 0 || !text) return '';
  if (width(text, measure) <= max) return text;
  const { cuts } = cacheOf(measure);
  const key = `${Math.floor(max)}|${text}`;
  const hit = cuts.get(key);
  if (hit !== undefined) return hit;
  let lo = 0;
  let hi = text.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (width(`${text.slice(0, mid)}…`, measure) <= max) lo = mid;
    else hi = mid - 1;
  }
  const out = lo === 0 ? '' : `${text.slice(0, lo).trimEnd()}…`;
  if (cuts.size > 50_000) cuts.clear();
  cuts.set(key, out);
  return out;
}
