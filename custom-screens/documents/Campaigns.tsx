// /campaign-email: an e-mail campaign — a « Campagne » model's e-mail sent to the
// customers of a mailing criteria who consented to the newsletter (never the others);
// the audience is previewed first; sending queues one message per customer not reached
// by this campaign yet, each with its unsubscribe link, and the queue sends them.
// By SMS (channel « SMS »): the same model as text, to consenting customers with a mobile.
import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { useQuery } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { Link } from 'react-router-dom';
import { countFr } from '../../common/french';
import { records, rest, useCan, RequireRight, Page } from '../../admin/src/ui';

const CAMPAIGN = 'campaign.campaigns';
export default function Campaigns() {
  return (
    <RequireRight functionality={CAMPAIGN}>
      <Screen />
    </RequireRight>
  );
}

function Screen() {
  const notify = useNotify();
  const canSend = useCan(CAMPAIGN, 'write');
  const [criteriaId, setCriteriaId] = useState<number | ''>('');
  const [mcId, setMcId] = useState<number | ''>('');
  const [busy, setBusy] = useState(false);
  const [channel, setChannel] = useState<'email' | 'sms'>('email');
  const sms = channel === 'sms';
  const criteria = useQuery({
    queryKey: ['mailing-criteria'],
    queryFn: () => records.list('mailing-criteria', { range: [0, 199] }),
  });
  const configs = useQuery({
    queryKey: ['campaign-configurations'],
    queryFn: async () => {
      const models = await records.list('document-function-model', {
        filter: { functionCode: 'campaign' },
        range: [0, 199],
      });
      const out: { id: number; label: string }[] = [];
      for (const m of models)
        for (const c of await records.list('mailing-configuration', {
          filter: { documentFunctionModelId: m.id },
          range: [0, 199],
        }))
          out.push({ id: c.id, label: `${m.label} — ${c.label}` });
      return out;
    },
  });
  const preview = useQuery({
    queryKey: ['campaign-preview', criteriaId, channel],
    queryFn: () =>
      rest('get', '/campaign/preview/{mailingCriteriaId}', {
        path: { mailingCriteriaId: Number(criteriaId) },
        query: { channel },
      }),
    enabled: criteriaId !== '',
  });

  const send = async () => {
    setBusy(true);
    try {
      const r = await rest('post', '/campaign/send', {
        body: { mailingConfigurationId: Number(mcId), mailingCriteriaId: Number(criteriaId), channel },
      });
      notify(
        `${sms ? countFr(r.queued, 'SMS mis', 'SMS mis') : countFr(r.queued, 'e-mail mis', 'e-mails mis')} en ` +
          `file d'envoi (sur ${countFr(r.selected, 'destinataire')})`,
        { type: 'success' },
      );
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page
      title="Campagne d'e-mails"
      actions={
        <>
          <Button component={Link} to="/campaign-history">
            Historique des campagnes
          </Button>
          <Button component={Link} to="/email-history-list-page/0">
            Historique des e-mails
          </Button>
        </>
      }
    >
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <TextField
          select
          label="Critère de mailing"
          value={criteriaId}
          onChange={(e) => setCriteriaId(Number(e.target.value))}
          sx={{ minWidth: 280 }}
        >
          {(criteria.data ?? []).map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Canal"
          value={channel}
          onChange={(e) => setChannel(e.target.value as 'email' | 'sms')}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="email">E-mail</MenuItem>
          <MenuItem value="sms">SMS</MenuItem>
        </TextField>
        <TextField
          select
          label="Message (modèle « Campagne »)"
          value={mcId}
          onChange={(e) => setMcId(Number(e.target.value))}
          sx={{ minWidth: 320 }}
        >
          {(configs.data ?? []).map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.label}
            </MenuItem>
          ))}
        </TextField>
        {canSend && (
          <Button
            variant="contained"
            startIcon={<SendIcon />}
            disabled={busy || criteriaId === '' || mcId === '' || !preview.data?.count}
            onClick={send}
          >
            Envoyer la campagne
          </Button>
        )}
      </Box>
      {configs.data && !configs.data.length && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Créez d'abord un modèle de document de fonction « Campagne » avec son e-mail.
        </Alert>
      )}
      {preview.data && (
        <>
          <Typography sx={{ mb: 1 }}>
            {countFr(preview.data.count, 'destinataire')} (clients ayant accepté la lettre d'information et ayant{' '}
            {sms ? "un numéro de téléphone ; les lignes fixes sont écartées à l'envoi" : 'un e-mail'})
          </Typography>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Nom</TableCell>
                <TableCell>Prénom</TableCell>
                <TableCell>{sms ? 'Téléphone' : 'E-mail'}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {preview.data.sample.map((r) => (
                <TableRow key={r.id}>
                  <TableCell>{r.lastName}</TableCell>
                  <TableCell>{r.firstName}</TableCell>
                  <TableCell>{sms ? r.phone1 : r.email}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </Page>
  );
}
