// The statistics screens served under /rest/stat/ (docs/statistics.md lists them).
import type { ScreenDef } from './types';
import { revparScreen } from './revpar';
import { dailyScreen } from './daily';
import { revenueScreen } from './revenue';
import { layoutsScreen } from './layouts';
import { detailsScreen } from './details';
import { placesScreen } from './places';
import { leadTimeScreen } from './lead-time';
import { mapsScreen } from './maps';
import { salesScreen } from './sales';

export const SCREENS: ScreenDef[] = [
  dailyScreen,
  revenueScreen,
  layoutsScreen,
  detailsScreen,
  placesScreen,
  revparScreen,
  leadTimeScreen,
  mapsScreen,
  salesScreen,
];
