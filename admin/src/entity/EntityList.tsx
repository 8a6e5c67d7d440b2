// The list screen of every generated resource: the spec's route (/{entity}-list),
// search from 3 characters, F8 « Exporter / imprimer » (server-side CSV export with
// the export right, printing), rights-guarded buttons, up/down reordering for entities
// with an order field, and a table that remembers its sort, page, page size and
// selected row. Custom list screens use it too, with their own filters, create buttons
// and edit paths.
import { useEffect, type ReactElement, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button as MuiButton } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  Datagrid,
  List,
  Pagination,
  SearchInput,
  TopToolbar,
  useListContext,
  useNotify,
  useStore,
  FilterButton,
} from 'react-admin';
import type { EntityMeta } from '../../../common/entity-meta';
import { useCan } from '../auth/useCan';
import { RequireRight } from '../auth/RequireRight';
import { editPath, fieldParams } from './routes';
import { downloadCsv } from './exportCsv';
import { ExportPrintMenu } from './ExportPrintMenu';
import { useFunctionKeys } from './useFunctionKeys';
import { OrderButtons } from './OrderButtons';
import { baseOf } from '../dataProvider';
import { BulkDeleteRecordsButton } from './DeleteButtons';

/** A create button: its label and the route it opens. */
export interface CreateLink {
  label: string;
  to: string;
}

function Actions({
  meta,
  permanent,
  creates,
}: {
  meta: EntityMeta;
  permanent: Record<string, unknown>;
  creates?: CreateLink[];
}) {
  const params = useParams();
  const canWrite = useCan(meta.functionality, 'write') && !meta.appendOnly;
  const canExport = useCan(meta.functionality, 'export');
  const { filterValues, sort } = useListContext();
  const notify = useNotify();
  const navigate = useNavigate();
  const links = creates ?? [
    { label: meta.label.gender === 'f' ? 'Nouvelle' : 'Nouveau', to: editPath(meta, 0, permanent, params) },
  ];
  // 401 and 403 are shown by the shared handler (auth/accessDenied.ts).
  const exportNow = () =>
    downloadCsv(baseOf(meta.name), { ...filterValues, ...permanent }, sort).catch((e) => {
      if (e.status !== 401 && e.status !== 403) notify(e.message, { type: 'error' });
    });
  useFunctionKeys({ F3: canWrite && links.length ? () => navigate(links[0].to) : undefined });
  return (
    <TopToolbar>
      {meta.searchFields.length ? <FilterButton /> : null}
      {canWrite &&
        links.map((l, i) => (
          <MuiButton
            key={l.to}
            component={Link}
            to={l.to}
            startIcon={<AddIcon />}
            size="small"
            title={i === 0 ? 'Créer (F3)' : undefined}
          >
            {l.label}
          </MuiButton>
        ))}
      <ExportPrintMenu onCsv={canExport ? exportNow : undefined} />
    </TopToolbar>
  );
}

/** Scrolls the remembered row into view once the page is shown (after 100 ms, §2, docs/screens.md). */
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

type RowPath = (record: Record<string, unknown>) => string;

function EditSelectedKeys({ selected, pathOf }: { selected: unknown; pathOf: RowPath }) {
  const { data } = useListContext();
  const navigate = useNavigate();
  useFunctionKeys({
    F4: () => {
      const rec = (data ?? []).find((r) => r.id === selected);
      if (rec) navigate(pathOf(rec));
    },
  });
  return null;
}

export interface EntityListProps {
  meta: EntityMeta;
  children: ReactNode;
  /** fixed filter values beside the route's (e.g. a module kind) */
  filter?: Record<string, unknown>;
  /** filter inputs shown after the search box */
  filters?: ReactElement[];
  /** create buttons (default: one "Nouveau"/"Nouvelle" opening the edit route with id 0) */
  creates?: CreateLink[];
  /** the edit route of a row (default: the entity's edit route) */
  rowPath?: RowPath;
}

/** A page without the read right goes to /home. */
export function EntityList(props: EntityListProps) {
  return (
    <RequireRight functionality={props.meta.functionality}>
      <GuardedList {...props} />
    </RequireRight>
  );
}

function GuardedList({ meta, children, filter, filters: extraFilters = [], creates, rowPath }: EntityListProps) {
  const params = useParams();
  const permanent = { ...fieldParams(meta, params), ...filter };
  const canDelete = useCan(meta.functionality, 'delete') && !meta.appendOnly;
  const canReorder = useCan(meta.functionality, 'write') && !meta.appendOnly && !!meta.orderField;
  const [selected, setSelected] = useStore<unknown>(`bivouac.selected.${meta.name}`, null);
  const pathOf: RowPath = rowPath ?? ((record) => editPath(meta, record.id as number | string, record, params));
  const filters = [
    ...(meta.searchFields.length
      ? [<SearchInput key="q" source="q" alwaysOn placeholder="Rechercher (3 caractères min.)" />]
      : []),
    ...extraFilters,
  ];
  return (
    <List
      resource={meta.name}
      title={meta.label.many}
      sort={meta.sort}
      perPage={20}
      filter={permanent}
      filters={filters.length ? filters : undefined}
      storeKey={`list.${meta.name}.${Object.values(permanent).join('.')}`}
      actions={<Actions meta={meta} permanent={permanent} creates={creates} />}
      exporter={false}
      empty={false}
      pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}
    >
      <SelectedRowKeeper selected={selected} />
      <EditSelectedKeys selected={selected} pathOf={pathOf} />
      <Datagrid
        rowClick={(id, _resource, record) => {
          setSelected(id);
          return pathOf(record);
        }}
        rowSx={(record) => (record.id === selected ? { backgroundColor: 'rgba(46, 93, 58, 0.12)' } : {})}
        bulkActionButtons={canDelete && !meta.deleteReason ? <BulkDeleteRecordsButton meta={meta} /> : false}
      >
        {canReorder && <OrderButtons meta={meta} scope={permanent} label="Ordre" sortable={false} />}
        {children}
      </Datagrid>
    </List>
  );
}
