// /access-credential-list: badges and licence plates of the stays and residents with their
// state (valid, to come, ended, revoked), filtered by state, value or stay (?bookingId= from
// the stay's screen); a badge or plate added to a stay, a credential revoked, the CSV export
// the barrier systems import (layout in docs/access-control.md).
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert, Button, Link as MuiLink, MenuItem, Stack, TextField } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { AskDialog, DataTable, Page, dateFr, rest, useCan, type Row } from '../../admin/src/ui';
import { addDays } from '../../common/dates';

const STATES: Record<string, string> = {
  active: 'Valide',
  upcoming: 'À venir',
  expired: 'Échu',
  revoked: 'Révoqué',
};
const KINDS: Record<string, string> = { badge: 'Badge', plate: 'Plaque' };
const REASONS: Record<string, string> = { departure: 'départ', cancellation: 'annulation', manual: 'à la main' };

export default function AccessCredentials() {
  const [params] = useSearchParams();
  const bookingId = Number(params.get('bookingId')) || null;
  const [state, setState] = useState(bookingId ? '' : 'active');
  const [q, setQ] = useState('');
  const [adding, setAdding] = useState<'badge' | 'plate' | null>(null);
  const [revoking, setRevoking] = useState<Row | null>(null);
  const canWrite = useCan('booking.booking', 'write');
  const notify = useNotify();
  const qc = useQueryClient();
  const query = {
    ...(bookingId ? { bookingId } : {}),
    ...(state ? { state: state as 'active' | 'upcoming' | 'expired' | 'revoked' } : {}),
    ...(q.trim() ? { q: q.trim() } : {}),
  };
  const list = useQuery({
    queryKey: ['access-credentials', query],
    queryFn: () => rest('get', '/access-control/credential-list', { query }),
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['access-credentials'] });
  const add = async (v: Record<string, string>) => {
    await rest('post', '/access-control/credential', { body: { kind: adding!, value: v.value, bookingId } });
    notify(adding === 'badge' ? 'Badge ajouté' : 'Plaque ajoutée', { type: 'success' });
    await refresh();
  };
  const revoke = async () => {
    await rest('post', '/access-control/credential/{id}/revoke', { path: { id: revoking!.id } });
    notify('Accès révoqué', { type: 'success' });
    await refresh();
  };
  return (
    <Page
      title={bookingId ? `Badges et plaques du séjour n° ${bookingId}` : "Badges et plaques d'accès"}
      actions={
        <Stack direction="row" spacing={1}>
          {bookingId && canWrite && (
            <>
              <Button variant="contained" onClick={() => setAdding('badge')}>
                Ajouter un badge
              </Button>
              <Button variant="outlined" onClick={() => setAdding('plate')}>
                Ajouter une plaque
              </Button>
            </>
          )}
          <Button variant="outlined" href={`/rest/access-control/export?${query}`} data-testid="access-csv">
            Exporter (CSV)
          </Button>
        </Stack>
      }
    >
      <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label="État"
          value={state}
          onChange={(e) => setState(e.target.value)}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">Tous</MenuItem>
          {Object.entries(STATES).map(([k, label]) => (
            <MenuItem key={k} value={k}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        <TextField size="small" label="Badge ou plaque" value={q} onChange={(e) => setQ(e.target.value)} />
      </Stack>
      {list.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {(list.error as Error).message}
        </Alert>
      )}
      <DataTable
        name="access-credentials"
        loading={list.isFetching}
        rows={list.data?.rows}
        empty={bookingId ? 'Aucun badge ni plaque pour ce séjour' : 'Aucun badge ni plaque'}
        columns={[
          { key: 'kind', label: 'Type', render: (c) => KINDS[c.kind] },
          { key: 'value', label: 'Valeur' },
          { key: 'holder', label: 'Titulaire' },
          { key: 'placeCode', label: 'Emplacement', render: (c) => c.placeCode ?? '—' },
          {
            key: 'bookingId',
            label: 'Séjour',
            render: (c) =>
              c.bookingId ? (
                <MuiLink component={Link} to={`/booking/${c.bookingId}`}>
                  n° {c.bookingId}
                </MuiLink>
              ) : (
                'Contrat résidentiel'
              ),
          },
          { key: 'validFrom', label: 'Du', render: (c) => dateFr(c.validFrom) },
          // stored exclusive (half-open): shown as the last day the barrier opens
          { key: 'validUntil', label: 'Au (inclus)', render: (c) => dateFr(addDays(c.validUntil, -1)) },
          {
            key: 'state',
            label: 'État',
            render: (c) =>
              c.state === 'revoked' && c.revokedReason
                ? `${STATES.revoked} (${REASONS[c.revokedReason]})`
                : STATES[c.state],
          },
          {
            key: 'revoke',
            label: '',
            render: (c) =>
              canWrite && c.state !== 'revoked' ? (
                <Button size="small" color="error" onClick={() => setRevoking(c)}>
                  Révoquer
                </Button>
              ) : null,
          },
        ]}
      />
      <AskDialog
        open={!!adding}
        title={adding === 'badge' ? 'Ajouter un badge' : 'Ajouter une plaque'}
        text="Valable du premier jour du séjour au jour du départ inclus."
        fields={[{ name: 'value', label: adding === 'badge' ? 'N° du badge' : 'Immatriculation', required: true }]}
        confirmLabel="Ajouter"
        keepLabel="Retour"
        onClose={() => setAdding(null)}
        onConfirm={add}
      />
      <AskDialog
        open={!!revoking}
        title={revoking ? `Révoquer ${revoking.kind === 'badge' ? 'le badge' : 'la plaque'} ${revoking.value} ?` : ''}
        text="La barrière le refusera dès sa prochaine relève."
        confirmLabel="Révoquer"
        keepLabel="Garder"
        onClose={() => setRevoking(null)}
        onConfirm={revoke}
      />
    </Page>
  );
}
