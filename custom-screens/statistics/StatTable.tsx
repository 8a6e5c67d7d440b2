// The table under a statistics chart: the answer's rows and total, in French formats.
import { DataTable, type Column } from '../../admin/src/ui';
import { formatStat, type StatTable as Table } from '../../common/stats';

export function StatTable({ name, table }: { name: string; table: Table }) {
  const first = table.columns[0].key;
  const columns: Column[] = table.columns.map((c, i) => ({
    key: c.key,
    label: c.label,
    align: i === 0 ? 'left' : 'right',
    render: (r) => {
      const text = formatStat(c.kind, r[c.key] ?? null);
      return r.__total ? <b>{text}</b> : text;
    },
  }));
  const rows = [...table.rows, ...(table.total ? [{ ...table.total, __total: true, [first]: 'Total' }] : [])];
  return (
    <DataTable
      name={`stat-${name}`}
      columns={columns}
      rows={rows}
      rowKey={first}
      empty="Aucune donnée sur la période"
    />
  );
}
