// A draft being worked on is not idle. While the wizard is open on a temporary booking,
// once a minute, if the user typed or clicked since the last time, the server is told
// (POST /rest/planning/draft/{id}/touch). A wizard left open with nobody at it stays
// silent, so the sweep still abandons its draft after the idle time of the settings.
import { useEffect } from 'react';
import { rest } from '../../admin/src/ui';

const EVENTS = ['keydown', 'pointerdown', 'input'] as const;

export function useDraftKeepAlive(tempBookingId: number, active: boolean, everyMs = 60_000): void {
  useEffect(() => {
    if (!active || !(tempBookingId > 0)) return;
    let used = false;
    const mark = () => {
      used = true;
    };
    for (const e of EVENTS) document.addEventListener(e, mark, { capture: true, passive: true });
    const timer = setInterval(() => {
      if (!used) return;
      used = false;
      // A failure (draft saved or abandoned meanwhile) is told by the next save.
      rest('post', '/planning/draft/{id}/touch', { path: { id: tempBookingId }, body: {} }).catch(() => undefined);
    }, everyMs);
    return () => {
      clearInterval(timer);
      for (const e of EVENTS) document.removeEventListener(e, mark, { capture: true });
    };
  }, [tempBookingId, active, everyMs]);
}
