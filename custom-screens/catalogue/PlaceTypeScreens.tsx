// /place-type/{page}/{placeTypeId}: a place type in pages — its details (the
// generated form), its history versions (place-type-history, read-only: every saved
// change is a numbered version, which price grids name) and the places of this type.
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import {
  Box,
  Dialog,
  DialogContent,
  DialogTitle,
  Paper,
  Tab,
  Tabs,
  Table,
  TableBody,
  TableCell,
  TableRow,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { meta as placeTypeMeta } from '../../common/generated/meta/place-type';
import { records, RequireRight, DataTable, dateTimeFr, generatedScreen, type Row } from '../../admin/src/ui';

const PlaceTypeForm = generatedScreen('place-type', 'Edit');

const label = (name: string) => placeTypeMeta.fields.find((f) => f.name === name)?.label ?? name;

/** A value of a version as the form shows it. */
function shown(name: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'Oui' : 'Non';
  const f = placeTypeMeta.fields.find((x) => x.name === name);
  if (f?.enumLabels) return f.enumLabels[String(v)] ?? String(v);
  return String(v);
}

function Versions({ placeTypeId }: { placeTypeId: number }) {
  const [open, setOpen] = useState<Row | null>(null);
  const rows = useQuery({
    queryKey: ['place-type-history', placeTypeId],
    queryFn: () =>
      records.list('place-type-history', { filter: { placeTypeId }, sort: ['version', 'DESC'], range: [0, 499] }),
  });
  return (
    <Box sx={{ p: 2 }}>
      <DataTable
        name={`place-type-history-${placeTypeId}`}
        loading={rows.isFetching}
        rows={rows.data}
        empty={rows.error ? (rows.error as Error).message : 'Aucune version'}
        onOpen={setOpen}
        columns={[
          { key: 'version', label: 'Version', align: 'right' },
          { key: 'code', label: 'Code' },
          { key: 'label', label: 'Libellé' },
          { key: 'userName', label: 'Modifié par', render: (r) => r.userName ?? 'système' },
          { key: 'createdAt', label: 'Le', render: (r) => dateTimeFr(r.createdAt) },
        ]}
      />
      <Dialog open={!!open} onClose={() => setOpen(null)} fullWidth maxWidth="sm">
        <DialogTitle>{open ? `Version ${open.version} : ${open.label}` : ''}</DialogTitle>
        <DialogContent>
          <Table size="small">
            <TableBody>
              {Object.entries((open?.data ?? {}) as Row)
                .filter(([k]) => placeTypeMeta.fields.some((f) => f.name === k))
                .map(([k, v]) => (
                  <TableRow key={k}>
                    <TableCell>{label(k)}</TableCell>
                    <TableCell>{shown(k, v)}</TableCell>
                  </TableRow>
                ))}
            </TableBody>
          </Table>
        </DialogContent>
      </Dialog>
    </Box>
  );
}

function Places({ placeTypeId }: { placeTypeId: number }) {
  const navigate = useNavigate();
  const places = useQuery({
    queryKey: ['places-of-type', placeTypeId],
    queryFn: () => records.list('place', { filter: { placeTypeId }, sort: ['code', 'ASC'], range: [0, 999] }),
  });
  const layouts = useQuery({ queryKey: ['layouts'], queryFn: () => records.list('layout') });
  return (
    <Box sx={{ p: 2 }}>
      <DataTable
        name={`places-of-type-${placeTypeId}`}
        loading={places.isFetching}
        rows={places.data}
        empty={places.error ? (places.error as Error).message : 'Aucun emplacement de ce type'}
        onOpen={(r) => navigate(`/place/general/${r.id}`)}
        columns={[
          { key: 'code', label: 'Numéro' },
          { key: 'label', label: 'Nom' },
          {
            key: 'layoutId',
            label: 'Zone',
            render: (r) => layouts.data?.find((l) => l.id === r.layoutId)?.label ?? '',
          },
          { key: 'capacity', label: 'Capacité', align: 'right' },
          { key: 'isActive', label: 'Actif', render: (r) => (r.isActive ? 'Oui' : 'Non') },
        ]}
      />
    </Box>
  );
}

const PAGES = ['general', 'history', 'places'];

export function PlaceTypeEdit() {
  const { page = 'general', placeTypeId = '' } = useParams();
  const navigate = useNavigate();
  const id = /^\d+$/.test(placeTypeId) ? Number(placeTypeId) : 0;
  const current = PAGES.includes(page) && id > 0 ? page : 'general';
  return (
    <RequireRight functionality={placeTypeMeta.functionality}>
      <Box>
        {id > 0 && (
          <Paper sx={{ mx: 2, mt: 1 }}>
            <Tabs value={current} onChange={(_e, v) => navigate(`/place-type/${v}/${placeTypeId}`)}>
              <Tab value="general" label="Type d'emplacement" />
              <Tab value="history" label="Historique des versions" />
              <Tab value="places" label="Emplacements de ce type" />
            </Tabs>
          </Paper>
        )}
        {current === 'history' ? (
          <Versions placeTypeId={id} />
        ) : current === 'places' ? (
          <Places placeTypeId={id} />
        ) : (
          <PlaceTypeForm />
        )}
      </Box>
    </RequireRight>
  );
}
