// The spec's button shortcuts (§6, docs/rights.md#keyboard-shortcuts): F3 create, F4 modify, F8 csv/print, F9 delete,
// F12 validate, Esc escape. The browser's own use of these keys is prevented.
import { useEffect, useRef } from 'react';

export type FunctionKey = 'F3' | 'F4' | 'F8' | 'F9' | 'F12' | 'Escape';
export type FunctionKeyHandlers = Partial<Record<FunctionKey, () => void>>;

export function useFunctionKeys(handlers: FunctionKeyHandlers, active = true): void {
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      const h = ref.current[e.key as FunctionKey];
      if (!h) return;
      // Esc inside an open menu or dialog belongs to that menu.
      if (e.key === 'Escape' && document.querySelector('.MuiPopover-root, .MuiDialog-root, [role="listbox"]')) return;
      e.preventDefault();
      h();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active]);
}
