// The foot of the stay screen: notes and history.
import { useState } from 'react';
import { Button, Card, CardContent, Divider, Stack, TextField, Typography } from '@mui/material';
import { dateTimeFr, type Row } from '../../../admin/src/ui';

/** The stay's notes (saved on demand) and its history lines. */
export function NotesAndHistory({
  b,
  history,
  canEdit,
  onSaveNotes,
}: {
  b: Row;
  history: Row[];
  canEdit: boolean;
  onSaveNotes: (notes: string | null) => void;
}) {
  const [notes, setNotes] = useState<string | null>(null);
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      <Card sx={{ flex: 1 }}>
        <CardContent>
          <Typography variant="h6">Remarques</Typography>
          <TextField
            multiline
            minRows={3}
            fullWidth
            value={notes ?? b.notes ?? ''}
            onChange={(e) => setNotes(e.target.value)}
            disabled={!canEdit}
            name="notes"
          />
          {canEdit && (
            <Button sx={{ mt: 1 }} disabled={notes === null} onClick={() => onSaveNotes(notes)}>
              Enregistrer les remarques
            </Button>
          )}
        </CardContent>
      </Card>
      <Card sx={{ flex: 1 }}>
        <CardContent>
          <Typography variant="h6">Historique</Typography>
          <Divider sx={{ mb: 1 }} />
          {history.map((h) => (
            <Typography key={h.id} variant="body2" data-testid="history-line">
              {dateTimeFr(h.createdAt)} · {h.userName ?? 'système'} ·{' '}
              {h.detail ??
                ({ create: 'Création', update: 'Modification', delete: 'Suppression' } as Row)[h.action] ??
                h.action}
            </Typography>
          ))}
        </CardContent>
      </Card>
    </Stack>
  );
}
