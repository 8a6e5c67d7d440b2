// Bank deposits (§2, docs/screens.md#billing-and-finance): /create-deposit/{paymentMethodId} (the payments of a
// bankable method still at hand, ticked to remit, under a number given or made), /deposit-list/{yearMonth}
// (the month's deposits and their total), /deposit/{depositId} (one deposit, its payments
// and the slip as PDF).
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Alert, Box, Button, Checkbox, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { formatCents } from '../../common/money';
import { todayParis } from '../../common/dates';
import { dateFr, type Row } from './common';
import { MonthNav, monthParam } from './MonthNav';
import { isPositiveId, rest, useCan, DataTable, NotFound, Page, DateFieldFr, type Column } from '../../admin/src/ui';
import { vouchersCount, vouchersText } from '../../common/holiday-vouchers';
import { usePaymentMethods } from './usePaymentMethods';
import {
  bankableMethods,
  chosenTotal,
  DEPOSIT_TYPE,
  PAYER,
  paymentCount as count,
  readyOn,
  toggled,
  type DepositPayment,
} from './deposit-model';
const chequeColumns: Column[] = [
  { key: 'chequeNumber', label: 'N° de chèque' },
  { key: 'chequeHolder', label: 'Tireur' },
  { key: 'chequeBank', label: 'Banque' },
];
// Paper holiday vouchers go to the ANCV by count × denomination.
const voucherColumns: Column[] = [
  {
    key: 'vouchers',
    label: 'Chèques-vacances',
    render: (p: Row) => (p.vouchers?.length ? `${vouchersText(p.vouchers)} (${vouchersCount(p.vouchers)})` : ''),
  },
];

export function CreateDeposit() {
  const { paymentMethodId = '0' } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const canWrite = useCan('invoice.bank', 'write');
  const methods = usePaymentMethods('bankable');
  const bankable = bankableMethods(methods.data);
  const methodId = Number(paymentMethodId);
  const candidates = useQuery({
    queryKey: ['deposit-candidates', methodId],
    queryFn: () => rest('get', '/bank-deposit/candidates/{paymentMethodId}', { path: { paymentMethodId: methodId } }),
    enabled: methodId > 0,
  });
  const [date, setDate] = useState(todayParis());
  const [number, setNumber] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const rows = candidates.data ?? [];
  const paper = (methods.data ?? []).find((m) => m.id === methodId)?.isPaperVoucher === true;
  const ready = readyOn(rows, date);
  const total = useMemo(() => chosenTotal(candidates.data, chosen), [candidates.data, chosen]);
  const toggle = (id: number) => setChosen(toggled(chosen, id));
  const create = async () => {
    try {
      const created = rest('post', '/bank-deposit/create', {
        body: {
          paymentMethodId: methodId,
          paymentIds: chosen,
          date,
          ...(number.trim() ? { number: number.trim() } : {}),
        },
      });
      const d = await created;
      notify(`Remise ${d.number} enregistrée`, { type: 'success' });
      navigate(`/deposit/${d.id}`);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <Page title="Nouvelle remise en banque">
      <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label="Mode de paiement"
          value={methodId > 0 ? String(methodId) : ''}
          sx={{ minWidth: 240 }}
          onChange={(e) => {
            setChosen([]);
            navigate(`/create-deposit/${e.target.value}`);
          }}
          inputProps={{ 'data-testid': 'deposit-method' }}
        >
          {bankable.map((m) => (
            <MenuItem key={m.id} value={String(m.id)}>
              {m.label}
            </MenuItem>
          ))}
        </TextField>
        <DateFieldFr label="Date de remise" value={date} onChange={(v) => setDate(v ?? '')} />
        <TextField
          size="small"
          label="Numéro (vide : automatique)"
          value={number}
          onChange={(e) => setNumber(e.target.value)}
        />
      </Stack>
      {methods.data && !bankable.length && (
        <Alert severity="info">
          Aucun mode de paiement remisable en banque : cochez « Remisable en banque » sur un mode de paiement.
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {error}
        </Alert>
      )}
      {methodId > 0 && (
        <>
          <DataTable
            name="deposit-candidates"
            loading={candidates.isFetching}
            rows={rows}
            empty="Aucun paiement à remettre"
            columns={[
              {
                key: 'pick',
                label: '',
                render: (p) => (
                  <Checkbox
                    size="small"
                    checked={chosen.includes(p.id)}
                    disabled={!ready.includes(p as DepositPayment)}
                    onClick={(e) => {
                      e.stopPropagation();
                      toggle(p.id);
                    }}
                    inputProps={{ 'aria-label': `Remettre le paiement ${p.id}` }}
                  />
                ),
              },
              { key: 'date', label: 'Date', render: (p) => dateFr(p.date) },
              ...(paper ? voucherColumns : chequeColumns),
              { key: 'payerType', label: 'Payeur', render: (p) => PAYER[p.payerType] ?? '' },
              { key: 'doNotRemitBefore', label: 'Pas avant le', render: (p) => dateFr(p.doNotRemitBefore) },
              { key: 'amount', label: 'Montant', align: 'right', render: (p) => formatCents(p.amount) },
            ]}
          />
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mt: 2 }}>
            <Button size="small" onClick={() => setChosen(ready.map((p) => p.id))}>
              Tout choisir
            </Button>
            <Typography data-testid="deposit-selection">
              {count(chosen.length)} — {formatCents(total)}
            </Typography>
            {canWrite && (
              <Button variant="contained" disabled={!chosen.length} onClick={create} data-testid="deposit-create">
                Créer la remise
              </Button>
            )}
          </Box>
        </>
      )}
    </Page>
  );
}

