// /booking/{bookingId}: one stay — its customer, status and dates, its occupancies
// with occupants, animals, vehicles and extras, its price as the server stored it
// (BookingPrice: breakdown, down payment and balance, manual prices, re-pricing), the
// actions of §4 its state allows (each asking what it needs: a reason, a date, a kind),
// and its history. The full new-booking wizard is /new-booking; an occupancy is
// edited through it (/new-booking/1/{bookingId}/0/{occupancyId}/…).
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  Alert, Box, Button, ButtonGroup, Card, CardContent, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Divider, IconButton, Link as MuiLink,
  MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Tooltip, Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import CancelIcon from '@mui/icons-material/Cancel';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import MergeIcon from '@mui/icons-material/MergeType';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Loading, useNotify } from 'react-admin';
import { api } from '../../admin/src/api';
import { staleCurrent } from '../../admin/src/entity/StaleRecord';
import { useCan } from '../../admin/src/auth/useCan';
import { useFunctionKeys } from '../../admin/src/entity/useFunctionKeys';
import { NotFound } from '../../admin/src/layout/NotFound';
import { countFr, countLabelFr } from '../../common/french';
import { AskDialog, Page, StatusChip, dateFr, dateTimeFr, euros, kindLabel, phoneFr, statusLabel, type AskField, type Row } from './common';
import { CustomerPicker, type CustomerOption } from '../customers/CustomerPicker';
import { OccupancyFields, emptyDraft, occupancyBody, useAgeCategories, type OccupancyDraft } from './OccupancyForm';
import { BookingPrice } from './BookingPrice';
import { StayBilling, useDueWarning } from '../billing/StayBilling';

interface Summary { booking: Row; customer: Row | null; partner: Row | null; occupancies: Row[]; actions: string[]; history: Row[] }

/** How each action is offered: its button, what it asks, and its confirmation. */
// `confirm`/`keep`: the dialog's buttons, saying what each does (§8: never a bare « Confirmer » / « Annuler »).
const ACTION_UI: Record<string, { label: string; title: string; confirm?: string; keep?: string; text?: string; fields?: AskField[]; danger?: boolean; right?: 'write' | 'delete'; body?: (v: Record<string, string>) => Row }> = {
  confirm: { label: 'Confirmer', title: 'Confirmer le séjour ?', confirm: 'Confirmer le séjour', text: 'Le séjour devient définitif.' },
  'set-in-progress': { label: 'En cours de traitement', title: 'Marquer le séjour en cours de traitement ?', confirm: 'Marquer en cours de traitement' },
  validate: { label: 'Valider', title: 'Valider le séjour ?', confirm: 'Valider le séjour' },
  arrive: { label: 'Arrivé', title: 'Enregistrer l’arrivée du client ?', confirm: 'Enregistrer l’arrivée' },
  depart: { label: 'Parti', title: 'Enregistrer le départ du client ?', confirm: 'Enregistrer le départ' },
  'undo-arrival': { label: 'Annuler l’arrivée', title: 'Annuler l’arrivée enregistrée ?', confirm: 'Annuler l’arrivée', keep: 'Garder l’arrivée', text: 'Possible le jour même seulement.', fields: [{ name: 'reason', label: 'Motif', required: true }], danger: true, right: 'delete' },
  'undo-departure': { label: 'Annuler le départ', title: 'Annuler le départ enregistré ?', confirm: 'Annuler le départ', keep: 'Garder le départ', text: 'Possible le jour même seulement.', fields: [{ name: 'reason', label: 'Motif', required: true }], danger: true, right: 'delete' },
  'early-departure': { label: 'Départ anticipé', title: 'Départ anticipé', confirm: 'Enregistrer le départ anticipé', text: 'Les nuits à partir de ce jour sont libérées.', fields: [{ name: 'date', label: 'Jour du départ', type: 'date', required: true }] },
  'mark-cancelling': { label: 'Annulation en cours', title: 'Demande d’annulation', confirm: 'Enregistrer la demande', fields: [{ name: 'reason', label: 'Motif', required: true }], danger: true },
  'withdraw-cancelling': { label: 'Retirer la demande d’annulation', title: 'Retirer la demande d’annulation ?', confirm: 'Retirer la demande', keep: 'Garder la demande' },
  cancel: { label: 'Annuler', title: 'Annuler le séjour ?', confirm: 'Annuler le séjour', keep: 'Garder le séjour', text: 'Les emplacements sont libérés.', fields: [{ name: 'reason', label: "Motif d'annulation", required: true }], danger: true },
  refuse: { label: 'Refuser', title: 'Refuser le séjour', confirm: 'Refuser le séjour', fields: [{ name: 'reason', label: 'Motif du refus' }, { name: 'counterProposal', label: 'Contre-proposition (facultative)', multiline: true }], danger: true },
  expire: { label: 'Expirer l’option', title: 'Expirer l’option ?', confirm: 'Expirer l’option', keep: 'Garder l’option', text: 'Les emplacements sont libérés.', danger: true },
  abandon: { label: 'Abandonner', title: 'Abandonner ce séjour temporaire ?', confirm: 'Abandonner le séjour', keep: 'Garder le séjour', danger: true },
  reset: { label: 'Supprimer', title: 'Supprimer le séjour ?', confirm: 'Supprimer le séjour', keep: 'Garder le séjour', text: 'Le séjour garde son numéro, ses occupations sont supprimées.', fields: [{ name: 'reason', label: 'Motif de la suppression', required: true }], danger: true, right: 'delete' },
};

