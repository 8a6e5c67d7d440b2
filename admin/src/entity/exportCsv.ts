// Server-side CSV export (export.csv) of the current list filter and sort. A search
// under 3 characters is left out, as the list leaves it out.
import { API } from '../api';
import { withoutShortSearch } from './searchFilter';
import { reportAuthError } from '../auth/accessDenied';

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
  a.download = 'export.csv';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
