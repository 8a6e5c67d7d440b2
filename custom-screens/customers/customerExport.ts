// The customers' CSV export (§7, docs/api.md): batches of 5000 rows joined into one file.
import { csvFileName } from '../../common/file-names';
import { todayParis } from '../../common/dates';
import { API } from '../../admin/src/ui';

/** §7 (docs/api.md): the export runs in batches of 5000 rows with an offset, joined into one export.csv. */
export async function exportCustomers(
  filter: Record<string, unknown>,
  onProgress?: (n: number) => void,
): Promise<number> {
  const parts: string[] = [];
  let rows = 0;
  for (let offset = 0; ; offset += 5000) {
    const q = new URLSearchParams({
      filter: JSON.stringify(filter),
      range: JSON.stringify([offset, offset + 4999]),
      sort: JSON.stringify(['id', 'ASC']),
    });
    const res = await fetch(`${API}/customer/export?${q}`, { credentials: 'same-origin' });
    if (!res.ok) throw new Error((await res.json().catch(() => null))?.message ?? 'Une erreur est survenue');
    const lines = (await res.text()).replace(/\r\n$/, '').split('\r\n');
    const body = lines.slice(1).filter((l) => l !== '');
    parts.push(...(offset === 0 ? lines.slice(0, 1) : []), ...body);
    rows += body.length;
    onProgress?.(rows);
    if (body.length < 5000) break;
  }
  const url = URL.createObjectURL(new Blob([`${parts.join('\r\n')}\r\n`], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = csvFileName('Clients', todayParis());
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return rows;
}
