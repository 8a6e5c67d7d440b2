// Weekend shading and grid lines as repeating CSS gradients: one element,
// no DOM per cell, whatever the number of rows and days.
import type { CSSProperties } from 'react';
import { weekday } from './dates';
import type { TimeScale } from './timeScale';

/** x of the first Saturday / Monday column, modulo a week. */
function weekOffsets(scale: TimeScale): { saturday: number; monday: number } {
  const wd = weekday(scale.origin);
  return { saturday: ((5 - wd + 7) % 7) * scale.dayWidth, monday: ((7 - wd) % 7) * scale.dayWidth };
}

export function weekendBackground(scale: TimeScale): CSSProperties {
  const w = scale.dayWidth;
  const { saturday } = weekOffsets(scale);
  return {
    backgroundImage: `linear-gradient(90deg, var(--pb-weekend) 0 ${2 * w}px, transparent ${2 * w}px)`,
    backgroundSize: `${7 * w}px 100%`,
    backgroundPosition: `${saturday}px 0`,
  };
}

/** Weekends + day lines (wide columns) or week lines (narrow columns). */
export function bodyBackground(scale: TimeScale): CSSProperties {
  const w = scale.dayWidth;
  const { saturday, monday } = weekOffsets(scale);
  const layers: string[] = [];
  const sizes: string[] = [];
  const positions: string[] = [];
  if (w >= 16) {
    layers.push('linear-gradient(90deg, var(--pb-grid) 0 1px, transparent 1px)');
    sizes.push(`${w}px 100%`);
    positions.push('0 0');
  } else if (w >= 3) {
    layers.push('linear-gradient(90deg, var(--pb-grid) 0 1px, transparent 1px)');
    sizes.push(`${7 * w}px 100%`);
    positions.push(`${monday}px 0`);
  }
  layers.push(`linear-gradient(90deg, var(--pb-weekend) 0 ${2 * w}px, transparent ${2 * w}px)`);
  sizes.push(`${7 * w}px 100%`);
  positions.push(`${saturday}px 0`);
  return {
    backgroundImage: layers.join(', '),
    backgroundSize: sizes.join(', '),
    backgroundPosition: positions.join(', '),
  };
}
