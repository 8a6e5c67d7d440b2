// Server-side CSV export of the current list filter and sort, saved under the name the
// server gives it (the list and the day: « paiements-2026-11-28.csv »). A search
// under 3 characters is left out, as the list leaves it out.
import { API } from '../api';
import { withoutShortSearch } from './searchFilter';
import { reportAuthError } from '../auth/accessDenied';
import { csvFileName, dispositionFileName } from '../../../common/file-names';
import { todayParis } from '../../../common/dates';

export async function downloadCsv(
  base: string,
  filter: Record<string, unknown>,
  sort: { field: string; order: string },
): Promise<void> {
  const q = new URLSearchParams({
    filter: JSON.stringify(withoutShortSearch(filter)),
    sort: JSON.stringify([sort.field, sort.order]),
  });
  const res = await fetch(`${API}/${base}/export?${q}`, { credentials: 'same-origin' });
  if (!res.ok) {
    const body = await res.json().catch(() => null);
    const message = body?.message ?? 'Une erreur est survenue';
    reportAuthError({ status: res.status, message });
    throw Object.assign(new Error(message), { status: res.status });
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = dispositionFileName(res.headers.get('Content-Disposition')) ?? csvFileName(base, todayParis());
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
