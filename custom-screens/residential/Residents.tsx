// /resident-list: the residents with their place, contract and account (billed, paid);
// the contract's PDF and its history from the row. /resident-bill-type: the rent
// receipts billed over a period, totalled per bill line type (18 deadlines, 19 fees,
// 22 meters…).
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Box, Button, FormControlLabel, Switch } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { countFr } from '../../common/french';
import { todayParis } from '../../common/dates';
import { API, records, rest, DataTable, DateBox, dateFr, euros, Page, type Column, type Row } from '../../admin/src/ui';
import { LINE_TYPES } from './common';

export function ResidentList() {
  const navigate = useNavigate();
  const [all, setAll] = useState(false);
  const q = useQuery({ queryKey: ['resident-list'], queryFn: () => rest('get', '/resident/list') });
  const rows = (q.data?.rows ?? []).filter((r) => all || r.isCurrent);
  const contractOf = async (r: Row) => {
    const c = await records.list('residential-contract', { filter: { placeAffectationId: r.placeAffectationId } });
    if (c[0]) window.open(`${API}/residential-contract/document/${c[0].id}`, '_blank');
    else navigate(`/resident-contract/${r.placeAffectationId}/0`);
  };
  const columns: Column[] = [
    { key: 'placeCode', label: 'Emplacement' },
    { key: 'residentName', label: 'Résident' },
    { key: 'startDate', label: 'Depuis le', render: (r) => dateFr(r.startDate) },
    { key: 'endDate', label: 'Jusqu’au', render: (r) => (r.isIndefinite ? 'indéterminée' : dateFr(r.endDate)) },
    { key: 'contractNumber', label: 'Contrat', render: (r) => r.contractNumber ?? '' },
    { key: 'billed', label: 'Facturé', align: 'right', render: (r) => euros(r.billed) },
    { key: 'paid', label: 'Payé', align: 'right', render: (r) => euros(r.paid) },
    { key: 'phone1', label: 'Téléphone', optional: true, render: (r) => r.phone1 ?? '' },
    {
      key: 'links',
      label: '',
      render: (r) => (
        <Box sx={{ display: 'flex', gap: 1 }} onClick={(e) => e.stopPropagation()}>
          <Button size="small" onClick={() => contractOf(r)}>
            Contrat
          </Button>
          <Button size="small" onClick={() => navigate(`/residential-contract-history/${r.placeAffectationId}`)}>
            Historique
          </Button>
          <Button size="small" onClick={() => navigate(`/customer/general/${r.customerId}`)}>
            Compte
          </Button>
        </Box>
      ),
    },
  ];
  return (
    <Page
      title="Résidents"
      actions={
        <Button variant="contained" onClick={() => navigate('/place-affectation/0')}>
          Nouvelle affectation
        </Button>
      }
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2 }}>
        <FormControlLabel
          control={<Switch checked={all} onChange={(e) => setAll(e.target.checked)} />}
          label="Afficher aussi les contrats terminés ou à venir"
        />
        <span data-testid="resident-count">{countFr(rows.length, 'résident')}</span>
      </Box>
      <DataTable
        name="resident-list"
        rowKey="placeAffectationId"
        columns={columns}
        rows={q.data ? rows : undefined}
        loading={q.isPending}
        onOpen={(r) => navigate(`/place-affectation/${r.placeAffectationId}`)}
        empty="Aucun résident"
      />
    </Page>
  );
}

export function ResidentBillType() {
  const [from, setFrom] = useState(`${todayParis().slice(0, 4)}-01-01`);
  const [to, setTo] = useState(`${Number(todayParis().slice(0, 4)) + 1}-01-01`);
  const q = useQuery({
    queryKey: ['resident-bill-types', from, to],
    queryFn: () => rest('get', '/resident/bill-types', { query: { from, to } }),
    enabled: from.length === 10 && to.length === 10,
  });
  const columns: Column[] = [
    { key: 'lineType', label: 'Type de ligne', render: (r) => `${r.lineType} — ${LINE_TYPES[r.lineType] ?? ''}` },
    { key: 'lines', label: 'Lignes', align: 'right' },
    { key: 'amountExclVat', label: 'HT', align: 'right', render: (r) => euros(r.amountExclVat) },
    { key: 'vatAmount', label: 'TVA', align: 'right', render: (r) => euros(r.vatAmount) },
    { key: 'amountInclVat', label: 'TTC', align: 'right', render: (r) => euros(r.amountInclVat) },
  ];
  return (
    <Page title="Facturation résidentielle par type">
      <Box sx={{ display: 'flex', gap: 2, mb: 2 }}>
        <DateBox label="Factures du" value={from} onChange={setFrom} name="from" />
        <DateBox label="au (exclu)" value={to} onChange={setTo} name="to" />
      </Box>
      <DataTable
        name="resident-bill-type"
        rowKey="lineType"
        columns={columns}
        rows={q.data?.rows}
        loading={q.isPending && q.fetchStatus !== 'idle'}
        empty="Aucune quittance facturée sur la période"
      />
    </Page>
  );
}
