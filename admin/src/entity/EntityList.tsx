// The list screen of every generated resource: the spec's route (/{entity}-list),
// search from 3 characters, server-side CSV export, rights-guarded buttons, and a
// table that remembers its sort, page, page size and selected row.
import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button as MuiButton } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import {
  BulkDeleteButton, Datagrid, List, Pagination, SearchInput, TopToolbar, useListContext, useNotify, useStore, FilterButton,
} from 'react-admin';
import type { EntityMeta } from '../../../common/entity-meta';
import { useCan } from '../auth/useCan';
import { RequireRight } from '../auth/RequireRight';
import { editPath, fieldParams } from './routes';
import { downloadCsv } from './exportCsv';
import { useFunctionKeys } from './useFunctionKeys';
import { baseOf } from '../dataProvider';

function Actions({ meta, permanent }: { meta: EntityMeta; permanent: Record<string, unknown> }) {
  const params = useParams();
  const canWrite = useCan(meta.functionality, 'write') && !meta.appendOnly;
  const canExport = useCan(meta.functionality, 'export');
  const { filterValues, sort } = useListContext();
  const notify = useNotify();
  const navigate = useNavigate();
  const createTo = editPath(meta, 0, permanent, params);
  const exportNow = () => downloadCsv(baseOf(meta.name), { ...filterValues, ...permanent }, sort).catch((e) => notify(e.message, { type: 'error' }));
  useFunctionKeys({ F3: canWrite ? () => navigate(createTo) : undefined, F8: canExport ? exportNow : undefined });
  return (
    <TopToolbar>
      {meta.searchFields.length ? <FilterButton /> : null}
      {canWrite && (
        <MuiButton component={Link} to={createTo} startIcon={<AddIcon />} size="small" title="Créer (F3)">
          {meta.label.gender === 'f' ? 'Nouvelle' : 'Nouveau'}
        </MuiButton>
      )}
      {canExport && (
        <MuiButton onClick={exportNow} startIcon={<DownloadIcon />} size="small" title="Export CSV (F8)">
          Export CSV
        </MuiButton>
      )}
    </TopToolbar>
  );
}

/** Scrolls the remembered row into view once the page is shown (after 100 ms, §2). */
function SelectedRowKeeper({ selected }: { selected: unknown }) {
  const { data, isPending } = useListContext();
  useEffect(() => {
    if (isPending || selected === null || selected === undefined) return;
    const index = (data ?? []).findIndex((r) => r.id === selected);
    if (index < 0) return;
    const t = setTimeout(() => {
      const row = document.querySelectorAll('.RaDatagrid-tbody > tr')[index] as HTMLElement | undefined;
      row?.scrollIntoView({ block: 'nearest' });
    }, 100);
    return () => clearTimeout(t);
  }, [data, isPending, selected]);
  return null;
}

function EditSelectedKeys({ meta, selected, params }: { meta: EntityMeta; selected: unknown; params: Record<string, string | undefined> }) {
  const { data } = useListContext();
  const navigate = useNavigate();
  const canWrite = useCan(meta.functionality, 'write');
  useFunctionKeys({
    F4: () => {
      const rec = (data ?? []).find((r) => r.id === selected);
      if (rec) navigate(editPath(meta, rec.id, rec, params));
    },
  }, canWrite || true);
  return null;
}

/** `filter`: fixed filter values beside the route's (e.g. a module kind). A page without the read right goes to /home. */
export function EntityList({ meta, children, filter }: { meta: EntityMeta; children: ReactNode; filter?: Record<string, unknown> }) {
  return <RequireRight functionality={meta.functionality}><GuardedList meta={meta} filter={filter}>{children}</GuardedList></RequireRight>;
}

function GuardedList({ meta, children, filter }: { meta: EntityMeta; children: ReactNode; filter?: Record<string, unknown> }) {
  const params = useParams();
  const permanent = { ...fieldParams(meta, params), ...filter };
  const canDelete = useCan(meta.functionality, 'delete') && !meta.appendOnly;
  const [selected, setSelected] = useStore<unknown>(`bivouac.selected.${meta.name}`, null);
  const filters = meta.searchFields.length
    ? [<SearchInput key="q" source="q" alwaysOn placeholder="Rechercher (3 caractères min.)" />]
    : undefined;
  return (
    <List
      resource={meta.name}
      title={meta.label.many}
      sort={meta.sort}
      perPage={20}
      filter={permanent}
      filters={filters}
      storeKey={`list.${meta.name}.${Object.values(permanent).join('.')}`}
      actions={<Actions meta={meta} permanent={permanent} />}
      exporter={false}
      empty={false}
      pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}
    >
      <SelectedRowKeeper selected={selected} />
      <EditSelectedKeys meta={meta} selected={selected} params={params} />
      <Datagrid
        rowClick={(id, _resource, record) => {
          setSelected(id);
          return editPath(meta, id, record, params);
        }}
        rowSx={(record) => (record.id === selected ? { backgroundColor: 'rgba(46, 93, 58, 0.12)' } : {})}
        bulkActionButtons={canDelete ? <BulkDeleteButton mutationMode="pessimistic" /> : false}
      >
        {children}
      </Datagrid>
    </List>
  );
}
