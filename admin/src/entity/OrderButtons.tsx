// Up/down buttons of lists with an order field (x-order-field, e.g. access channels):
// a row swaps places with its neighbour and the whole order is saved through
// POST {base}/order. Shown to users with the write right only; active while the
// list is sorted by that field, so that "up" is the row shown above.
import { useState, type MouseEvent } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import { useListContext, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { EntityMeta } from '../../../common/entity-meta';
import { errorText } from '../errors';
import { records, type EntityFilter, type EntityField, type OrderedEntity } from '../records';
import { swapWithNeighbour } from './order';

// The entity comes from its metadata at run time (any ordered entity): its field and scope are its own.
async function orderedIds(entity: OrderedEntity, field: string, filter: Record<string, unknown>): Promise<number[]> {
  const sort = [field as EntityField<OrderedEntity>, 'ASC'] as const;
  const rows = await records.list(entity, { sort, range: [0, 9999], filter: filter as EntityFilter<OrderedEntity> });
  return rows.map((r) => r.id);
}

export function OrderButtons({
  meta,
  scope,
}: {
  meta: EntityMeta;
  scope: Record<string, unknown>;
  label?: string;
  sortable?: boolean;
}) {
  const record = useRecordContext();
  const { sort, data, page, perPage, total } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const field = meta.orderField!;
  if (!record) return null;
  const sorted = sort?.field === field && sort.order === 'ASC';
  const rows = data ?? [];
  const first = page === 1 && rows[0]?.id === record.id;
  const last = page * perPage >= (total ?? 0) && rows.at(-1)?.id === record.id;

  const move = async (e: MouseEvent, delta: -1 | 1) => {
    e.stopPropagation(); // not a row click
    setBusy(true);
    try {
      const entity = meta.name as OrderedEntity;
      const all = await orderedIds(entity, field, {});
      const inScope = Object.keys(scope).length ? await orderedIds(entity, field, scope) : all;
      const next = swapWithNeighbour(all, inScope, record.id as number, delta);
      if (next) {
        await records.order(entity, next);
        notify('Enregistrement effectué', { type: 'info' });
      }
      refresh();
    } catch (err) {
      notify(errorText(err), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const title = sorted ? undefined : 'Triez la liste par ordre pour réordonner';
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <Tooltip title={title ?? 'Monter'}>
        <span>
          <IconButton size="small" aria-label="Monter" disabled={!sorted || busy || first} onClick={(e) => move(e, -1)}>
            <ArrowUpwardIcon fontSize="inherit" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={title ?? 'Descendre'}>
        <span>
          <IconButton
            size="small"
            aria-label="Descendre"
            disabled={!sorted || busy || last}
            onClick={(e) => move(e, 1)}
          >
            <ArrowDownwardIcon fontSize="inherit" />
          </IconButton>
        </span>
      </Tooltip>
    </span>
  );
}
