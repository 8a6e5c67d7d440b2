// Public entry of the planning board (see README.md).
export { PlanningBoard, DEFAULT_GROUP_BY } from './PlanningBoard';
export { Legend, type LegendProps } from './Legend';
export {
  CLEANING_STATUS_PALETTE,
  DEFAULT_PAYMENT_PALETTE,
  DEFAULT_STATUS_PALETTE,
  resolvePaint,
  statusLabel,
} from './colors';
export { DEFAULT_MESSAGES } from './format';
export { ZOOM_DAY_WIDTH, zoomForDays } from './timeScale';
export { parisToday, toDay, toIso } from './dates';
export type * from './types';
