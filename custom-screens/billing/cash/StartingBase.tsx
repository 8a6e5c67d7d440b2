// /starting-base/{yearMonth}: the base of each cash method at the start of the month.
import { useParams } from 'react-router-dom';
import { Box, Button, TextField } from '@mui/material';
import { formatCents } from '../../../common/money';
import { DataTable, Page, type Row } from '../../../admin/src/ui';
import { MonthNav, monthParam } from '../MonthNav';
import type { StartingBaseRow } from './model';
import { useStartingBases } from './useStartingBases';

export function StartingBase() {
  const yearMonth = monthParam(useParams().yearMonth);
  const { canWrite, bases, typed, type, save } = useStartingBases(yearMonth);
  return (
    <Page title="Fonds de caisse de début de mois">
      <MonthNav base="/starting-base" yearMonth={yearMonth} />
      <DataTable
        name="starting-base"
        loading={bases.isFetching}
        rows={bases.data}
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
                        onChange={(e) => type(r.paymentMethodId, e.target.value)}
                        sx={{ width: 120 }}
                      />
                      <Button size="small" onClick={() => save(r as StartingBaseRow)}>
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
