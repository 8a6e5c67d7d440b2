// « Avoir » of the bill screen: all that remains of the bill, chosen lines (an amount
// off each: the whole line or part of it, e.g. a disputed 15 € fee), or an amount off
// the whole bill (spread by the server over its taxable lines). The server refuses
// beyond what remains; the reason is always asked. An issued bill is never changed.
// « Voir l'avoir » shows it as it will be (CreditNotePreview); only « Émettre l'avoir »
// there issues it, with the very body that was previewed.
import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { formatCents } from '../../common/money';
import { rest, type RestAnswer } from '../../admin/src/ui';
import type { Row } from './common';
import { creditNoteBody, type CreditNoteBody, type CreditNoteMode as Mode } from './credit-note-model';
import type { BillDraft } from './BillDraftTable';
import { CreditNotePreview } from './CreditNotePreview';

export function CreditNoteDialog({
  bill,
  open,
  onClose,
  onIssued,
}: {
  bill: Row;
  open: boolean;
  onClose: () => void;
  onIssued: (note: RestAnswer<'/bill/{billId}/credit-note', 'post'>) => void;
}) {
  const [mode, setMode] = useState<Mode>('all');
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState('');
  const [byLine, setByLine] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The previewed note and the body it was computed from: what « Émettre l'avoir » sends.
  const [draft, setDraft] = useState<{ note: BillDraft; json: CreditNoteBody } | null>(null);
  useEffect(() => {
    if (open) {
      setDraft(null);
      setMode('all');
      setReason('');
      setAmount('');
      setByLine({});
      setError(null);
    }
  }, [open]);
  const lines: Row[] = (bill.lines ?? []).filter((l: Row) => l.amountInclVat > 0);

  const body = () => creditNoteBody(mode, reason, amount, byLine);
  const send = async (run: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await run();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const preview = () => {
    const json = body();
    if (typeof json === 'string') return setError(json);
    return send(async () => {
      const note = await rest('post', '/bill/{billId}/credit-note/preview', { path: { billId: bill.id }, body: json });
      setDraft({ note, json });
    });
  };
  const confirm = () =>
    send(async () => {
      onIssued(await rest('post', '/bill/{billId}/credit-note', { path: { billId: bill.id }, body: draft!.json }));
    });

  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>
        {draft ? "Aperçu de l'avoir" : 'Avoir'} sur la facture {bill.number}
      </DialogTitle>
      <DialogContent>
        {error && <Alert severity="error">{error}</Alert>}
        {draft && <CreditNotePreview bill={bill} draft={draft.note} />}
        <Stack spacing={2} sx={{ mt: 1, display: draft ? 'none' : undefined }}>
          <TextField
            select
            label="Ce que l'avoir annule"
            value={mode}
            onChange={(e) => setMode(e.target.value as Mode)}
            inputProps={{ 'data-testid': 'credit-mode' }}
          >
            <MenuItem value="all">Tout ce qui reste de la facture</MenuItem>
            <MenuItem value="lines">Des lignes, en tout ou en partie</MenuItem>
            <MenuItem value="amount">Un montant sur l'ensemble de la facture</MenuItem>
          </TextField>
          {mode === 'lines' && (
            <Table size="small" aria-label="Lignes à créditer">
              <TableHead>
                <TableRow>
                  <TableCell>Ligne</TableCell>
                  <TableCell align="right">Montant TTC</TableCell>
                  <TableCell>À créditer (TTC)</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {lines.map((l) => (
                  <TableRow key={l.id}>
                    <TableCell>{l.label}</TableCell>
                    <TableCell align="right">{formatCents(l.amountInclVat)}</TableCell>
                    <TableCell>
                      <TextField
                        size="small"
                        value={byLine[l.id] ?? ''}
                        placeholder="0,00"
                        inputProps={{ 'data-testid': `credit-line-${l.id}`, inputMode: 'decimal' }}
                        onChange={(e) => setByLine({ ...byLine, [l.id]: e.target.value })}
                        InputProps={{
                          endAdornment: (
                            <Button
                              size="small"
                              onClick={() => setByLine({ ...byLine, [l.id]: formatCents(l.amountInclVat, false) })}
                            >
                              Tout
                            </Button>
                          ),
                        }}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          {mode === 'amount' && (
            <TextField
              label="Montant TTC de l'avoir"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              helperText="Réparti sur les lignes soumises à la TVA, au prorata, chaque taux avec sa TVA"
              inputProps={{ 'data-testid': 'credit-amount', inputMode: 'decimal' }}
            />
          )}
          <TextField
            label="Motif de l'avoir"
            required
            multiline
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            inputProps={{ 'data-testid': 'credit-reason' }}
          />
          <Alert severity="info">Une facture émise n'est jamais modifiée : l'avoir la corrige.</Alert>
        </Stack>
      </DialogContent>
      {draft ? (
        <DialogActions>
          <Button onClick={() => setDraft(null)} data-testid="credit-change">
            Modifier
          </Button>
          <Button onClick={onClose}>Ne pas émettre</Button>
          <Button variant="contained" color="error" disabled={busy} onClick={confirm} data-testid="credit-confirm">
            Émettre l'avoir
          </Button>
        </DialogActions>
      ) : (
        <DialogActions>
          <Button onClick={onClose}>Retour</Button>
          <Button variant="contained" disabled={busy} onClick={preview} data-testid="credit-preview-open">
            Voir l'avoir
          </Button>
        </DialogActions>
      )}
    </Dialog>
  );
}
