// A small legend of the palette in use (status or payment view), for screens
// to put above or beside the board.
import type { BarPaint, ColorMode, Palette, PaymentState } from './types';
import { DEFAULT_PAYMENT_PALETTE, DEFAULT_STATUS_PALETTE } from './colors';

export interface LegendProps {
  colorMode?: ColorMode;
  statusPalette?: Palette;
  paymentPalette?: Readonly<Record<PaymentState, BarPaint>>;
  /** Palette keys to show, in order (default: all). */
  keys?: readonly string[];
}

export function Legend({
  colorMode = 'status',
  statusPalette = DEFAULT_STATUS_PALETTE,
  paymentPalette = DEFAULT_PAYMENT_PALETTE,
  keys,
}: LegendProps) {
  const palette: Palette = colorMode === 'payment' ? paymentPalette : statusPalette;
  const entries = (keys ?? Object.keys(palette)).map((k) => [k, palette[k]] as const).filter(([, p]) => p);
  return (
    <ul className="pb-legend" aria-label={colorMode === 'payment' ? 'Légende des paiements' : 'Légende des statuts'}>
      {entries.map(([k, p]) => (
        <li key={k}>
          <span
            className={`pb-legend-swatch${p.pattern ? ` pb-pat-${p.pattern}` : ''}`}
            style={{ backgroundColor: p.background, borderColor: p.border ?? p.background }}
          />
          {p.label ?? k}
        </li>
      ))}
    </ul>
  );
}
