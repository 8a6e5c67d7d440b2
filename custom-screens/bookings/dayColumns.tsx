// What the day lists share: the day shown, and the columns of a stay on its place.
import { useState } from 'react';
import { todayParis } from '../../common/dates';
import type { Column } from '../../admin/src/ui';
import { StatusChip } from './status';

export function useDay(initial = todayParis()) {
  const [date, setDate] = useState(initial);
  return { date, setDate };
}

export const base: Column[] = [
  { key: 'placeCode', label: 'Emplacement' },
  { key: 'placeTypeLabel', label: 'Type', optional: true },
  { key: 'code', label: 'Séjour' },
  { key: 'customerName', label: 'Client' },
  { key: 'persons', label: 'Pers.', align: 'right' },
  {
    key: 'statusId',
    label: 'Statut',
    render: (r) => <StatusChip statusId={r.statusId} cancellation={r.cancellation} />,
  },
];
