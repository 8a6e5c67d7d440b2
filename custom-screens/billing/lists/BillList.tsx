// /bill-list: every bill and credit note, filtered by period, nature, customer (or
// number) and state, with the totals of the whole selection; a click opens the bill.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, MenuItem, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { countFr } from '../../../common/french';
import { billKindLabel, billStateLabel, dateFr } from '../common';
import { euros, Filters, PeriodFilter, Totals, usePeriod } from './shared';
import { rest, DataTable, Page, type Column, type RestInit } from '../../../admin/src/ui';

type BillListQuery = NonNullable<RestInit<'/bill/list', 'get'>['query']>;

const KINDS: [string, string][] = [
  ['', 'Toutes'],
  ['final', 'Factures de solde'],
  ['deposit', "Factures d'arrhes ou d'acompte"],
  ['cancellation', "Factures d'annulation"],
  ['credit-note', 'Avoirs'],
  ['partner', 'Factures partenaires'],
  ['invoice', 'Toutes les factures'],
];
const STATES: [string, string][] = [['', 'Tous'], ...Object.entries(billStateLabel)];

const columns: Column[] = [
  { key: 'number', label: 'Numéro' },
  { key: 'date', label: 'Date', render: (r) => dateFr(r.date) },
  {
    key: 'kind',
    label: 'Nature',
    render: (r) => (r.payerType === 'partner' && r.kind === 'invoice' ? 'Facture partenaire' : billKindLabel(r)),
  },
  { key: 'customerName', label: 'Facturé à' },
  { key: 'bookingCode', label: 'Séjour' },
  { key: 'state', label: 'État', render: (r) => billStateLabel[r.state] ?? r.state },
  { key: 'totalExclVat', label: 'Total HT', align: 'right', render: (r) => euros(r.totalExclVat), optional: true },
  { key: 'totalVat', label: 'TVA', align: 'right', render: (r) => euros(r.totalVat), optional: true },
  { key: 'totalInclVat', label: 'Total TTC', align: 'right', render: (r) => euros(r.totalInclVat) },
  { key: 'dueDate', label: 'Échéance', render: (r) => dateFr(r.dueDate), optional: true },
];

export default function BillList() {
  const navigate = useNavigate();
  const p = usePeriod('bill-list', 31);
  const [kind, setKind] = useState('');
  const [state, setState] = useState('');
  const [customer, setCustomer] = useState('');
  const query: BillListQuery = {
    from: p.from,
    to: p.to,
    ...(kind ? { kind: kind as BillListQuery['kind'] } : {}),
    ...(state ? { state: state as BillListQuery['state'] } : {}),
    ...(customer.trim() ? { customer: customer.trim() } : {}),
  };
  const q = useQuery({
    queryKey: ['bill-list', query],
    queryFn: () => rest('get', '/bill/list', { query }),
  });
  const t = q.data?.totals;
  return (
    <Page title="Factures">
      <Filters>
        <PeriodFilter p={p} />
        <TextField
          select
          size="small"
          label="Nature"
          value={kind}
          onChange={(e) => setKind(e.target.value)}
          sx={{ minWidth: 200 }}
        >
          {KINDS.map(([v, l]) => (
            <MenuItem key={v} value={v}>
              {l}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="État"
          value={state}
          onChange={(e) => setState(e.target.value)}
          sx={{ minWidth: 200 }}
        >
          {STATES.map(([v, l]) => (
            <MenuItem key={v} value={v}>
              {l}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label="Client ou numéro"
          value={customer}
          onChange={(e) => setCustomer(e.target.value)}
        />
      </Filters>
      {q.error && <Alert severity="error">{(q.error as Error).message}</Alert>}
      {t && (
        <Totals
          items={[
            ['Sélection', countFr(t.count, 'document')],
            ['Total HT', euros(t.totalExclVat)],
            ['TVA', euros(t.totalVat)],
            ['Total TTC', euros(t.totalInclVat)],
            ['Dont taxe de séjour', euros(t.touristTaxAmount)],
          ]}
        />
      )}
      <DataTable
        name="bill-list"
        columns={columns}
        rows={q.data?.rows}
        loading={q.isPending}
        onOpen={(r) => navigate(`/bill/${r.id}`)}
        empty="Aucune facture sur cette sélection"
      />
    </Page>
  );
}
