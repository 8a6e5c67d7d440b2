// /payment-plan, « Plan de règlement »: every payment method with the account and the
// journal its payments go to in the FEC. « Par défaut » keeps the method's own
// accounting code (else the account of its kind) and the bank or cash journal.
import { useState } from 'react';
import { Alert, MenuItem, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { DataTable, Page, errorText, records, useCan, type Row, rest } from '../../admin/src/ui';

const DEFAULT = '';

export default function PaymentPlanScreen() {
  const canEdit = useCan('invoice.accounting', 'write');
  const [error, setError] = useState<string | null>(null);
  const q = useQuery({ queryKey: ['accounting-payment-plan'], queryFn: () => rest('get', '/accounting/payment-plan') });
  const save = async (r: Row, change: { accountId?: number | null; journalId?: number | null }) => {
    setError(null);
    const body = { paymentMethodId: r.paymentMethodId, accountId: r.accountId, journalId: r.journalId, ...change };
    try {
      await records.save('accounting-payment-plan', { ...body, id: r.planId, version: r.version ?? undefined });
    } catch (e) {
      setError(errorText(e));
    }
    await q.refetch();
  };
  const select = (r: Row, field: 'accountId' | 'journalId', options: Row[]) => (
    <TextField
      select
      size="small"
      fullWidth
      disabled={!canEdit}
      value={r[field] === null ? DEFAULT : String(r[field])}
      onChange={(e) => save(r, { [field]: e.target.value === DEFAULT ? null : Number(e.target.value) })}
      SelectProps={{ displayEmpty: true }}
      inputProps={{ 'data-testid': `payment-plan-${field}-${r.paymentMethodId}` }}
      sx={{ minWidth: 260 }}
    >
      <MenuItem value={DEFAULT}>Par défaut ({field === 'accountId' ? r.account : r.journal || 'aucun'})</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.id} value={String(o.id)}>
          {o.code} {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Page title="Plan de règlement">
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="payment-plan-error">
          {error}
        </Alert>
      )}
      <DataTable
        name="accounting-payment-plan"
        loading={q.isLoading}
        rows={q.data?.rows}
        rowKey="paymentMethodId"
        empty="Aucun mode de paiement"
        columns={[
          { key: 'label', label: 'Mode de paiement', render: (r) => `${r.label}${r.isActive ? '' : ' (inactif)'}` },
          { key: 'accountId', label: 'Compte', render: (r) => select(r, 'accountId', q.data?.accounts ?? []) },
          { key: 'journalId', label: 'Journal', render: (r) => select(r, 'journalId', q.data?.journals ?? []) },
        ]}
      />
    </Page>
  );
}
