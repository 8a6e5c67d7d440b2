// The colours of Bivouac, shared by the admin's theme and the log-in shell's.
export const PALETTE = { primary: { main: '#2e5d3a' }, secondary: { main: '#b5651d' } };
