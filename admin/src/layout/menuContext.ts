// The menu's parent context (§2, docs/screens.md#main-menu): a key beginning with `menu-context-` stores a
// numeric parent context for the session and reloads /home; the home key reloads
// /home and clears it. "For the session" = the browser tab's sessionStorage.
const KEY = 'bivouac.parentContextId';

export function parentContext(): number | null {
  const v = sessionStorage.getItem(KEY);
  return v && /^\d+$/.test(v) ? Number(v) : null;
}

/** What a menu key does: 'navigate' to '/' + key, or a full reload of /home. */
export function menuKeyAction(key: string): { reload: true; context: number | null } | { reload: false; to: string } {
  const m = /^menu-context-(\d+)$/.exec(key);
  if (m) return { reload: true, context: Number(m[1]) };
  if (key === 'home') return { reload: true, context: null };
  return { reload: false, to: `/${key.replace(/^\//, '')}` };
}

/** Applies a context or home key: stores (or clears) the context and reloads /home. */
export function openMenuKey(key: string, navigate: (to: string) => void): void {
  const a = menuKeyAction(key);
  if (!a.reload) {
    navigate(a.to);
    return;
  }
  if (a.context === null) sessionStorage.removeItem(KEY);
  else sessionStorage.setItem(KEY, String(a.context));
  window.location.assign('/home');
}
