// The confirmation dialog of hand-written screens, with the fields an action needs.
import { useEffect, useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { DateFieldFr } from '../entity/DateFieldFr';
import { errorText } from '../errors';

export interface AskField {
  name: string;
  label: string;
  required?: boolean;
  multiline?: boolean;
  type?: 'text' | 'date';
  initial?: string;
}

/**
 * A confirmation dialog, with the fields the action needs (a reason, a date…). Both
 * buttons say what they do: `confirmLabel` the action (« Annuler le séjour »),
 * `keepLabel` leaving things as they are (« Garder le séjour »); a plain « Annuler »
 * next to an action that cancels would read both ways, so it becomes « Retour ».
 */
export function AskDialog({
  open,
  title,
  text,
  fields = [],
  confirmLabel = 'Confirmer',
  keepLabel,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  text?: string;
  fields?: AskField[];
  confirmLabel?: string;
  keepLabel?: string;
  onConfirm: (values: Record<string, string>) => Promise<void> | void;
  onClose: () => void;
}) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setValues(Object.fromEntries(fields.map((f) => [f.name, f.initial ?? ''])));
      setError(null);
    }
    // The fields are read when the dialog opens, not on each render of the caller.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const missing = fields.some((f) => f.required && !values[f.name]?.trim());
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm(values);
      onClose();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {text && <Typography sx={{ mb: 1 }}>{text}</Typography>}
        {fields.map((f) =>
          f.type === 'date' ? (
            <DateFieldFr
              key={f.name}
              label={f.label}
              name={f.name}
              value={values[f.name] ?? ''}
              required={f.required}
              fullWidth
              margin="dense"
              size="medium"
              onChange={(v) => setValues({ ...values, [f.name]: v ?? '' })}
            />
          ) : (
            <TextField
              key={f.name}
              label={f.label}
              name={f.name}
              value={values[f.name] ?? ''}
              required={f.required}
              multiline={f.multiline}
              minRows={f.multiline ? 2 : undefined}
              type={f.type ?? 'text'}
              fullWidth
              margin="dense"
              onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
            />
          ),
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{keepLabel ?? (/^annuler/i.test(confirmLabel) ? 'Retour' : 'Annuler')}</Button>
        <Button variant="contained" onClick={confirm} disabled={busy || missing}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
