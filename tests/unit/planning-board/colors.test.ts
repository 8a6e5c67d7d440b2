import { describe, expect, it } from 'vitest';
import {
  CLEANING_STATUS_PALETTE,
  DEFAULT_PAYMENT_PALETTE,
  DEFAULT_STATUS_PALETTE,
  resolvePaint,
  statusLabel,
} from '../../../custom-screens/planning/board/colors';
import { paintDeclarations } from '../../../custom-screens/planning/board/paintClasses';
import { bar } from './fixtures';

const P = DEFAULT_STATUS_PALETTE;
const PAY = DEFAULT_PAYMENT_PALETTE;

/** WCAG relative luminance contrast of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)].sort((m, n) => n - m);
  return (x + 0.05) / (y + 0.05);
}

describe('colors', () => {
  it('colours by status, with the payment as accent', () => {
    const b = bar(1, '2026-07-01', '2026-07-02', { statusId: 'arrived', paymentState: 'deposit' });
    expect(resolvePaint(b, 'status', P, PAY)).toEqual({ paint: P.arrived, accent: PAY.deposit.background });
    expect(resolvePaint(b, 'payment', P, PAY)).toEqual({ paint: PAY.deposit, accent: P.arrived.background });
  });

  it('hatches unavailabilities in both views', () => {
    const u = bar(1, '2026-07-01', '2026-07-02', {
      kind: 'unavailability',
      statusId: undefined,
      paymentState: 'unpaid',
    });
    expect(resolvePaint(u, 'payment', P, PAY).paint.pattern).toBe('hatched');
    expect(statusLabel(u, P)).toBe('Indisponibilité');
  });

  it('maps numeric status ids through the palette and lets a screen override', () => {
    const palette = { 3: P.option, ...CLEANING_STATUS_PALETTE };
    expect(resolvePaint(bar(1, '2026-07-01', '2026-07-02', { statusId: 3 }), 'status', palette, PAY).paint.label).toBe(
      'Option',
    );
    expect(statusLabel(bar(1, '2026-07-01', '2026-07-02', { statusId: 'todo' }), palette)).toBe('À faire');
    expect(statusLabel(bar(1, '2026-07-01', '2026-07-02', { statusLabel: 'Perso' }), palette)).toBe('Perso');
    const own = { background: '#000000', color: '#ffffff' };
    expect(resolvePaint(bar(1, '2026-07-01', '2026-07-02'), 'status', P, PAY, () => own)).toEqual({
      paint: own,
      accent: null,
    });
  });

  it('keeps text readable (WCAG AA, 4.5:1) on every default colour', () => {
    for (const p of [...Object.values(P), ...Object.values(PAY), ...Object.values(CLEANING_STATUS_PALETTE)]) {
      expect(contrast(p.background, p.color), p.label).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('writes safe CSS declarations for a paint', () => {
    expect(paintDeclarations({ paint: P.booking, accent: '#fbbf24' }, 'status')).toBe(
      'background-color:#2563eb;color:#ffffff;box-shadow:inset 0 -3px 0 #fbbf24;',
    );
    expect(
      paintDeclarations({ paint: { background: 'red;}body{x:y', color: 'rgb(0, 0, 0)' }, accent: null }, 'payment'),
    ).toBe('background-color:inherit;color:rgb(0, 0, 0);');
  });
});
