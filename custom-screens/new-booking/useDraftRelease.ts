// A draft must not keep its places when the wizard goes away without the in-app
// navigation (which asks, then abandons): a closed tab, a reload, « Accueil » (a full
// page load). On `pagehide` the browser still sends a beacon, which abandons the draft
// at once (POST /rest/planning/draft/{id}/release) instead of after the idle time.
import { useEffect } from 'react';
import { API } from '../../admin/src/ui';

export function useDraftRelease(tempBookingId: number, active: boolean): void {
  useEffect(() => {
    if (!active || !(tempBookingId > 0)) return;
    const release = () => {
      const url = `${API}/planning/draft/${tempBookingId}/release`;
      const body = new Blob(['{}'], { type: 'application/json' });
      // sendBeacon outlives the page; keepalive fetch where it is missing.
      if (!navigator.sendBeacon?.(url, body))
        fetch(url, {
          method: 'POST',
          body: '{}',
          headers: { 'Content-Type': 'application/json' },
          credentials: 'same-origin',
          keepalive: true,
        }).catch(() => undefined);
    };
    window.addEventListener('pagehide', release);
    return () => window.removeEventListener('pagehide', release);
  }, [tempBookingId, active]);
}
