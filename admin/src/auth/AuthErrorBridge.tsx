// Connects the shared 401/403 handler (accessDenied.ts) to react-admin inside the
// layout: a 403 logs out and goes to /login exactly as a data-provider 403 does
// (authProvider.checkError), a 401 shows "401 Droit insuffisant".
import { useEffect, useRef } from 'react';
import { useLogoutIfAccessDenied, useNotify } from 'react-admin';
import { INSUFFICIENT_RIGHT, setAuthErrorHandler } from './accessDenied';

/** A screen refused several calls at once (lists, fallbacks) shows the message once. */
const REPEAT_MS = 3000;

export function AuthErrorBridge() {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const notify = useNotify();
  const lastRefusal = useRef(0);
  useEffect(() => {
    setAuthErrorHandler((e) => {
      if (e.status === 403) {
        void logoutIfAccessDenied({ status: 403, message: e.message });
        return;
      }
      if (Date.now() - lastRefusal.current < REPEAT_MS) return;
      lastRefusal.current = Date.now();
      notify(INSUFFICIENT_RIGHT, { type: 'error' });
    });
    return () => setAuthErrorHandler(null);
  }, [logoutIfAccessDenied, notify]);
  return null;
}
