// /grc/{grcId}: the generated GRC form (same fields) with, for a saved record, its
// follow-ups (grc-history rows) and « Ajouter un suivi »; a new record opens dated
// today. A custom screen because a generated form cannot show another entity's rows.
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
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TextInput, useNotify, useRecordContext } from 'react-admin';
import { meta } from '../../common/generated/meta/grc';
import { todayParis } from '../../common/dates';
import { countFr } from '../../common/french';
import {
  EntityForm,
  DateFieldFr,
  DateInputFr,
  EnumInput,
  RefInput,
  records,
  useCan,
  dateFr,
  type EntityRecord,
} from '../../admin/src/ui';

const CHANNELS = [
  { id: 'phone', name: 'Téléphone' },
  { id: 'email', name: 'E-mail' },
  { id: 'desk', name: 'Accueil' },
  { id: 'letter', name: 'Courrier' },
  { id: 'other', name: 'Autre' },
];
const KINDS = [
  { id: 'contact', name: 'Contact' },
  { id: 'request', name: 'Demande' },
  { id: 'complaint', name: 'Réclamation' },
  { id: 'follow-up', name: 'Suivi' },
];
const STATUSES = [
  { id: 'open', name: 'Ouverte' },
  { id: 'in-progress', name: 'En cours' },
  { id: 'closed', name: 'Close' },
];
const channelLabel = (id: string) => CHANNELS.find((c) => c.id === id)?.name ?? id;

export default function GrcEdit() {
  return (
    <EntityForm meta={meta} prefill={{ openedOn: todayParis() }} stayOnSaved>
      <RefInput source="customerId" label="Client" isRequired reference="customer" optionText="lastName" searchable />
      <RefInput source="bookingId" label="Séjour" reference="booking" optionText="code" searchable />
      <EnumInput source="kind" label="Nature" choices={KINDS} />
      <EnumInput source="channel" label="Canal" choices={CHANNELS} />
      <TextInput source="subject" label="Objet" isRequired />
      <TextInput source="description" label="Description" multiline minRows={3} />
      <EnumInput source="status" label="État" choices={STATUSES} />
      <DateInputFr source="openedOn" label="Ouverte le" isRequired />
      <DateInputFr source="dueDate" label="À traiter avant le" />
      <RefInput source="userId" label="Suivie par" reference="user" optionText="name" searchable />
      <FollowUps />
    </EntityForm>
  );
}

/** A follow-up's channel, one of CHANNELS. */
type Channel = EntityRecord<'grc-history'>['channel'];

/** The record's follow-ups, newest first, and the form adding one (not part of the GRC form's values). */
function FollowUps() {
  const record = useRecordContext();
  const grcId = Number(record?.id ?? 0);
  const notify = useNotify();
  const qc = useQueryClient();
  const canWrite = useCan('campaign.campaigns', 'write');
  const [date, setDate] = useState(todayParis());
  const [channel, setChannel] = useState<Channel>('phone');
  const [note, setNote] = useState('');
  const list = useQuery({
    queryKey: ['grc-follow-ups', grcId],
    queryFn: () => records.list('grc-history', { filter: { grcId }, sort: ['date', 'DESC'], range: [0, 199] }),
    enabled: grcId > 0,
  });
  if (!grcId) return null;
  const add = async () => {
    try {
      await records.create('grc-history', { grcId, date, channel, note });
      setNote('');
      notify('Suivi ajouté', { type: 'success' });
      await qc.invalidateQueries({ queryKey: ['grc-follow-ups', grcId] });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  const rows = list.data ?? [];
  return (
    <Box sx={{ width: '100%', mt: 2 }} aria-label="Suivis">
      <Typography variant="h6">
        Suivis{' '}
        <Typography component="span" variant="body2" color="text.secondary">
          ({countFr(rows.length, 'suivi')})
        </Typography>
      </Typography>
      {list.error ? <Alert severity="error">{(list.error as Error).message}</Alert> : null}
      <Table size="small" aria-label="Suivis de la relation client">
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>Canal</TableCell>
            <TableCell>Suivi</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id}>
              <TableCell>{dateFr(r.date)}</TableCell>
              <TableCell>{channelLabel(r.channel)}</TableCell>
              <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{r.note}</TableCell>
            </TableRow>
          ))}
          {list.data && !rows.length && (
            <TableRow>
              <TableCell colSpan={3}>Aucun suivi</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      {canWrite && (
        <Box sx={{ display: 'flex', gap: 2, mt: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <DateFieldFr size="small" label="Date du suivi" value={date} onChange={(v) => setDate(v ?? '')} />
          <TextField
            size="small"
            select
            label="Canal"
            value={channel}
            onChange={(e) => setChannel(e.target.value as Channel)}
            sx={{ minWidth: 140 }}
          >
            {CHANNELS.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label="Nouveau suivi"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            multiline
            minRows={2}
            sx={{ minWidth: 360, flex: 1 }}
          />
          <Button variant="outlined" onClick={add} disabled={!note.trim() || !date}>
            Ajouter un suivi
          </Button>
        </Box>
      )}
    </Box>
  );
}
