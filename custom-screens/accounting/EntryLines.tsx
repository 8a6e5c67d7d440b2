// The FEC lines of a period as a table: journal, entry, date, account, labels, debit and
// credit, with the totals and the balance check the server computed.
import { Alert, Typography } from '@mui/material';
import { DataTable, dateFr, euros, type Row } from '../../admin/src/ui';
import { plural } from './period';

const totalsOf = (d: Row) =>
  `${plural(d.entryCount, 'écriture', 'écritures')} — débit ${euros(d.debit)}, crédit ${euros(d.credit)} — ` +
  (d.balanced ? 'équilibré' : `déséquilibré : ${d.unbalanced.join(', ') || 'totaux'}`);

export function EntryLines({ data, loading }: { data: Row | undefined; loading: boolean }) {
  return (
    <>
      {data && data.missing.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="accounting-missing">
          Paramètres d&apos;export incomplets : {data.missing.join(', ')}
        </Alert>
      )}
      {data && (
        <Typography sx={{ mb: 1 }} data-testid="accounting-totals">
          {totalsOf(data)}
        </Typography>
      )}
      <DataTable
        name="accounting-lines"
        loading={loading}
        rows={data?.lines.map((l: Row, i: number) => ({ ...l, key: i }))}
        rowKey="key"
        empty="Aucune écriture dans la période"
        columns={[
          { key: 'journal', label: 'Journal' },
          { key: 'entryNumber', label: 'Écriture' },
          { key: 'date', label: 'Date', render: (r) => dateFr(r.date) },
          { key: 'account', label: 'Compte' },
          { key: 'accountLabel', label: 'Libellé du compte', optional: true },
          { key: 'auxNum', label: 'Compte auxiliaire', optional: true },
          { key: 'piece', label: 'Pièce', optional: true },
          { key: 'label', label: 'Libellé' },
          { key: 'debit', label: 'Débit', align: 'right', render: (r) => (r.debit ? euros(r.debit) : '') },
          { key: 'credit', label: 'Crédit', align: 'right', render: (r) => (r.credit ? euros(r.credit) : '') },
        ]}
      />
    </>
  );
}
