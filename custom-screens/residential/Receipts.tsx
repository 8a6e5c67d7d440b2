// /rent-receipt-list: the saved rent receipts of a year with their state;
// /rent-receipt-management: the same to act on — bill those whose deadline has come,
// cash those billed, remind those late by e-mail (one or all of them at once).
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Box, Button, MenuItem, TextField } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { countFr } from '../../common/french';
import { rest, DataTable, dateFr, euros, Page, useCan, type Column, type Row } from '../../admin/src/ui';
import { PayDialog, STATES, thisYear } from './common';
import { YearPicker } from '../fiscal/YearPicker';

type Status = 'all' | 'to-bill' | 'due' | 'late' | 'paid';

function useReceipts(name: string, initialStatus: Status) {
  const [year, setYear] = useState(thisYear());
  const [status, setStatus] = useState(initialStatus);
  const q = useQuery({
    queryKey: ['rent-receipts', name, year, status],
    queryFn: () => rest('get', '/rent-receipt/management', { query: { year, status } }),
  });
  return { year, setYear, status, setStatus, q };
}

function Filters({ r }: { r: ReturnType<typeof useReceipts> }) {
  const rows = r.q.data?.rows ?? [];
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
      <YearPicker value={r.year} onChange={r.setYear} />
      <TextField
        select
        size="small"
        label="État"
        value={r.status}
        onChange={(e) => r.setStatus(e.target.value as Status)}
        sx={{ minWidth: 160 }}
      >
        <MenuItem value="all">Toutes</MenuItem>
        {Object.entries(STATES).map(([k, v]) => (
          <MenuItem key={k} value={k}>
            {v}
          </MenuItem>
        ))}
      </TextField>
      <span data-testid="receipt-count">
        {countFr(rows.length, 'quittance')} — {euros(rows.reduce((s, x) => s + x.totalInclVat, 0))}, dont{' '}
        {euros(rows.reduce((s, x) => s + x.due, 0))} restant dû
      </span>
    </Box>
  );
}

const columns: Column[] = [
  { key: 'placeCode', label: 'Emplacement' },
  { key: 'residentName', label: 'Résident' },
  { key: 'period', label: 'Période', render: (r) => `${dateFr(r.startDate)} – ${dateFr(r.endDate)}` },
  { key: 'deadline', label: 'Échéance', align: 'right' },
  { key: 'dueDate', label: 'À payer le', render: (r) => dateFr(r.dueDate) },
  { key: 'totalInclVat', label: 'Montant TTC', align: 'right', render: (r) => euros(r.totalInclVat) },
  { key: 'billNumber', label: 'Facture', render: (r) => r.billNumber ?? '' },
  { key: 'due', label: 'Reste dû', align: 'right', render: (r) => euros(r.due) },
  { key: 'state', label: 'État', render: (r) => STATES[r.state] ?? '' },
  { key: 'lastReminderOn', label: 'Relance', optional: true, render: (r) => dateFr(r.lastReminderOn) },
];

export function RentReceiptList() {
  const navigate = useNavigate();
  const r = useReceipts('list', 'all');
  return (
    <Page
      title="Quittances"
      actions={
        <Button variant="contained" onClick={() => navigate('/rent-receipt/lines/0')}>
          Nouvelle quittance
        </Button>
      }
    >
      <Filters r={r} />
      <DataTable
        name="rent-receipt-list"
        columns={columns}
        rows={r.q.data?.rows}
        loading={r.q.isPending}
        onOpen={(x) => navigate(`/rent-receipt/lines/${x.id}`)}
        empty="Aucune quittance"
      />
    </Page>
  );
}

export function RentReceiptManagement() {
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const canWrite = useCan('resident.contract', 'write');
  const r = useReceipts('management', 'due');
  const [paying, setPaying] = useState<Row | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['rent-receipts'] });
  const act = async <T,>(call: () => Promise<T>, done: string | ((answer: T) => string)) => {
    try {
      const answer = await call();
      notify(typeof done === 'string' ? done : done(answer), { type: 'success' });
      await refresh();
    } catch (e) {
      notify((e as Error)?.message ?? 'Une erreur est survenue', { type: 'error' });
    }
  };
  const remindOne = (x: Row) =>
    act(
      () => rest('post', '/rent-receipt/{rentReceiptId}/send-reminder', { path: { rentReceiptId: x.id }, body: {} }),
      (m) =>
        m.status === 'sent' ? `Relance envoyée à ${m.to}` : `Relance en attente d'envoi à ${m.to} : ${m.error ?? ''}`,
    );
  const remindAll = () =>
    act(
      () => rest('post', '/rent-receipt/send-reminders', { body: {} }),
      (m) =>
        [
          `${countFr(m.sent, 'relance envoyée', 'relances envoyées')}`,
          m.failed ? `${countFr(m.failed, 'en attente', 'en attente')}` : '',
          m.noAddress ? `${countFr(m.noAddress, 'résident sans e-mail', 'résidents sans e-mail')}` : '',
          m.already ? `${countFr(m.already, 'déjà relancée ce jour', 'déjà relancées ce jour')}` : '',
        ]
          .filter(Boolean)
          .join(', '),
    );
  const actions: Column = {
    key: 'actions',
    label: 'Actions',
    render: (x) => <Box onClick={(e) => e.stopPropagation()}>{rowActions(x)}</Box>,
  };
  const rowActions = (x: Row) =>
    !canWrite ? null : x.state === 'to-bill' ? (
      <Button
        size="small"
        onClick={() =>
          act(
            () => rest('post', '/rent-receipt/{rentReceiptId}/bill', { path: { rentReceiptId: x.id }, body: {} }),
            'Quittance facturée',
          )
        }
      >
        Facturer
      </Button>
    ) : x.state === 'paid' ? null : (
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button size="small" onClick={() => setPaying(x)} data-testid={`pay-${x.id}`}>
          Encaisser
        </Button>
        {x.state === 'late' && (
          <Button size="small" onClick={() => remindOne(x)} data-testid={`remind-${x.id}`}>
            Relancer par e-mail
          </Button>
        )}
      </Box>
    );
  return (
    <Page
      title="Gestion des quittances"
      actions={
        canWrite && (
          <Button variant="outlined" onClick={remindAll} data-testid="remind-late">
            Relancer les quittances en retard
          </Button>
        )
      }
    >
      <Filters r={r} />
      <DataTable
        name="rent-receipt-management"
        columns={[...columns.filter((c) => c.key !== 'deadline'), actions]}
        rows={r.q.data?.rows}
        loading={r.q.isPending}
        onOpen={(x) => navigate(`/rent-receipt/lines/${x.id}`)}
        empty="Aucune quittance dans cet état"
      />
      <PayDialog
        receipt={paying}
        onClose={(paid) => {
          setPaying(null);
          if (paid) {
            notify('Paiement enregistré', { type: 'success' });
            void refresh();
          }
        }}
      />
    </Page>
  );
}
