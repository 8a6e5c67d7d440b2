// /init-demo (administrators only, guarded where the route is declared): resets the
// demo data after confirmation.
import { useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { Confirm, Title, useNotify } from 'react-admin';
import { api } from '../api';

export default function InitDemo() {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  const run = async () => {
    setOpen(false);
    setBusy(true);
    try {
      await api('/establishment/init-demo', { method: 'POST', json: {} });
      notify('Données de démonstration réinitialisées', { type: 'success' });
    } catch (e: any) {
      notify(e.message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ p: 2, maxWidth: 640 }}>
      <Title title="Données de démonstration" />
      <Typography variant="h5" component="h1" gutterBottom>
        Données de démonstration
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Remplace toutes les données du camping (clients, séjours, catalogue, tarifs…) par le jeu de démonstration. Les
        utilisateurs et l'établissement sont conservés.
      </Typography>
      <Button variant="contained" color="warning" disabled={busy} onClick={() => setOpen(true)}>
        Réinitialiser la démonstration
      </Button>
      <Confirm
        isOpen={open}
        title="Réinitialiser les données de démonstration ?"
        content="Toutes les données actuelles du camping seront remplacées. Cette action est irréversible."
        confirm="Réinitialiser"
        cancel="Annuler"
        onConfirm={run}
        onClose={() => setOpen(false)}
      />
    </Box>
  );
}
