// /backup (the technical user): the last backups, the files of the server's
// DATA_DIR/backups (daily ones with their retention), a backup now (on the server or
// downloaded), and restoring a backup file in place of the current data — after
// confirmation; everyone is then logged out (the sessions are those of the backup).
import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { Title, useLogout, useNotify } from 'react-admin';
import { AskDialog, API, dateFr, errorBody, errorText, rest, type RestAnswer } from '../ui';

type Status = RestAnswer<'/backup/status', 'get'>;
type Run = Status['runs'][number];

const KIND: Record<Run['kind'], string> = { auto: 'Automatique', manual: 'Sur le serveur', download: 'Téléchargée' };
const STATUS: Record<Run['status'], string> = { running: 'En cours', done: 'Terminée', failed: 'En échec' };
const time = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' });
const when = (iso: string) => `${dateFr(iso.slice(0, 10))} à ${time.format(new Date(iso))}`;
const size = (n: number | null) =>
  n === null
    ? '—'
    : n < 1024 * 1024
      ? `${Math.max(1, Math.round(n / 1024))} Ko`
      : `${(n / 1024 / 1024).toFixed(1).replace('.', ',')} Mo`;

export default function Backup() {
  const notify = useNotify();
  const logout = useLogout();
  const [status, setStatus] = useState<Status | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [retention, setRetention] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [confirm, setConfirm] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const load = () =>
    rest('get', '/backup/status').then(
      (s) => {
        setStatus(s);
        setRetention(String(s.retentionDays));
        setError(null);
      },
      (e) => setError(errorText(e)),
    );
  useEffect(() => {
    void load();
  }, []);

  const run = async (fn: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await fn();
      notify(done, { type: 'success' });
      await load();
    } catch (e) {
      notify(errorText(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const restore = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const r = await rest('post', '/backup/restore', {
        query: { confirm: '1' },
        file,
        headers: { 'Content-Type': 'application/gzip' },
        authErrors: false,
      });
      notify(r.message, { type: 'success' });
      logout();
    } catch (e) {
      notify(errorBody(e)?.detail ?? errorText(e), { type: 'error' });
      setBusy(false);
    }
  };

  if (error)
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity="error">{error}</Alert>
      </Box>
    );
  if (!status) return null;
  return (
    <Box sx={{ p: 2, maxWidth: 900 }}>
      <Title title="Sauvegardes" />
      <Typography variant="h5" component="h1" gutterBottom>
        Sauvegardes
      </Typography>
      {status.stale ? (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="backup-stale">
          {status.last?.finishedAt
            ? `Dernière sauvegarde le ${when(status.last.finishedAt)} : plus de ${status.staleDays} jours.`
            : 'Aucune sauvegarde pour le moment.'}
        </Alert>
      ) : (
        <Alert severity="success" sx={{ mb: 2 }} data-testid="backup-last">
          Dernière sauvegarde le {when(status.last!.finishedAt!)}.
        </Alert>
      )}
      <Stack direction="row" spacing={2} sx={{ mb: 3 }} flexWrap="wrap" useFlexGap>
        <Button
          variant="contained"
          disabled={busy}
          onClick={() => run(() => rest('post', '/backup/run'), 'Sauvegarde effectuée')}
        >
          Sauvegarder maintenant sur le serveur
        </Button>
        <Button
          variant="outlined"
          disabled={busy}
          href={`${API}/establishment/establishment/backup`}
          onClick={() => setTimeout(load, 3000)}
        >
          Télécharger une sauvegarde
        </Button>
      </Stack>

      <Typography variant="h6" component="h2">
        Sauvegarde automatique
      </Typography>
      <Typography sx={{ mb: 1 }}>
        Une sauvegarde par jour dans le dossier de données du serveur (backups). Les sauvegardes automatiques plus
        anciennes que la durée de conservation sont supprimées ; la plus récente est toujours gardée.
      </Typography>
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 3 }}>
        <TextField
          label="Conservation (jours)"
          type="number"
          size="small"
          value={retention}
          onChange={(e) => setRetention(e.target.value)}
          inputProps={{ min: 1, max: 3650 }}
        />
        <Button
          disabled={busy}
          onClick={() =>
            run(
              () => rest('post', '/backup/settings', { body: { retentionDays: Number(retention) } }),
              'Durée de conservation enregistrée',
            )
          }
        >
          Enregistrer
        </Button>
      </Stack>

      <Typography variant="h6" component="h2">
        Fichiers sur le serveur
      </Typography>
      <Table size="small" sx={{ mb: 3 }}>
        <TableHead>
          <TableRow>
            <TableCell>Fichier</TableCell>
            <TableCell>Date</TableCell>
            <TableCell align="right">Taille</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {status.files.length === 0 && (
            <TableRow>
              <TableCell colSpan={3}>Aucun fichier</TableCell>
            </TableRow>
          )}
          {status.files.map((f) => (
            <TableRow key={f.name}>
              <TableCell>
                <a href={`${API}/backup/file/${encodeURIComponent(f.name)}`}>{f.name}</a>
              </TableCell>
              <TableCell>{when(f.modifiedAt)}</TableCell>
              <TableCell align="right">{size(f.size)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>

      <Typography variant="h6" component="h2">
        Dernières sauvegardes
      </Typography>
      <Table size="small" sx={{ mb: 3 }}>
        <TableHead>
          <TableRow>
            <TableCell>Début</TableCell>
            <TableCell>Type</TableCell>
            <TableCell>État</TableCell>
            <TableCell align="right">Taille</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {status.runs.map((r) => (
            <TableRow key={r.id}>
              <TableCell>{when(r.startedAt)}</TableCell>
              <TableCell>{KIND[r.kind]}</TableCell>
              <TableCell>{STATUS[r.status]}</TableCell>
              <TableCell align="right">{size(r.size)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>

      <Typography variant="h6" component="h2">
        Restaurer une sauvegarde
      </Typography>
      <Typography sx={{ mb: 1 }}>
        Remplace toutes les données actuelles par celles du fichier (tout ou rien). Tous les utilisateurs sont ensuite
        déconnectés.
      </Typography>
      <Stack direction="row" spacing={2} alignItems="center">
        <input
          ref={input}
          type="file"
          accept=".gz,application/gzip"
          aria-label="Fichier de sauvegarde"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <Button variant="contained" color="warning" disabled={busy || !file} onClick={() => setConfirm(true)}>
          Restaurer
        </Button>
      </Stack>
      <AskDialog
        open={confirm}
        title="Restaurer cette sauvegarde ?"
        text={
          `Toutes les données actuelles seront remplacées par celles de « ${file?.name ?? ''} », puis vous serez ` +
          `déconnecté. Continuer ?`
        }
        confirmLabel="Restaurer"
        keepLabel="Ne pas restaurer"
        onConfirm={restore}
        onClose={() => setConfirm(false)}
      />
    </Box>
  );
}
