// Shared pieces of the booking screens: status and kind labels from the schema,
// French formats, a small data table remembering its selected row, dialogs asking
// for a reason or a confirmation, and a page frame with its title.
import { useEffect, useState, type ReactNode } from 'react';
import {
  Alert, Box, Button, Checkbox, Chip, Dialog, Menu, MenuItem, DialogActions, DialogContent, DialogTitle, LinearProgress, Paper, Table, TableBody, TableCell,
  TableContainer, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import { Title, useStore } from 'react-admin';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import { meta as bookingMeta } from '../../common/generated/meta/booking';
import { enumLabels } from '../../common/entity-meta';
import { formatDateFr } from '../../common/dates';
import { formatCents } from '../../common/money';
import { formatPhone } from '../../common/phones';

export type Row = Record<string, any>;

export const STATUS_LABELS = enumLabels(bookingMeta, 'statusId');
export const KIND_LABELS = enumLabels(bookingMeta, 'kind');
export const CANCELLATION_LABELS = enumLabels(bookingMeta, 'cancellation');
export const statusLabel = (id: number | null | undefined) => (id == null ? '' : STATUS_LABELS[String(id)] ?? String(id));
export const kindLabel = (k: string | null | undefined) => (k ? KIND_LABELS[k] ?? k : '');

/** Colours of the statuses (the planning board uses its own palette). */
const STATUS_COLORS: Record<number, string> = {
  1: '#9e9e9e', 2: '#1976d2', 3: '#2e7d32', 4: '#0288d1', 5: '#7b1fa2', 6: '#ef6c00', 7: '#6d4c41', 8: '#8d6e63',
  9: '#c62828', 10: '#ad1457', 11: '#ad1457', 12: '#00838f', 13: '#00695c', 14: '#757575', 15: '#bdbdbd', 16: '#424242',
};

export function StatusChip({ statusId, cancellation }: { statusId: number; cancellation?: string }) {
  return (
    <Box sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}>
      <Chip size="small" label={statusLabel(statusId)} sx={{ bgcolor: STATUS_COLORS[statusId] ?? '#9e9e9e', color: '#fff' }} data-testid="status-chip" />
      {cancellation === 'cancelling' && <Chip size="small" variant="outlined" color="error" label={CANCELLATION_LABELS.cancelling} />}
    </Box>
  );
}

export const dateFr = formatDateFr;
export const euros = (c: number | null | undefined) => (c == null ? '' : formatCents(c));
export const phoneFr = formatPhone;
const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' });
export const dateTimeFr = (v: string | null | undefined) => (v ? dateTime.format(new Date(v)) : '');

export function Page({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ p: 2 }}>
      <Title title={title} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>{title}</Typography>
        {actions}
      </Box>
      {children}
    </Box>
  );
}

export interface Column {
  key: string; label: string; render?: (row: Row) => ReactNode; align?: 'right' | 'left' | 'center';
  /** shown only when chosen in « Colonnes » (keeps the table within 1 366 px) */
  optional?: boolean;
}

