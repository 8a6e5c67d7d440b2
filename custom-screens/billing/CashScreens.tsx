// Cash and bank screens (§2, docs/screens.md#billing-and-finance): /cash-fund/{paymentMethodId}/{date} (the till of a
// day: opening, receipts, injections, expenses, cash remitted, expected, counted and the
// difference), /expenses-list/{yearMonth} and /injections-list/{yearMonth} (with an
// entry form), /starting-base/{yearMonth} (the base of each cash method),
// /cash-and-bank-journal (every movement of a period, totals per method).
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { formatCents, parseEurosToCents } from '../../common/money';
import { todayParis } from '../../common/dates';
import { dateFr, type Row } from './common';
import { MonthNav, monthParam } from './MonthNav';
import { api, useCan, DataTable, Page, DateFieldFr } from '../../admin/src/ui';

const useCashMethods = () =>
  useQuery({
    queryKey: ['cash-methods'],
    queryFn: () => api<Row[]>('/payment-method?filter=' + encodeURIComponent(JSON.stringify({ kind: 'cash' }))),
  });
const MOVEMENT: Record<string, string> = {
  payment: 'Encaissement',
  expense: 'Dépense',
  injection: 'Apport',
  deposit: 'Remise en banque',
};

export function CashFund() {
  const { paymentMethodId = '0', date: rawDate } = useParams();
  const date = !rawDate || rawDate === 'today' ? todayParis() : rawDate;
  const navigate = useNavigate();
  const notify = useNotify();
  const qc = useQueryClient();
  const canWrite = useCan('invoice.bank', 'write');
  const methods = useCashMethods();
  const id = Number(paymentMethodId);
  const q = useQuery({
    queryKey: ['cash-fund', id, date],
    queryFn: () => api<Row>(`/cash-fund/${id}/${date}`),
    enabled: id > 0,
  });
  const [counted, setCounted] = useState('');
  const f = q.data;
  const save = async () => {
    const cents = parseEurosToCents(counted);
    if (cents == null || cents < 0) {
      notify('Montant invalide', { type: 'error' });
      return;
    }
    try {
      qc.setQueryData(
        ['cash-fund', id, date],
        await api<Row>(`/cash-fund/${id}/${date}`, { method: 'POST', json: { countedAmount: cents } }),
      );
      notify('Comptage enregistré', { type: 'success' });
    } catch (e: any) {
      notify(e.message, { type: 'error' });
    }
  };
  return (
    <Page title="Fond de caisse">
      <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label="Caisse"
          value={id > 0 ? String(id) : ''}
          sx={{ minWidth: 220 }}
          onChange={(e) => navigate(`/cash-fund/${e.target.value}/${date}`)}
        >
          {(methods.data ?? []).map((m) => (
            <MenuItem key={m.id} value={String(m.id)}>
              {m.label}
            </MenuItem>
          ))}
        </TextField>
        <DateFieldFr label="Jour" value={date} onChange={(v) => v && navigate(`/cash-fund/${paymentMethodId}/${v}`)} />
      </Stack>
      {methods.data && !methods.data.length && (
        <Alert severity="info">Aucun mode de paiement « Espèces » : créez-en un dans Modes de paiement.</Alert>
      )}
      {q.error && <Alert severity="error">{(q.error as Error).message}</Alert>}
      {f && (
        <Card>
          <CardContent>
            <Stack spacing={0.5}>
              <Typography>
                Ouverture (
                {f.openingSource === 'count'
                  ? 'dernier comptage'
                  : f.openingSource === 'starting-base'
                    ? 'fond de caisse du mois'
                    : 'aucun fond saisi'}
                ) : {formatCents(f.opening)}
              </Typography>
              <Typography>Encaissements : + {formatCents(f.receipts)}</Typography>
              <Typography>Apports : + {formatCents(f.injections)}</Typography>
              <Typography>Dépenses : − {formatCents(f.expenses)}</Typography>
              <Typography>Remises en banque : − {formatCents(f.deposits)}</Typography>
              <Typography variant="h6" data-testid="cash-expected">
                Attendu : {formatCents(f.expected)}
              </Typography>
              {f.count && (
                <Typography data-testid="cash-difference">
                  Compté : {formatCents(f.count.countedAmount)} — écart {formatCents(f.difference)}{' '}
                  <Chip
                    size="small"
                    color={f.withinTolerance ? 'success' : 'error'}
                    label={f.withinTolerance ? 'dans la tolérance' : 'écart à justifier'}
                  />
                </Typography>
              )}
            </Stack>
            {canWrite && (
              <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
                <TextField
                  size="small"
                  label="Montant compté (€)"
                  value={counted}
                  onChange={(e) => setCounted(e.target.value)}
                  inputProps={{ 'data-testid': 'cash-counted' }}
                />
                <Button variant="contained" onClick={save} data-testid="cash-count-save">
                  Enregistrer le comptage
                </Button>
              </Box>
            )}
          </CardContent>
        </Card>
      )}
    </Page>
  );
}

