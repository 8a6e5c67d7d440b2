// /email-history-list-page/{entityId}: the e-mails sent or queued, newest first — those
// of one customer, or all with 0 — with their status and error; a click shows the
// message (body in a sandboxed frame: nothing in it can run), and « Renvoyer » queues a
// copy of a sent or failed one.
import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Pagination,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { useParams } from 'react-router-dom';
import { countFr } from '../../common/french';
import { rest, useCan, RequireRight, Page } from '../../admin/src/ui';
import type { components } from '../../admin/src/ui/client';

const SMTP = 'documents.smtp';
const PER_PAGE = 20;
export const MAIL_STATUS: Record<
  string,
  { label: string; color: 'default' | 'success' | 'warning' | 'error' | 'info' }
> = {
  queued: { label: 'En attente', color: 'warning' },
  sending: { label: 'En cours', color: 'info' },
  sent: { label: 'Envoyé', color: 'success' },
  failed: { label: 'En échec', color: 'error' },
};

/** §9 (docs/constants.md#mail-and-reminders) reminder channels: a row of the queue is an e-mail or a text message. */
export const CHANNEL_LABELS: Record<string, string> = { email: 'E-mail', sms: 'SMS' };

type MailRow = components['schemas']['MailHistoryRow'];

const dateTime = (s: string | null) =>
  s ? new Date(s).toLocaleString('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'short', timeStyle: 'short' }) : '';

export default function MailHistory() {
  return (
    <RequireRight functionality={SMTP}>
      <Screen />
    </RequireRight>
  );
}

function Screen() {
  const { entityId = '0' } = useParams();
  const notify = useNotify();
  const qc = useQueryClient();
  const canWrite = useCan(SMTP, 'write');
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState('');
  const [q, setQ] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const query = {
    entityId: Number(entityId),
    page,
    perPage: PER_PAGE,
    status: (status || undefined) as MailRow['status'] | undefined,
    q: q.length >= 3 ? q : undefined,
  };
  const list = useQuery({
    queryKey: ['mail-history', query],
    queryFn: () => rest('get', '/mail-history', { query }),
  });
  const detail = useQuery({
    queryKey: ['mail', open],
    queryFn: () => rest('get', '/mail-history/{mailId}', { path: { mailId: open! } }),
    enabled: open !== null,
  });

  const resend = async (id: number) => {
    try {
      const r = await rest('post', '/mail-history/{mailId}/resend', { path: { mailId: id } });
      notify(r.status === 'sent' ? 'E-mail renvoyé' : (r.lastError ?? 'E-mail mis en attente'), {
        type: r.status === 'sent' ? 'success' : 'warning',
      });
      setOpen(null);
      await qc.invalidateQueries({ queryKey: ['mail-history'] });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };

  const total = list.data?.total ?? 0;
  return (
    <Page title={entityId === '0' ? 'Historique des e-mails' : 'Historique des e-mails du client'}>
      <Box sx={{ display: 'flex', gap: 2, mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          size="small"
          label="Rechercher (destinataire, objet)"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
          sx={{ minWidth: 280 }}
        />
        <TextField
          size="small"
          select
          label="État"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setPage(1);
          }}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">Tous</MenuItem>
          {Object.entries(MAIL_STATUS).map(([k, v]) => (
            <MenuItem key={k} value={k}>
              {v.label}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2" color="text.secondary">
          {countFr(total, 'e-mail')}
        </Typography>
      </Box>
      {list.error ? <Alert severity="error">{(list.error as Error).message}</Alert> : null}
      <Table size="small" aria-label="Historique des e-mails">
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>Canal</TableCell>
            <TableCell>Destinataire</TableCell>
            <TableCell>Client</TableCell>
            <TableCell>Objet</TableCell>
            <TableCell>Pièces jointes</TableCell>
            <TableCell>État</TableCell>
            <TableCell>Erreur</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(list.data?.rows ?? []).map((r) => (
            <TableRow key={r.id} hover onClick={() => setOpen(r.id)} sx={{ cursor: 'pointer' }} data-mail-id={r.id}>
              <TableCell>{dateTime(r.sentAt ?? r.createdAt)}</TableCell>
              <TableCell>{CHANNEL_LABELS[r.channel] ?? r.channel}</TableCell>
              <TableCell>{r.toAddress}</TableCell>
              <TableCell>{r.customerName}</TableCell>
              <TableCell>{r.subject}</TableCell>
              <TableCell>{r.attachments}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  label={MAIL_STATUS[r.status]?.label ?? r.status}
                  color={MAIL_STATUS[r.status]?.color ?? 'default'}
                />
              </TableCell>
              <TableCell sx={{ maxWidth: 320, color: 'error.main' }}>{r.lastError}</TableCell>
            </TableRow>
          ))}
          {list.data && !list.data.rows.length && (
            <TableRow>
              <TableCell colSpan={8}>Aucun e-mail</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      {total > PER_PAGE && (
        <Pagination sx={{ mt: 2 }} count={Math.ceil(total / PER_PAGE)} page={page} onChange={(_e, p) => setPage(p)} />
      )}
      <Dialog open={open !== null} onClose={() => setOpen(null)} maxWidth="md" fullWidth>
        <DialogTitle>{detail.data?.subject ?? 'E-mail'}</DialogTitle>
        <DialogContent>
          {detail.data && (
            <>
              <Typography variant="body2">
                À : {detail.data.toAddress} — {MAIL_STATUS[detail.data.status]?.label} —{' '}
                {countFr(detail.data.attempts, 'tentative')}
              </Typography>
              {detail.data.lastError && (
                <Alert severity="error" sx={{ my: 1 }}>
                  {detail.data.lastError}
                </Alert>
              )}
              <Box
                component="iframe"
                title="Corps de l'e-mail"
                sandbox=""
                srcDoc={detail.data.bodyHtml}
                sx={{ width: '100%', height: 320, border: 1, borderColor: 'divider', mt: 1 }}
              />
              {detail.data.attachmentList.map((a) => (
                <div key={a.index}>
                  <a href={`/rest/mail-history/${detail.data!.id}/attachment/${a.index}`}>{a.fileName}</a> (
                  {Math.ceil(a.size / 1024)} Ko)
                </div>
              ))}
            </>
          )}
        </DialogContent>
        <DialogActions>
          {canWrite && detail.data && (detail.data.status === 'sent' || detail.data.status === 'failed') && (
            <Button onClick={() => resend(detail.data!.id)}>Renvoyer</Button>
          )}
          <Button onClick={() => setOpen(null)}>Fermer</Button>
        </DialogActions>
      </Dialog>
    </Page>
  );
}
