import { frFR } from '@mui/material/locale';
import { defaultTheme } from 'react-admin';
import { PALETTE } from './palette';

type Components = Record<string, { defaultProps?: Record<string, unknown> } & Record<string, unknown>>;

/**
 * MUI's French texts (Autocomplete « Ouvrir »/« Fermer », pagination, alerts…) merged
 * into react-admin's component defaults: without them MUI's own tooltips and
 * aria-labels stay English.
 */
function withFrench(base: Components | undefined): Components {
  const merged: Components = { ...(base ?? {}) };
  for (const [name, locale] of Object.entries(frFR.components as Components)) {
    const own = merged[name] ?? {};
    merged[name] = { ...own, defaultProps: { ...locale.defaultProps, ...own.defaultProps } };
  }
  return merged;
}

export const theme = {
  ...defaultTheme,
  palette: PALETTE,
  components: withFrench(defaultTheme.components as Components | undefined),
};
