// Bar colours. Palettes are keyed by String(statusId); the defaults are keyed
// by semantic names, so a screen whose statuses are numeric ids maps them once:
//   { [STATUS.BOOKING]: DEFAULT_STATUS_PALETTE.booking, … }
// Text colours keep a WCAG AA contrast (≥ 4.5:1) on their background.
import type { BarPaint, BoardBar, ColorMode, Palette, PaymentState } from './types';

export const DEFAULT_STATUS_PALETTE: Palette = {
  draft: { background: '#f5f3ff', color: '#4c1d95', border: '#7c3aed', pattern: 'dashed', label: 'En cours de saisie' },
  quote: { background: '#e2e8f0', color: '#1e293b', border: '#64748b', pattern: 'dashed', label: 'Devis' },
  option: { background: '#fde68a', color: '#422006', border: '#d97706', label: 'Option' },
  booking: { background: '#2563eb', color: '#ffffff', label: 'Réservation' },
  arrived: { background: '#15803d', color: '#ffffff', label: 'Arrivé' },
  gone: { background: '#6b7280', color: '#ffffff', label: 'Parti' },
  cancelled: { background: '#fee2e2', color: '#991b1b', border: '#dc2626', pattern: 'struck', label: 'Annulé' },
  unavailability: { background: '#4b5563', color: '#ffffff', pattern: 'hatched', label: 'Indisponibilité' },
  residential: { background: '#ccfbf1', color: '#134e4a', border: '#0f766e', label: 'Résidentiel' },
  sublet: { background: '#0f766e', color: '#ffffff', label: 'Sous-location (camping)' },
};

/** Cleaning task statuses (spec §4, docs/stays.md#states-and-transitions): taken, todo, in progress, done. */
export const CLEANING_STATUS_PALETTE: Palette = {
  taken: { background: '#7c3aed', color: '#ffffff', label: 'Prise' },
  todo: { background: '#fde68a', color: '#422006', border: '#d97706', label: 'À faire' },
  'in-progress': { background: '#0369a1', color: '#ffffff', label: 'En cours' },
  done: { background: '#15803d', color: '#ffffff', label: 'Terminée' },
};

export const DEFAULT_PAYMENT_PALETTE: Readonly<Record<PaymentState, BarPaint>> = {
  unpaid: { background: '#b91c1c', color: '#ffffff', label: 'Non payé' },
  deposit: { background: '#fbbf24', color: '#422006', label: 'Acompte versé' },
  paid: { background: '#15803d', color: '#ffffff', label: 'Soldé' },
};

const FALLBACK: BarPaint = { background: '#94a3b8', color: '#0f172a', label: '' };

export interface ResolvedPaint {
  paint: BarPaint;
  /** Secondary colour: payment strip in status view, status stripe in payment view. */
  accent: string | null;
}

export function statusPaint(bar: BoardBar, palette: Palette): BarPaint {
  if (bar.kind === 'unavailability') {
    return (
      (bar.statusId !== undefined && palette[String(bar.statusId)]) ||
      palette.unavailability ||
      DEFAULT_STATUS_PALETTE.unavailability
    );
  }
  return (bar.statusId !== undefined && palette[String(bar.statusId)]) || palette[bar.kind] || FALLBACK;
}

export function resolvePaint<B extends BoardBar>(
  bar: B,
  mode: ColorMode,
  palette: Palette,
  payment: Readonly<Record<PaymentState, BarPaint>>,
  custom?: (bar: B, mode: ColorMode) => BarPaint | undefined,
): ResolvedPaint {
  const own = custom?.(bar, mode);
  if (own) return { paint: own, accent: null };
  const status = statusPaint(bar, palette);
  const pay = bar.kind === 'occupancy' && bar.paymentState ? payment[bar.paymentState] : undefined;
  if (!pay) return { paint: status, accent: null };
  return mode === 'payment' ? { paint: pay, accent: status.background } : { paint: status, accent: pay.background };
}

/** Text label of a bar's status for tooltips and screen readers. */
export function statusLabel(bar: BoardBar, palette: Palette): string {
  return bar.statusLabel ?? statusPaint(bar, palette).label ?? '';
}
