// /rent-receipt/:activeKey/:rentReceiptId — one rent receipt. Id 0: choose the contract,
// the year and the deadline; a temporary receipt (state 1) is made with its lines, to be
// saved (state 3) or left (§2 (docs/screens.md#leaving-pages): leaving asks, then sets state 2). A saved receipt is
// billed (an invoice of the stays' series) and then frozen; a billed one is cashed. Tabs
// (activeKey): « lines » and « bill ».
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Alert, Box, Button, MenuItem, Tab, Tabs, TextField } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import {
  rest,
  DataTable,
  dateFr,
  euros,
  FormRow,
  NotFound,
  Page,
  useCan,
  useLeaveGuard,
  type Column,
  type RestAnswer,
} from '../../admin/src/ui';
import { LINE_TYPES, PayDialog, RECEIPT_STATES, thisYear } from './common';
import { YearPicker } from '../fiscal/YearPicker';

const rate = (bp: number | null) => (bp == null ? 'hors TVA' : `${(bp / 100).toLocaleString('fr-FR')} %`);
const lineColumns: Column[] = [
  { key: 'lineType', label: 'Type', render: (l) => LINE_TYPES[l.lineType] ?? String(l.lineType) },
  { key: 'label', label: 'Désignation' },
  { key: 'quantity', label: 'Quantité', align: 'right' },
  { key: 'vatRateBp', label: 'TVA', align: 'right', render: (l) => rate(l.vatRateBp) },
  { key: 'amountInclVat', label: 'Montant TTC', align: 'right', render: (l) => euros(l.amountInclVat) },
];

function NewReceipt() {
  const navigate = useNavigate();
  const [affectationId, setAffectationId] = useState<number | ''>('');
  const [year, setYear] = useState(thisYear());
  const [deadline, setDeadline] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const residents = useQuery({
    queryKey: ['resident-list'],
    queryFn: () => rest('get', '/resident/list'),
  });
  const create = async () => {
    setError(null);
    try {
      const r = await rest('post', '/rent-receipt/temp', {
        body: { placeAffectationId: Number(affectationId), year, deadline },
      });
      navigate(`/rent-receipt/lines/${r.id}`, { replace: true });
    } catch (e) {
      setError((e as Error)?.message ?? 'Une erreur est survenue');
    }
  };
  return (
    <Page title="Nouvelle quittance">
      <FormRow>
        <TextField
          select
          size="small"
          label="Contrat"
          value={affectationId}
          onChange={(e) => setAffectationId(Number(e.target.value))}
          sx={{ minWidth: 320 }}
          inputProps={{ 'data-testid': 'receipt-affectation' }}
        >
          {(residents.data?.rows ?? []).map((r) => (
            <MenuItem key={r.placeAffectationId} value={r.placeAffectationId}>
              {r.placeCode} — {r.residentName} (depuis le {dateFr(r.startDate)})
            </MenuItem>
          ))}
        </TextField>
        <YearPicker value={year} onChange={setYear} />
        <TextField
          size="small"
          type="number"
          label="Échéance n°"
          value={deadline}
          onChange={(e) => setDeadline(Number(e.target.value))}
          inputProps={{ min: 1, max: 12 }}
        />
        <Button variant="contained" disabled={!affectationId} onClick={create}>
          Préparer la quittance
        </Button>
      </FormRow>
      {error && <Alert severity="error">{error}</Alert>}
    </Page>
  );
}

function ReceiptView({ id, activeKey }: { id: number; activeKey: string }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const canWrite = useCan('resident.contract', 'write');
  const [paying, setPaying] = useState(false);
  const key = ['rent-receipt', id];
  const q = useQuery({
    queryKey: key,
    queryFn: () => rest('get', '/rent-receipt/view/{rentReceiptId}', { path: { rentReceiptId: id } }),
  });
  const r = q.data;
  const { dialog } = useLeaveGuard({
    when: !!r && r.stateId === 1,
    onLeave: () =>
      rest('post', '/rent-receipt/{rentReceiptId}/state', { path: { rentReceiptId: id }, body: { stateId: 2 } }),
  });
  if (q.isError) return <NotFound />;
  if (!r) return <Page title="Quittance">Chargement…</Page>;
  const run = async (call: Promise<RestAnswer<'/rent-receipt/view/{rentReceiptId}', 'get'>>, done: string) => {
    try {
      const next = await call;
      client.setQueryData(key, next);
      notify(done, { type: 'success' });
    } catch (e) {
      notify((e as Error)?.message ?? 'Une erreur est survenue', { type: 'error' });
    }
  };
  const actions = canWrite && (
    <Box sx={{ display: 'flex', gap: 1 }}>
      {!r.isBilled && r.stateId !== 3 && (
        <Button
          variant="contained"
          onClick={() =>
            run(
              rest('post', '/rent-receipt/{rentReceiptId}/state', {
                path: { rentReceiptId: id },
                body: { stateId: 3 },
              }),
              'Quittance enregistrée',
            )
          }
        >
          Enregistrer
        </Button>
      )}
      {!r.isBilled && r.stateId === 3 && (
        <Button
          variant="contained"
          onClick={() =>
            run(
              rest('post', '/rent-receipt/{rentReceiptId}/bill', { path: { rentReceiptId: id }, body: {} }),
              'Quittance facturée',
            )
          }
        >
          Facturer
        </Button>
      )}
      {r.isBilled && r.totalInclVat > r.paid && (
        <Button variant="contained" onClick={() => setPaying(true)} data-testid="receipt-pay">
          Encaisser
        </Button>
      )}
    </Box>
  );
  return (
    <Page title={`Quittance ${r.placeCode} — ${r.residentName}`} actions={actions}>
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', mb: 2 }} data-testid="receipt-summary">
        <span>
          Du {dateFr(r.startDate)} au {dateFr(r.endDate)} (échéance {r.deadline})
        </span>
        <span>À payer le {dateFr(r.dueDate)}</span>
        <span>État : {r.isBilled ? `facturée (${r.billNumber})` : RECEIPT_STATES[r.stateId]}</span>
        <span>Total : {euros(r.totalInclVat)}</span>
        {r.isBilled && <span data-testid="receipt-paid">Payé : {euros(r.paid)}</span>}
      </Box>
      <Tabs value={activeKey === 'bill' ? 'bill' : 'lines'} onChange={(_, k) => navigate(`/rent-receipt/${k}/${id}`)}>
        <Tab value="lines" label="Lignes" />
        <Tab value="bill" label="Facture" />
      </Tabs>
      <Box sx={{ mt: 2 }}>
        {activeKey === 'bill' ? (
          r.isBilled ? (
            <Button onClick={() => navigate(`/bill/${r.billId}`)}>Ouvrir la facture {r.billNumber}</Button>
          ) : (
            <Alert severity="info">La quittance n’est pas encore facturée.</Alert>
          )
        ) : (
          <DataTable name="rent-receipt-lines" columns={lineColumns} rows={r.lines} empty="Aucune ligne" />
        )}
      </Box>
      <PayDialog
        receipt={paying ? r : null}
        onClose={(paid) => {
          setPaying(false);
          if (paid) {
            notify('Paiement enregistré', { type: 'success' });
            void client.invalidateQueries({ queryKey: key });
          }
        }}
      />
      {dialog}
    </Page>
  );
}

export default function RentReceiptScreen() {
  const { activeKey = 'lines', rentReceiptId = '0' } = useParams();
  const id = Number(rentReceiptId);
  if (!Number.isInteger(id) || id < 0) return <NotFound />;
  return id === 0 ? <NewReceipt /> : <ReceiptView key={id} id={id} activeKey={activeKey} />;
}
