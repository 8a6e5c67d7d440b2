// A drop on a taken place (CampOne style: cancel or auto-move): the server's refusal
// names the free places of the same type for those dates; one click moves the stay
// there instead, through the usual check and confirmation.
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';

export interface AutoMoveOffer {
  message: string;
  alternatives: { id: number; code: string }[];
}

export function AutoMoveDialog({
  offer,
  onPick,
  onCancel,
}: {
  offer: AutoMoveOffer | null;
  onPick: (placeId: number) => void;
  onCancel: () => void;
}) {
  if (!offer) return null;
  return (
    <Dialog open onClose={onCancel} aria-labelledby="auto-move-title" maxWidth="sm" fullWidth>
      <DialogTitle id="auto-move-title">Emplacement non disponible</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {offer.message.split(' — ')[0]}
        </Alert>
        <Typography gutterBottom>
          Déplacer plutôt le séjour, aux mêmes dates, vers un emplacement libre du même type :
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" role="group" aria-label="Emplacements libres">
          {offer.alternatives.map((a, i) => (
            <Button
              key={a.id}
              variant={i === 0 ? 'contained' : 'outlined'}
              autoFocus={i === 0}
              onClick={() => onPick(a.id)}
            >
              {a.code}
            </Button>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Annuler</Button>
      </DialogActions>
    </Dialog>
  );
}
