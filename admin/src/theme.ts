import { defaultTheme } from 'react-admin';
import { PALETTE } from './palette';

export const theme = {
  ...defaultTheme,
  palette: PALETTE,
};
