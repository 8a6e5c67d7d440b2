import { defaultTheme } from 'react-admin';

export const theme = {
  ...defaultTheme,
  palette: { primary: { main: '#2e5d3a' }, secondary: { main: '#b5651d' } },
};
