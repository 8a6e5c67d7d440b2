// The statistics screens served under /rest/stat/ (docs/statistics.md lists them).
import type { ScreenDef } from './types';
import { revparScreen } from './revpar';

export const SCREENS: ScreenDef[] = [revparScreen];
