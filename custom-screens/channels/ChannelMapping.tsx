// The mapping screens of the spec's channels (§2 (docs/screens.md#channel-mappings) « Channel mappings »): for the
// channel of a provider (an online-booking module), its place types ↔ channel room types, rate plans
// (Giloo « programmes »), age categories with their age limits, extras, places and their
// iCal feeds; the addresses the channel is given (webhook, iCal feeds); elloha's bookings.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  Alert,
  Button,
  Card,
  CardContent,
  Link as MuiLink,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AskDialog, DataTable, Page, dateFr, euros, records, rest, useCan, type Row } from '../../admin/src/ui';
import { CONNECTOR_LABELS, useChannels } from './useChannels';
import { KIND_LABELS, MappingDialog, useTargets, type Kind } from './MappingDialog';

function ChannelMappingScreen({ provider, title, kinds }: { provider: string; title: string; kinds: Kind[] }) {
  const channels = useChannels(provider);
  const [chosen, setChosen] = useState<number | null>(null);
  const ch = channels.data?.find((c) => c.id === chosen) ?? channels.data?.[0];
  return (
    <Page title={title}>
      {channels.data && !ch && (
        <Alert severity="info">
          Aucun canal « {provider} » : ajoutez-le dans{' '}
          <MuiLink component={Link} to="/admin/module/online-booking-grid">
            Administration, module « Réservation en ligne »
          </MuiLink>{' '}
          avec le prestataire « {provider} ».
        </Alert>
      )}
      {(channels.data?.length ?? 0) > 1 && (
        <TextField
          select
          size="small"
          label="Canal"
          value={ch?.id ?? ''}
          sx={{ minWidth: 240, mb: 2 }}
          onChange={(e) => setChosen(Number(e.target.value))}
        >
          {channels.data!.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.label}
            </MenuItem>
          ))}
        </TextField>
      )}
      {ch && (
        <>
          <Typography sx={{ mb: 2 }}>
            {ch.label} · {CONNECTOR_LABELS[ch.connector] ?? ch.connector} ·{' '}
            <MuiLink component={Link} to="/channel-health">
              état de la synchronisation
            </MuiLink>
          </Typography>
          <Mappings moduleId={ch.id} kinds={kinds} />
          <Links moduleId={ch.id} webhook={ch.connector === 'webhook'} />
        </>
      )}
    </Page>
  );
}

function Mappings({ moduleId, kinds }: { moduleId: number; kinds: Kind[] }) {
  const canWrite = useCan('establishment.gateways', 'write');
  const qc = useQueryClient();
  const targets = useTargets();
  const [editing, setEditing] = useState<Row | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const key = ['channel-mappings', moduleId];
  const rows = useQuery({
    queryKey: key,
    queryFn: () => records.list('channel-mapping', { filter: { moduleId }, range: [0, 999] }),
    select: (all) => all.filter((r) => kinds.includes(r.kind)),
  });
  const refresh = () => qc.invalidateQueries({ queryKey: key });
  return (
    <>
      <DataTable
        name={`channel-mappings-${kinds.join('-')}`}
        loading={rows.isFetching}
        rows={rows.data}
        onOpen={canWrite ? setEditing : undefined}
        empty="Aucune correspondance"
        columns={[
          { key: 'kind', label: 'Correspondance', render: (r) => KIND_LABELS[r.kind as Kind] },
          { key: 'externalCode', label: 'Code sur le canal' },
          { key: 'externalLabel', label: 'Libellé sur le canal' },
          { key: 'target', label: 'Dans Bivouac', render: (r) => targets.describe(r) },
          {
            key: 'delete',
            label: '',
            render: (r) =>
              canWrite ? (
                <Button size="small" color="error" onClick={(e) => (e.stopPropagation(), setDeleting(r))}>
                  Supprimer
                </Button>
              ) : null,
          },
        ]}
      />
      {canWrite && (
        <Button sx={{ mt: 1, mb: 2 }} variant="outlined" onClick={() => setEditing({ moduleId, kind: kinds[0] })}>
          Ajouter une correspondance
        </Button>
      )}
      <MappingDialog row={editing} kinds={kinds} targets={targets} onClose={() => setEditing(null)} onSaved={refresh} />
      <AskDialog
        open={!!deleting}
        title="Supprimer cette correspondance ?"
        text="Les réservations du canal pour ce code ne seront plus placées automatiquement."
        confirmLabel="Supprimer la correspondance"
        keepLabel="Garder la correspondance"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          await records.remove('channel-mapping', deleting!.id);
          await refresh();
        }}
      />
    </>
  );
}

