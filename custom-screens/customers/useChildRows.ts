// The state of one child tab of a customer: its rows, the choices of its select fields,
// the row being added (and the server's refusal) and the row being removed.
import { useState } from 'react';
import { useNotify, type HttpError } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { dateFr, records, type Row } from '../../admin/src/ui';
import { childBody, childError, type ChildField, type ChildTabDef } from './childTabs';

export function useChildRows({ base, fields }: ChildTabDef, customerId: number) {
  const qc = useQueryClient();
  const notify = useNotify();
  const [adding, setAdding] = useState<Row | null>(null);
  const [removing, setRemoving] = useState<Row | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = ['customer-child', base, customerId];
  const rows = useQuery({ queryKey: key, queryFn: () => records.byParent(base, 'customer', customerId) });
  const opts = useQuery({
    queryKey: ['customer-child-options', base],
    queryFn: async () =>
      Object.fromEntries(
        await Promise.all(fields.filter((f) => f.options).map(async (f) => [f.name, await f.options!()] as const)),
      ),
    staleTime: 60_000,
  });
  /** A cell as shown: a date in French, a reference by its label. */
  const show = (f: ChildField, r: Row) => {
    if (f.type === 'date') return dateFr(r[f.name]);
    if (f.type === 'select') {
      const o = opts.data?.[f.name]?.find((x: Row) => x.id === r[f.name]);
      return o ? f.optionLabel!(o) : '';
    }
    return r[f.name] ?? '';
  };
  const open = (row: Row | null) => {
    setError(null);
    setAdding(row);
  };
  const save = async () => {
    setError(null);
    try {
      await records.create(base, childBody(customerId, fields, adding!));
      setAdding(null);
      qc.invalidateQueries({ queryKey: key });
    } catch (e) {
      setError(childError(e as HttpError, fields));
    }
  };
  const remove = async () => {
    await records.remove(base, removing!.id);
    notify('Suppression effectuée', { type: 'success' });
    qc.invalidateQueries({ queryKey: key });
  };
  return { rows, options: opts.data, show, adding, open, setAdding, save, error, removing, setRemoving, remove };
}
