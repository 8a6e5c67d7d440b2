// The till while its register is closed: the opening float, then « Ouvrir la caisse ».
import { Alert, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { Page } from '../../../admin/src/ui';
import type { TillState } from './useTill';

export function ClosedTill({ s, registerId, label }: { s: TillState; registerId: number; label: string }) {
  return (
    <Page title={`Caisse ${label}`}>
      <Paper sx={{ p: 2, maxWidth: 420 }}>
        <Typography sx={{ mb: 2 }}>La caisse est fermée. Saisissez le fond de caisse pour l'ouvrir.</Typography>
        <Stack direction="row" spacing={1}>
          <TextField
            label="Fond de caisse (€)"
            value={s.float}
            onChange={(e) => s.setFloat(e.target.value)}
            size="small"
            inputProps={{ inputMode: 'decimal', 'data-testid': 'opening-float' }}
          />
          <Button
            variant="contained"
            onClick={() => s.openWindow(registerId)}
            disabled={!s.canWrite}
            data-testid="open-window"
          >
            Ouvrir la caisse
          </Button>
        </Stack>
        {s.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {s.error}
          </Alert>
        )}
      </Paper>
    </Page>
  );
}
