// The confirmation before a day (Z) or month closure: what it will cover, from the
// server's preview (/rest/closure/day/preview, /rest/closure/month/preview), with the
// totals per VAT rate and payment method. Closing is final, so nothing is closed unseen.
import { useEffect, useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { formatDateFr } from '../../common/dates';
import { countFr } from '../../common/french';
import { rest } from '../../admin/src/ui';
import { TotalsTables, type Row } from './common';
import { closureConfirmation } from './closure-confirm';

export type ClosureAsk = { level: 'day'; date: string } | { level: 'month'; month: string; label: string };

const previewOf = (a: ClosureAsk) =>
  a.level === 'day'
    ? rest('get', '/closure/day/preview', { query: { date: a.date } })
    : rest('get', '/closure/month/preview', { query: { month: a.month } });

function coverText(a: ClosureAsk, p: Row): string {
  if (a.level === 'month') return `${countFr(p.count, 'opération')} datée${p.count > 1 ? 's' : ''} de ${a.label}.`;
  if (!p.count) return `Aucune opération datée du ${formatDateFr(a.date)} ou avant n'attend de clôture.`;
  const span =
    p.firstDate === p.lastDate
      ? `du ${formatDateFr(p.firstDate)}`
      : `du ${formatDateFr(p.firstDate)} au ${formatDateFr(p.lastDate)}`;
  return `${countFr(p.count, 'opération')} datée${p.count > 1 ? 's' : ''} ${span}, pas encore clôturée${
    p.count > 1 ? 's' : ''
  }.`;
}

export function ClosureConfirm({
  ask,
  onCancel,
  onConfirm,
}: {
  ask: ClosureAsk | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const [preview, setPreview] = useState<Row | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setPreview(null);
    setError(null);
    if (ask)
      previewOf(ask)
        .then(setPreview)
        .catch((e: Error) => setError(e.message));
  }, [ask]);
  if (!ask) return null;
  // What it does and that it is final (closure-confirm.ts); what it covers from the server's preview.
  const words = closureConfirmation(
    ask.level,
    ask.level === 'day' ? ask.date : '',
    ask.level === 'month' ? ask.label : '',
  );
  const title = words.title;
  return (
    <Dialog open onClose={onCancel} maxWidth="sm" fullWidth data-testid="closure-confirm">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {error && <Alert severity="error">{error}</Alert>}
        {preview && (
          <>
            <Typography data-testid="closure-confirm-cover">{coverText(ask, preview)}</Typography>
            {ask.level === 'month' && preview.waiting > 0 && (
              <Alert severity="warning" sx={{ mt: 1 }}>
                {countFr(preview.waiting, 'opération')} du mois attend{preview.waiting > 1 ? 'ent' : ''} encore un Z.
              </Alert>
            )}
            <TotalsTables t={preview} />
            <Typography variant="body2" sx={{ mt: 2 }}>
              {words.text}
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{words.keepLabel}</Button>
        <Button
          variant="contained"
          onClick={onConfirm}
          disabled={!preview || (ask.level === 'day' && !preview.count)}
          data-testid="closure-confirm-ok"
        >
          {words.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
