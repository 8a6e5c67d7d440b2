// /init-demo (administrators only, guarded where the route is declared): resets the
// demo data after confirmation.
import { useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { useNotify } from 'react-admin';
import { AskDialog, Page, errorText, rest } from '../ui';

export default function InitDemo() {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  const run = async () => {
    setBusy(true);
    try {
      await rest('post', '/establishment/init-demo');
      notify('Données de démonstration réinitialisées', { type: 'success' });
    } catch (e) {
      notify(errorText(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Page title="Données de démonstration">
      <Box sx={{ maxWidth: 640 }}>
        <Typography sx={{ mb: 2 }}>
          Remplace toutes les données du camping (clients, séjours, catalogue, tarifs…) par le jeu de démonstration. Les
          utilisateurs et l'établissement sont conservés.
        </Typography>
        <Button variant="contained" color="warning" disabled={busy} onClick={() => setOpen(true)}>
          Réinitialiser la démonstration
        </Button>
      </Box>
      <AskDialog
        open={open}
        title="Réinitialiser les données de démonstration ?"
        text="Toutes les données actuelles du camping seront remplacées. Cette action est irréversible."
        confirmLabel="Réinitialiser"
        keepLabel="Garder les données"
        onConfirm={run}
        onClose={() => setOpen(false)}
      />
    </Page>
  );
}
