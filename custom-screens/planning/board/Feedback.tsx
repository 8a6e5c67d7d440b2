// Tooltip on hover and the board's toast (refused moves, undo…), both in
// French. The toast auto-dismisses after 5 s (spec §9, docs/constants.md), one at a time.
import { useEffect, type ReactNode } from 'react';
import type { IndexedBar } from './barIndex';
import { statusLabel } from './colors';
import { numericDateLabel } from './format';
import type { BarPaint, BoardBar, BoardMessages, Palette, PaymentState } from './types';

export interface TooltipState {
  barId: BoardBar['id'];
  /** Position relative to the board root. */
  x: number;
  y: number;
}

interface TooltipProps<B extends BoardBar> {
  it: IndexedBar<B>;
  x: number;
  y: number;
  rowLabel: string;
  palette: Palette;
  payment: Readonly<Record<PaymentState, BarPaint>>;
  messages: BoardMessages;
  render?: (bar: B) => ReactNode;
}

export function Tooltip<B extends BoardBar>({
  it,
  x,
  y,
  rowLabel,
  palette,
  payment,
  messages: m,
  render,
}: TooltipProps<B>) {
  const bar = it.bar;
  const status = statusLabel(bar, palette);
  return (
    <div className="pb-tooltip" role="tooltip" style={{ left: x, top: y }}>
      {render ? (
        render(bar)
      ) : (
        <>
          <div className="pb-tooltip-title">
            {bar.code && <span className="pb-tooltip-code">{bar.code}</span>} {bar.label}
          </div>
          <div>{rowLabel}</div>
          <div>
            {m.range(numericDateLabel(it.start), numericDateLabel(it.end))} · {m.nights(it.end - it.start)}
          </div>
          {status && (
            <div>
              {m.status} : {status}
            </div>
          )}
          {bar.paymentState && bar.kind !== 'unavailability' && (
            <div>
              {m.payment} : {payment[bar.paymentState].label}
            </div>
          )}
        </>
      )}
    </div>
  );
}

export interface ToastState {
  id: number;
  text: string;
  tone: 'error' | 'info';
}

export const TOAST_MS = 5000;

export function Toast({ toast, onClose, closeLabel }: { toast: ToastState; onClose: () => void; closeLabel: string }) {
  useEffect(() => {
    const t = setTimeout(onClose, TOAST_MS);
    return () => clearTimeout(t);
  }, [toast.id, onClose]);
  return (
    <div className={`pb-toast pb-toast-${toast.tone}`} role={toast.tone === 'error' ? 'alert' : 'status'}>
      <span>{toast.text}</span>
      <button type="button" className="pb-toast-close" onClick={onClose} aria-label={closeLabel}>
        ×
      </button>
    </div>
  );
}