function MovementList({ kind }: { kind: 'expense' | 'injection' }) {
  const yearMonth = monthParam(useParams().yearMonth);
  const qc = useQueryClient();
  const notify = useNotify();
  const canWrite = useCan('invoice.bank', 'write');
  const methods = useCashMethods();
  const types = useQuery({
    queryKey: ['expense-types'],
    queryFn: () => api<Row[]>('/expense-type'),
    enabled: kind === 'expense',
  });
  const q = useQuery({
    queryKey: ['cash-movements', kind, yearMonth],
    queryFn: () => api<Row>(`/cash-movement/month/${kind}/${yearMonth}`),
  });
  const [form, setForm] = useState<Row>({
    date: todayParis(),
    label: '',
    amount: '',
    paymentMethodId: '',
    expenseTypeId: '',
  });
  const set = (k: string) => (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [k]: e.target.value });
  const add = async () => {
    const amount = parseEurosToCents(form.amount);
    try {
      await api('/cash-movement', {
        method: 'POST',
        json: {
          kind,
          date: form.date,
          label: form.label,
          amount,
          paymentMethodId: Number(form.paymentMethodId) || null,
          expenseTypeId: Number(form.expenseTypeId) || null,
        },
      });
      notify(kind === 'expense' ? 'Dépense enregistrée' : 'Apport enregistré', { type: 'success' });
      setForm({ ...form, label: '', amount: '' });
      qc.invalidateQueries({ queryKey: ['cash-movements', kind] });
    } catch (e: any) {
      notify(e.message, { type: 'error' });
    }
  };
  return (
    <Page title={kind === 'expense' ? 'Dépenses de caisse' : 'Apports en caisse'}>
      <MonthNav base={kind === 'expense' ? '/expenses-list' : '/injections-list'} yearMonth={yearMonth} />
      {canWrite && (
        <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }}>
          <DateFieldFr
            label="Date"
            name="date"
            value={form.date}
            onChange={(v) => setForm({ ...form, date: v ?? '' })}
          />
          <TextField
            select
            size="small"
            label="Caisse"
            value={form.paymentMethodId}
            onChange={set('paymentMethodId')}
            sx={{ minWidth: 160 }}
          >
            {(methods.data ?? []).map((m) => (
              <MenuItem key={m.id} value={String(m.id)}>
                {m.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField size="small" label="Libellé" value={form.label} onChange={set('label')} />
          {kind === 'expense' && (
            <TextField
              select
              size="small"
              label="Type de dépense"
              value={form.expenseTypeId}
              onChange={set('expenseTypeId')}
              sx={{ minWidth: 160 }}
            >
              <MenuItem value="">Aucun</MenuItem>
              {(types.data ?? []).map((t) => (
                <MenuItem key={t.id} value={String(t.id)}>
                  {t.label}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField
            size="small"
            label="Montant (€)"
            value={form.amount}
            onChange={set('amount')}
            sx={{ width: 120 }}
          />
          <Button variant="contained" onClick={add} disabled={!form.label || !form.amount || !form.paymentMethodId}>
            Ajouter
          </Button>
        </Stack>
      )}
      <DataTable
        name={`cash-${kind}`}
        loading={q.isFetching}
        rows={q.data?.rows}
        empty={kind === 'expense' ? 'Aucune dépense ce mois-ci' : 'Aucun apport ce mois-ci'}
        columns={[
          { key: 'date', label: 'Date', render: (r) => dateFr(r.date) },
          { key: 'methodLabel', label: 'Caisse' },
          { key: 'label', label: 'Libellé' },
          ...(kind === 'expense' ? [{ key: 'expenseTypeLabel', label: 'Type' }] : []),
          { key: 'amount', label: 'Montant', align: 'right' as const, render: (r: Row) => formatCents(r.amount) },
        ]}
      />
      {q.data && <Typography sx={{ mt: 1 }}>Total du mois : {formatCents(q.data.total)}</Typography>}
    </Page>
  );
}
export const ExpensesList = () => <MovementList kind="expense" />;
export const InjectionsList = () => <MovementList kind="injection" />;

export function StartingBase() {
  const yearMonth = monthParam(useParams().yearMonth);
  const qc = useQueryClient();
  const notify = useNotify();
  const canWrite = useCan('invoice.bank', 'write');
  const q = useQuery({
    queryKey: ['starting-base', yearMonth],
    queryFn: () => api<Row[]>(`/starting-base/month/${yearMonth}`),
  });
  const [typed, setTyped] = useState<Record<number, string>>({});
  const save = async (r: Row) => {
    const amount = parseEurosToCents(typed[r.paymentMethodId] ?? '');
    if (amount == null || amount < 0) {
      notify('Montant invalide', { type: 'error' });
      return;
    }
    try {
      if (r.base)
        await api(`/starting-base/${r.base.id}`, { method: 'PUT', json: { amount, version: r.base.version } });
      else
        await api('/starting-base', {
          method: 'POST',
          json: { yearMonth, paymentMethodId: r.paymentMethodId, amount },
        });
      notify('Fond de caisse enregistré', { type: 'success' });
      qc.invalidateQueries({ queryKey: ['starting-base', yearMonth] });
    } catch (e: any) {
      notify(e.message, { type: 'error' });
    }
  };
  return (
    <Page title="Fonds de caisse de début de mois">
      <MonthNav base="/starting-base" yearMonth={yearMonth} />
      <DataTable
        name="starting-base"
        loading={q.isFetching}
        rows={q.data}
        rowKey="paymentMethodId"
        empty="Aucun mode de paiement « Espèces »"
        columns={[
          { key: 'methodLabel', label: 'Caisse' },
          {
            key: 'base',
            label: 'Fond de caisse',
            align: 'right',
            render: (r) => (r.base ? formatCents(r.base.amount) : 'non saisi'),
          },
          ...(canWrite
            ? [
                {
                  key: 'edit',
                  label: '',
                  render: (r: Row) => (
                    <Box sx={{ display: 'flex', gap: 1 }} onClick={(e) => e.stopPropagation()}>
                      <TextField
                        size="small"
                        label="Montant (€)"
                        value={typed[r.paymentMethodId] ?? ''}
                        onChange={(e) => setTyped({ ...typed, [r.paymentMethodId]: e.target.value })}
                        sx={{ width: 120 }}
                      />
                      <Button size="small" onClick={() => save(r)}>
                        Enregistrer
                      </Button>
                    </Box>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Page>
  );
}

export function CashAndBankJournal() {
  const today = todayParis();
  const [from, setFrom] = useState(`${today.slice(0, 7)}-01`);
  const [to, setTo] = useState(today);
  const [methodId, setMethodId] = useState('');
  const methods = useQuery({ queryKey: ['payment-methods-all'], queryFn: () => api<Row[]>('/payment-method') });
  const q = useQuery({
    queryKey: ['cash-journal', from, to, methodId],
    queryFn: () =>
      api<Row>(`/cash-and-bank-journal?from=${from}&to=${to}${methodId ? `&paymentMethodId=${methodId}` : ''}`),
    enabled: !!from && !!to && from <= to,
  });
  return (
    <Page title="Journal de caisse et de banque">
      <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap' }}>
        <DateFieldFr label="Du" value={from} onChange={(v) => setFrom(v ?? '')} />
        <DateFieldFr label="Au" value={to} onChange={(v) => setTo(v ?? '')} />
        <TextField
          select
          size="small"
          label="Mode de paiement"
          value={methodId}
          onChange={(e) => setMethodId(e.target.value)}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">Tous</MenuItem>
          {(methods.data ?? []).map((m) => (
            <MenuItem key={m.id} value={String(m.id)}>
              {m.label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {q.error && <Alert severity="error">{(q.error as Error).message}</Alert>}
      {q.data && (
        <Typography variant="body2" sx={{ mb: 1 }} color="text.secondary">
          {q.data.basis === 'deposit-date'
            ? 'Encaissements remisables datés de leur remise en banque'
            : 'Encaissements datés de leur paiement'}{' '}
          (préférences, section Résultats)
        </Typography>
      )}
      <DataTable
        name="cash-journal-totals"
        rows={q.data?.totals}
        rowKey="paymentMethodId"
        empty="Aucun mouvement"
        columns={[
          { key: 'methodLabel', label: 'Mode de paiement' },
          { key: 'receipts', label: 'Entrées', align: 'right', render: (r) => formatCents(r.receipts) },
          { key: 'outflows', label: 'Sorties', align: 'right', render: (r) => formatCents(r.outflows) },
          { key: 'net', label: 'Solde', align: 'right', render: (r) => formatCents(r.net) },
        ]}
      />
      <Box sx={{ mt: 2 }}>
        <DataTable
          name="cash-journal"
          loading={q.isFetching}
          rows={(q.data?.rows ?? []).map((r: Row) => ({ ...r, key: `${r.type}-${r.id}` }))}
          rowKey="key"
          empty="Aucun mouvement sur la période"
          columns={[
            { key: 'date', label: 'Date', render: (r) => dateFr(r.date) },
            { key: 'type', label: 'Nature', render: (r) => MOVEMENT[r.type] ?? r.type },
            { key: 'label', label: 'Libellé' },
            { key: 'methodLabel', label: 'Mode' },
            {
              key: 'receipt',
              label: 'Entrée',
              align: 'right',
              render: (r) => (r.receipt ? formatCents(r.receipt) : ''),
            },
            {
              key: 'outflow',
              label: 'Sortie',
              align: 'right',
              render: (r) => (r.outflow ? formatCents(r.outflow) : ''),
            },
          ]}
        />
      </Box>
    </Page>
  );
}
