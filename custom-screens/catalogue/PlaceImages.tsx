// The "Images" page of a place: its gallery (§3 (docs/entities.md#places-and-equipment) images), each image shown by
// extension, path and name (§7, docs/api.md), added from a .jpg .jpeg .png .gif file (§9, docs/constants.md) and
// deleted after confirmation. The server checks type, content and size.
import { useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardMedia,
  Dialog,
  DialogContent,
  IconButton,
  Tooltip,
  Typography,
} from '@mui/material';
import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternate';
import DeleteIcon from '@mui/icons-material/Delete';
import { useNotify } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { records, rest, useCan, AskDialog } from '../../admin/src/ui';

/** `place-12/ab…ef.png` → its address (GET /rest/image/show/{extension}/{path}/{name}). */
export function imageUrl(ref: string): string {
  const m = /^(place-\d+)\/([0-9a-f]{32})\.([a-z]+)$/.exec(ref);
  return m ? `/rest/image/show/${m[3]}/${m[1]}/${m[2]}` : '';
}

export function PlaceImages({ placeId }: { placeId: number }) {
  const canWrite = useCan('camp.pitch', 'write');
  const notify = useNotify();
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const place = useQuery({
    queryKey: ['place-images', placeId],
    queryFn: () => records.get('place', placeId),
  });
  const images = place.data?.images ?? [];
  const refresh = () => {
    qc.invalidateQueries({ queryKey: ['place-images', placeId] });
    qc.invalidateQueries({ queryKey: ['place'] });
  };
  const add = async (file: File) => {
    const form = new FormData();
    form.append('uploadfile', file, file.name);
    setBusy(true);
    try {
      await rest('post', '/place/{id}/images', { path: { id: placeId }, form });
      notify('Image ajoutée', { type: 'success' });
      refresh();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  if (place.error)
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {(place.error as Error).message}
      </Alert>
    );
  return (
    <Box sx={{ p: 2 }}>
      {canWrite && (
        <Box sx={{ mb: 2 }}>
          <Button
            variant="contained"
            startIcon={<AddPhotoIcon />}
            disabled={busy || images.length >= 20}
            onClick={() => input.current?.click()}
          >
            Ajouter une image
          </Button>
          <input
            ref={input}
            hidden
            type="file"
            accept=".jpg,.jpeg,.png,.gif"
            data-testid="upload-place-image"
            onChange={(e) => e.target.files?.[0] && add(e.target.files[0])}
          />
          <Typography variant="caption" sx={{ ml: 2 }} color="text.secondary">
            Formats .jpg, .jpeg, .png, .gif ; 2 Mo au plus ; 20 images au plus
          </Typography>
        </Box>
      )}
      {!place.isPending && !images.length && <Typography color="text.secondary">Aucune image</Typography>}
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 2 }}>
        {images.map((ref, i) => (
          <Card key={ref} data-testid="place-image">
            <CardMedia
              component="img"
              height="150"
              image={imageUrl(ref)}
              alt={`Image ${i + 1}`}
              sx={{ objectFit: 'cover', cursor: 'zoom-in' }}
              onClick={() => setShown(ref)}
            />
            {canWrite && (
              <CardActions sx={{ justifyContent: 'flex-end' }}>
                <Tooltip title="Supprimer cette image">
                  <IconButton
                    size="small"
                    color="error"
                    onClick={() => setRemoving(ref)}
                    aria-label={`Supprimer l'image ${i + 1}`}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </CardActions>
            )}
          </Card>
        ))}
      </Box>
      <Dialog open={!!shown} onClose={() => setShown(null)} maxWidth="lg">
        <DialogContent>
          {shown && (
            <img src={imageUrl(shown)} alt="Image de l'emplacement" style={{ maxWidth: '100%', maxHeight: '80vh' }} />
          )}
        </DialogContent>
      </Dialog>
      <AskDialog
        open={!!removing}
        onClose={() => setRemoving(null)}
        title="Supprimer cette image ?"
        text="Cette suppression est définitive."
        confirmLabel="Supprimer"
        onConfirm={async () => {
          await rest('post', '/place/{id}/images/delete', { path: { id: placeId }, body: { image: removing! } });
          notify('Image supprimée', { type: 'success' });
          refresh();
        }}
      />
    </Box>
  );
}
