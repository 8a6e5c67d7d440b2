// « Envoyer par e-mail » of /bill/{billId}: the bill's stored PDF e-mailed with the
// « Facture » model (« Avoir » for a credit note) in the customer's language
// (POST /rest/bill/{billId}/send-email). The recipient defaults to the customer's
// address and may be changed; the answer says whether the server accepted the mail.
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import EmailIcon from '@mui/icons-material/Email';
import { useNotify } from 'react-admin';
import { rest } from '../../admin/src/ui';

const EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,25}$/;

export function SendBillEmail({ billId, email }: { billId: number; email?: string | null }) {
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [to, setTo] = useState(email ?? '');
  const [busy, setBusy] = useState(false);
  const invalid = !!to.trim() && !EMAIL.test(to.trim());

  const send = async () => {
    setBusy(true);
    try {
      const r = await rest('post', '/bill/{billId}/send-email', {
        path: { billId },
        body: to.trim() ? { to: to.trim() } : {},
      });
      if (r.status === 'sent')
        notify(`E-mail envoyé à ${r.to}${r.duplicate ? ' (duplicata joint)' : ''}`, { type: 'success' });
      else notify(`E-mail mis en attente : ${r.error ?? ''}`, { type: 'warning' });
      setOpen(false);
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="outlined" startIcon={<EmailIcon />} onClick={() => setOpen(true)} data-testid="bill-send-email">
        Envoyer par e-mail
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>Envoyer la facture par e-mail</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2 }}>
            Le PDF de la facture est joint : l'original s'il n'a jamais été remis, sinon le duplicata.
          </Typography>
          <TextField
            label="Destinataire"
            type="email"
            fullWidth
            autoFocus
            value={to}
            onChange={(e) => setTo(e.target.value)}
            error={invalid}
            helperText={invalid ? 'E-mail invalide' : !to.trim() ? "Vide : l'e-mail du client" : ' '}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Annuler</Button>
          <Button variant="contained" onClick={send} disabled={busy || invalid}>
            Envoyer la facture
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
