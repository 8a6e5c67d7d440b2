// The grid a sub-screen belongs to (always fresh) and the version its route names.
import { useQuery } from '@tanstack/react-query';
import { records, rest } from '../../admin/src/ui';

export function useGridVersion(gridId: number, wanted: number) {
  const current = useQuery({
    queryKey: ['pricing', 'grid', gridId],
    queryFn: () => records.get('price-grid', gridId),
    enabled: gridId > 0,
    staleTime: 0,
    refetchOnMount: 'always',
    retry: false,
  });
  const grid = current.data;
  const ready = !!grid && current.isFetchedAfterMount;
  /** 0 (a new row) or the current version: editable; an older one: read-only */
  const isCurrent = ready && (wanted === 0 || wanted === grid!.historyVersion);
  const version = ready ? (isCurrent ? grid!.historyVersion : wanted) : 0;
  const snapshot = useQuery({
    queryKey: ['pricing', 'grid-version', gridId, version],
    queryFn: () =>
      rest('get', '/pricing/grid/{id}/version/{version}', { path: { id: gridId, version: String(version) } }),
    enabled: version > 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return {
    grid,
    ready: ready && !!snapshot.data,
    failed: !!current.error || !!snapshot.error,
    isCurrent,
    snapshot: snapshot.data,
  };
}
