// /cash-fund/{paymentMethodId}/{date}: the till of a day (opening, receipts, injections,
// expenses, cash remitted, expected, counted and the difference).
import { useNavigate, useParams } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { formatCents } from '../../../common/money';
import { Page, DateFieldFr } from '../../../admin/src/ui';
import { openingLabel, type CashFund as Fund } from './model';
import { useCashFund } from './useCashFund';

export function CashFund() {
  const { paymentMethodId = '0', date: rawDate } = useParams();
  const navigate = useNavigate();
  const { id, date, methods, fund, counted, setCounted, save, canWrite } = useCashFund(paymentMethodId, rawDate);
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
      {fund.error && <Alert severity="error">{fund.error.message}</Alert>}
      {fund.data && (
        <Card>
          <CardContent>
            <FundFigures f={fund.data} />
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

function FundFigures({ f }: { f: Fund }) {
  return (
    <Stack spacing={0.5}>
      <Typography>
        Ouverture ({openingLabel(f.openingSource)}) : {formatCents(f.opening)}
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
          Compté : {formatCents(f.count.countedAmount)} — écart {formatCents(f.difference ?? 0)}{' '}
          <Chip
            size="small"
            color={f.withinTolerance ? 'success' : 'error'}
            label={f.withinTolerance ? 'dans la tolérance' : 'écart à justifier'}
          />
        </Typography>
      )}
    </Stack>
  );
}
