// A tab listing the rows of one child entity of the customer, with add and delete.
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
} from '@mui/material';
import { TextField, Tooltip } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import AddIcon from '@mui/icons-material/Add';
import { useCan, DateFieldFr, AskDialog, DataTable, type Row } from '../../admin/src/ui';
import type { ChildTabDef } from './childTabs';
import { useChildRows } from './useChildRows';

export function ChildTab({ def, customerId }: { def: ChildTabDef; customerId: number }) {
  const { base, title, fields } = def;
  const canWrite = useCan('customer.customer', 'write');
  const canDelete = useCan('customer.customer', 'delete');
  const { rows, options, show, adding, open, setAdding, save, error, removing, setRemoving, remove } = useChildRows(
    def,
    customerId,
  );
  return (
    <Box>
      {canWrite && (
        <Button startIcon={<AddIcon />} onClick={() => open({})} sx={{ mb: 1 }}>
          Ajouter
        </Button>
      )}
      <DataTable
        name={`customer-${base}`}
        rows={rows.data}
        loading={rows.isFetching}
        empty={`Aucun élément : ${title.toLowerCase()}`}
        columns={[
          ...fields.map((f) => ({ key: f.name, label: f.label, render: (r: Row) => show(f, r) })),
          ...(canDelete
            ? [
                {
                  key: 'del',
                  label: '',
                  render: (r: Row) => (
                    <Tooltip title="Supprimer">
                      <IconButton
                        size="small"
                        onClick={(e) => {
                          e.stopPropagation();
                          setRemoving(r);
                        }}
                      >
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Dialog open={!!adding} onClose={() => setAdding(null)} fullWidth maxWidth="sm">
        <DialogTitle>{title} : ajouter</DialogTitle>
        <DialogContent>
          {fields.map((f) =>
            f.type === 'date' ? (
              <DateFieldFr
                key={f.name}
                label={f.label}
                name={f.name}
                required={f.required}
                value={adding?.[f.name] ?? ''}
                fullWidth
                margin="dense"
                size="medium"
                onChange={(v) => setAdding({ ...adding, [f.name]: v ?? '' })}
              />
            ) : (
              <TextField
                key={f.name}
                select={f.type === 'select'}
                type="text"
                label={f.label}
                name={f.name}
                required={f.required}
                value={adding?.[f.name] ?? ''}
                fullWidth
                margin="dense"
                onChange={(e) => setAdding({ ...adding, [f.name]: e.target.value })}
              >
                {f.type === 'select' && [
                  <MenuItem key="" value="">
                    —
                  </MenuItem>,
                  ...(options?.[f.name] ?? []).map((o: Row) => (
                    <MenuItem key={o.id} value={o.id}>
                      {f.optionLabel!(o)}
                    </MenuItem>
                  )),
                ]}
              </TextField>
            ),
          )}
          {error && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAdding(null)}>Annuler</Button>
          <Button variant="contained" onClick={save}>
            Enregistrer
          </Button>
        </DialogActions>
      </Dialog>
      <AskDialog
        open={!!removing}
        title="Supprimer cet élément ?"
        text="Cette suppression est définitive."
        confirmLabel="Supprimer"
        onClose={() => setRemoving(null)}
        onConfirm={remove}
      />
    </Box>
  );
}