export function DepositList() {
  const yearMonth = monthParam(useParams().yearMonth);
  const navigate = useNavigate();
  const q = useQuery({
    queryKey: ['deposit-month', yearMonth],
    queryFn: () => rest('get', '/bank-deposit/month/{yearMonth}', { path: { yearMonth } }),
  });
  return (
    <Page
      title="Remises en banque"
      actions={
        <Button variant="contained" onClick={() => navigate('/create-deposit/0')}>
          Nouvelle remise
        </Button>
      }
    >
      <MonthNav base="/deposit-list" yearMonth={yearMonth} />
      {q.error && <Alert severity="error">{(q.error as Error).message}</Alert>}
      <DataTable
        name="deposit-list"
        loading={q.isFetching}
        rows={q.data?.rows}
        empty="Aucune remise ce mois-ci"
        onOpen={(d) => navigate(`/deposit/${d.id}`)}
        columns={[
          { key: 'number', label: 'Numéro' },
          { key: 'date', label: 'Date', render: (d) => dateFr(d.date) },
          { key: 'methodLabel', label: 'Mode de paiement' },
          { key: 'depositType', label: 'Type', render: (d) => DEPOSIT_TYPE[d.depositType] ?? '' },
          { key: 'bankAccountLabel', label: 'Compte' },
          { key: 'paymentCount', label: 'Paiements', align: 'right' },
          { key: 'totalAmount', label: 'Montant', align: 'right', render: (d) => formatCents(d.totalAmount) },
        ]}
      />
      {q.data && (
        <Typography sx={{ mt: 1 }} data-testid="deposit-month-total">
          Total du mois : {formatCents(q.data.total)}
        </Typography>
      )}
    </Page>
  );
}

export function DepositView() {
  const { bankDepositId = '0' } = useParams();
  // No deposit is numbered 0: not found at once, without asking the server.
  const valid = isPositiveId(bankDepositId);
  const q = useQuery({
    queryKey: ['deposit', bankDepositId],
    queryFn: () => rest('get', '/bank-deposit/view/{depositId}', { path: { depositId: Number(bankDepositId) } }),
    enabled: valid,
  });
  const d = q.data;
  if (!valid) return <NotFound />;
  return (
    <Page
      title={d ? `${d.isPaperVoucher ? 'Remise à l’ANCV' : 'Remise en banque'} ${d.number}` : 'Remise en banque'}
      actions={
        d && (
          <Button
            variant="outlined"
            href={`/rest/bank-deposit/document/${d.id}`}
            target="_blank"
            rel="noopener"
            data-testid="deposit-slip"
          >
            Bordereau PDF
          </Button>
        )
      }
    >
      {q.error && <Alert severity="error">{(q.error as Error).message}</Alert>}
      {d && (
        <>
          <Stack direction="row" spacing={3} sx={{ mb: 2, flexWrap: 'wrap' }}>
            <Typography>Date : {dateFr(d.date)}</Typography>
            <Typography>Mode : {d.methodLabel}</Typography>
            <Typography>Type : {DEPOSIT_TYPE[d.depositType] ?? ''}</Typography>
            {d.bankAccountLabel && <Typography>Compte : {d.bankAccountLabel}</Typography>}
            <Typography data-testid="deposit-total">
              <b>
                {count(d.paymentCount)} — {formatCents(d.totalAmount)}
              </b>
            </Typography>
          </Stack>
          {d.vouchers && d.vouchers.length > 0 && (
            <Typography sx={{ mb: 1 }} data-testid="deposit-vouchers">
              Chèques-vacances remis à l’ANCV : {vouchersText(d.vouchers)} ({vouchersCount(d.vouchers)})
            </Typography>
          )}
          <DataTable
            name="deposit-payments"
            rows={d.payments}
            columns={[
              { key: 'date', label: 'Date', render: (p) => dateFr(p.date) },
              ...(d.isPaperVoucher ? voucherColumns : chequeColumns),
              { key: 'amount', label: 'Montant', align: 'right', render: (p) => formatCents(p.amount) },
            ]}
          />
        </>
      )}
    </Page>
  );
}
