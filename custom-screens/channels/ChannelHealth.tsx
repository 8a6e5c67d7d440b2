// /channel-health: each channel's last successful pull and push, last error (French),
// counts of the last 24 h, online bookings waiting; « Forcer » runs an operation now after
// confirmation (journaled in the sync log with the user who pressed it).
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { countFr } from '../../common/french';
import { AskDialog, DataTable, Page, dateTimeFr, rest, useCan, type RestBody } from '../../admin/src/ui';

type Operation = RestBody<'/channel/{id}/force', 'post'>['operation'];
import { CONNECTOR_LABELS, useChannels, type ChannelHealthRow } from './useChannels';

const OPERATIONS: Record<string, { label: string; text: string }> = {
  pull: {
    label: 'Relever les réservations',
    text: 'Les réservations modifiées sur le canal sont relevées maintenant.',
  },
  'push-availability': {
    label: 'Envoyer les disponibilités',
    text: "Toutes les disponibilités de l'année à venir sont envoyées maintenant au canal.",
  },
  'ical-import': { label: 'Importer les calendriers', text: 'Les calendriers iCal du canal sont relus maintenant.' },
};

const operationsOf = (c: ChannelHealthRow): Operation[] =>
  c.connector === 'pitchup' ? ['pull', 'push-availability'] : c.connector === 'ical' ? ['ical-import'] : [];

export default function ChannelHealth() {
  const channels = useChannels();
  const canWrite = useCan('establishment.gateways', 'write');
  const notify = useNotify();
  const qc = useQueryClient();
  const [asking, setAsking] = useState<{ channel: ChannelHealthRow; operation: Operation } | null>(null);
  const force = async () => {
    const r = await rest('post', '/channel/{id}/force', {
      path: { id: asking!.channel.id },
      body: { operation: asking!.operation },
    });
    notify(r.ok ? 'Synchronisation effectuée' : (r.message ?? 'Synchronisation en échec'), {
      type: r.ok ? 'success' : 'warning',
    });
    await qc.invalidateQueries({ queryKey: ['channel-health'] });
  };
  const failing = (channels.data ?? []).filter((c) => c.failingSince);
  return (
    <Page
      title="État des canaux de réservation"
      actions={
        <MuiLink component={Link} to="/channel-sync-log-list">
          Journal des synchronisations
        </MuiLink>
      }
    >
      {failing.map((c) => (
        <Alert key={c.id} severity="error" sx={{ mb: 1 }}>
          {c.label} : en échec depuis le {dateTimeFr(c.failingSince)} — {c.lastError}
        </Alert>
      ))}
      <DataTable
        name="channel-health"
        loading={channels.isFetching}
        rows={channels.data}
        empty="Aucun canal : ajoutez-en un dans Administration, module « Réservation en ligne »"
        columns={[
          { key: 'label', label: 'Canal' },
          { key: 'connector', label: 'Connecteur', render: (c) => CONNECTOR_LABELS[c.connector] ?? c.connector },
          {
            key: 'lastPullAt',
            label: 'Dernière relève',
            render: (c) => (c.lastPullAt ? dateTimeFr(c.lastPullAt) : '—'),
          },
          { key: 'lastPushAt', label: 'Dernier envoi', render: (c) => (c.lastPushAt ? dateTimeFr(c.lastPushAt) : '—') },
          {
            key: 'lastError',
            label: 'Dernière erreur',
            render: (c) => (c.lastError ? `${dateTimeFr(c.lastErrorAt)} : ${c.lastError}` : '—'),
          },
          {
            key: 'runs24h',
            label: 'Dernières 24 h',
            render: (c) =>
              `${countFr(c.runs24h, 'synchronisation')}, ${countFr(c.failures24h, 'échec')}, ` +
              `${countFr(c.items24h, 'élément')}`,
          },
          {
            key: 'waiting',
            label: 'À traiter',
            render: (c) =>
              c.waiting ? (
                <MuiLink component={Link} to="/booking-import-list">
                  {countFr(c.waiting, 'réservation')}
                </MuiLink>
              ) : (
                '—'
              ),
          },
          {
            key: 'force',
            label: 'Forcer',
            render: (c) =>
              canWrite ? (
                <Stack direction="row" spacing={1}>
                  {operationsOf(c as ChannelHealthRow).map((op) => (
                    <Button
                      key={op}
                      size="small"
                      onClick={() => setAsking({ channel: c as ChannelHealthRow, operation: op })}
                    >
                      {OPERATIONS[op].label}
                    </Button>
                  ))}
                </Stack>
              ) : null,
          },
        ]}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Les réservations sont relevées toutes les 5 minutes (réglable par canal) et les disponibilités envoyées moins
        d’une minute après chaque changement.
      </Typography>
      <AskDialog
        open={!!asking}
        title={asking ? `${OPERATIONS[asking.operation].label} : ${asking.channel.label} ?` : ''}
        text={asking ? `${OPERATIONS[asking.operation].text} L'opération est inscrite au journal.` : ''}
        confirmLabel="Forcer maintenant"
        keepLabel="Retour"
        onClose={() => setAsking(null)}
        onConfirm={force}
      />
    </Page>
  );
}
