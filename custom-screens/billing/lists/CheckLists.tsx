// The checks of the utilities menu: /verif-double-bill (a stay billed twice, deposits
// beyond the price, holes or repeats in a numbering series) and /verif-due-bill (bills
// past due and not fully paid at a date).
import { useNavigate } from 'react-router-dom';
import { Alert } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { countFr } from '../../../common/french';
import { dateFr } from '../common';
import { euros, Filters, Totals, useDate } from './shared';
import { rest, DataTable, DateBox, Page, type Column } from '../../../admin/src/ui';

const doubleColumns: Column[] = [
  { key: 'label', label: 'Contrôle' },
  { key: 'code', label: 'Séjour' },
  { key: 'customerName', label: 'Client' },
  { key: 'bills', label: 'Documents' },
  { key: 'amount', label: 'Montant', align: 'right', render: (r) => euros(r.amount) },
];

export function DoubleBillCheck() {
  const navigate = useNavigate();
  const q = useQuery({
    queryKey: ['verif-double-bill'],
    queryFn: () => rest('get', '/bill/verif-double'),
  });
  const rows = (q.data ?? []).map((r, i) => ({ ...r, key: `${r.check}-${r.bookingId ?? r.bills}-${i}` }));
  return (
    <Page title="Contrôle des doubles facturations">
      {q.data && !q.data.length && (
        <Alert severity="success">Aucune double facturation, aucune anomalie de numérotation.</Alert>
      )}
      {!!q.data?.length && <Alert severity="warning">{countFr(q.data.length, 'anomalie')} à examiner.</Alert>}
      <DataTable
        name="verif-double-bill"
        rowKey="key"
        columns={doubleColumns}
        rows={rows}
        loading={q.isPending}
        onOpen={(r) => r.bookingId && navigate(`/booking/${r.bookingId}`)}
        empty="Rien à signaler"
      />
    </Page>
  );
}

const dueColumns: Column[] = [
  { key: 'code', label: 'Séjour' },
  { key: 'customerName', label: 'Client' },
  { key: 'bills', label: 'Factures' },
  { key: 'dueDate', label: 'Échéance', render: (r) => dateFr(r.dueDate) },
  { key: 'daysLate', label: 'Retard', align: 'right', render: (r) => countFr(r.daysLate, 'jour') },
  { key: 'billed', label: 'Facturé', align: 'right', render: (r) => euros(r.billed) },
  { key: 'paid', label: 'Payé', align: 'right', render: (r) => euros(r.paid) },
  { key: 'due', label: 'Reste dû', align: 'right', render: (r) => euros(r.due) },
];

export function DueBillCheck() {
  const navigate = useNavigate();
  const [date, setDate] = useDate();
  const q = useQuery({
    queryKey: ['verif-due-bill', date],
    queryFn: () => rest('get', '/bill/verif-due', { query: { date } }),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date),
  });
  const rows = q.data ?? [];
  return (
    <Page title="Factures échues non réglées">
      <Filters>
        <DateBox label="Échues au" value={date} onChange={setDate} name="date" />
      </Filters>
      <Totals
        items={[
          ['Séjours', countFr(rows.length, 'séjour')],
          ['Reste dû', euros(rows.reduce((s, r) => s + r.due, 0))],
        ]}
      />
      <DataTable
        name="verif-due-bill"
        rowKey="bookingId"
        columns={dueColumns}
        rows={q.data}
        loading={q.isPending}
        onOpen={(r) => navigate(`/booking/${r.bookingId}`)}
        empty="Aucune facture échue non réglée"
      />
    </Page>
  );
}
