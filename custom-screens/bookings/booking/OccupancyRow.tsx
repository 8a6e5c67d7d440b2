// One occupancy of the stay screen: place, dates, occupants and extras, with its lock,
// edit, cancel and delete buttons as the server allows them.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Chip, IconButton, TableCell, TableRow, Tooltip } from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import CancelIcon from '@mui/icons-material/Cancel';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import { useNotify } from 'react-admin';
import { countLabelFr } from '../../../common/french';
import { type OccupancyAllowed } from '../../../common/stay-actions';
import { AskDialog, dateFr, records, type Row, rest } from '../../../admin/src/ui';
import { ExtrasDialog } from './ExtrasDialog';

export const NOTHING: OccupancyAllowed = { lock: false, edit: false, cancel: false, remove: false };

/** One occupancy with its lock, edit, cancel and delete buttons, as the server allows them. */
export function OccupancyRow({
  o,
  b,
  allowed,
  onChanged,
}: {
  o: Row;
  b: Row;
  allowed: OccupancyAllowed;
  onChanged: () => void;
}) {
  const notify = useNotify();
  const navigate = useNavigate();
  const [cancelOpen, setCancelOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [extrasOpen, setExtrasOpen] = useState(false);
  const lock = async () => {
    try {
      await rest('post', '/occupancy/{id}/lock', { path: { id: o.id }, body: { locked: !o.isLocked } });
      onChanged();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  const line = (rows: Row[], label: (r: Row) => string) => rows.map(label).join(', ');
  return (
    <TableRow sx={{ opacity: o.isCancelled ? 0.5 : 1 }} data-testid={`occupancy-${o.id}`}>
      <TableCell>
        {o.placeCode ?? <em>à attribuer</em>}
        {o.placeTypeLabel ? ` – ${o.placeTypeLabel}` : ''}
      </TableCell>
      <TableCell>
        {dateFr(o.startDate)} → {dateFr(o.endDate)}
      </TableCell>
      <TableCell>{o.equipmentLabel ?? ''}</TableCell>
      <TableCell>{line(o.details, (d) => countLabelFr(d.quantity, d.ageCategoryLabel ?? ''))}</TableCell>
      <TableCell>
        {[
          line(o.animals, (a) => countLabelFr(a.quantity, a.animalTypeLabel ?? '')),
          line(o.vehicles, (v) => `${v.vehicleTypeLabel}${v.licencePlate ? ` ${v.licencePlate}` : ''}`),
          line(o.extras, (x) => `${x.quantity} × ${x.extraLabel}`),
        ]
          .filter(Boolean)
          .join(' · ')}
      </TableCell>
      <TableCell>{line(o.attendants, (a) => `${a.lastName} ${a.firstName ?? ''}`.trim())}</TableCell>
      <TableCell>
        {o.isCancelled ? (
          <Chip size="small" label={`Annulée : ${o.cancelReason ?? ''}`} />
        ) : (
          <>
            {allowed.lock && (
              <Tooltip
                title={o.isLocked ? 'Déverrouiller l’emplacement' : 'Verrouiller l’emplacement (demandé par le client)'}
              >
                <IconButton size="small" onClick={lock}>
                  {o.isLocked ? <LockIcon fontSize="small" /> : <LockOpenIcon fontSize="small" />}
                </IconButton>
              </Tooltip>
            )}
            {allowed.edit && (
              <Tooltip title="Modifier cette occupation (dates, emplacement, occupants, prix) dans l’assistant">
                <IconButton
                  size="small"
                  aria-label="Modifier l’occupation"
                  data-testid={`edit-occupancy-${o.id}`}
                  onClick={() => navigate(`/new-booking/1/${b.id}/0/${o.id}/0/${b.customerId ?? 0}/0`)}
                >
                  <EditIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            {allowed.edit && (
              <Tooltip title="Extras : ajouter, changer ou retirer (pain, électricité, visiteur…), prix affiché avant">
                <IconButton
                  size="small"
                  aria-label="Extras de l’occupation"
                  data-testid={`extras-occupancy-${o.id}`}
                  onClick={() => setExtrasOpen(true)}
                >
                  <AddShoppingCartIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            {allowed.cancel && (
              <Tooltip title="Annuler cette occupation">
                <IconButton size="small" onClick={() => setCancelOpen(true)}>
                  <CancelIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </>
        )}
        {allowed.remove && (
          <Tooltip title="Supprimer cette occupation">
            <IconButton
              size="small"
              color="error"
              onClick={() => setDeleteOpen(true)}
              data-testid={`delete-occupancy-${o.id}`}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        {o.partnerAllotmentId && <Chip size="small" label="Allotement" sx={{ ml: 1 }} />}
        {extrasOpen && (
          <ExtrasDialog
            o={o}
            onClose={() => setExtrasOpen(false)}
            onSaved={() => {
              setExtrasOpen(false);
              notify('Extras enregistrés, prix du séjour recalculé', { type: 'success' });
              onChanged();
            }}
          />
        )}
        <AskDialog
          open={cancelOpen}
          onClose={() => setCancelOpen(false)}
          title="Annuler cette occupation ?"
          text="Son emplacement est libéré."
          confirmLabel="Annuler l’occupation"
          keepLabel="Garder l’occupation"
          fields={[{ name: 'reason', label: "Motif d'annulation", required: true }]}
          onConfirm={async (v) => {
            await rest('post', '/occupancy/{id}/cancel', { path: { id: o.id }, body: v });
            onChanged();
          }}
        />
        <AskDialog
          open={deleteOpen}
          onClose={() => setDeleteOpen(false)}
          title="Supprimer cette occupation ?"
          confirmLabel="Supprimer l’occupation"
          keepLabel="Garder l’occupation"
          text={
            `Occupation du ${dateFr(o.startDate)} au ${dateFr(o.endDate)}` +
            `${o.placeCode ? ` sur ${o.placeCode}` : ''} : elle est supprimée avec ses occupants, animaux, ` +
            `véhicules et extras. Cette suppression est définitive.`
          }
          onConfirm={async () => {
            await records.remove('occupancy', o.id);
            notify('Occupation supprimée', { type: 'success' });
            onChanged();
          }}
        />
      </TableCell>
    </TableRow>
  );
}