function Links({ moduleId, webhook }: { moduleId: number; webhook: boolean }) {
  const links = useQuery({
    queryKey: ['channel-links', moduleId],
    queryFn: () => rest('get', '/channel/{id}/links', { path: { id: moduleId } }),
  });
  if (!links.data) return null;
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          Adresses à donner au canal
        </Typography>
        {webhook && (
          <Typography sx={{ wordBreak: 'break-all' }}>Réservations (webhook signé) : {links.data.webhook}</Typography>
        )}
        {[...links.data.placeTypes, ...links.data.places].map((l: Row) => (
          <Typography key={l.url} variant="body2" sx={{ wordBreak: 'break-all' }}>
            Calendrier iCal {l.label} : {l.url}
          </Typography>
        ))}
      </CardContent>
    </Card>
  );
}

function EllohaBookingList() {
  const channels = useChannels('Elloha');
  const ids = (channels.data ?? []).map((c) => c.id);
  const rows = useQuery({
    queryKey: ['channel-imports', ids],
    enabled: ids.length > 0,
    queryFn: () =>
      records.list('booking-import', {
        filter: { channelModuleId: ids },
        range: [0, 199],
        sort: ['startDate', 'DESC'],
      }),
  });
  return (
    <Page title="elloha : réservations reçues">
      <Stack sx={{ mb: 2 }}>
        <MuiLink component={Link} to="/booking-import-list">
          Toutes les réservations en ligne à intégrer
        </MuiLink>
      </Stack>
      <DataTable
        name="elloha-bookings"
        loading={rows.isFetching}
        rows={rows.data}
        empty="Aucune réservation reçue d'elloha"
        columns={[
          { key: 'externalRef', label: 'Référence' },
          { key: 'lastName', label: 'Client' },
          { key: 'startDate', label: 'Arrivée', render: (r) => dateFr(r.startDate) },
          { key: 'endDate', label: 'Départ', render: (r) => dateFr(r.endDate) },
          { key: 'channelTotal', label: 'Prix vendu', align: 'right', render: (r) => euros(r.channelTotal) },
          { key: 'problem', label: 'À traiter', render: (r) => r.problem ?? '—' },
        ]}
      />
    </Page>
  );
}

const ALL: Kind[] = ['place-type', 'rate-plan', 'age-category', 'extra', 'place-feed'];
export const SecureHoliday = () => (
  <ChannelMappingScreen provider="Secure Holiday" title="Secure Holiday" kinds={ALL} />
);
export const OCell = () => <ChannelMappingScreen provider="O-Cell" title="O-Cell" kinds={ALL} />;
export const Elloha = () => <ChannelMappingScreen provider="Elloha" title="elloha : correspondances" kinds={ALL} />;
export const EllohaBookings = EllohaBookingList;
export const DEdge = () => <ChannelMappingScreen provider="D-Edge" title="D-Edge" kinds={ALL} />;
export const Pitchup = () => <ChannelMappingScreen provider="Pitchup" title="Pitchup" kinds={ALL} />;
export const Giloo = () => (
  <ChannelMappingScreen
    provider="Giloo"
    title="Giloo : correspondances"
    kinds={['place-type', 'age-category', 'extra', 'place-feed']}
  />
);
export const GilooPrograms = () => (
  <ChannelMappingScreen provider="Giloo" title="Giloo : programmes" kinds={['rate-plan']} />
);