/** « Colonnes »: the optional columns a user adds to a table, remembered per table. */
function ColumnChooser({ name, columns, shown, setShown }: { name: string; columns: Column[]; shown: string[]; setShown: (v: string[]) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const optional = columns.filter((c) => c.optional);
  if (!optional.length) return null;
  return (
    <>
      <Button size="small" startIcon={<ViewColumnIcon />} onClick={(e) => setAnchor(e.currentTarget)} data-testid={`columns-${name}`}>Colonnes</Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {optional.map((c) => (
          <MenuItem key={c.key} dense onClick={() => setShown(shown.includes(c.key) ? shown.filter((k) => k !== c.key) : [...shown, c.key])}>
            <Checkbox size="small" checked={shown.includes(c.key)} sx={{ p: 0.5, mr: 1 }} />{c.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** A plain table; a click on a row opens it; the last clicked row stays highlighted (§2). */
export function DataTable({ name, columns, rows, loading, onOpen, empty = 'Aucun élément', rowKey = 'id' }: {
  name: string; columns: Column[]; rows: Row[] | undefined; loading?: boolean; onOpen?: (row: Row) => void; empty?: string; rowKey?: string;
}) {
  const [selected, setSelected] = useStore<unknown>(`bivouac.selected.${name}`, null);
  const [shown, setShown] = useStore<string[]>(`bivouac.columns.${name}`, []);
  const all = columns;
  columns = all.filter((c) => !c.optional || shown.includes(c.key));
  useEffect(() => {
    const t = setTimeout(() => document.querySelector(`[data-table="${name}"] tr[data-selected="true"]`)?.scrollIntoView({ block: 'nearest' }), 100);
    return () => clearTimeout(t);
  }, [rows, name]);
  return (
    <>
    {all.some((c) => c.optional) && <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 0.5 }}><ColumnChooser name={name} columns={all} shown={shown} setShown={setShown} /></Box>}
    <TableContainer component={Paper} data-table={name}>
      {loading && <LinearProgress />}
      <Table size="small">
        <TableHead>
          <TableRow>{columns.map((c) => <TableCell key={c.key} align={c.align}>{c.label}</TableCell>)}</TableRow>
        </TableHead>
        <TableBody>
          {(rows ?? []).map((r) => (
            <TableRow
              key={r[rowKey]}
              hover
              data-selected={r[rowKey] === selected ? 'true' : undefined}
              selected={r[rowKey] === selected}
              onClick={() => { setSelected(r[rowKey]); onOpen?.(r); }}
              sx={{ cursor: onOpen ? 'pointer' : undefined }}
            >
              {columns.map((c) => <TableCell key={c.key} align={c.align}>{c.render ? c.render(r) : r[c.key] ?? ''}</TableCell>)}
            </TableRow>
          ))}
          {!loading && !rows?.length && (
            <TableRow><TableCell colSpan={columns.length}><Typography variant="body2" color="text.secondary">{empty}</Typography></TableCell></TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
    </>
  );
}

export interface AskField { name: string; label: string; required?: boolean; multiline?: boolean; type?: 'text' | 'date'; initial?: string }

/**
 * A confirmation dialog, with the fields the action needs (a reason, a date…). Both
 * buttons say what they do: `confirmLabel` the action (« Annuler le séjour »),
 * `keepLabel` leaving things as they are (« Garder le séjour »); a plain « Annuler »
 * next to an action that cancels would read both ways, so it becomes « Retour ».
 */
export function AskDialog({ open, title, text, fields = [], confirmLabel = 'Confirmer', keepLabel, onConfirm, onClose }: {
  open: boolean; title: string; text?: string; fields?: AskField[]; confirmLabel?: string; keepLabel?: string;
  onConfirm: (values: Record<string, string>) => Promise<void> | void; onClose: () => void;
}) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) { setValues(Object.fromEntries(fields.map((f) => [f.name, f.initial ?? '']))); setError(null); }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const missing = fields.some((f) => f.required && !values[f.name]?.trim());
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm(values);
      onClose();
    } catch (e: any) {
      setError(e?.message ?? 'Une erreur est survenue');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {text && <Typography sx={{ mb: 1 }}>{text}</Typography>}
        {fields.map((f) => (
          <TextField
            key={f.name} label={f.label} name={f.name} value={values[f.name] ?? ''} required={f.required} multiline={f.multiline} minRows={f.multiline ? 2 : undefined}
            type={f.type ?? 'text'} fullWidth margin="dense" slotProps={f.type === 'date' ? { inputLabel: { shrink: true } } : undefined}
            onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
          />
        ))}
        {error && <Alert severity="error" sx={{ mt: 1 }}>{error}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{keepLabel ?? (/^annuler/i.test(confirmLabel) ? 'Retour' : 'Annuler')}</Button>
        <Button variant="contained" onClick={confirm} disabled={busy || missing}>{confirmLabel}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** A date input (DD/MM/YYYY shown by the browser in fr-FR, YYYY-MM-DD in value). */
export function DateBox({ label, value, onChange, name }: { label: string; value: string; onChange: (v: string) => void; name?: string }) {
  return (
    <TextField fullWidth={false}
      label={label} type="date" size="small" value={value} name={name}
      onChange={(e) => e.target.value.length <= 10 && onChange(e.target.value)}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

export const personsOf = (r: Row) => (r.persons == null ? '' : String(r.persons));

/** A row of form inputs side by side (react-admin inputs are full width by default). */
export function FormRow({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start', width: '100%', '& > *': { flex: '1 1 200px', maxWidth: 360 }, '& .MuiFormControl-root': { width: '100%' } }}>
      {children}
    </Box>
  );
}
