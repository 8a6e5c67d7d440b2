// Delete buttons of every generated form and list, with a confirmation whose buttons
// say what they do, with the entity's article (« Supprimer le client » / « Garder le
// client », « Supprimer l'exercice »), not react-admin's Confirmer / Annuler.
import { useState } from 'react';
import { Button, TextField } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Confirm,
  useBulkDeleteController,
  useDeleteController,
  useListContext,
  useRecordContext,
  useResourceContext,
  type RedirectionSideEffect,
} from 'react-admin';
import type { EntityMeta } from '../../../common/entity-meta';
import { bulkDeleteConfirmWords, deleteConfirmWords } from './deleteWords';

export function DeleteRecordButton({
  meta,
  name,
  redirect,
}: {
  meta: EntityMeta;
  name: string;
  redirect: RedirectionSideEffect;
}) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const [open, setOpen] = useState(false);
  // x-delete-reason (§5 (docs/stays.md#cancellation) « deletion requires a reason »): the reason goes with the
  // deletion.
  const [reason, setReason] = useState('');
  const { isPending, handleDelete } = useDeleteController({
    record,
    resource,
    redirect,
    mutationMode: 'pessimistic',
    mutationOptions: { onSettled: () => setOpen(false), ...(meta.deleteReason ? { meta: { reason } } : {}) },
  });
  const w = deleteConfirmWords(meta.label, name);
  return (
    <>
      <Button
        className="bv-delete"
        color="error"
        startIcon={<DeleteIcon />}
        title="Supprimer (F9)"
        disabled={isPending}
        onClick={() => setOpen(true)}
      >
        Supprimer
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={w.title}
        content={
          meta.deleteReason ? (
            <>
              Cette suppression est définitive.
              <TextField
                label="Motif de la suppression"
                required
                fullWidth
                size="small"
                sx={{ mt: 2 }}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                slotProps={{ htmlInput: { maxLength: 250, 'data-testid': 'delete-reason' } }}
              />
            </>
          ) : (
            'Cette suppression est définitive.'
          )
        }
        confirm={w.confirm}
        cancel={w.cancel}
        confirmColor="warning"
        onConfirm={meta.deleteReason && !reason.trim() ? () => undefined : handleDelete}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

export function BulkDeleteRecordsButton({ meta }: { meta: EntityMeta }) {
  const { selectedIds } = useListContext();
  const [open, setOpen] = useState(false);
  const { isPending, handleDelete } = useBulkDeleteController({
    mutationMode: 'pessimistic',
    mutationOptions: { onSettled: () => setOpen(false) },
  });
  const w = bulkDeleteConfirmWords(meta.label, selectedIds.length);
  return (
    <>
      <Button color="error" size="small" startIcon={<DeleteIcon />} disabled={isPending} onClick={() => setOpen(true)}>
        Supprimer
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={w.title}
        content="Cette suppression est définitive."
        confirm={w.confirm}
        cancel={w.cancel}
        confirmColor="warning"
        onConfirm={handleDelete}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