/** §8 confirmations on an integrated online booking (status 13): what the channel will not know. */
function onlineWarning(action: string, statusId: number): string | undefined {
  if (statusId !== 13) return undefined;
  if (action === 'validate' || action === 'refuse') return 'Réservation en ligne : ce choix n’est pas transmis au fournisseur externe.';
  if (action === 'reset') return 'Réservation en ligne : une fois supprimée, elle ne pourra pas être réimportée. Le séjour garde son numéro, ses occupations sont supprimées.';
  return undefined;
}

/** Conversions offered by kind (§4): option ↔ booking, a quote to any other kind. */
const CONVERT_TO: Record<string, string[]> = { quote: ['option', 'booking', 'passage'], option: ['booking'], booking: ['option'], passage: [] };

/** Statuses of a stay not confirmed yet (it may be without occupancy), and those whose occupancies no longer change. */
const UNCONFIRMED = [1, 5];
const CLOSED = [7, 8, 9, 10, 11, 14, 15, 16];
/** …nor go: an arrived stay keeps them too. */
const KEPT = [6, ...CLOSED];

/**
 * One occupancy with its lock, cancel and delete buttons, offered when the server would
 * let it go: a confirmed stay keeps its last active occupancy (§8 "booking needs
 * occupancy and place"), except a partner occupancy, cancelled before its stay.
 */
