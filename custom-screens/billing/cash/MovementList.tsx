// /expenses-list/{yearMonth} and /injections-list/{yearMonth}: the month's cash movements
// of one kind, with an entry form.
import { useParams } from 'react-router-dom';
import { Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { formatCents } from '../../../common/money';
import { DataTable, dateFr, Page, DateFieldFr, type Row } from '../../../admin/src/ui';
import { MonthNav, monthParam } from '../MonthNav';
import { movementReady, type MovementKind } from './model';
import { useMovements } from './useMovements';

function MovementList({ kind }: { kind: MovementKind }) {
  const yearMonth = monthParam(useParams().yearMonth);
  const { canWrite, methods, types, month, form, set, add } = useMovements(kind, yearMonth);
  const typed = (k: Parameters<typeof set>[0]) => (e: React.ChangeEvent<HTMLInputElement>) => set(k)(e.target.value);
  return (
    <Page title={kind === 'expense' ? 'Dépenses de caisse' : 'Apports en caisse'}>
      <MonthNav base={kind === 'expense' ? '/expenses-list' : '/injections-list'} yearMonth={yearMonth} />
      {canWrite && (
        <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }}>
          <DateFieldFr label="Date" name="date" value={form.date} onChange={(v) => set('date')(v ?? '')} />
          <TextField
            select
            size="small"
            label="Caisse"
            value={form.paymentMethodId}
            onChange={typed('paymentMethodId')}
            sx={{ minWidth: 160 }}
          >
            {(methods.data ?? []).map((m) => (
              <MenuItem key={m.id} value={String(m.id)}>
                {m.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField size="small" label="Libellé" value={form.label} onChange={typed('label')} />
          {kind === 'expense' && (
            <TextField
              select
              size="small"
              label="Type de dépense"
              value={form.expenseTypeId}
              onChange={typed('expenseTypeId')}
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
            onChange={typed('amount')}
            sx={{ width: 120 }}
          />
          <Button variant="contained" onClick={add} disabled={!movementReady(form)}>
            Ajouter
          </Button>
        </Stack>
      )}
      <DataTable
        name={`cash-${kind}`}
        loading={month.isFetching}
        rows={month.data?.rows}
        empty={kind === 'expense' ? 'Aucune dépense ce mois-ci' : 'Aucun apport ce mois-ci'}
        columns={[
          { key: 'date', label: 'Date', render: (r) => dateFr(r.date) },
          { key: 'methodLabel', label: 'Caisse' },
          { key: 'label', label: 'Libellé' },
          ...(kind === 'expense' ? [{ key: 'expenseTypeLabel', label: 'Type' }] : []),
          { key: 'amount', label: 'Montant', align: 'right' as const, render: (r: Row) => formatCents(r.amount) },
        ]}
      />
      {month.data && <Typography sx={{ mt: 1 }}>Total du mois : {formatCents(month.data.total)}</Typography>}
    </Page>
  );
}
export const ExpensesList = () => <MovementList kind="expense" />;
export const InjectionsList = () => <MovementList kind="injection" />;
