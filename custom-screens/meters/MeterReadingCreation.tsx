// /meter-reading-creation: a round of meter readings. Choose a meter type and a date,
// get every meter of that type in service with its place and last reading, type the
// new indexes (French decimal comma) and save them all in one request: all rows are
// saved, or none and each refused row shows why (POST /rest/meter-reading/bulk).
import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import { useQuery } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { formatDateFr, todayParis } from '../../common/dates';
import { isValidDate } from '../../common/formats';
import {
  errorBody,
  errorText,
  records,
  rest,
  useCan,
  RequireRight,
  parseFloatFr,
  Page,
  DateFieldFr,
  type RestAnswer,
} from '../../admin/src/ui';

const METER = 'camp.meter';
const numberFr = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 6 });

type CreationRow = RestAnswer<'/meter-reading/creation', 'get'>['rows'][number];

export default function MeterReadingCreation() {
  return (
    <RequireRight functionality={METER}>
      <CreationScreen />
    </RequireRight>
  );
}

function CreationScreen() {
  const notify = useNotify();
  const canWrite = useCan(METER, 'write');
  const [meterTypeId, setMeterTypeId] = useState<number | ''>('');
  const [date, setDate] = useState(todayParis());
  const [typed, setTyped] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const types = useQuery({
    queryKey: ['meter-types'],
    queryFn: () => records.list('meter-type', { sort: ['label', 'ASC'], range: [0, 499] }),
  });
  useEffect(() => {
    if (meterTypeId === '' && types.data?.length) setMeterTypeId(types.data[0].id);
  }, [types.data, meterTypeId]);

  const ready = meterTypeId !== '' && isValidDate(date);
  const creation = useQuery({
    queryKey: ['meter-reading-creation', meterTypeId, date],
    queryFn: () =>
      rest('get', '/meter-reading/creation', { query: { meterTypeId: Number(meterTypeId), readingDate: date } }),
    enabled: ready,
  });
  // Another type or date: another round.
  useEffect(() => {
    setTyped({});
    setErrors({});
    setRefusal(null);
  }, [meterTypeId, date]);

  const rows = creation.data?.rows ?? [];
  const unit = creation.data?.meterType.unit ?? '';
  const valueOf = (r: CreationRow) => parseFloatFr(typed[r.meterId] ?? '');
  const toSave = rows.filter((r) => !r.readingOnDate && (typed[r.meterId] ?? '').trim() !== '');

  const save = async () => {
    const local: Record<number, string> = {};
    const rowsSent: { meterId: number; quantity: number }[] = [];
    for (const r of toSave) {
      const quantity = valueOf(r);
      // A cell of only « € » or spaces reads as no number: invalid here rather than refused by the server.
      if (quantity === null || Number.isNaN(quantity)) local[r.meterId] = 'Nombre invalide';
      else rowsSent.push({ meterId: r.meterId, quantity });
    }
    setErrors(local);
    setRefusal(null);
    if (Object.keys(local).length) return;
    if (!toSave.length) {
      setRefusal('Saisissez au moins un index');
      return;
    }
    setSaving(true);
    try {
      const res = await rest('post', '/meter-reading/bulk', {
        body: {
          meterTypeId: Number(meterTypeId),
          readingDate: date,
          rows: rowsSent,
        },
      });
      const saved = res.saved;
      notify(`Enregistrement effectué : ${saved} relevé${saved > 1 ? 's' : ''}`, { type: 'success' });
      setTyped({});
      await creation.refetch();
    } catch (e) {
      // Errors are keyed `rows.<index in the request>.<field>`.
      const byRow: Record<number, string> = {};
      for (const [key, message] of Object.entries(errorBody(e)?.errors ?? {})) {
        const m = /^rows\.(\d+)\./.exec(key);
        const row = m ? toSave[Number(m[1])] : undefined;
        if (row) byRow[row.meterId] = message;
      }
      setErrors(byRow);
      setRefusal(errorText(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Page
      title="Saisie des relevés de compteur"
      actions={
        canWrite && (
          <Button
            variant="contained"
            startIcon={<SaveIcon />}
            disabled={!ready || saving || !rows.length}
            onClick={save}
          >
            Enregistrer les relevés
          </Button>
        )
      }
    >
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start', mb: 2 }}>
        <TextField
          select
          label="Type de compteur"
          size="small"
          fullWidth={false}
          sx={{ width: 260 }}
          value={meterTypeId}
          onChange={(e) => setMeterTypeId(Number(e.target.value))}
          slotProps={{ htmlInput: { name: 'meterTypeId' } }}
        >
          {(types.data ?? []).map((t) => (
            <MenuItem key={t.id} value={t.id}>
              {t.label} ({t.unit})
            </MenuItem>
          ))}
        </TextField>
        <DateFieldFr
          label="Date du relevé"
          name="readingDate"
          sx={{ width: 200 }}
          value={date}
          onChange={(v) => setDate(v ?? '')}
          error={!isValidDate(date)}
          helperText={isValidDate(date) ? ' ' : 'Date invalide'}
        />
      </Box>
      {refusal && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {refusal}
        </Alert>
      )}
      {creation.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {(creation.error as Error).message}
        </Alert>
      )}
      {ready && creation.data && !rows.length && (
        <Typography>Aucun compteur de ce type en service à cette date.</Typography>
      )}
      {rows.length > 0 && (
        <Table size="small" sx={{ maxWidth: 1100 }}>
          <TableHead>
            <TableRow>
              <TableCell>Emplacement</TableCell>
              <TableCell>Compteur</TableCell>
              <TableCell>Dernier relevé</TableCell>
              <TableCell align="right">Dernier index</TableCell>
              <TableCell>Nouvel index ({unit})</TableCell>
              <TableCell align="right">Consommation</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => {
              const v = valueOf(r);
              const consumption =
                r.readingOnDate || v === null || Number.isNaN(v) || !r.lastReading ? null : v - r.lastReading.quantity;
              return (
                <TableRow key={r.meterId} data-meter={r.number}>
                  <TableCell>
                    {r.placeCode}
                    {r.placeLabel ? ` — ${r.placeLabel}` : ''}
                  </TableCell>
                  <TableCell>{r.number}</TableCell>
                  <TableCell>{r.lastReading ? formatDateFr(r.lastReading.readingDate) : 'Aucun'}</TableCell>
                  <TableCell align="right">{r.lastReading ? numberFr.format(r.lastReading.quantity) : ''}</TableCell>
                  <TableCell>
                    <TextField
                      size="small"
                      fullWidth={false}
                      sx={{ width: 180 }}
                      margin="none"
                      value={
                        r.readingOnDate ? String(r.readingOnDate.quantity).replace('.', ',') : (typed[r.meterId] ?? '')
                      }
                      disabled={!canWrite || !!r.readingOnDate}
                      onChange={(e) => setTyped((t) => ({ ...t, [r.meterId]: e.target.value }))}
                      error={!!errors[r.meterId]}
                      helperText={errors[r.meterId] ?? (r.readingOnDate ? 'Déjà relevé à cette date' : undefined)}
                      slotProps={{
                        htmlInput: {
                          inputMode: 'decimal',
                          name: `quantity-${r.meterId}`,
                          'aria-label': `Nouvel index ${r.number}`,
                        },
                      }}
                    />
                  </TableCell>
                  <TableCell align="right">
                    {consumption === null ? '' : numberFr.format(Math.round(consumption * 1e6) / 1e6)}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </Page>
  );
}
