// Closing a register window: the amounts counted per payment kind are typed, the
// server freezes the Z (expected, counted, difference per kind; totals per VAT rate),
// shown here once closed.
import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { formatCents, parseEurosToCents } from '../../common/money';
import { countFr } from '../../common/french';
import { vouchersCount, vouchersText } from '../../common/holiday-vouchers';
import { rest } from '../../admin/src/ui';
import { countedCents, type ZReportView } from './z-report';

const rateLabel = (bp: number | null) =>
  bp == null ? 'hors TVA' : `${(bp / 100).toLocaleString('fr-FR', { maximumFractionDigits: 2 })} %`;

export function ZReport({ z }: { z: ZReportView }) {
  return (
    <>
      <Typography data-testid="z-title" sx={{ fontWeight: 'bold' }}>
        {z.zNumber ? `Z n° ${z.zNumber}` : 'Situation de caisse (X)'} — caisse : {z.registerLabel}
      </Typography>
      <Typography>
        {countFr(z.ticketCount, 'ticket')}
        {z.firstNumber ? ` (du ${z.firstNumber} au ${z.lastNumber})` : ''} — total {formatCents(z.totalInclVat)}
      </Typography>
      <Table size="small" aria-label="Par nature de règlement">
        <TableHead>
          <TableRow>
            <TableCell>Nature</TableCell>
            <TableCell align="right">Attendu</TableCell>
            <TableCell align="right">Compté</TableCell>
            <TableCell align="right">Écart</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {z.byKind.map((k) => (
            <TableRow key={k.kind} data-testid={`z-${k.kind}`}>
              <TableCell>
                {k.label}
                {k.kind === 'cash' ? ` (fond ${formatCents(z.openingFloat)} inclus)` : ''}
              </TableCell>
              <TableCell align="right">{formatCents(k.expected)}</TableCell>
              <TableCell align="right">{k.counted == null ? '—' : formatCents(k.counted)}</TableCell>
              <TableCell align="right">{k.difference == null ? '—' : formatCents(k.difference)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {z.vouchers && z.vouchers.length > 0 && (
        <Typography sx={{ mt: 1 }} data-testid="z-vouchers">
          {`Chèques-vacances papier : ${vouchersText(z.vouchers)} (${vouchersCount(z.vouchers)})`}
        </Typography>
      )}
      <Table size="small" aria-label="Par taux de TVA" sx={{ mt: 1 }}>
        <TableHead>
          <TableRow>
            <TableCell>TVA</TableCell>
            <TableCell align="right">HT</TableCell>
            <TableCell align="right">TVA</TableCell>
            <TableCell align="right">TTC</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {z.vatTotals.map((v) => (
            <TableRow key={String(v.vatRateBp)}>
              <TableCell>{rateLabel(v.vatRateBp)}</TableCell>
              <TableCell align="right">{formatCents(v.totalExclVat)}</TableCell>
              <TableCell align="right">{formatCents(v.vatAmount)}</TableCell>
              <TableCell align="right">{formatCents(v.totalInclVat)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}

export function CloseWindowDialog({
  open,
  windowId,
  onClose,
  onClosed,
}: {
  open: boolean;
  windowId: number;
  onClose: () => void;
  onClosed: () => void;
}) {
  const [live, setLive] = useState<ZReportView | null>(null);
  const [counted, setCounted] = useState<Record<string, string>>({});
  const [z, setZ] = useState<ZReportView | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setZ(null);
    setError(null);
    setCounted({});
    rest('get', '/sales/window/{windowId}/z', { path: { windowId } }).then(setLive, (e) =>
      setError((e as Error).message),
    );
  }, [open, windowId]);
  const close = async () => {
    try {
      const body = { counted: countedCents(counted, parseEurosToCents) };
      setZ(await rest('post', '/sales/window/{windowId}/close', { path: { windowId }, body }));
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <Dialog open={open} onClose={z ? onClosed : onClose} fullWidth maxWidth="sm" aria-labelledby="close-title">
      <DialogTitle id="close-title">{z ? 'Caisse fermée' : 'Fermer la caisse'}</DialogTitle>
      <DialogContent>
        {!z && live && (
          <>
            <Typography sx={{ mb: 1 }}>Comptez la caisse et saisissez les montants par nature de règlement.</Typography>
            {live.vouchers && live.vouchers.length > 0 && (
              <Typography sx={{ mb: 1 }} data-testid="close-vouchers">
                {`Chèques-vacances papier à trouver : ${vouchersText(live.vouchers)} (${vouchersCount(live.vouchers)})`}
              </Typography>
            )}
            {live.byKind
              .filter((k) => k.kind !== 'stay')
              .map((k) => (
                <TextField
                  key={k.kind}
                  label={`${k.label} comptés (€)`}
                  value={counted[k.kind] ?? ''}
                  size="small"
                  sx={{ mr: 1, mb: 1 }}
                  onChange={(e) => setCounted({ ...counted, [k.kind]: e.target.value })}
                  inputProps={{ inputMode: 'decimal', 'data-testid': `counted-${k.kind}` }}
                />
              ))}
          </>
        )}
        {z && <ZReport z={z} />}
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {!z && <Button onClick={onClose}>Annuler</Button>}
        {!z && (
          <Button variant="contained" color="warning" onClick={close} disabled={!live} data-testid="confirm-close">
            Fermer et éditer le Z
          </Button>
        )}
        {z && (
          <Button variant="contained" onClick={onClosed}>
            Terminer
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
