// /email-configuration: the SMTP server the product sends with, and « Envoyer un e-mail
// de test » (queued and sent at once, its result shown here and in the history). The
// password is never shown back: left empty it is kept.
import { useEffect, useState } from 'react';
import { Alert, Box, Button, MenuItem, TextField } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import SendIcon from '@mui/icons-material/Send';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { Link } from 'react-router-dom';
import { rest, useCan, RequireRight, Page } from '../../admin/src/ui';
import type { components } from '../../admin/src/ui/client';

const SMTP = 'documents.smtp';

type Smtp = components['schemas']['SmtpSetting'];

export default function EmailConfiguration() {
  return (
    <RequireRight functionality={SMTP}>
      <Screen />
    </RequireRight>
  );
}

function Screen() {
  const notify = useNotify();
  const qc = useQueryClient();
  const canWrite = useCan(SMTP, 'write');
  const current = useQuery({ queryKey: ['email-configuration'], queryFn: () => rest('get', '/email-configuration') });
  const [form, setForm] = useState<Smtp | null>(null);
  const [password, setPassword] = useState('');
  const [testTo, setTestTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    if (current.data && !form) setForm(current.data);
  }, [current.data, form]);
  if (!form)
    return (
      <Page title="Paramètres d'e-mail">
        {current.error ? <Alert severity="error">{String((current.error as Error).message)}</Alert> : null}
      </Page>
    );

  const set = (k: keyof Smtp) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, [k]: k === 'port' ? Number(e.target.value) : e.target.value });
  const save = async () => {
    setBusy(true);
    try {
      const saved = await rest('put', '/email-configuration', {
        body: {
          host: form.host,
          port: form.port,
          security: form.security,
          username: form.username || null,
          fromAddress: form.fromAddress,
          fromName: form.fromName || null,
          replyTo: form.replyTo || null,
          version: form.version,
          ...(password ? { password } : {}),
        },
      });
      setForm(saved);
      setPassword('');
      qc.setQueryData(['email-configuration'], saved);
      notify('Paramètres enregistrés', { type: 'success' });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const test = async () => {
    setBusy(true);
    setResult(null);
    try {
      const r = await rest('post', '/email-configuration/test', { body: { to: testTo } });
      setResult(
        r.status === 'sent'
          ? { ok: true, text: `E-mail de test envoyé à ${testTo}` }
          : { ok: false, text: r.error ?? "E-mail non envoyé, vérifiez les paramètres d'e-mail" },
      );
    } catch (e) {
      setResult({ ok: false, text: (e as Error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page
      title="Paramètres d'e-mail"
      actions={
        <Button component={Link} to="/email-history-list-page/0">
          Historique des e-mails
        </Button>
      }
    >
      <Box
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: 2, maxWidth: 900 }}
      >
        <TextField label="Serveur SMTP" value={form.host} onChange={set('host')} required disabled={!canWrite} />
        <TextField label="Port" type="number" value={form.port} onChange={set('port')} required disabled={!canWrite} />
        <TextField select label="Sécurité" value={form.security} onChange={set('security')} disabled={!canWrite}>
          <MenuItem value="starttls">STARTTLS</MenuItem>
          <MenuItem value="tls">TLS (SSL)</MenuItem>
          <MenuItem value="none">Aucune</MenuItem>
        </TextField>
        <TextField
          label="Identifiant"
          value={form.username ?? ''}
          onChange={set('username')}
          disabled={!canWrite}
          autoComplete="off"
        />
        <TextField
          label="Mot de passe"
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          disabled={!canWrite}
          autoComplete="new-password"
          helperText={
            form.hasPassword ? 'Enregistré (chiffré) : laissez vide pour le garder' : 'Aucun mot de passe enregistré'
          }
        />
        <TextField
          label="Adresse d'expédition"
          value={form.fromAddress}
          onChange={set('fromAddress')}
          required
          disabled={!canWrite}
        />
        <TextField
          label="Nom d'expéditeur"
          value={form.fromName ?? ''}
          onChange={set('fromName')}
          disabled={!canWrite}
        />
        <TextField
          label="Adresse de réponse"
          value={form.replyTo ?? ''}
          onChange={set('replyTo')}
          disabled={!canWrite}
        />
      </Box>
      {canWrite && (
        <Box sx={{ mt: 2 }}>
          <Button
            variant="contained"
            startIcon={<SaveIcon />}
            onClick={save}
            disabled={busy || !form.host || !form.fromAddress}
          >
            Enregistrer
          </Button>
        </Box>
      )}
      {canWrite && (
        <Box sx={{ mt: 3, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            label="Destinataire du test"
            value={testTo}
            onChange={(e) => setTestTo(e.target.value)}
            size="small"
            sx={{ minWidth: 280 }}
          />
          <Button
            variant="outlined"
            startIcon={<SendIcon />}
            onClick={test}
            disabled={busy || !testTo || !form.configured}
          >
            Envoyer un e-mail de test
          </Button>
        </Box>
      )}
      {result && (
        <Alert severity={result.ok ? 'success' : 'error'} sx={{ mt: 2, maxWidth: 900 }} role="status">
          {result.text}
        </Alert>
      )}
    </Page>
  );
}
