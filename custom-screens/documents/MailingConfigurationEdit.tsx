// /mailing-configuration/{documentFunctionModelId}/{mailingConfigurationId} (0: new):
// one e-mail of a document model — subject, body in the rich-text editor (loaded on
// demand) with its merge fields, signature, « joindre le document » — and its live
// preview, rendered by the server on a chosen stay (or with the fields' names) and shown
// in a sandboxed frame. Saved with its version: a change made meanwhile answers 409.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Checkbox, FormControlLabel, TextField, Typography } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import { useNotify } from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { MERGE_FIELDS, unknownFields } from '../../common/merge-template';
import type { RichTextHandle } from './RichTextEditor';
import { records, rest, useCan, RequireRight, Page, type EntityRecord } from '../../admin/src/ui';

const RichTextEditor = lazy(() => import('./RichTextEditor'));
const MODEL = 'documents.model';

type Stored = EntityRecord<'mailing-configuration'>;
/** The configuration as the form edits it: a new one has no id nor version yet. */
type Mc = Pick<
  Stored,
  'documentFunctionModelId' | 'label' | 'subject' | 'body' | 'signature' | 'attachDocument' | 'isDefault'
> &
  Partial<Pick<Stored, 'id' | 'version'>>;

export default function MailingConfigurationEdit() {
  return (
    <RequireRight functionality={MODEL}>
      <Screen />
    </RequireRight>
  );
}

function Screen() {
  const { documentFunctionModelId = '0', mailingConfigurationId = '0' } = useParams();
  const id = Number(mailingConfigurationId) || 0;
  const notify = useNotify();
  const navigate = useNavigate();
  const canWrite = useCan(MODEL, 'write');
  const editor = useRef<RichTextHandle>(null);
  const [mc, setMc] = useState<Mc | null>(
    id
      ? null
      : {
          documentFunctionModelId: Number(documentFunctionModelId),
          label: '',
          subject: '',
          body: '<p></p>',
          signature: '',
          attachDocument: true,
          isDefault: false,
        },
  );
  const [error, setError] = useState<string | null>(null);
  const [bookingId, setBookingId] = useState('');
  const [preview, setPreview] = useState<{ subject: string; html: string } | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (id) records.get('mailing-configuration', id).then(setMc, (e) => setError((e as Error).message));
  }, [id]);

  // Live preview, a moment after the last keystroke.
  useEffect(() => {
    if (!mc) return;
    const timer = setTimeout(() => {
      rest('post', '/mailing-configuration/preview', {
        body: {
          subject: mc.subject,
          body: mc.body,
          signature: mc.signature || null,
          ...(/^\d+$/.test(bookingId) ? { bookingId: Number(bookingId) } : {}),
        },
      }).then(setPreview, (e) =>
        setPreview({ subject: '', html: `<p>${String((e as Error).message).replace(/[<>&]/g, '')}</p>` }),
      );
    }, 400);
    return () => clearTimeout(timer);
    // Only the texts re-render the preview, not every field of the record.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mc?.subject, mc?.body, mc?.signature, bookingId]);

  if (!mc) return <Page title="Configuration d'e-mail">{error && <Alert severity="error">{error}</Alert>}</Page>;
  const unknown = unknownFields(
    `${mc.subject} ${mc.body} ${mc.signature ?? ''}`,
    MERGE_FIELDS.map((f) => f.name),
  );

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const body = {
        documentFunctionModelId: mc.documentFunctionModelId,
        label: mc.label,
        subject: mc.subject,
        body: mc.body,
        signature: mc.signature || null,
        attachDocument: mc.attachDocument,
        isDefault: mc.isDefault,
      };
      const saved = id
        ? await records.update('mailing-configuration', id, { ...body, version: mc.version })
        : await records.create('mailing-configuration', body);
      notify('Enregistré', { type: 'success' });
      if (!id) navigate(`/mailing-configuration/${mc.documentFunctionModelId}/${saved.id}`, { replace: true });
      else setMc(saved);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Page
      title={id ? `Configuration d'e-mail : ${mc.label}` : "Nouvelle configuration d'e-mail"}
      actions={
        <>
          <Button component={Link} to={`/mailing-configuration-list/${mc.documentFunctionModelId}`}>
            Retour à la liste
          </Button>
          {id ? (
            <Button component={Link} to={`/mailing-configuration-translation-list/${id}`}>
              Traductions
            </Button>
          ) : null}
        </>
      }
    >
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { md: '1fr 1fr', xs: '1fr' }, gap: 3 }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <TextField
            label="Libellé"
            value={mc.label}
            required
            disabled={!canWrite}
            onChange={(e) => setMc({ ...mc, label: e.target.value })}
          />
          <TextField
            label="Objet"
            value={mc.subject}
            required
            disabled={!canWrite}
            onChange={(e) => setMc({ ...mc, subject: e.target.value })}
          />
          <Suspense fallback={<Typography>Chargement de l'éditeur…</Typography>}>
            <RichTextEditor
              ref={editor}
              label="Corps"
              value={mc.body}
              disabled={!canWrite}
              onChange={(body) => setMc((m) => (m ? { ...m, body } : m))}
            />
          </Suspense>
          <TextField
            label="Signature"
            value={mc.signature ?? ''}
            multiline
            minRows={2}
            disabled={!canWrite}
            onChange={(e) => setMc({ ...mc, signature: e.target.value })}
            helperText="Ajoutée après le corps, après un saut de ligne"
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={mc.attachDocument}
                disabled={!canWrite}
                onChange={(e) => setMc({ ...mc, attachDocument: e.target.checked })}
              />
            }
            label="Joindre le document en PDF"
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={mc.isDefault}
                disabled={!canWrite}
                onChange={(e) => setMc({ ...mc, isDefault: e.target.checked })}
              />
            }
            label="Par défaut"
          />
          {unknown.length > 0 && (
            <Alert severity="warning">Champs inconnus (laissés vides) : {unknown.join(', ')}</Alert>
          )}
          {canWrite && (
            <Box>
              <Button
                variant="contained"
                startIcon={<SaveIcon />}
                onClick={save}
                disabled={saving || !mc.label || !mc.subject}
              >
                Enregistrer
              </Button>
            </Box>
          )}
        </Box>
        <Box>
          <Typography variant="h6">Aperçu</Typography>
          <TextField
            size="small"
            label="N° interne du séjour (aperçu sur ses données)"
            value={bookingId}
            onChange={(e) => setBookingId(e.target.value.replace(/\D/g, ''))}
            sx={{ my: 1, minWidth: 300 }}
          />
          <Typography variant="subtitle2" sx={{ mt: 1 }}>
            Objet : <span data-user-content>{preview?.subject}</span>
          </Typography>
          <Box
            component="iframe"
            title="Aperçu de l'e-mail"
            sandbox=""
            srcDoc={preview?.html ?? ''}
            sx={{ width: '100%', height: 420, border: 1, borderColor: 'divider' }}
          />
        </Box>
      </Box>
    </Page>
  );
}