function Occupancy({ o, b, canWrite, canDelete, removable, onChanged }: { o: Row; b: Row; canWrite: boolean; canDelete: boolean; removable: { cancel: boolean; remove: boolean }; onChanged: () => void }) {
  const notify = useNotify();
  const navigate = useNavigate();
  const [cancelOpen, setCancelOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const lock = async () => {
    try {
      await api(`/occupancy/${o.id}/lock`, { method: 'POST', json: { locked: !o.isLocked } });
      onChanged();
    } catch (e: any) { notify(e.message, { type: 'error' }); }
  };
  const line = (rows: Row[], label: (r: Row) => string) => rows.map(label).join(', ');
  return (
    <TableRow sx={{ opacity: o.isCancelled ? 0.5 : 1 }} data-testid={`occupancy-${o.id}`}>
      <TableCell>{o.placeCode ?? <em>à attribuer</em>}{o.placeTypeLabel ? ` – ${o.placeTypeLabel}` : ''}</TableCell>
      <TableCell>{dateFr(o.startDate)} → {dateFr(o.endDate)}</TableCell>
      <TableCell>{o.equipmentLabel ?? ''}</TableCell>
      <TableCell>{line(o.details, (d) => countLabelFr(d.quantity, d.ageCategoryLabel ?? ''))}</TableCell>
      <TableCell>{[line(o.animals, (a) => countLabelFr(a.quantity, a.animalTypeLabel ?? '')), line(o.vehicles, (v) => `${v.vehicleTypeLabel}${v.licencePlate ? ` ${v.licencePlate}` : ''}`), line(o.extras, (x) => `${x.quantity} × ${x.extraLabel}`)].filter(Boolean).join(' · ')}</TableCell>
      <TableCell>{line(o.attendants, (a) => `${a.lastName} ${a.firstName ?? ''}`.trim())}</TableCell>
      <TableCell>
        {o.isCancelled ? <Chip size="small" label={`Annulée : ${o.cancelReason ?? ''}`} /> : canWrite && (
          <>
            <Tooltip title={o.isLocked ? 'Déverrouiller l’emplacement' : 'Verrouiller l’emplacement (demandé par le client)'}>
              <IconButton size="small" onClick={lock}>{o.isLocked ? <LockIcon fontSize="small" /> : <LockOpenIcon fontSize="small" />}</IconButton>
            </Tooltip>
            {!CLOSED.includes(b.statusId) && (
              <Tooltip title="Modifier cette occupation (dates, emplacement, occupants, prix) dans l’assistant">
                <IconButton size="small" aria-label="Modifier l’occupation" data-testid={`edit-occupancy-${o.id}`}
                  onClick={() => navigate(`/new-booking/1/${b.id}/0/${o.id}/0/${b.customerId ?? 0}/0`)}><EditIcon fontSize="small" /></IconButton>
              </Tooltip>
            )}
            {removable.cancel && (
              <Tooltip title="Annuler cette occupation">
                <IconButton size="small" onClick={() => setCancelOpen(true)}><CancelIcon fontSize="small" /></IconButton>
              </Tooltip>
            )}
          </>
        )}
        {canDelete && removable.remove && (
          <Tooltip title="Supprimer cette occupation">
            <IconButton size="small" color="error" onClick={() => setDeleteOpen(true)} data-testid={`delete-occupancy-${o.id}`}><DeleteIcon fontSize="small" /></IconButton>
          </Tooltip>
        )}
        {o.partnerAllotmentId && <Chip size="small" label="Allotement" sx={{ ml: 1 }} />}
        <AskDialog
          open={cancelOpen} onClose={() => setCancelOpen(false)} title="Annuler cette occupation ?" text="Son emplacement est libéré." confirmLabel="Annuler l’occupation" keepLabel="Garder l’occupation"
          fields={[{ name: 'reason', label: "Motif d'annulation", required: true }]}
          onConfirm={async (v) => { await api(`/occupancy/${o.id}/cancel`, { method: 'POST', json: v }); onChanged(); }}
        />
        <AskDialog
          open={deleteOpen} onClose={() => setDeleteOpen(false)} title="Supprimer cette occupation ?" confirmLabel="Supprimer l’occupation" keepLabel="Garder l’occupation"
          text={`Occupation du ${dateFr(o.startDate)} au ${dateFr(o.endDate)}${o.placeCode ? ` sur ${o.placeCode}` : ''} : elle est supprimée avec ses occupants, animaux, véhicules et extras. Cette suppression est définitive.`}
          onConfirm={async () => { await api(`/occupancy/${o.id}`, { method: 'DELETE' }); notify('Occupation supprimée', { type: 'success' }); onChanged(); }}
        />
      </TableCell>
    </TableRow>
  );
}

function AddOccupancy({ booking, onDone }: { booking: Row; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<OccupancyDraft>(emptyDraft(booking.startDate ?? '', booking.endDate ?? ''));
  const [error, setError] = useState<string | null>(null);
  const ages = useAgeCategories();
  const save = async () => {
    setError(null);
    try {
      await api(`/booking/${booking.id}/occupancy`, { method: 'POST', json: occupancyBody(draft, ages.data ?? []) });
      setOpen(false);
      onDone();
    } catch (e: any) { setError(e.message); }
  };
  return (
    <>
      <Button startIcon={<AddIcon />} onClick={() => { setDraft(emptyDraft(booking.startDate ?? '', booking.endDate ?? '')); setOpen(true); }}>Ajouter une occupation</Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="md" fullWidth>
        <DialogTitle>Ajouter une occupation</DialogTitle>
        <DialogContent>
          <OccupancyFields draft={draft} onChange={setDraft} />
          {error && <Alert severity="error" sx={{ mt: 1 }}>{error}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Annuler</Button>
          <Button variant="contained" onClick={save}>Ajouter</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/**
 * "Fusionner avec…": the occupancies of another stay of the same customer move into
 * this one, and the other is reset (it keeps its number) — hence the delete right.
 * Offered stays: still open, not arrived, of the same kind (or temporary).
 */
function MergeWith({ booking, onMerged }: { booking: Row; onMerged: (answer: Summary) => void }) {
  const [open, setOpen] = useState(false);
  const [fromId, setFromId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const others = useQuery({
    queryKey: ['booking-merge-candidates', booking.id, booking.customerId],
    queryFn: () => api<Row[]>(`/booking?filter=${encodeURIComponent(JSON.stringify({ customerId: booking.customerId }))}&sort=${encodeURIComponent('["startDate","ASC"]')}&range=[0,199]`),
    enabled: open,
  });
  const candidates = (others.data ?? []).filter((o) => o.id !== booking.id && !KEPT.includes(o.statusId) && (o.kind === booking.kind || o.statusId === 1));
  const chosen = candidates.find((o) => String(o.id) === fromId);
  const merge = async () => {
    setBusy(true);
    setError(null);
    try {
      onMerged(await api<Summary>(`/booking/${booking.id}/merge`, { method: 'POST', json: { fromBookingId: Number(fromId) } }));
      setOpen(false);
    } catch (e: any) { setError(e.message); } finally { setBusy(false); }
  };
  return (
    <>
      <Button startIcon={<MergeIcon />} onClick={() => { setFromId(''); setError(null); setOpen(true); }} data-testid="merge-open">Fusionner avec…</Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>Fusionner avec un autre séjour du client</DialogTitle>
        <DialogContent>
          <TextField select fullWidth margin="dense" label="Séjour à reprendre" value={fromId} onChange={(e) => setFromId(e.target.value)} name="fromBookingId"
            helperText={others.isSuccess && !candidates.length ? 'Aucun autre séjour de ce client ne peut être fusionné' : undefined}>
            {candidates.map((o) => (
              <MenuItem key={o.id} value={String(o.id)}>{`${o.code} · ${kindLabel(o.kind)} ${statusLabel(o.statusId).toLowerCase()} · ${dateFr(o.startDate)} → ${dateFr(o.endDate)}`}</MenuItem>
            ))}
          </TextField>
          {chosen && (
            <Alert severity="warning" sx={{ mt: 1 }}>
              Les occupations du séjour {chosen.code} sont reprises dans le séjour {booking.code}, puis le séjour {chosen.code} est supprimé (il garde son numéro).
            </Alert>
          )}
          {error && <Alert severity="error" sx={{ mt: 1 }}>{error}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Annuler</Button>
          <Button variant="contained" color="error" disabled={!chosen || busy} onClick={merge}>Fusionner</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

export default function BookingScreen() {
  const { bookingId = '' } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const qc = useQueryClient();
  const canWrite = useCan('booking.booking', 'write');
  const canDelete = useCan('booking.booking', 'delete');
  const [asking, setAsking] = useState<string | null>(null);
  const [notes, setNotes] = useState<string | null>(null);
  const [customer, setCustomer] = useState<CustomerOption | null>(null);
  const valid = /^\d+$/.test(bookingId);
  const summary = useQuery({ queryKey: ['booking', bookingId], queryFn: () => api<Summary>(`/booking/${bookingId}/summary`), enabled: valid });
  const dueWarning = useDueWarning(bookingId);
  useFunctionKeys({ Escape: () => navigate(-1) });
  if (!valid) return <NotFound />;
  if (summary.isPending) return <Loading />;
  if (summary.error) return <Page title="Séjour"><Alert severity="error">{(summary.error as Error).message}</Alert></Page>;
  const { booking: b, customer: c, partner, occupancies, actions, history } = summary.data;
  const refresh = () => qc.invalidateQueries({ queryKey: ['booking', bookingId] });
  const run = async (action: string, values: Record<string, string>) => {
    const body: Row = { ...values };
    for (const k of Object.keys(body)) if (body[k] === '') delete body[k];
    // The version shown: an action on a stay someone changed meanwhile is a 409, and the stay is reloaded.
    const answer = await api<Summary>(`/booking/${b.id}/${action}`, { method: 'POST', json: { ...body, version: b.version } })
      .catch((e) => { if (staleCurrent(e)) refresh(); throw e; });
    qc.setQueryData(['booking', bookingId], answer);
    notify('Enregistrement effectué', { type: 'success' });
  };
  const saveFields = async (patch: Row) => {
    try {
      await api(`/booking/${b.id}`, { method: 'PUT', json: { ...patch, version: b.version } });
      notify('Enregistrement effectué', { type: 'success' });
      refresh();
    } catch (e: any) {
      // Changed meanwhile: reload the stay; what was typed stays in its field to save again.
      if (staleCurrent(e)) { notify(`${e.message} : le séjour a été rechargé, vos saisies restent affichées`, { type: 'warning' }); refresh(); }
      else notify(e.message, { type: 'error' });
    }
  };
  type ButtonUi = { key: string; label: string; title: string; confirm?: string; keep?: string; text?: string; fields?: AskField[]; danger?: boolean };
  const convertUi = (kind: string): ButtonUi => ({
    key: `convert:${kind}`, label: `Convertir en ${kindLabel(kind).toLowerCase()}`, title: `Convertir en ${kindLabel(kind).toLowerCase()} ?`,
    fields: kind === 'option' ? [{ name: 'date', label: "Échéance de l'option (vide : dans 7 jours)", type: 'date' }] : [],
  });
  const buttons: ButtonUi[] = actions.flatMap((a): ButtonUi[] => (a === 'convert'
    ? (CONVERT_TO[b.kind] ?? []).map(convertUi)
    : ACTION_UI[a] && (ACTION_UI[a].right !== 'delete' || canDelete) ? [{ key: a, ...ACTION_UI[a], text: onlineWarning(a, b.statusId) ?? ((a === 'depart' || a === 'early-departure') && dueWarning ? dueWarning : ACTION_UI[a].text) }] : []));
  const ui = asking ? buttons.find((x) => x.key === asking) : null;
  const active = occupancies.filter((x) => !x.isCancelled).length;
  const removableOf = (o: Row) => {
    if (KEPT.includes(b.statusId)) return { cancel: false, remove: false };
    const spare = !o.isCancelled && (UNCONFIRMED.includes(b.statusId) || active > 1);
    return { cancel: spare || (!o.isCancelled && !!o.partnerAllotmentId), remove: spare || o.isCancelled };
  };
  return (
    <Page
      title={`${kindLabel(b.kind)} ${b.code}`}
      actions={<Button startIcon={<ArrowBackIcon />} onClick={() => navigate(-1)}>Retour</Button>}
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <Card sx={{ flex: 1 }}>
          <CardContent>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}>
              <StatusChip statusId={b.statusId} cancellation={b.cancellation} />
              <Typography variant="body2">{dateFr(b.startDate)} → {dateFr(b.endDate)} · {countFr(b.persons ?? 0, 'personne')}</Typography>
            </Box>
            {b.kind === 'option' && b.optionExpiryDate && <Typography variant="body2">Échéance de l’option : {dateFr(b.optionExpiryDate)}</Typography>}
            {b.totalAmount != null && <Typography variant="body2">Montant du séjour : <span data-testid="booking-total">{euros(b.totalAmount)}</span>{b.isManualPrice ? ' (prix modifié manuellement)' : ''}</Typography>}
            {partner && <Typography variant="body2">Partenaire : {partner.name}</Typography>}
            {b.arrivedAt && <Typography variant="body2">Arrivé le {dateTimeFr(b.arrivedAt)}</Typography>}
            {b.goneAt && <Typography variant="body2">Parti le {dateTimeFr(b.goneAt)}{b.earlyDepartureDate ? ` (départ anticipé au ${dateFr(b.earlyDepartureDate)})` : ''}</Typography>}
            {b.cancelReason && <Typography variant="body2">Motif d’annulation : {b.cancelReason}</Typography>}
            {b.refusalReason && <Typography variant="body2">Motif du refus : {b.refusalReason}</Typography>}
            {b.counterProposal && <Typography variant="body2">Contre-proposition : {b.counterProposal}</Typography>}
            {b.deleteReason && <Typography variant="body2">Motif de suppression : {b.deleteReason}</Typography>}
          </CardContent>
        </Card>
        <Card sx={{ flex: 1 }}>
          <CardContent>
            <Typography variant="overline">Client</Typography>
            {c ? (
              <>
                <Typography><MuiLink component={Link} to={`/customer/general/${c.id}`}>{c.lastName} {c.firstName ?? ''}</MuiLink> ({c.code})</Typography>
                <Typography variant="body2">{[phoneFr(c.phone1), phoneFr(c.phone2), c.email].filter(Boolean).join(' · ')}</Typography>
              </>
            ) : <Typography color="warning.main">Client non renseigné</Typography>}
            {canWrite && (
              <Box sx={{ display: 'flex', gap: 1, mt: 1, alignItems: 'center' }}>
                <CustomerPicker label={c ? 'Changer de client' : 'Choisir le client'} value={customer} onChange={setCustomer} />
                <Button disabled={!customer} onClick={() => customer && saveFields({ customerId: customer.id })}>Enregistrer</Button>
              </Box>
            )}
          </CardContent>
        </Card>
      </Stack>

      <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        {canWrite && buttons.length > 0 && (
          <ButtonGroup variant="outlined" sx={{ flexWrap: 'wrap' }} aria-label="Actions du séjour">
            {buttons.map((x) => (
              <Button key={x.key} color={x.danger ? 'error' : 'primary'} onClick={() => setAsking(x.key)} data-testid={`action-${x.key}`}>{x.label}</Button>
            ))}
          </ButtonGroup>
        )}
        {canWrite && canDelete && b.customerId && !KEPT.includes(b.statusId) && (
          <MergeWith booking={b} onMerged={(answer) => { qc.setQueryData(['booking', bookingId], answer); notify('Séjours fusionnés', { type: 'success' }); }} />
        )}
      </Box>
      <StayBilling bookingId={b.id} billable={b.kind !== 'quote' && ![1, 5, 9, 10, 11, 14, 15, 16].includes(b.statusId)} />
      {ui && asking && (
        <AskDialog
          open title={ui.title} text={ui.text} fields={ui.fields} confirmLabel={ui.confirm ?? ui.label} keepLabel={ui.keep}
          onClose={() => setAsking(null)}
          onConfirm={(v) => (asking.startsWith('convert:') ? run('convert', { ...v, kind: asking.slice(8) }) : run(asking, v))}
        />
      )}

      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Box sx={{ display: 'flex', alignItems: 'center' }}>
            <Typography variant="h6" sx={{ flex: 1 }}>Occupations</Typography>
            {canWrite && !CLOSED.includes(b.statusId) && <AddOccupancy booking={b} onDone={refresh} />}
          </Box>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Emplacement</TableCell><TableCell>Dates</TableCell><TableCell>Équipement</TableCell><TableCell>Occupants</TableCell>
                <TableCell>Animaux, véhicules, extras</TableCell><TableCell>Accompagnants</TableCell><TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {occupancies.map((o) => (
                <Occupancy key={o.id} o={o} b={b} canWrite={canWrite} canDelete={canDelete} onChanged={refresh} removable={removableOf(o)} />
              ))}
              {!occupancies.length && <TableRow><TableCell colSpan={7}>Aucune occupation</TableCell></TableRow>}
            </TableBody>
          </Table>
        </CardContent>
      </Card>

      <BookingPrice b={b} occupancies={occupancies} canWrite={canWrite} modifiable={!CLOSED.includes(b.statusId)} onChanged={refresh}
        onSummary={(s) => qc.setQueryData(['booking', bookingId], s)} />

      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <Card sx={{ flex: 1 }}>
          <CardContent>
            <Typography variant="h6">Remarques</Typography>
            <TextField multiline minRows={3} fullWidth value={notes ?? b.notes ?? ''} onChange={(e) => setNotes(e.target.value)} disabled={!canWrite} name="notes" />
            {canWrite && <Button sx={{ mt: 1 }} disabled={notes === null} onClick={() => saveFields({ notes })}>Enregistrer les remarques</Button>}
          </CardContent>
        </Card>
        <Card sx={{ flex: 1 }}>
          <CardContent>
            <Typography variant="h6">Historique</Typography>
            <Divider sx={{ mb: 1 }} />
            {history.map((h) => (
              <Typography key={h.id} variant="body2" data-testid="history-line">
                {dateTimeFr(h.createdAt)} · {h.userName ?? 'système'} · {h.detail ?? ({ create: 'Création', update: 'Modification', delete: 'Suppression' } as Row)[h.action] ?? h.action}
              </Typography>
            ))}
          </CardContent>
        </Card>
      </Stack>
    </Page>
  );
}
